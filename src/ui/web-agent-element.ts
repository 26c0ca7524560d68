import { LitElement, html } from 'lit';
import { agentEventNames, type AgentEventMap, type AgentEventName } from '../agent/agent-events.js';
import { hasResumableSession } from '../agent/agent-session.js';
import type { WebAgentOptions } from '../agent/config.js';
import type { ActionDefinition, RunOptions, WebAgent } from '../agent/web-agent.js';
import { createAgentEvent, type WebAgentEventMap } from './events.js';
import { configAttributes, readConfig } from './read-config.js';
import { loadLocale, localize, type Strings } from './i18n.js';
import { themeStyles } from './theme.styles.js';
import { AgentUi } from './agent-ui.js';

/**
 * An AI assistant for the page it is placed in.
 *
 * @summary Paste the tag, point `endpoint` at an OpenAI-compatible proxy, and visitors can ask it to do things on the page.
 * @event navigate - The agent wants another page; preventDefault() and route yourself, or it navigates the window.
 * @event confirm-action - An action needs approval; preventDefault() and call `detail.decide(bool)`, or the built-in bar asks.
 * @event ask-user - The agent asks a question; preventDefault() and call `detail.respond(answer)`, or the built-in bar asks.
 * @event custom-action - A JSON-declared host action runs; call `detail.respond(result)`.
 * @event subtitle - Narration text as it streams.
 * @event status - idle, thinking, executing, waiting, done, failed, stopped.
 * @event step - An action finished, with its result.
 * @event before-action - An action is about to run.
 * @event error - Something went wrong (configuration, model, protocol); the session is kept.
 * @event done - The task ended.
 * @event agent-feedback - The visitor answered the closing question (onLoopEnd feedback / ask_user).
 * @event ready - The element is upgraded and configured.
 */
