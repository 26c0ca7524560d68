import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { agentEventNames, type AgentEventMap, type AgentEventName } from '../agent/agent-events.js';
import type { ActionDefinition, WebAgent } from '../agent/web-agent.js';
import type { PageTool } from '../agent/webmcp/model-context.js';
import type { AgentPresenter } from './agent-presenter.js';
import type { UiState } from './context/ui-state.js';
import type { ElementConfig } from './element-config.js';
import { createAgentEvent } from './events.js';
import { quietly } from './quietly.js';

export interface AgentLoaderOptions {
  settings: ElementConfig;
  state: UiState;
  /** The page's WebMCP tools, while the element is on WebMCP. */
  pageTools(): readonly PageTool[] | undefined;
  reportError(message: string, code: string): void;
}

/**
 * The agent core behind the element, fetched with the first task (or the prompt opening): the
 * core chunk with the presenter and the overlay, a `WebAgent` built from the checked
 * configuration (again after it changed, once no task runs), its events re-dispatched from the
 * element. Removing the element is the core's teardown.
 */
export class AgentLoader implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  #options: AgentLoaderOptions;
  #presenter?: AgentPresenter;
  #taskUi?: Promise<{ WebAgent: typeof WebAgent; presenter: AgentPresenter }>;
  #agent?: WebAgent;
  #loading?: Promise<WebAgent | undefined>;
  #stale = false;
  #actions: ActionDefinition<any>[] = [];

  constructor(host: ReactiveControllerHost & HTMLElement, options: AgentLoaderOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** The agent core, once a task has loaded it. */
  get agent(): WebAgent | undefined {
    return this.#agent;
  }

  /** The actions the host registered on the element: every core it makes gets them. */
  get actions(): readonly ActionDefinition<any>[] {
    return this.#actions;
  }

  /** The configuration changed: the next task builds a new core. */
  configChanged(): void {
    this.#stale = true;
  }

  register(action: ActionDefinition<any>): void {
    this.#actions = [...this.#actions.filter((known) => known.name !== action.name), action];
    this.#agent?.registerAction(action);
  }

  unregister(name: string): void {
    this.#actions = this.#actions.filter((known) => known.name !== name);
    this.#agent?.unregisterAction(name);
  }

  async load(): Promise<WebAgent | undefined> {
    const { settings } = this.#options;
    await settings.settled();
    if (this.#agent && (!this.#stale || this.#agent.isRunning())) return this.#agent;
    if (!settings.options) {
      this.#options.reportError('web-agent is not configured correctly; see the previous error.', 'config');
      return undefined;
    }
    this.#loading ??= this.#loadTaskUi()
      .then(({ WebAgent, presenter }) => this.#create(WebAgent, presenter))
      .catch((error: unknown) => {
        this.#options.reportError(`Could not start the agent: ${(error as Error).message}`, 'config');
        return undefined;
      })
      .finally(() => (this.#loading = undefined));
    return this.#loading;
  }

  /**
   * Removing the element is its teardown: the task stops and the core lets go of everything it
   * holds (timers, listeners, the cross-tab channel). The session stays in storage, so the
   * element put back (or a new one) picks the conversation up again.
   */
  hostDisconnected(): void {
    const agent = this.#agent;
    this.#agent = undefined;
    if (!agent) return;
    agent.stop();
    // Let the stopped run report its `done` (and save its session) before the core lets go.
    if (agent.isRunning()) agent.addEventListener('done', () => setTimeout(() => agent.destroy()), { once: true });
    else agent.destroy();
  }

  /** The core, with the presenter and the overlay: what only a task needs. */
  #loadTaskUi(): Promise<{ WebAgent: typeof WebAgent; presenter: AgentPresenter }> {
    this.#taskUi ??= import('./task-ui.js').then(
      ({ WebAgent, AgentPresenter, defineTaskPieces }) => {
        defineTaskPieces();
        const presenter = (this.#presenter = new AgentPresenter(this.#host, this.#options.state));
        return { WebAgent, presenter };
      },
      (error: unknown) => {
        this.#taskUi = undefined; // the next task tries again
        throw error;
      },
    );
    return this.#taskUi;
  }

  #create(WebAgentClass: typeof WebAgent, presenter: AgentPresenter): WebAgent {
    const { settings } = this.#options;
    const options = settings.options!;
    this.#agent?.destroy();
    const ending = options.onLoopEnd;
    const agent = new WebAgentClass({
      ...options,
      // The core has no strings of its own: the feedback answers come in the page's language.
      onLoopEnd: ending?.kind === 'feedback' ? { ...ending, yes: ending.yes ?? settings.strings.feedbackYes, no: ending.no ?? settings.strings.feedbackNo } : ending,
      customActions: options.customActions?.map((declared) => (declared.handler ? declared : presenter.delegateToHost(declared))),
      exclude: () => [this.#host, ...(options.exclude?.() ?? [])],
    });
    for (const action of this.#actions) agent.registerAction(action);
    // What the page registered on WebMCP reaches each core this element makes.
    const pageTools = this.#options.pageTools();
    if (pageTools?.length) void agent.offerPageTools(pageTools);
    for (const name of agentEventNames) agent.addEventListener(name, (event) => this.#forward(name, event as CustomEvent));
    this.#agent = agent;
    this.#stale = false;
    return agent;
  }

  /** Re-dispatches an agent event from the element; the built-in UI handles what the host did not take. */
  #forward<K extends AgentEventName>(name: K, event: CustomEvent<AgentEventMap[K]>): void {
    const domEvent = createAgentEvent(name, event.detail as never, event.cancelable);
    const notPrevented = this.#host.dispatchEvent(domEvent);
    if (!notPrevented) event.preventDefault();
    try {
      this.#presenter?.handle(name, event.detail, !notPrevented);
    } catch (error) {
      // A page that broke a built-in the UI needs must not get the exception thrown back at it.
      quietly(() => console.error('[web-agent] The bar could not show an update:', error));
    }
  }
}
