import type { ConfirmRequest } from './agent-events.js';
import {
  actionSubject,
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
import { accessibleName } from '../dom/accessible-name.js';

/** What running one action needs: the loop, a host's direct call and a replay all pass the same. */
export interface ActionPathHooks {
  registry: ActionRegistry;
  context: ActionContext;
  /** The site boundary and the confirmation policy every action and effect is judged by. */
  gate: Gate;
  /** Watches what each action sets off while it runs, and reports what is refused. */
  guard: EffectGuard;
  confirm(request: ConfirmRequest): Promise<boolean>;
  beforeAction(request: { action: string; params: Record<string, unknown>; target?: Element }): void;
}

export class TurnStoppedByUser extends Error {
  constructor(readonly action: string) {
    super(`The user declined ${action}.`);
    this.name = 'TurnStoppedByUser';
  }
}

/**
 * One action, the one way every caller runs it: argument validation, the site boundary and the
 * confirmation gate, the `before-action` hook, the handler watched by the effect guard, and its
 * result, with `loads` when what it set off loads another page in this tab. A declined confirmation
 * throws {@link TurnStoppedByUser}; an abort rethrows; every other failure is a result.
 */
export async function executeAction(name: string | undefined, args: Record<string, unknown>, hooks: ActionPathHooks): Promise<ActionResult> {
  const { registry, context, gate, guard } = hooks;
  const action = name ? registry.get(name) : undefined;
  if (!action) {
    return failed('unknown-action', `There is no tool "${name ?? ''}". Available: ${registry.names().join(', ')}.`);
  }
  const parsed = await registry.parseArguments(action, args);
  if (!parsed.ok) return failed('invalid-arguments', `Arguments for ${action.name} are wrong: ${parsed.message}`);
  // What the gate judged, the overlay outlines and the question names: the element itself, or
  // for press_key without one, whatever has focus.
  const { params } = parsed;
  const target = actionTarget(action, params);
  // A built-in as the host's toolDefinitions present it inherits from the built-in: still one.
  const builtin = builtinActions.some((own) => own === action || own.isPrototypeOf(action));
  const judged = judgeAction({ action, params, target, gate, hostAction: !builtin });
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
    return hooks.confirm({
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
  // The UI keeps in sight what the action works on, or else what it shows.
  hooks.beforeAction({ action: action.name, params, target: target ?? actionSubject(action, params) });
  if (!action.handler) return failed('failed', `${action.name} has no handler.`);
  // Only the built-ins that work the page are watched (not those that only look, show, wait or talk):
  // a host's handler is the host's own code, and the guard left on after the last action stands down for it.
  if (!builtin) guard.disarm();
  if (!builtin || (action.targetParameter === undefined && action.name !== 'navigate')) return handle(action, params, context);
  guard.arm({ target, approved, clicked: action.name === 'click', ask: ({ message, custom, effect }) => ask(message, custom, effect, effect.element) });
  let result: ActionResult;
  let outcome: GuardOutcome;
  try {
    result = await handle(action, params, context);
    // The guard stays on after it, for what the action sets off later (see EffectGuard.finish).
    outcome = await guard.finish(context.signal);
  } catch (error) {
    guard.disarm();
    throw error;
  }
  if (outcome.declined) throw new TurnStoppedByUser(action.name);
  const finished = await withOutcome(result, outcome, context);
  // Every caller must know the page is going: the loop ends its turn, a replay its steps.
  return outcome.loads && finished.ok ? { ...finished, loads: outcome.loads } : finished;
}

async function handle(action: ActionDefinition<any>, params: Record<string, unknown>, context: ActionContext): Promise<ActionResult> {
  try {
    return toResult(await action.handler!(params, context), action.name);
  } catch (error) {
    if (context.signal.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    return failed('failed', `${action.name} failed: ${reason}`);
  }
}

/** The action's result with what the guard did: refusals fail it, a page meant for a new tab opens here. */
async function withOutcome(result: ActionResult, outcome: GuardOutcome, context: ActionContext): Promise<ActionResult> {
  if (!outcome.notes.length && !outcome.openHere) return result;
  const message = `${result.message.replace(/\.$/, '')}; ${outcome.notes.join('; ')}.`;
  if (outcome.refused) return failed('not-allowed', message);
  if (!outcome.openHere) return { ...result, message };
  const opened = await context.navigate(outcome.openHere);
  return { ...opened, ok: true, message: `${message} ${opened.message}`, endsBatch: true };
}

/** Host handlers may return anything; the model always gets an ActionResult. */
function toResult(value: unknown, name: string): ActionResult {
  if (typeof value === 'object' && value !== null && typeof (value as ActionResult).ok === 'boolean' && typeof (value as ActionResult).message === 'string') {
    return value as ActionResult;
  }
  if (value === undefined) return { ok: true, message: `${name} done.` };
  return { ok: true, message: `${name} returned ${JSON.stringify(value)}`, data: value };
}
