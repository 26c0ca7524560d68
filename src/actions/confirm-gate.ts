import { composedParent } from '../dom/redaction.js';
import { describeElement } from '../dom/describe-element.js';
import { wordsOf } from './consequential-words.js';
import type { ActionDefinition } from './define-action.js';
import { describeAction, describeEffect } from './describe-effect.js';
import type { Effect } from './effect.js';
import { predictEffect } from './predict-effect.js';
import { consentText, controlNamesOf, iconWords, namesOf, shownNames } from './shown-names.js';
import { everydayIntent, takesPayment } from './everyday-intent.js';
import { askedAbout, questionOf } from './control-question.js';
import { attributeOf, hasAttributeOf, newUrl, setHas, testText } from '../dom/platform.js';
import { builtinsChanged } from '../dom/builtins-intact.js';

export { defaultDestructivePatterns } from './consequential-words.js';

/**
 * When the visitor is asked: only before consequential effects (the default), before every form
 * submission or non-idempotent request as well, or before every action that touches the page.
 */
export type ConfirmPolicy = 'consequential' | 'every-submission' | 'every-action';

export interface Gate {
  patterns: RegExp[];
  policy: ConfirmPolicy;
  /** The page's own origin and the ones the host allowed. */
  allowedOrigins: ReadonlySet<string>;
}

export type Verdict =
  | { verdict: 'allow' }
  | { verdict: 'ask'; message: string; custom: boolean }
  | { verdict: 'refuse'; message: string };

const ALLOW: Verdict = { verdict: 'allow' };
// Actions that only look, show or talk: "every action" never asks about them.
const LOOKS_ONLY = new Set(['scroll_to', 'wait', 'border', 'highlight', 'pause', 'ask_user', 'ask_user_choice']);
// Typing and pointing set nothing off by themselves; what they set off is judged where it happens.
const NOT_BY_NAME = new Set(['fill_input', 'clear_input', 'hover', 'select_text']);

export interface ActionCheck {
  action: ActionDefinition<any>;
  params: Record<string, unknown>;
  /** The element the action acts on ({@link actionTarget}); undefined: none. */
  target?: Element;
  gate: Gate;
  /** A host's action (registered or declared), as opposed to a built-in one. */
  hostAction?: boolean;
}

/**
 * Judges an action before it runs, from what it would set off: refused (the host blocked the
 * control, or it leads off the site), asked, or allowed. What it sets off unforeseen is judged
 * again where it happens (effect-guard.ts).
 */
export function judgeAction(check: ActionCheck): Verdict & { effect: Effect } {
  const { action, params, target, gate, hostAction } = check;
  const before = builtinsChanged();
  const effect = predictEffect(action, params, target);
  const own = action.confirmationMessage;
  const message = typeof own === 'function' ? own(params) : own;
  const withEffect = (verdict: Verdict) => ({ ...verdict, effect });
  const judged = NOT_BY_NAME.has(action.name) && !effect.url ? judgeMarks(effect) : judgeBy(effect, gate, '', false, false);
  if (judged.verdict === 'refuse') return withEffect(judged);
  // On a page that replaced the built-ins, what below reads names is not trusted: an ask stands
  // (in our words), a host's action asks, and every other step goes on to be judged where it sends.
  if (before || builtinsChanged()) {
    const asks = distrusted(effect, judged).verdict === 'ask' || hostAction || action.requireConfirmation || (gate.policy === 'every-action' && !LOOKS_ONLY.has(action.name));
    return withEffect(asks ? unsure(action.name) : ALLOW);
  }
  const ask = (fallback: string) => withEffect({ verdict: 'ask', message: message ?? fallback, custom: message !== undefined });
  if (action.requireConfirmation) return ask(describeAction(action.name, target));
  // A host's own action that says it deletes or pays asks, unless the host said it need not.
  const said = hostAction && action.requireConfirmation !== false ? `${action.name} ${action.description}` : '';
  if (said && consequential(wordsOf(said), gate.patterns)) return ask(describeAction(action.name, target));
  if (judged.verdict === 'ask') return judged.custom ? withEffect(judged) : ask(effect.kind === 'action' ? describeAction(action.name, target) : judged.message);
  if (gate.policy === 'every-action' && !LOOKS_ONLY.has(action.name)) return ask(describeAction(action.name, target));
  return withEffect(ALLOW);
}

/**
 * The one judgement every effect goes through, before an action and while it runs: the host's
 * marks, the site boundary, then what the effect is (a submission, a request, a key) and every
 * name a visitor sees on what sets it off, with the word lists as defence in depth.
 */
export function judgeEffect(effect: Effect, gate: Gate, actionNames = '', clicked = false, late = false): Verdict {
  // Compared before: a replacement that puts the original back once it has bent the judgement is
  // gone when it ends, but was there when it began. And after, as defence in depth: one laid during
  // it, should reading the page ever run a script of the page's.
  const before = builtinsChanged();
  const verdict = judgeBy(effect, gate, actionNames, clicked, late);
  return verdict.verdict === 'refuse' || late || !(before || builtinsChanged()) ? verdict : distrusted(effect, verdict);
}

function distrusted(effect: Effect, verdict: Verdict): Verdict {
  // A page that replaced the built-ins the reading of names runs on could make "Delete account"
  // read as nothing: what changes something on a server (a submission that is not a GET, a
  // non-idempotent request but a beacon on the side) and keys ask whatever the names read, in
  // words of ours alone. A search (GET) still goes.
  const { kind, method } = effect;
  const changes = kind === 'key' || (kind === 'submission' && method !== 'GET' && method !== 'DIALOG') || (kind === 'request' && !effect.beacon && method !== 'GET' && method !== 'SEND' && method !== 'POSTMESSAGE');
  return verdict.verdict === 'ask' || changes ? unsure(kind) : verdict;
}

