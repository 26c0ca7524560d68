import { agentEventNames, type AgentEventMap, type AgentEventName } from '../agent/agent-events.js';
import type { WebAgentOptions } from '../agent/config.js';
import { WebAgent, type ActionDefinition } from '../agent/web-agent.js';
import type { PageTool } from '../agent/webmcp/model-context.js';
import type { AgentPresenter } from './agent-presenter.js';
import { createAgentEvent } from './events.js';
import type { Strings } from './i18n.js';
import { quietly } from './quietly.js';
import { dispatch, own } from '../dom/platform.js';

export interface AgentParts {
  /** The element's checked configuration. */
  options: WebAgentOptions;
  strings: Strings;
  /** The actions registered on the element. */
  actions: readonly ActionDefinition<any>[];
  /** The page's WebMCP tools, while the element is on WebMCP. */
  pageTools: readonly PageTool[] | undefined;
}

/**
 * A core for the element (in the task chunk: only a task needs it): built from the element's
 * configuration, with the actions registered on it and the page's WebMCP tools, and its events
 * re-dispatched from the element; the built-in UI handles what the host did not take.
 */
export function connectAgent(host: HTMLElement, presenter: AgentPresenter, { options, strings, actions, pageTools }: AgentParts): WebAgent {
  const ending = options.onLoopEnd;
  const agent = new WebAgent({
    ...options,
    // The core has no strings of its own: the feedback answers come in the page's language.
    onLoopEnd: ending?.kind === 'feedback' ? { ...ending, yes: ending.yes ?? strings.feedbackYes, no: ending.no ?? strings.feedbackNo } : ending,
    customActions: options.customActions?.map((declared) => (declared.handler ? declared : presenter.delegateToHost(declared))),
    exclude: () => [host, ...(options.exclude?.() ?? [])],
  });
  for (const action of actions) agent.registerAction(action);
  // What the page registered on WebMCP reaches each core this element makes.
  if (pageTools?.length) void agent.offerPageTools(pageTools);
  for (const name of agentEventNames) agent.addEventListener(name, (event) => forward(host, presenter, name, event as CustomEvent));
  return agent;
}

function forward<K extends AgentEventName>(host: HTMLElement, presenter: AgentPresenter, name: K, event: CustomEvent<AgentEventMap[K]>): void {
  // Read and cancelled by the browser's own members: a page that broke Event.prototype's cannot
  // keep the host from hearing the run, nor the run from hearing the host.
  const detail = own<AgentEventMap[K]>(event, 'CustomEvent.detail');
  const domEvent = createAgentEvent(name, detail as never, own(event, 'Event.cancelable'));
  const notPrevented = dispatch(host, domEvent);
  if (!notPrevented) own(event, 'Event.preventDefault');
  try {
    presenter.handle(name, detail, !notPrevented);
  } catch (error) {
    // A page that broke a built-in the UI needs must not get the exception thrown back at it.
    quietly(() => console.error('[web-agent] The bar could not show an update:', error));
  }
}
