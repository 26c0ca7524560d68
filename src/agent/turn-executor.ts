import { failed, type ActionResult } from '../actions/index.js';
import { describeElement } from '../dom/describe-element.js';
import { resolveElement, unresolvedReason } from '../dom/element-ids.js';
import { executeAction, type ActionPathHooks } from './execute-action.js';
import { now } from '../dom/platform.js';

export { TurnStoppedByUser } from './execute-action.js';

export interface ItemOutcome {
  index: number;
  /** `narrate` for narration items. */
  action: string;
  params?: Record<string, unknown>;
  result: ActionResult;
}

export interface TurnExecutorHooks extends ActionPathHooks {
  narrate(index: number, text: string, final: boolean): Promise<void>;
  step(outcome: ItemOutcome): void;
  /** A declined confirmation or an abort: the rest of the turn must not run. */
  onFatal(error: unknown): void;
  /** Whether this document began to unload since the last call (a link, a form, a script). */
  pageLeaving?(): boolean;
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
    const started = now();
    try {
      return await this.#runItem(index, item);
    } finally {
      this.actionsMs += now() - started;
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
    this.inFlight = { index, action: name ?? 'unknown', params };
    let result: ActionResult;
    try {
      result = await executeAction(name, params, this.#hooks);
    } finally {
      this.inFlight = undefined;
    }
    // Either signal alone: `beforeunload` may come after the action in some engines (WebKit queues a
    // form's navigation), and a navigation a script starts has no link or form to see.
    const leaving = this.#hooks.pageLeaving?.() || result.loads !== undefined;
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
