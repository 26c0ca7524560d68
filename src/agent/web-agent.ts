import {
  ActionRegistry,
  builtinActions,
  EffectGuard,
  summarize,
  type ActionDefinition,
  type ActionResult,
  type Gate,
  type OverlayItem,
} from '../actions/index.js';
import { pickProvider, type LLMRole, type LLMRouter } from '../llm/router.js';
import { cleanPageText } from '../dom/clean-page-text.js';
import { plainEnvelope } from '../prompt/agent-turn.js';
import type { ContentPart } from '../prompt/messages.js';
import type { SelectionInput } from '../prompt/selection.js';
import { checkConfig, type WebAgentOptions } from './config.js';
import { defaults } from './defaults.js';
import { PageLeaving } from './page-leaving.js';
import { TurnRequests } from './turn-request.js';
import { VisitorQuestions } from './visitor-questions.js';
import { WebAgentError } from './agent-error.js';
import { makeProviders } from './providers.js';
import { createSession, emptyUsage, noteTranscript, type AgentSession, type AgentStatus } from './agent-session.js';
import { AgentEmitter } from './agent-emitter.js';
import type { DebugLog } from './debug-log.js';
import { narrate, runLoop } from './run-loop.js';
import { executeAction, TurnStoppedByUser, type ActionPathHooks } from './execute-action.js';
import { ActionList } from './action-list.js';
import { actionPath } from './action-path.js';
import { elementId } from '../dom/element-ids.js';
import { later, wallNow } from '../dom/platform.js';
import { Stopper } from './own-constructors.js';
import type { Recording } from './recording/recording.js';
import type { PageTool } from './webmcp/model-context.js';
import { RunRecording } from './recording/run-recording.js';
import { SessionKeeper } from './session-keeper.js';
import { ClosingQuestion } from './closing-question.js';
import { navigatePage } from './navigate-page.js';
import { absorbTurn } from './absorb-turn.js';
import { hostGate } from './host-gate.js';
import type { ExecuteActionOptions, ReplayOptions, RunOptions } from './run-options.js';

/** `llm` (a provider or a router) replaces `endpoint` + `model`; `systemPrompt` replaces or wraps the default. */
export type WebAgentConfig = WebAgentOptions;

/** Re-exported so the element never reaches past the agent layer. */
export type { ActionDefinition, ActionResult } from '../actions/index.js';

/**
 * The agent core, usable without the element: give it a task, it reads the page, asks the model,
 * runs the actions and reports everything as events on itself.
 */
export class WebAgent extends AgentEmitter {
  /** The registered actions, read-only (name, description, parameters); run one with `executeAction`. */
  readonly actions: ActionList;
  readonly config: WebAgentConfig;
  #registry = new ActionRegistry();
  /** What the model may call: every registered action, or the host's `toolDefinitions`. */
  #modelTools: ActionRegistry;
  /** What `border` / `highlight` drew last: it stays up after a host's direct action. */
  #guide: OverlayItem[] = [];
  #recording: RunRecording;
  /** The page's WebMCP tools offered to the model (their names), and the work of offering them. */
  #pageToolNames = new Set<string>();
  #pageTools?: Promise<void>;
  /** With `debug: true`, from the first task on: the last request and a log of turns (also on window.__webAgentDebug). */
  debug?: DebugLog;
  #providers: LLMRouter;
  #requests: TurnRequests;
  #sessions: SessionKeeper;
  #run?: AbortController;
  #questions: VisitorQuestions;
  #status: AgentStatus = 'idle';
  #gate: Gate;
  #guard: EffectGuard;
  #closing: ClosingQuestion;

