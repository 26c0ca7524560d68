import { ActionRegistry, builtinActions, defaultDestructivePatterns, type ActionDefinition, type ActionResult, type AskUserRequest } from '../actions/index.js';
import { snapshotPage } from '../dom/index.js';
import { OpenAIProvider } from '../llm/openai-provider.js';
import type { LLMProvider } from '../llm/types.js';
import { buildEnvBlock, buildSystemPrompt, buildTaskMessage, type SelectionInput } from '../prompt/index.js';
import { checkConfig, type WebAgentOptions } from './config.js';
import { WebAgentError } from './agent-error.js';
import { createSession, SessionStore, type AgentSession, type AgentStatus } from './agent-session.js';
import { AgentEmitter } from './agent-emitter.js';
import { runLoop } from './run-loop.js';

/** `llm` (a ready provider) replaces `endpoint` + `model`; `systemPrompt` replaces or wraps the default. */
export type WebAgentConfig = WebAgentOptions;

/** Re-exported so the element never reaches past the agent layer. */
export type { ActionDefinition } from '../actions/index.js';

export interface RunOptions {
  selection?: SelectionInput;
}

export const defaults = {
  agentName: 'Assistant',
  model: 'gpt-4.1-mini',
  maxSteps: 30,
  maxErrors: 3,
  llmTimeoutMs: 60_000,
  sessionStorageKey: 'web-agent.session',
  sessionContinuityMs: 5 * 60_000,
  domMaxLength: 12_000,
} as const;

/**
 * The agent core, usable without the element: give it a task, it reads the page, asks the model,
 * runs the actions and reports everything as events on itself.
 */
export class WebAgent extends AgentEmitter {
  readonly actions = new ActionRegistry();
  readonly config: WebAgentConfig;
  #provider: LLMProvider;
  #store: SessionStore;
  #session: AgentSession | null;
  #run?: AbortController;
  #pending?: (answer: string) => void;
  #status: AgentStatus = 'idle';

  constructor(config: WebAgentConfig) {
    super();
    const checked = checkConfig(config);
    if (!checked.ok) throw new WebAgentError('config', checked.message);
    this.config = config;
    this.#provider = config.llm ?? makeProvider(config);
    const disabled = new Set(config.disableBuiltinActions ?? []);
    for (const action of builtinActions) if (!disabled.has(action.name)) this.actions.register(action);
    for (const action of config.customActions ?? []) this.actions.register(action as ActionDefinition<any>);
    this.#store = new SessionStore(config.sessionStorageKey ?? defaults.sessionStorageKey);
    this.#session = this.#store.load();
  }

  get status(): AgentStatus {
    return this.#status;
  }

  isRunning(): boolean {
    return this.#run !== undefined;
  }

  getSession(): AgentSession | null {
    return this.#session;
  }

  clearSession(): void {
    this.#session = null;
    this.#store.clear();
  }

  registerAction(action: ActionDefinition<any>): void {
    this.actions.register(action);
  }

  /** Answers the question the agent is waiting on (ask_user). */
  respond(answer: string): void {
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.(answer);
  }

  /** Starts a task; a follow-up within the continuity window continues the same session. */
  async run(task: string, options: RunOptions = {}): Promise<void> {
    if (this.#run) {
      const error = new WebAgentError('busy', 'A task is already running; call stop() first or wait for the done event.');
      this.reportError(error);
      throw error;
    }
    const continuity = this.config.sessionContinuityMs ?? defaults.sessionContinuityMs;
    const previous = this.#store.load();
    const continues = previous && previous.state !== 'running' && Date.now() - previous.updatedAt <= continuity;
    const session = continues ? previous : createSession(task);
    session.state = 'running';
    session.stepCount = 0;
    session.consecutiveErrors = 0;
    session.history.push({ role: 'user', content: buildTaskMessage(task, options.selection) });
    this.#session = session;
    this.#store.save(session);
    await this.#loop(session);
  }