function judgeBy(effect: Effect, gate: Gate, actionNames: string, clicked: boolean, late: boolean): Verdict {
  const marked = judgeMarks(effect);
  if (marked.verdict === 'refuse') return marked;
  const destination = effect.url ? webUrl(effect.url) : undefined;
  if (destination && !setHas(gate.allowedOrigins, destination.origin)) {
    const allowed = [...gate.allowedOrigins].join(', ');
    return { verdict: 'refuse', message: `Refused: ${describeEffect(effect, '')} — ${destination.origin} is another site; only ${allowed} may be reached or sent data` };
  }
  if (marked.verdict === 'ask') return marked;
  const { element, form } = effect;
  const controlNames = controlNamesOf(element, form);
  const names = namesOf(controlNames, form);
  const consent = form ? consentText(form) : '';
  // The control's description and the dialog it answers ("Delete your account? [Yes]") count as its names.
  const question = element ? questionOf(element) : '';
  const words = wordsOf([names, actionNames, element ? iconWords(element) : '', destination ? destination.pathname + destination.search : '', effect.option ?? '', consent, question].join(' '));
  const ask = (): Verdict => ({ verdict: 'ask', message: `${describeEffect(effect, names)}${askedAbout(question)}?`, custom: false });
  if (consequential(words, gate.patterns)) return ask();
  const sends = effect.kind === 'request' || (effect.kind === 'submission' && effect.method !== 'GET' && effect.method !== 'DIALOG');
  if (effect.kind === 'request' && effect.method === 'DELETE') return ask();
  // After the action (see EffectGuard.finish), only what says or is a consequence asks: a page's own
  // background POST, unnamed or under a stricter policy, is not the action's for sure.
  if (late) return ALLOW;
  if (gate.policy !== 'consequential' && (effect.kind === 'request' || (effect.kind === 'submission' && effect.method !== 'DIALOG'))) return ask();
  // Nothing a visitor could read on what sends it says what it does: unknown, so the visitor decides.
  if (sends && !(effect.kind === 'request' ? names || actionNames : names).trim()) return ask();
  if (effect.kind === 'key') return ask();
  // Fail closed on what changes the site's state: a form that posts, or a POST/PUT/PATCH (any
  // non-idempotent method but a socket's or a frame's message) a click sets off, asks unless it is
  // recognisably everyday: a word list misses a new verb, never a method. Beacons and keepalive
  // requests are telemetry on the side of a click.
  const changes = effect.kind === 'submission' ? sends : effect.kind === 'request' && clicked && !effect.beacon && effect.method !== 'SEND' && effect.method !== 'POSTMESSAGE';
  // The intent is read from the control's own names when it has any: its form's heading ("Name and
  // address") is not what the control does.
  if (changes && (takesPayment(form) || !everydayIntent(controlNames || names || actionNames, form))) return ask();
  return ALLOW;
}

let warned = false;

/**
 * The question when the page has replaced JavaScript's own functions (builtins-intact.ts): what the
 * gate computes from a control's names runs on them, so its words are ours alone (the page's could
 * be bent the same way), naming only what kind of step it is; the target is outlined.
 */
function unsure(what: string): Verdict {
  if (!warned) {
    warned = true;
    console.warn(`web-agent: this page has replaced JavaScript built-ins the confirmation gate judges with (${builtinsChanged()}), so it asks before every submission, request and key.`);
  }
  return { verdict: 'ask', message: `Allow this step (${what})? This page has changed JavaScript's own functions, so the assistant cannot tell what it does.`, custom: false };
}

/** `data-agent-block` refuses; `data-agent-confirm` asks, with the host's question when it holds one. */
function judgeMarks(effect: Effect): Verdict {
  let confirm: string | undefined;
  for (let node: Element | null | undefined = effect.element; node; node = composedParent(node)) {
    if (hasAttributeOf(node, 'data-agent-block')) {
      return { verdict: 'refuse', message: `Refused: the site marks ${describeElement(effect.element!)} as something the assistant must never use` };
    }
    confirm ??= attributeOf(node, 'data-agent-confirm') ?? undefined;
  }
  if (confirm === undefined) return ALLOW;
  return confirm.trim() ? { verdict: 'ask', message: confirm.trim(), custom: true } : { verdict: 'ask', message: `${describeEffect(effect, effect.element ? shownNames(effect.element) : '')}?`, custom: false };
}

function consequential(words: string, patterns: RegExp[]): boolean {
  // A host's pattern may carry the g or y flag: testText starts from 0, so lastIndex never leaks between calls.
  return patterns.some((pattern) => testText(pattern, words));
}

/** http(s) and ws(s) URLs, which reach a server; other schemes (javascript:, mailto:) go nowhere by themselves. */
function webUrl(url: string): URL | undefined {
  try {
    // The browser's own parser, and string comparisons rather than the page's RegExp methods: a
    // page's replacements could call another site's address this one's, or no web address at all.
    const parsed = newUrl(url, location.href);
    const scheme = parsed.protocol;
    // A socket's origin is its site's: ws://shop.example is shop.example's own server.
    if (scheme === 'ws:' || scheme === 'wss:') parsed.protocol = scheme === 'ws:' ? 'http:' : 'https:';
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