export class WebAgentElement extends LitElement {
  static override styles = [themeStyles, ...AgentUi.styles];
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...Object.keys(configAttributes)];
  }

  #config?: Partial<WebAgentOptions>;

  /** Options that need JavaScript (functions, providers, RegExps); merged over attributes and the JSON child. */
  get config(): Partial<WebAgentOptions> | undefined {
    return this.#config;
  }

  set config(value: Partial<WebAgentOptions> | undefined) {
    this.#config = value;
    if (this.isConnected) this.#configure();
  }

  #ui = new AgentUi(this, {
    onSubmit: (task) => void this.run(task),
    onStop: () => this.stop(),
    // With sessionScope "palette", closing the prompt ends the conversation.
    onDismiss: () => {
      if (this.#options?.sessionScope === 'palette') this.endContinuity();
    },
  });
  #agent?: WebAgent;
  #agentLoading?: Promise<WebAgent | undefined>;
  #agentStale = false;
  #actions: ActionDefinition<any>[] = [];
  #options?: WebAgentOptions;
  #announced = false;
  #continuityEnded = false;

  /** The agent core, once a task has loaded it. */
  get agent(): WebAgent | undefined {
    return this.#agent;
  }

  get strings(): Strings {
    return localize(this.#locale(), this.#options?.strings as Partial<Strings>);
  }

  #locale(): string {
    return this.#options?.locale ?? this.getAttribute('locale') ?? navigator.language;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#configure();
    if (!this.#announced) {
      this.#announced = true;
      this.dispatchEvent(createAgentEvent('ready', { configured: !!this.#options }));
    }
    const options = this.#options;
    if (options && hasResumableSession(options.sessionStorageKey ?? 'web-agent.session')) {
      void this.#loadAgent().then((agent) => agent?.resume());
    } else if (options?.crossTabSync) {
      // Only a loaded core listens to the other tabs; hosts that opt in pay for it up front.
      void this.#loadAgent();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Removing the element ends its task: nothing of ours may keep acting on the page.
    this.#agent?.stop();
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (old !== value && name in configAttributes && this.isConnected) this.#configure();
  }

  override render() {
    return html`${this.#ui.render(this.strings, this.#options?.agentName ?? 'Assistant')}`;
  }

  /** Runs a task. Never rejects: problems arrive as `error` events and in the subtitle bar. */
  async run(task: string, options?: RunOptions): Promise<void> {
    const agent = await this.#loadAgent();
    if (!agent) return;
    if (this.#continuityEnded) {
      // Handed over at the start of the next task: the agent may have been rebuilt since.
      this.#continuityEnded = false;
      agent.endContinuity();
    }
    try {
      await agent.run(task, options);
    } catch {
      // Already reported through the agent's error event.
    }
  }

  /** Continues a task persisted before a reload or navigation. */
  async resume(): Promise<void> {
    await (await this.#loadAgent())?.resume();
  }

  stop(): void {
    this.#agent?.stop();
    this.#ui.cancelPending();
  }

  respond(answer: string | Record<string, unknown>): void {
    this.#agent?.respond(answer);
  }

  /** With `sessionScope: "palette"`, the next task starts a new conversation (the built-in prompt calls this when dismissed). */
  endContinuity(): void {
    this.#continuityEnded = true;
  }

  registerAction(action: ActionDefinition<any>): void {
    this.#actions.push(action);
    this.#agent?.registerAction(action);
  }

  clearSession(): void {
    if (this.#agent) this.#agent.clearSession();
    else sessionStorage.removeItem(this.#options?.sessionStorageKey ?? 'web-agent.session');
  }

  #configure(): void {
    const checked = readConfig(this, this.config as Record<string, unknown> | undefined);
    if (!checked.ok) {
      this.#options = undefined;
      this.#reportError(checked.message, 'config');
      return;
    }
    this.#options = checked.config;
    this.#agentStale = true;
    this.requestUpdate();
    loadLocale(this.#locale()).then(
      () => this.requestUpdate(),
      (error: unknown) => console.warn(`[web-agent] Could not load the strings for "${this.#locale()}"; using English.`, error),
    );
  }

  async #loadAgent(): Promise<WebAgent | undefined> {
    if (this.#agent && (!this.#agentStale || this.#agent.isRunning())) return this.#agent;
    if (!this.#options) {
      this.#reportError('web-agent is not configured correctly; see the previous error.', 'config');
      return undefined;
    }
    this.#agentLoading ??= import('../agent/web-agent.js')
      .then(({ WebAgent }) => this.#createAgent(WebAgent))
      .catch((error: unknown) => {
        this.#reportError(`Could not start the agent: ${(error as Error).message}`, 'config');
        return undefined;
      })
      .finally(() => (this.#agentLoading = undefined));
    return this.#agentLoading;
  }

  #createAgent(WebAgentClass: typeof WebAgent): WebAgent {
    const options = this.#options!;
    this.#agent?.destroy();
    const agent = new WebAgentClass({
      ...options,
      customActions: options.customActions?.map((declared) => (declared.handler ? declared : this.#ui.delegateToHost(declared))),
      exclude: () => [this, ...(options.exclude?.() ?? [])],
    });
    for (const action of this.#actions) agent.registerAction(action);
    for (const name of agentEventNames) agent.addEventListener(name, (event) => this.#forward(name, event as CustomEvent));
    this.#agent = agent;
    this.#agentStale = false;
    return agent;
  }

  /** Re-dispatches an agent event from the element; the built-in UI handles what the host did not take. */
  #forward<K extends AgentEventName>(name: K, event: CustomEvent<AgentEventMap[K]>): void {
    const domEvent = createAgentEvent(name, event.detail as never, event.cancelable);
    const notPrevented = this.dispatchEvent(domEvent);
    if (!notPrevented) event.preventDefault();
    this.#ui.handle(name, event.detail, { hostTookOver: !notPrevented, strings: this.strings });
  }

  #reportError(message: string, code: string): void {
    const error = new Error(message);
    console.error(`[web-agent] ${message}`);
    this.#ui.showError(message);
    this.dispatchEvent(createAgentEvent('error', { error, message, code }));
  }
}

export interface WebAgentElement {
  addEventListener<K extends keyof WebAgentEventMap>(type: K, listener: (this: WebAgentElement, event: WebAgentEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof WebAgentEventMap>(type: K, listener: (this: WebAgentElement, event: WebAgentEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'web-agent': WebAgentElement;
  }
}