  /** Continues a task persisted before a reload or a full-page navigation. */
  async resume(): Promise<void> {
    const session = this.#store.load();
    if (!session || session.state !== 'running' || this.#run) return;
    this.#session = session;
    await this.#loop(session);
  }

  stop(): void {
    this.#run?.abort(new DOMException('Stopped by the user.', 'AbortError'));
    this.respond('');
  }

  destroy(): void {
    this.stop();
    this.removeAllListeners();
  }

  async #loop(session: AgentSession): Promise<void> {
    const controller = new AbortController();
    this.#run = controller;
    try {
      await runLoop({
        agent: this,
        session,
        provider: this.#provider,
        registry: this.actions,
        signal: controller.signal,
        save: () => this.#store.save(session),
        systemPrompt: () => this.#systemPrompt(session),
        envBlock: () => this.#envBlock(),
        setStatus: (status) => this.#setStatus(status),
        navigate: (url) => this.#navigate(url, session),
        askUser: (request) => this.#ask(request, controller.signal),
        confirm: (request) => this.#confirm(request, controller.signal),
        destructivePatterns: this.#destructivePatterns(),
      });
    } finally {
      if (this.#run === controller) this.#run = undefined;
    }
  }

  #setStatus(status: AgentStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    this.emit('status', { status });
  }

  #systemPrompt(session: AgentSession): string {
    const { config } = this;
    const base = buildSystemPrompt({
      agentName: config.agentName ?? defaults.agentName,
      siteName: config.siteName,
      date: session.date,
      locale: config.locale ?? navigator.language,
      persona: config.persona,
      tools: this.actions.toolReference(config.actionOverrides),
      sitemap: config.sitemap,
      appendSystemPrompt: config.appendSystemPrompt,
    });
    const override = config.systemPrompt;
    return typeof override === 'function' ? override(base) : (override ?? base);
  }

  #envBlock(): string {
    const snapshot = snapshotPage({
      maxLength: this.config.domMaxLength ?? defaults.domMaxLength,
      filter: this.config.domFilter,
      exclude: this.config.exclude?.(),
    });
    return buildEnvBlock({ url: snapshot.url, title: snapshot.title, dump: snapshot.text });
  }

  #destructivePatterns(): RegExp[] {
    const patterns = this.config.destructivePatterns;
    if (!patterns) return defaultDestructivePatterns;
    return patterns.map((pattern) => (typeof pattern === 'string' ? new RegExp(pattern, 'i') : pattern));
  }

  async #navigate(url: URL, session: AgentSession): Promise<ActionResult> {
    const path = url.pathname + url.search + url.hash;
    const handledByHost = !this.emit('navigate', { url: url.href, path }, { cancelable: true });
    if (handledByHost) return { ok: true, message: `Opened ${path}.`, endsBatch: true };
    const here = new URL(location.href);
    if (url.pathname === here.pathname && url.search === here.search) {
      // Same document: only the fragment changes, so no reload happens and the loop carries on.
      location.hash = url.hash;
      return { ok: true, message: `Scrolled to ${url.hash || 'the top'} on this page.`, endsBatch: true };
    }
    session.lastUrl = url.href;
    return { ok: true, message: `Opened ${path}.`, endsBatch: true, navigateTo: url.href };
  }

  #ask(request: AskUserRequest, signal: AbortSignal): Promise<string> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve('');
      const finish = (answer: string) => {
        if (this.#pending === finish) this.#pending = undefined;
        signal.removeEventListener('abort', onAbort);
        resolve(answer);
      };
      const onAbort = () => finish('');
      signal.addEventListener('abort', onAbort, { once: true });
      this.#pending = finish;
      this.#setStatus('waiting');
      // Whether or not a listener took it over, the answer arrives through respond() or the detail.
      this.emit('ask-user', { ...request, respond: (answer: string) => this.#pending === finish && this.respond(answer) }, { cancelable: true });
    });
  }

  #confirm(request: { action: string; params: Record<string, unknown>; message: string; target?: Element }, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      let settled = false;
      const decide = (approved: boolean) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        resolve(approved);
      };
      const onAbort = () => decide(false);
      signal.addEventListener('abort', onAbort, { once: true });
      this.#setStatus('waiting');
      this.emit('confirm-action', { ...request, decide }, { cancelable: true });
    });
  }
}

function makeProvider(config: WebAgentConfig): LLMProvider {
  if (!config.endpoint) {
    throw new WebAgentError('config', 'No model endpoint: set the `endpoint` attribute (e.g. endpoint="/api/llm/v1", a proxy that holds the API key) or pass `llm`.');
  }
  if (config.apiKey) {
    console.warn('[web-agent] An API key is set in the page: every visitor can read it. Use an `endpoint` proxy that adds the key on the server.');
  }
  return new OpenAIProvider({ baseURL: config.endpoint, model: config.model ?? defaults.model, apiKey: config.apiKey, thinking: config.thinking });
}
