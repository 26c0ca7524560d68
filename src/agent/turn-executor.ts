import type { ConfirmRequest } from './agent-events.js';
import {
  actionTarget,
  builtinActions,
  controlSetOff,
  failed,
  judgeAction,
  showForQuestion,
  summarize,
  type ActionContext,
  type ActionDefinition,
  type ActionRegistry,
  type ActionResult,
  type Effect,
  type EffectGuard,
  type Gate,
  type GuardOutcome,
} from '../actions/index.js';
import { accessibleName, describeElement, resolveElement, unresolvedReason } from '../dom/index.js';

export interface ItemOutcome {
  index: number;
  /** `narrate` for narration items. */
  action: string;
  params?: Record<string, unknown>;
  result: ActionResult;
}

export interface TurnExecutorHooks {
  registry: ActionRegistry;
  context: ActionContext;
  /** The site boundary and the confirmation policy every action and effect is judged by. */
  gate: Gate;
  /** Watches what each action sets off while it runs, and reports what is refused. */
  guard: EffectGuard;
  narrate(index: number, text: string, final: boolean): Promise<void>;
  confirm(request: ConfirmRequest): Promise<boolean>;
  beforeAction(request: { action: string; params: Record<string, unknown>; target?: Element }): void;
  step(outcome: ItemOutcome): void;
  /** A declined confirmation or an abort: the rest of the turn must not run. */
  onFatal(error: unknown): void;
  /** Whether this document began to unload since the last call (a link, a form, a script). */
  pageLeaving?(): boolean;
}

export class TurnStoppedByUser extends Error {
  constructor(readonly action: string) {
    super(`The user declined ${action}.`);
    this.name = 'TurnStoppedByUser';
  }
}

/**
 * Runs a turn's `actions[]` strictly in order while they are still streaming in: an item runs once
 * it is complete and everything before it has finished; narration for the next item is shown only
 * when its turn comes, so it never talks over a question still waiting for an answer.
 */
export class TurnExecutor {
  readonly outcomes: ItemOutcome[] = [];
  navigateTo?: string;
  /** An action set off the loading of another page in this tab: the next page carries the task on. */
  leftPage = false;
  /** The tool action running now, if any: what ran when the page goes mid-action. */
  inFlight?: { index: number; action: string; params: Record<string, unknown> };
  /** Time spent in action handlers and waiting on the user (confirmations, questions, typing). */
  actionsMs = 0;
  #hooks: TurnExecutorHooks;
  #next = 0;
  #completed = new Map<number, unknown>();
  #partial = new Map<number, string>();
  #chain: Promise<void> = Promise.resolve();
  #batchEnded: string | undefined;
  /** The running action set off a page load here that nothing cancelled (a link, a form). */
  #loads = false;

  constructor(hooks: TurnExecutorHooks) {
    this.#hooks = hooks;
  }

  get toolActionCount(): number {
    return this.outcomes.filter((outcome) => outcome.action !== 'narrate').length;
  }

  narrateDelta(index: number, text: string): void {
    this.#partial.set(index, text);
    if (index === this.#next && !this.#batchEnded) void this.#hooks.narrate(index, text, false);
  }

  itemComplete(index: number, item: unknown): void {
    this.#completed.set(index, item);
    this.#chain = this.#chain.then(() => this.#pump());
    // Marks the rejection as handled now (drain() reports it) and lets the turn stop streaming early.
    this.#chain.catch((error: unknown) => this.#hooks.onFatal(error));
  }

  /** Resolves once every completed item has run; rejects if the user declined a confirmation. */
  drain(): Promise<void> {
    return this.#chain;
  }

  async #pump(): Promise<void> {
    while (this.#completed.has(this.#next)) {
      // After stop() nothing more may touch the page, even items that already arrived.
      if (this.#hooks.context.signal.aborted) return;
      const index = this.#next;
      const item = this.#completed.get(index);
      this.#completed.delete(index);
      const outcome = await this.#run(index, item);
      this.outcomes.push(outcome);
      this.#hooks.step(outcome);
      this.#next = index + 1;
      const upcoming = this.#partial.get(this.#next);
      if (upcoming !== undefined && !this.#completed.has(this.#next) && !this.#batchEnded) {
        void this.#hooks.narrate(this.#next, upcoming, false);
      }
    }
  }

  async #run(index: number, item: unknown): Promise<ItemOutcome> {
    const started = performance.now();
    try {
      return await this.#runItem(index, item);
    } finally {
      this.actionsMs += performance.now() - started;
    }
  }

