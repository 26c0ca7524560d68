import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ActionDefinition, WebAgent } from '../agent/web-agent.js';
import type { PageTool } from '../agent/webmcp/model-context.js';
import type { AgentParts } from './connect-agent.js';
import type { UiState } from './context/ui-state.js';
import type { ElementConfig } from './element-config.js';
import { setTimer } from './own.js';

export interface AgentLoaderOptions {
  settings: ElementConfig;
  state: UiState;
  /** The page's WebMCP tools, while the element is on WebMCP. */
  pageTools(): readonly PageTool[] | undefined;
  reportError(message: string, code: string): void;
}

/**
 * The agent core behind the element, fetched with the first task (or the prompt opening): the
 * task chunk with the core, the presenter and the overlay, then a `WebAgent` built from the
 * checked configuration (again after it changed, once no task runs; see connectAgent). Removing
 * the element is the core's teardown.
 */
export class AgentLoader implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  #options: AgentLoaderOptions;
  #taskUi?: Promise<(parts: AgentParts) => WebAgent>;
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
      .then((connect) => this.#create(connect))
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
    if (agent.isRunning()) agent.addEventListener('done', () => setTimer(() => agent.destroy()), { once: true });
    else agent.destroy();
  }

  /** The core, with the presenter and the overlay: what only a task needs. */
  #loadTaskUi(): Promise<(parts: AgentParts) => WebAgent> {
    this.#taskUi ??= import('./task-ui.js').then(
      ({ AgentPresenter, connectAgent, defineTaskPieces }) => {
        defineTaskPieces();
        const presenter = new AgentPresenter(this.#host, this.#options.state);
        return (parts) => connectAgent(this.#host, presenter, parts);
      },
      (error: unknown) => {
        this.#taskUi = undefined; // the next task tries again
        throw error;
      },
    );
    return this.#taskUi;
  }

  #create(connect: (parts: AgentParts) => WebAgent): WebAgent {
    const { settings } = this.#options;
    const options = settings.options!;
    this.#agent?.destroy();
    const agent = connect({ options, strings: settings.strings, actions: this.#actions, pageTools: this.#options.pageTools() });
    this.#agent = agent;
    this.#stale = false;
    return agent;
  }
}
