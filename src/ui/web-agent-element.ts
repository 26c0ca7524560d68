import { LitElement } from 'lit';
import type { AgentSession, TranscriptEntry } from '../agent/agent-session.js';
import type { WebAgentOptions } from '../agent/config.js';
import type { ActionDefinition, ActionResult, WebAgent } from '../agent/web-agent.js';
import type { ExecuteActionOptions, ReplayOptions, RunOptions } from '../agent/run-options.js';
import type { ActionList } from '../agent/action-list.js';
import type { Recording } from '../agent/recording/recording.js';
import type { WebMcp } from '../agent/webmcp/web-mcp.js';
import { createAgentEvent, type WebAgentEventMap } from './events.js';
import { configAttributes } from './read-config.js';
import { DEFAULT_SESSION_KEY, ElementConfig } from './element-config.js';
import { plainError, type Strings } from './i18n.js';
import { themeStyles } from './theme.styles.js';
import { AgentLoader } from './agent-loader.js';
import { UiState } from './context/ui-state.js';
import { PIECE_ERROR } from './context/ui-piece.js';
import { KeyboardInset } from './keyboard-inset.js';
import { ShortcutController } from './prompt-input/keyboard-shortcut.js';
import { definePromptPieces } from './prompt-input/prompt-input.js';
import { defineSubtitleBar } from './subtitle-bar/subtitle-bar.js';
import { promptInputStyles } from './prompt-input/prompt-input.styles.js';
import { subtitleBarStyles } from './subtitle-bar/subtitle-bar.styles.js';
import { layoutStyles, renderUiLayout } from './ui-layout.js';
import { pageScriptsRan } from './page-scripts-ran.js';
import { drawQuietly, quietly } from './quietly.js';

// Attributes (from `configAttributes` in read-config.ts), parts (the render functions' @csspart
// tags) and the other CSS properties (theme.styles.ts) reach custom-elements.json through the
// plugin in custom-elements-manifest.config.mjs; the tags below are the ones with no other home.
/**
 * An AI assistant for the page it is placed in.
 *
 * Its live state and commands are provided through the Context Community Protocol under the key
 * `'web-agent'` (`webAgentContext`; a `WebAgentContext` snapshot per change): an element inside the
 * tag requests it with a `context-request` event, or with Lit's `ContextConsumer`. The built-in
 * launcher, prompt, bar, confirmation and overlay read that same context; an element put in one of
 * the slots replaces the built-in piece, which is then not there at all (README, "Your own UI").
 *
 * @summary Paste the tag, point `endpoint` at an OpenAI-compatible proxy, and visitors can ask it to do things on the page.
 * @event navigate - The agent wants another page; preventDefault() and route yourself, or it navigates the window.
 * @event confirm-action - An action needs approval; preventDefault() and call `detail.decide(bool)`, or the built-in confirmation asks.
 * @event ask-user - The agent asks a question; preventDefault() and call `detail.respond(answer)`, or the built-in bar asks.
 * @event custom-action - A JSON-declared host action runs; call `detail.respond(result)`.
 * @event subtitle - Narration text as it streams.
 * @event status - idle, thinking, executing, waiting, done, failed, stopped.
 * @event step - An action finished, with its result.
 * @event before-action - An action is about to run.
 * @event error - Something went wrong (configuration, model, protocol); the session is kept.
 * @event done - The task ended.
 * @event agent-feedback - The visitor answered the closing question (onLoopEnd feedback / ask_user).
 * @event pause-request - The agent waits for the visitor; preventDefault() and call `detail.resume()`, or the built-in bar shows the note.
 * @event overlay-update - What the overlay draws now (border / highlight items), `[]` when cleared.
 * @event ready - Once per element, when its first configuration check has finished; `configured` says whether it passed (an `error` event came first if not).
 * @slot launcher - Your own launcher in place of the round button: open the prompt with the context's `openPrompt()`.
 * @slot prompt - Your own task field in place of the panel: show it while `promptOpen`, start the task with `run(task)`, close it with `closePrompt()`.
 * @slot bar - Your own subtitle bar: `display`, the `ask` and `pause` questions, `announcement` in a polite live region, `stop()` while `running`.
 * @slot confirmation - Your own confirmation: shown while `pending.kind` is "confirm", answered with `decide(approved)`.
 * @tagname web-agent
 * @cssprop --web-agent-border - Border colour of the bar, panel and buttons.
 * @cssprop --web-agent-shadow - Box shadow of the bar, panel and launcher.
 * @cssprop --web-agent-dim - Colour that dims the page around a `highlight` spotlight.
 */
