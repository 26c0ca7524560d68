import type { ActionDefinition, ActionResult } from '../../actions/index.js';
import type { WebAgentOptions } from '../config.js';
import { findModelContext, type ModelContext, type ModelContextTool, type PageTool } from './model-context.js';
import { PageToolWatch } from './page-tool-watch.js';
import { Stopper } from '../own-constructors.js';

/**
 * What WebMCP needs from the element: its public API. This chunk is fetched by the element itself,
 * without the agent core, so it reaches the core only through these calls and imports none of
 * its modules.
 */
export interface WebMcpHost {
  readonly agent?: { isRunning(): boolean };
  /** Runs a task as if the visitor had typed it; resolves when it ends, never rejects. */
  run(task: string): Promise<void>;
  executeAction(name: string, params: Record<string, unknown>): Promise<ActionResult>;
  addEventListener(type: string, listener: (event: CustomEvent) => void): void;
  removeEventListener(type: string, listener: (event: CustomEvent) => void): void;
}

export type PublishedAction = Pick<ActionDefinition<any>, 'name' | 'description' | 'webmcp'> & { parameters?: ActionDefinition<any>['parameters'] };

export interface WebMcp {
  /** The tools the page has registered, as last reported. */
  readonly pageTools: PageTool[];
  /** Publishes a host action registered after start, if it is marked `webmcp`. */
  publish(action: PublishedAction): void;
  /** Unregisters everything published and stops watching the page's tools. */
  stop(): void;
}

type ToolResult = { content: Array<{ type: 'text'; text: string }>; isError: boolean };

const BUSY = 'The assistant is busy with another task; try again once it has finished.';

/**
 * The element on WebMCP, both ways: it publishes the site's assistant (a task in words, run as if
 * the visitor had typed it, through the same confirmations) and the host's actions marked
 * `webmcp`, and hands the tools the page registers to the agent core, which offers them to the
 * model. Loaded only where the browser offers the API.
 */
export function startWebMcp(host: WebMcpHost, options: WebAgentOptions, actions: readonly PublishedAction[], pageTools: (tools: PageTool[]) => void): WebMcp | undefined {
  const context = findModelContext();
  if (!context) return undefined;
  const published = new Map<string, AbortController>();
  const settings = typeof options.webmcp === 'object' ? options.webmcp : {};
  const site = options.siteName ? `${options.siteName}’s` : 'this site’s';
  const publish = (tool: ModelContextTool) => {
    if (published.has(tool.name)) return;
    const registration = new Stopper();
    published.set(tool.name, registration);
    void Promise.resolve()
      .then(() => context.registerTool(tool, { signal: registration.signal }))
      .catch((error: unknown) => {
        published.delete(tool.name);
        console.warn(`[web-agent] Could not publish "${tool.name}" on WebMCP.`, error);
      });
  };
  publish({
    name: settings.name ?? 'site_assistant',
    description:
      settings.description ??
      `Ask ${options.agentName ?? 'the assistant'}, ${site} own assistant, to do something on this page or site, in words ("find order 1042 and cancel it"). It works on the live page the visitor sees, asks the visitor before anything consequential, and answers with what it did and said.`,
    inputSchema: { type: 'object', properties: { task: { type: 'string', description: 'What to do, in plain words.' } }, required: ['task'] },
    annotations: { readOnlyHint: false },
    execute: (input) => runTask(host, typeof input?.task === 'string' ? input.task.trim() : ''),
  });
  const publishAction = (action: PublishedAction) => {
    if (!action.webmcp) return;
    const parameters = action.parameters ?? { type: 'object', properties: {} };
    // Host actions are declared with JSON Schema; a zod schema would need the core's converter.
    if ('_zod' in parameters) console.warn(`[web-agent] "${action.name}" is published on WebMCP without its argument schema: give it a JSON Schema.`);
    publish({
      name: action.name,
      description: action.description,
      inputSchema: '_zod' in parameters ? { type: 'object' } : parameters,
      annotations: { readOnlyHint: typeof action.webmcp === 'object' && action.webmcp.readOnlyHint === true },
      execute: (input) => runAction(host, action.name, input ?? {}),
    });
  };
  for (const action of actions) publishAction(action);
  const handle: WebMcp = {
    pageTools: [],
    publish: publishAction,
    stop() {
      watch.stop();
      for (const [name, registration] of published) unregister(context, name, registration);
      published.clear();
    },
  };
  const watch = new PageToolWatch(context, (name) => published.has(name), (tools) => pageTools((handle as { pageTools: PageTool[] }).pageTools = tools));
  watch.start();
  return handle;
}

/** The draft unregisters through the registration's signal; the earlier shape by name. */
function unregister(context: ModelContext, name: string, registration: AbortController): void {
  registration.abort();
  if (typeof context.getTools === 'function' || typeof context.unregisterTool !== 'function') return;
  void Promise.resolve()
    .then(() => context.unregisterTool!(name))
    .catch(() => undefined);
}

/** A task from the browser's agent, run as a typed one: the visitor sees it in the bar and confirms what needs it. */
async function runTask(host: WebMcpHost, task: string): Promise<ToolResult> {
  if (!task) return result('Say what to do in "task".', true);
  if (host.agent?.isRunning()) return result(BUSY, true);
  const said: string[] = [];
  let status = 'failed';
  const onSubtitle = (event: CustomEvent) => void (event.detail.final && said.push(event.detail.text));
  const onDone = (event: CustomEvent) => void (status = event.detail.status);
  host.addEventListener('subtitle', onSubtitle);
  host.addEventListener('done', onDone);
  try {
    await host.run(task);
  } finally {
    host.removeEventListener('subtitle', onSubtitle);
    host.removeEventListener('done', onDone);
  }
  const outcome = status === 'done' ? 'Done.' : status === 'stopped' ? 'Stopped: the visitor declined a step or stopped the task.' : 'The task failed.';
  return result(`${outcome} What the assistant said: ${said.join(' / ') || 'nothing'}`, status !== 'done');
}

async function runAction(host: WebMcpHost, name: string, input: Record<string, unknown>): Promise<ToolResult> {
  try {
    const outcome = await host.executeAction(name, input);
    return result(outcome.message, !outcome.ok);
  } catch (error) {
    return result((error as { code?: string })?.code === 'busy' ? BUSY : String((error as Error)?.message ?? error), true);
  }
}

/** What a tool call returns, in the Model Context Protocol's result shape. */
function result(text: string, isError = false): ToolResult {
  return { content: [{ type: 'text', text }], isError };
}