  async #runItem(index: number, item: unknown): Promise<ItemOutcome> {
    const { name, params } = readItem(item);
    if (this.#batchEnded) {
      return { index, action: name ?? 'unknown', params, result: failed('skipped', `Not run: ${this.#batchEnded}.`) };
    }
    if (name === 'narrate') {
      await this.#hooks.narrate(index, String(params.text ?? ''), true);
      return { index, action: 'narrate', params, result: { ok: true, message: 'shown' } };
    }
    // An unload that began before this action (and never happened) is not this action's doing.
    this.#hooks.pageLeaving?.();
    this.#loads = false;
    this.inFlight = { index, action: name ?? 'unknown', params };
    let result: ActionResult;
    try {
      result = await this.#runTool(name, params);
    } finally {
      this.inFlight = undefined;
    }
    // Either signal alone: `beforeunload` may come after the action in some engines (WebKit queues a
    // form's navigation), and a navigation a script starts has no link or form to see.
    const leaving = this.#hooks.pageLeaving?.() || this.#loads;
    if (result.ok && leaving) {
      this.leftPage = true;
      const note = /the page is loading/.test(result.message) ? '' : '; the page is loading another page';
      result = { ...result, message: `${result.message.replace(/\.$/, '')}${note}.`, endsBatch: true };
    }
    if (result.endsBatch) this.#batchEnded = 'the page changed before it, so it may no longer apply';
    else if (!result.ok) this.#batchEnded = 'an earlier action failed';
    if (result.navigateTo) this.navigateTo = result.navigateTo;
    return { index, action: name ?? 'unknown', params, result };
  }

  async #runTool(name: string | undefined, args: Record<string, unknown>): Promise<ActionResult> {
    const { registry, context } = this.#hooks;
    const action = name ? registry.get(name) : undefined;
    if (!action) {
      return failed('unknown-action', `There is no tool "${name ?? ''}". Available: ${registry.names().join(', ')}.`);
    }
    const parsed = registry.parseArguments(action, args);
    if (!parsed.ok) return failed('invalid-arguments', `Arguments for ${action.name} are wrong: ${parsed.message}`);
    // What the gate judged, the overlay outlines and the question names: the element itself, or
    // for press_key without one, whatever has focus.
    const { params } = parsed;
    const target = actionTarget(action, params);
    const { gate, guard } = this.#hooks;
    const judged = judgeAction({ action, params, target, gate, hostAction: !builtinActions.includes(action) });
    if (judged.verdict === 'refuse') {
      guard.report(judged.effect, judged.message);
      return failed('not-allowed', `${judged.message}.`);
    }
    // The question's subject is brought into view first (the built-in UI outlines it): nothing is
    // asked about what the visitor cannot see, and that counts as a no.
    const ask = async (message: string, custom: boolean, effect: Effect, shown?: Element) => {
      const about = shown ?? target;
      if (about && !showForQuestion(about)) return false;
      const named = shown ?? (target && controlSetOff(action, params, target));
      return this.#hooks.confirm({
        action: action.name,
        params,
        message,
        custom,
        target: about,
        targetName: (named && accessibleName(named).slice(0, 80)) || undefined,
        effect: summarize(effect),
      });
    };
    const approved = judged.verdict === 'ask' && (await ask(judged.message, judged.custom, judged.effect));
    if (judged.verdict === 'ask' && !approved) throw new TurnStoppedByUser(action.name);
    this.#hooks.beforeAction({ action: action.name, params, target });
    if (!action.handler) return failed('failed', `${action.name} has no handler.`);
    // Only the built-in actions that work the page are watched: a host's handler is the host's own code.
    if (!actsOnPage(action)) return this.#handle(action, params);
    guard.arm({ target, approved, ask: ({ message, custom, effect }) => ask(message, custom, effect, effect.element) });
    let result: ActionResult;
    let outcome: GuardOutcome;
    try {
      result = await this.#handle(action, params);
      outcome = await guard.finish(context.signal);
    } finally {
      guard.disarm();
    }
    if (outcome.declined) throw new TurnStoppedByUser(action.name);
    if (outcome.loads) this.#loads = true;
    return this.#withOutcome(result, outcome);
  }

  async #handle(action: ActionDefinition<any>, params: Record<string, unknown>): Promise<ActionResult> {
    const { context } = this.#hooks;
    try {
      return toResult(await action.handler!(params, context), action.name);
    } catch (error) {
      if (context.signal.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      return failed('failed', `${action.name} failed: ${reason}`);
    }
  }

  /** The action's result with what the guard did: refusals fail it, a page meant for a new tab opens here. */
  async #withOutcome(result: ActionResult, outcome: GuardOutcome): Promise<ActionResult> {
    if (!outcome.notes.length && !outcome.openHere) return result;
    const message = `${result.message.replace(/\.$/, '')}; ${outcome.notes.join('; ')}.`;
    if (outcome.refused) return failed('not-allowed', message);
    if (!outcome.openHere) return { ...result, message };
    const opened = await this.#hooks.context.navigate(outcome.openHere);
    return { ...opened, ok: true, message: `${message} ${opened.message}`, endsBatch: true };
  }
}

/** A built-in that touches the page (not one that only looks, shows, waits or talks). */
function actsOnPage(action: ActionDefinition<any>): boolean {
  return builtinActions.includes(action) && (action.targetParameter !== undefined || action.name === 'navigate');
}

function readItem(item: unknown): { name?: string; params: Record<string, unknown> } {
  if (typeof item !== 'object' || item === null) return { params: {} };
  const record = item as Record<string, unknown>;
  if (typeof record.narrate === 'string') return { name: 'narrate', params: { text: record.narrate } };
  const args = record.args;
  return {
    name: typeof record.tool === 'string' ? record.tool : undefined,
    params: typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {},
  };
}

/** Host handlers may return anything; the model always gets an ActionResult. */
function toResult(value: unknown, name: string): ActionResult {
  if (typeof value === 'object' && value !== null && typeof (value as ActionResult).ok === 'boolean' && typeof (value as ActionResult).message === 'string') {
    return value as ActionResult;
  }
  if (value === undefined) return { ok: true, message: `${name} done.` };
  return { ok: true, message: `${name} returned ${JSON.stringify(value)}`, data: value };
}

/** Failure result for a dump id that no longer resolves. */
export function resolveTargetOrFail(selector: string): Element | ActionResult {
  const element = resolveElement(selector);
  if (element) return element;
  const why = unresolvedReason(selector);
  if (why.kind === 'stale') {
    const what = why.was ? ` (${describeElement(why.was)})` : '';
    return failed('stale', `${selector}${what} is no longer on the page: it was removed or re-rendered. Use its id from the latest page.`);
  }
  return failed('not-found', `No element ${selector} on the page now. Use an id from the latest page.`);
}