export class WebAgentElement extends LitElement {
  static override styles = [themeStyles, layoutStyles, subtitleBarStyles, promptInputStyles];
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...Object.keys(configAttributes), 'dir'];
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

  /** The one state every piece of UI reads, built in or the host's: published as the `'web-agent'` context. */
  #state = new UiState(this, {
    run: (task) => void this.run(task),
    stop: () => this.stop(),
    readTranscript: () => this.transcript,
    // While the visitor types, fetch the agent core and warm it, so the first turn starts at once.
    onPromptOpen: () => void this.#warmUp(),
    // With sessionScope "palette", closing the prompt ends the conversation.
    onPromptDismiss: () => {
      if (this.#settings.options?.sessionScope === 'palette') this.endContinuity();
    },
  });
  #inset = new KeyboardInset(this);
  #shortcut = new ShortcutController(this, () => this.#state.openPrompt());
  #settings = new ElementConfig(this, (checked) => {
    if (!checked.ok) {
      this.#shortcut.set(undefined);
      this.#reportError(checked.message, 'config');
      return;
    }
    this.#shortcut.set(checked.config.shortcut);
    this.#core.configChanged();
  });
  #core = new AgentLoader(this, {
    settings: this.#settings,
    state: this.#state,
    pageTools: () => this.#webmcp?.pageTools,
    reportError: (message, code) => this.#reportError(message, code),
  });
  #connections = 0;
  #drawFailed = false;
  #announced = false;
  /** Set while the element is on WebMCP (where the browser offers it). */
  #webmcp?: WebMcp;
  #continuityEnded = false;

  constructor() {
    super();
    definePromptPieces();
    defineSubtitleBar();
    this.addEventListener(PIECE_ERROR, (event) => {
      event.stopPropagation();
      const { message, code } = (event as CustomEvent<{ message: string; code: string }>).detail;
      this.#reportError(message, code);
    });
  }

  /** The agent core, once a task has loaded it. */
  get agent(): WebAgent | undefined {
    return this.#core.agent;
  }

  /**
   * The conversation so far as the visitor saw it: each request, the agent's narrations and how
   * each run ended. Read from the session, so it survives reloads and full-page navigations.
   */
  get transcript(): readonly TranscriptEntry[] {
    const live = this.#core.agent?.getSession();
    if (live) return live.transcript ?? [];
    try {
      const stored = JSON.parse(sessionStorage.getItem(this.#settings.sessionStorageKey) ?? 'null') as Partial<AgentSession> | null;
      return Array.isArray(stored?.transcript) ? stored.transcript : [];
    } catch {
      return [];
    }
  }

  /** The UI strings in use: the locale's built-in ones with the host's `strings` overrides. */
  get strings(): Strings {
    return this.#settings.strings;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#configure();
    const connection = ++this.#connections;
    void this.#settings.settled().then(async () => {
      if (!this.#announced) {
        this.#announced = true;
        this.dispatchEvent(createAgentEvent('ready', { configured: !!this.#settings.options }));
      }
      if (!this.#settings.options) return;
      if (connection === this.#connections && this.#settings.options.webmcp !== false && ('modelContext' in document || 'modelContext' in navigator)) {
        this.#startWebMcp(connection).catch((error: unknown) => console.warn('[web-agent] WebMCP:', error));
      }
      // Loaded already: the configuration check came in the same chunk.
      const { hasResumableSession, watchSecretFields } = await import('./config-check.js');
      watchSecretFields();
      // Only for the connection still current: a quick remove-and-add must not resume twice.
      const options = this.#settings.options;
      if (connection !== this.#connections || !this.isConnected || !options) return;
      if (hasResumableSession(options.sessionStorageKey ?? DEFAULT_SESSION_KEY)) {
        void Promise.all([this.#core.load(), pageScriptsRan()]).then(([agent]) => agent?.resume());
      } else if (options.crossTabSync) {
        // Only a loaded core listens to the other tabs; hosts that opt in pay for it up front.
        void this.#core.load();
      }
    });
  }

  /**
   * Also waits for a pending configuration check, so `await el.updateComplete` sees the checked
   * config rendered (and its error in the bar), and for the pieces inside, which render on their own.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    await this.#settings.settled();
    const complete = await super.getUpdateComplete();
    const pieces = [...this.renderRoot.querySelectorAll('.ui > *, slot > *')].filter((piece) => piece instanceof LitElement);
    return (await Promise.all(pieces.map((piece) => piece.updateComplete))).every(Boolean) && complete;
  }

  /** Removing the element is its teardown: the task stops, the core (AgentLoader) and WebMCP let go. */
  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#webmcp?.stop();
    this.#webmcp = undefined;
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'dir') this.requestUpdate();
    if (old !== value && name in configAttributes && this.isConnected) this.#configure();
  }

  protected override willUpdate(): void {
    this.#state.setLook({ strings: this.strings, agentName: this.#settings.agentName, dir: this.#settings.direction });
  }

  override render() {
    return renderUiLayout(this, this.#settings.direction, this.#inset.media, () => this.requestUpdate());
  }

  /** Runs a task. Never rejects: problems arrive as `error` events and in the subtitle bar. */
  async run(task: string, options?: RunOptions): Promise<void> {
    let agent: WebAgent | undefined;
    try {
      agent = await this.#core.load();
      if (!agent) return;
      if (this.#continuityEnded) {
        // Handed over at the start of the next task: the agent may have been rebuilt since.
        this.#continuityEnded = false;
        agent.endContinuity();
      }
      await agent.run(task, options);
    } catch (error) {
      // The agent's own failures arrive as its error events; only what broke before it could run
      // (a page that broke a built-in the element needs) is reported here.
      if (!agent) this.#reportError(`The task could not start: ${(error as Error)?.message ?? String(error)}`, 'internal');
    }
  }

  /** Continues a task persisted before a reload or navigation. */
  async resume(): Promise<void> {
    await (await this.#core.load())?.resume();
  }

  /** The registered actions, read-only (`get(name)`, `names()`, iterable), once the agent core has loaded. */
  get actions(): ActionList | undefined {
    return this.#core.agent?.actions;
  }

  /**
   * Runs one action without the model, through the same gates, confirmations, overlay and events
   * as a task: `el.executeAction('highlight', {}, { target: element })`. Resolves with its result
   * (`{ ok, message, reason }`; a declined confirmation is `reason: "rejected-by-user"`). Rejects
   * with a `WebAgentError` whose `code` is `busy` while a task runs, or `config` when the element
   * is not configured.
   */
  async executeAction(name: string, params: Record<string, unknown> = {}, options: ExecuteActionOptions = {}): Promise<ActionResult> {
    const agent = await this.#core.load();
    if (!agent) {
      // Loaded already, with the configuration check.
      const { WebAgentError } = await import('./config-check.js');
      throw new WebAgentError('config', 'web-agent is not configured correctly; see the previous error.');
    }
    return agent.executeAction(name, params, options);
  }

  /**
   * Plays a recording (an object from `exportRecording`, or the name of one declared in the
   * configuration's `recordings`) without a model. `fallback: "model"` hands a step that cannot
   * run to the model. Never rejects: problems arrive as `error` events and in the bar.
   */
  async replay(recording: Recording | string, options?: ReplayOptions): Promise<void> {
    const agent = await this.#core.load();
    try {
      await agent?.replay(recording, options);
    } catch {
      // Already reported through the agent's error event.
    }
  }

  /**
   * The last finished task as a recording (plain JSON to keep and ship with the page), with the
   * `record` attribute or option on; undefined while one runs or before any has finished. `name`
   * (and `task`, left out unless given) is what a visitor types to start it.
   */
  async exportRecording(options?: { name?: string; task?: string }): Promise<Recording | undefined> {
    return (await this.#core.load())?.exportRecording(options);
  }

  /** Stops the running task and cancels whatever the built-in UI was waiting for. */
  stop(): void {
    this.#core.agent?.stop();
    this.#state.cancelPending();
  }

  /** Answers the agent's pending question (`ask-user`) from host code. */
  respond(answer: string | Record<string, unknown>): void {
    this.#core.agent?.respond(answer);
  }

  /** With `sessionScope: "palette"`, the next task starts a new conversation (the built-in prompt calls this when dismissed). */
  endContinuity(): void {
    this.#continuityEnded = true;
  }

  /** Adds an action the agent may call; kept across agent rebuilds. Marked `webmcp`, it is also published there. */
  registerAction(action: ActionDefinition<any>): void {
    this.#core.register(action);
    this.#webmcp?.publish(action);
  }

  /** Removes an action added with `registerAction`. */
  unregisterAction(name: string): void {
    this.#core.unregister(name);
  }

  /** Forgets the persisted session (conversation and any task to resume). */
  clearSession(): void {
    if (this.#core.agent) this.#core.agent.clearSession();
    else sessionStorage.removeItem(this.#settings.sessionStorageKey);
  }

  /** Where the browser offers WebMCP: a chunk only those pages fetch. */
  async #startWebMcp(connection: number): Promise<void> {
    const { startWebMcp } = await import('../agent/webmcp/web-mcp.js');
    const options = this.#settings.options;
    if (connection !== this.#connections || !this.isConnected || !options || this.#webmcp) return;
    this.#webmcp = startWebMcp(this, options, [...(options.customActions ?? []), ...this.#core.actions], (tools) => void this.#core.agent?.offerPageTools(tools));
  }

  #configure(): void {
    this.#settings.read(this.config as Record<string, unknown> | undefined);
  }

  /** Quietly: a misconfigured element says so when a task is asked for, not when the panel opens. */
  async #warmUp(): Promise<void> {
    await this.#settings.settled();
    if (this.#settings.options) (await this.#core.load())?.warmUp();
  }

  #reportError(message: string, code: string): void {
    const error = new Error(message);
    quietly(() => console.error(`[web-agent] ${message}`));
    quietly(() => this.#state.showError(plainError(code, this.strings, this.#settings.agentName)));
    this.dispatchEvent(createAgentEvent('error', { error, message, code }));
  }

  /**
   * A render that throws (a page that broke Array.prototype, say) is reported here instead of
   * surfacing as an unhandled rejection in the host page.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const drawn = drawQuietly(() => super.scheduleUpdate(), this.#drawFailed);
    this.#drawFailed = drawn.failed;
    return drawn.value;
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