  constructor(config: WebAgentConfig) {
    super();
    const checked = checkConfig(config);
    if (!checked.ok) throw new WebAgentError('config', checked.message);
    this.config = config;
    this.#recording = new RunRecording(config);
    this.#providers = makeProviders(config, defaults.model);
    const disabled = new Set(config.disableBuiltinActions ?? []);
    for (const action of builtinActions) if (!disabled.has(action.name)) this.#registry.register(action);
    for (const action of config.customActions ?? []) this.#registry.register(action as ActionDefinition<any>);
    this.actions = new ActionList(this.#registry);
    this.#modelTools = config.toolDefinitions ? new ActionRegistry() : this.#registry;
    this.#sessions = new SessionKeeper(config, () => !!this.#run);
    this.#requests = new TurnRequests(config, this.#modelTools, (error) => this.reportError(error));
    this.#questions = new VisitorQuestions(this, { waiting: () => this.#setStatus('waiting'), defaultPauseNote: config.defaultPauseNote });
    this.#closing = new ClosingQuestion({ emitter: this, questions: this.#questions, save: (session) => this.#save(session), idle: () => this.#setStatus('idle') });
    this.#gate = hostGate(config);
    // A refused effect: the host hears of it as an `error` with code `blocked`; the model reads it in the result.
    this.#guard = new EffectGuard({
      gate: this.#gate,
      newTabs: config.newTabLinks,
      refused: (effect, message) => this.reportError(new WebAgentError('blocked', `${message}.`, { effect: summarize(effect) })),
    });
    // Fetched now, while the visitor is still typing: a recorded run awaits it before its first action.
    if (config.record) void this.#recording.load();
  }

  get status(): AgentStatus {
    return this.#status;
  }

  isRunning(): boolean {
    return this.#run !== undefined;
  }

  getSession(): AgentSession | null {
    return this.#sessions.current;
  }

  clearSession(): void {
    this.#sessions.clear();
  }

  /**
   * Runs the page snapshot and the prompt once, unseen, while the visitor is still typing: the
   * first turn then starts with warm code instead of paying for it (about 15 ms on a fresh page).
   */
  warmUp(): void {
    if (this.#run) return;
    const work = () => {
      if (this.#run) return;
      // Only a warm-up: a page that breaks the walk is reported by the turn that needs it.
      this.#requests.snapshot(true).catch(() => undefined);
      void this.#requests.systemPrompt(this.#sessions.current ?? createSession('', this.#sessions.tabId)).catch(() => {});
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 500 });
    else later(work);
  }

  /** With `sessionScope: 'palette'`: the visitor closed the conversation, the next task starts afresh. */
  endContinuity(): void {
    this.#sessions.endContinuity();
  }

  registerAction(action: ActionDefinition<any>): void {
    this.#registry.register(action);
  }

  unregisterAction(name: string): void {
    this.#registry.unregister(name);
  }

  /**
   * The tools the page registered on WebMCP, offered to the model as `page_<name>` actions in
   * place of the last list (the element passes them as they change). Their words are cleaned and
   * fenced as page content; those not marked read-only ask the visitor first.
   */
  offerPageTools(tools: readonly PageTool[]): Promise<void> {
    if (!tools.length && !this.#pageToolNames.size) return this.#pageTools ?? Promise.resolve();
    this.#pageTools = (this.#pageTools ?? Promise.resolve())
      .then(async () => {
        const { offerPageTools } = await import('./webmcp/page-tools.js');
        this.#pageToolNames = offerPageTools(tools, this.#registry, this.#pageToolNames, cleanPageText);
      })
      .catch((error: unknown) => console.warn('[web-agent] WebMCP page tools not offered:', error));
    return this.#pageTools;
  }

  /** Answers the question the agent is waiting on (ask_user). */
  respond(answer: string | Record<string, unknown>): void {
    this.#questions.respond(answer);
  }

  /** Starts a task; a follow-up within the continuity window continues the same session. */
  async run(task: string, options: RunOptions = {}): Promise<void> {
    this.#refuseWhileBusy();
    // A request that names a declared recording replays it: no model call, the same every time.
    if (this.config.recordings?.length && !options.selection) {
      const { declaredRecording } = await import('./recording/recording-paths.js');
      const declared = declaredRecording(this.config.recordings, task);
      if (declared) return this.replay(declared, { fallback: 'model', task });
      this.#refuseWhileBusy();
    }
    await this.#listTools();
    this.#refuseWhileBusy();
    const controller = this.#begin();
    let session: AgentSession | undefined;
    try {
      // The selection block's code loads with the first task asked about a selection.
      const selection = options.selection && (await import('../prompt/selection.js')).buildSelectionBlock(options.selection);
      session = this.#startSession(task, selection);
      if (this.config.planner && !(await this.#plan(session, task, options.selection, selection, controller.signal))) return;
      await this.#loop(session, controller);
    } catch (error) {
      await this.#crashed(session ?? this.#unstarted(task), error, controller.signal);
    } finally {
      this.#end(controller);
    }
  }

  /** Continues a task (or a replay) persisted before a reload or a full-page navigation. */
  async resume(): Promise<void> {
    const session = this.#sessions.store.load();
    if (!session || session.state !== 'running' || session.tabId !== this.#sessions.tabId || this.#run) return;
    this.#sessions.current = session;
    const controller = this.#begin();
    try {
      if (session.replay) await this.#replayFrom(session, controller);
      else await this.#loop(session, controller);
    } catch (error) {
      await this.#crashed(session, error, controller.signal);
    } finally {
      this.#end(controller);
    }
  }

  /**
   * Runs one action as the loop would (argument check, site boundary and confirmation gate,
   * overlay cue, `before-action` and `step` events, the effect report), without the model: a
   * hotkey, a command palette, a scripted test. Element values in `params` stand for themselves.
   * Refused with a `busy` error while a task runs. A declined confirmation is a result
   * (`rejected-by-user`), not an error.
   */
  async executeAction(name: string, params: Record<string, unknown> = {}, options: ExecuteActionOptions = {}): Promise<ActionResult> {
    this.#refuseWhileBusy();
    const controller = this.#begin();
    try {
      const { directAction } = await import('./host-api.js');
      const { args, result } = await directAction(coreParts, this.#registry, { name, params, target: options.target }, this.#actionPath(controller.signal, this.#registry));
      this.emit('step', { index: 0, action: name, params: args, result });
      if (result.navigateTo) location.assign(result.navigateTo);
      // The cue on the element acted on goes; what border or highlight drew stays.
      else this.emit('overlay-update', { items: this.#guide });
      return result;
    } finally {
      this.#end(controller);
      this.#setStatus('idle');
    }
  }

  /**
   * Plays a recording (or the declared recording of that name) without a model, with the same
   * gates, narration and events as a live run. Rejects with a `recording` error when it is not a
   * valid recording, `busy` while a task runs.
   */
  async replay(recording: Recording | string, options: ReplayOptions = {}): Promise<void> {
    this.#refuseWhileBusy();
    const { checkRecording, declaredRecording } = await import('./recording/recording-paths.js');
    this.#refuseWhileBusy();
    const checked = checkRecording(typeof recording === 'string' ? declaredRecording(this.config.recordings, recording) ?? recording : recording, this.config.recordings);
    if (!checked.ok) {
      const error = new WebAgentError('recording', checked.message);
      this.reportError(error);
      throw error;
    }
    const { recording: valid } = checked;
    const task = options.task ?? valid.task ?? valid.name ?? 'Replay a recording';
    const controller = this.#begin();
    let session: AgentSession | undefined;
    try {
      session = this.#startSession(task);
      session.replay = { recording: valid, next: 0, fallback: options.fallback ?? 'stop' };
      this.#save(session);
      await this.#replayFrom(session, controller);
    } catch (error) {
      await this.#crashed(session ?? this.#unstarted(task), error, controller.signal);
    } finally {
      this.#end(controller);
    }
  }

  /**
   * The last finished run as a recording (with the `record` option on): its narrations and the
   * actions that succeeded, each element described so it can be found on a fresh load; undefined
   * while a run is going or before one has finished. Secrets are never in it, nor the visitor's
   * request unless passed as `task` (what a visitor may also type to start it, besides `name`).
   */
  exportRecording(options: { name?: string; task?: string } = {}): Recording | undefined {
    if (!this.config.record) console.warn('[web-agent] exportRecording needs the `record` option.');
    return this.#recording.export(this.#sessions.current, options);
  }

  /**
   * Something failed that nothing else caught (a page that broke a built-in the agent uses, say):
   * the run ends as failed, with an error the visitor can read, instead of thinking forever.
   */
  async #crashed(session: AgentSession, error: unknown, signal: AbortSignal): Promise<void> {
    const detail = (error as Error)?.message ?? String(error);
    this.reportError(new WebAgentError('internal', `The task stopped on an unexpected error (${detail}). The conversation is kept; try again.`, { cause: error }));
    if (session.state !== 'running') return;
    try {
      // A bare stand-in is never saved over the session the visitor has.
      if (!session.id) throw error;
      await this.#finish(session, 'failed', 'unexpected error', signal);
    } catch {
      // Even ending cleanly failed (storage, a broken built-in): the visitor still learns it ended,
      // and the next run's status is told again rather than taken for unchanged.
      session.state = 'failed';
      this.emit('done', { status: 'failed', achieved: false, session, summary: 'unexpected error', onLoopEnd: { kind: 'text', text: '' } });
      this.#status = 'idle';
    }
  }

  /**
   * The session a run that broke before its own was made ends with: the one being started if it
   * got that far, else a bare one (no id), made without the built-ins a page may have broken. Hosts
   * and the bar still hear `done`; the bare one is never saved.
   */
  #unstarted(task: string): AgentSession {
    const current = this.#sessions.current;
    if (current?.state === 'running' && current.task === task) return current;
    const now = wallNow();
    return { id: '', task, state: 'running', date: '', createdAt: now, updatedAt: now, history: [], stepCount: 0, consecutiveErrors: 0, memory: '', todos: [], usage: emptyUsage(), runUsage: emptyUsage(), lastUrl: '', tabId: this.#sessions.tabId };
  }

  stop(): void {
    this.#closing.cancel();
    this.#run?.abort(new DOMException('Stopped by the user.', 'AbortError'));
    this.respond('');
  }

  destroy(): void {
    this.stop();
    this.#guard.disarm();
    this.#sessions.store.close();
    this.debug?.close();
    const { default: main, withSelection, planner } = this.#providers;
    for (const provider of [main, withSelection, planner]) void provider?.closeListeners?.();
    this.removeAllListeners();
  }

  /** A new run of the session (a typed task or a replay). */
  #startSession(task: string, selection?: string | ContentPart[]): AgentSession {
    // A new task answers an unanswered closing question with silence.
    this.#closing.cancel();
    return this.#sessions.start(task, selection);
  }

  #save(session: AgentSession): void {
    this.#sessions.store.save(session);
  }

  #refuseWhileBusy(): void {
    if (!this.#run) return;
    const error = new WebAgentError('busy', 'A task is already running; call stop() first or wait for the done event.');
    this.reportError(error);
    throw error;
  }

  /**
   * The model's tools from the host's `toolDefinitions`, made afresh as a run starts: actions can
   * be registered late, and each listed one must by then exist.
   */
  async #listTools(): Promise<void> {
    const definitions = this.config.toolDefinitions;
    if (!definitions) return;
    const { listTools } = await import('./host-api.js');
    const problem = listTools(this.#registry, this.#modelTools, definitions);
    if (!problem) return;
    const error = new WebAgentError('config', problem);
    this.reportError(error);
    throw error;
  }

  async #replayFrom(session: AgentSession, controller: AbortController): Promise<void> {
    const { signal } = controller;
    const [{ replaySession }] = await Promise.all([import('./recording/recording-paths.js'), session.recording && this.#recording.load()]);
    this.#setStatus('executing');
    const leaving = new PageLeaving();
    await replaySession({
      agent: this,
      session,
      leaving,
      actions: this.#actionPath(signal, this.#registry, session),
      config: this.config,
      signal,
      observe: (outcome) => {
        this.#recording.observe(session, outcome);
        if (outcome.action !== 'narrate') this.emit('step', outcome);
      },
      save: () => this.#save(session),
      narrate: (id, text) => narrate(this, id, text, true),
      finish: (state, summary) => this.#finish(session, state, summary, signal),
      handOver: () => this.#loop(session, controller),
    }).finally(() => leaving.dispose());
  }

  #begin(): AbortController {
    const controller = new Stopper();
    this.#run = controller;
    return controller;
  }

  #actionPath(signal: AbortSignal, registry: ActionRegistry, session?: AgentSession): ActionPathHooks {
    return actionPath(signal, registry, {
      emitter: this,
      questions: this.#questions,
      config: this.config,
      gate: this.#gate,
      guard: this.#guard,
      navigate: (url) => navigatePage(this, url, session),
      overlay: (items) => {
        this.#guide = items;
        this.emit('overlay-update', { items });
      },
      executing: () => this.#setStatus('executing'),
      recorder: this.#recording.recorderFor(session),
    });
  }

  #end(controller: AbortController): void {
    if (this.#run === controller) this.#run = undefined;
    this.#closing.askReadied();
  }

  async #loop(session: AgentSession, controller: AbortController): Promise<void> {
    const { config } = this;
    // A resumed run, or a replay handing over, lists them here.
    try {
      await this.#listTools();
    } catch (error) {
      return this.#finish(session, 'failed', (error as Error).message, controller.signal);
    }
    if (session.recording) await this.#recording.load();
    // Only hosts that debug load the log's code, with their first task.
    if (config.debug === true) this.debug ??= new (await import('./debug-log.js')).DebugLog();
    // A plan's envelope and bookkeeping load with the plan: hosts without a planner never fetch them.
    const planned = session.plan && (await import('../prompt/planned-turn.js'));
    const envelope = planned ? planned.plannedEnvelope() : plainEnvelope();
    await this.#pageTools;
    await runLoop({
      agent: this,
      session,
      limits: {
        maxSteps: config.maxSteps ?? defaults.maxSteps,
        maxErrors: config.maxErrors ?? defaults.maxErrors,
        llmTimeoutMs: config.llmTimeoutMs ?? defaults.llmTimeoutMs,
        tokenBudget: config.tokenBudget,
      },
      provider: pickProvider(this.#providers, (session.role ?? 'default') as LLMRole),
      actions: this.#actionPath(controller.signal, this.#modelTools, session),
      observe: (outcome) => this.#recording.observe(session, outcome),
      signal: controller.signal,
      debug: this.debug,
      save: () => this.#save(session),
      prepare: () => this.#requests.prepare(session, envelope.rules),
      envelope,
      absorb: (record) => absorbTurn(session, record, planned || undefined),
      hasWorkLeft: () => (session.plan ? session.plan.steps.some((step) => step.status === 'todo') : session.todos.length > 0),
      setStatus: (status, detail) => this.#setStatus(status, detail),
      finish: (state, summary, achieved) => this.#finish(session, state, summary, controller.signal, achieved),
    });
  }

  /** One planning call before the first turn; false when the visitor declined the announced plan. */
  async #plan(session: AgentSession, task: string, selection: SelectionInput | undefined, selectionBlock: string | ContentPart[] | undefined, signal: AbortSignal): Promise<boolean> {
    this.#setStatus('thinking');
    const request = await this.#requests.planRequest(session, { task, selection, selectionBlock, provider: pickProvider(this.#providers, 'planner'), signal });
    // Only hosts that turn a planner on load its code and its prompt (and what it does with the
    // plan), with the first plan. Planning is an aid: when it fails the task runs without a plan.
    const failed = (error: unknown) => {
      if (!signal.aborted) this.reportError(new WebAgentError('planner', `Planning failed, carrying on without a plan: ${(error as Error)?.message ?? error}`, { cause: error }));
    };
    const go = await import('./plan-task.js').then(
      ({ planSession }) =>
        planSession({
          request,
          session,
          failed,
          questions: this.#questions,
          announce: this.config.announcePlan ? (summary) => narrate(this, `${session.id}.plan`, summary, true) : undefined,
          save: () => this.#save(session),
        }),
      (error: unknown) => (failed(error), !signal.aborted),
    );
    if (go) return true;
    await this.#finish(session, 'stopped', 'stopped by user', signal);
    return false;
  }

  #setStatus(status: AgentStatus, detail: { retry?: { attempt: number; delayMs: number; message: string } } = {}): void {
    if (status === this.#status && !detail.retry) return;
    this.#status = status;
    this.emit('status', { status, ...detail });
  }

  /** Ends the run: saves, reports `done`, then plays the closing the host chose (onLoopEnd). */
  async #finish(session: AgentSession, state: AgentSession['state'], summary: string | undefined, signal: AbortSignal, achieved = true): Promise<void> {
    const status = state === 'running' ? 'done' : state;
    achieved &&= status === 'done';
    session.state = state;
    session.updatedAt = wallNow();
    noteTranscript(session, { from: 'end', status: status === 'done' && !achieved ? 'not-done' : status });
    this.#save(session);
    this.#setStatus(status);
    this.#guide = [];
    this.emit('overlay-update', { items: [] });
    const ending = this.config.onLoopEnd ?? { kind: 'text' as const, text: '' };
    this.emit('done', { status, achieved, session, summary, onLoopEnd: ending });
    this.#setStatus('idle');
    if (status !== 'done' || signal.aborted) return;
    this.#closing.ready(session, ending);
  }
}

/** What the host API chunk borrows from the core (see host-api.ts). */
const coreParts = {
  executeAction,
  declined: (error: unknown) => (error instanceof TurnStoppedByUser ? error.action : undefined),
  elementId,
};
