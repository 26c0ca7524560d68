import { accessibleName, baseTarget, composedParent, describeElement, opensNewTab, redactUrl, resolveElement, visibleText } from '../dom/index.js';
import { deepActiveElement } from './builtin/pointer-input.js';
import { parseKey } from './builtin/key-spec.js';
import { wordsOf } from './consequential-words.js';
import type { ActionDefinition } from './define-action.js';

export { defaultDestructivePatterns } from './consequential-words.js';

/**
 * When the visitor is asked: only before consequential effects (the default), before every form
 * submission or non-idempotent request as well, or before every action that touches the page.
 */
export type ConfirmPolicy = 'consequential' | 'every-submission' | 'every-action';

/** What an action sets off, judged where it happens and named to the visitor when asked. */
export interface Effect {
  kind: 'action' | 'link' | 'submission' | 'window' | 'navigation' | 'request' | 'key' | 'option';
  /** Where it goes: a link's destination, a form's action, a request's or a new window's URL. */
  url?: string;
  method?: string;
  /** It would open a new tab or window. */
  newTab?: boolean;
  option?: string;
  key?: string;
  /** The element that sets it off: the control, the link, the form's submitter (or the form). */
  element?: Element;
  form?: HTMLFormElement;
}

/** An effect as hosts hear of it (`confirm-action`, `error` with code `blocked`). */
export type EffectSummary = Pick<Effect, 'kind' | 'url' | 'method' | 'newTab' | 'option' | 'key'>;

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
const NOT_BY_NAME = new Set(['fill_input', 'clear_input', 'hover']);
export const SUBMITTERS = 'button:not([type]), button[type=submit], input[type=submit], input[type=image]';

export function summarize({ element, form, ...summary }: Effect): EffectSummary {
  return summary;
}

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
  const effect = predictEffect(action, params, target);
  const own = action.confirmationMessage;
  const message = typeof own === 'function' ? own(params) : own;
  const withEffect = (verdict: Verdict) => ({ ...verdict, effect });
  const judged = NOT_BY_NAME.has(action.name) && !effect.url ? judgeMarks(effect) : judgeEffect(effect, gate);
  if (judged.verdict === 'refuse') return withEffect(judged);
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
export function judgeEffect(effect: Effect, gate: Gate, actionNames = ''): Verdict {
  const marked = judgeMarks(effect);
  if (marked.verdict === 'refuse') return marked;
  const destination = effect.url ? webUrl(effect.url) : undefined;
  if (destination && !gate.allowedOrigins.has(destination.origin)) {
    const allowed = [...gate.allowedOrigins].join(', ');
    return { verdict: 'refuse', message: `Refused: ${describeEffect(effect, '')} — ${destination.origin} is another site; only ${allowed} may be reached or sent data` };
  }
  if (marked.verdict === 'ask') return marked;
  const { element, form } = effect;
  const names = clean(`${element && element !== form ? shownNames(element) : ''} ${form ? formNames(form) : ''}`);
  const consent = form ? consentText(form) : '';
  const words = wordsOf([names, actionNames, element ? iconWords(element) : '', destination ? destination.pathname + destination.search : '', effect.option ?? '', consent].join(' '));
  const ask = (): Verdict => ({ verdict: 'ask', message: `${describeEffect(effect, names)}?`, custom: false });
  if (consequential(words, gate.patterns)) return ask();
  const sends = effect.kind === 'request' || (effect.kind === 'submission' && effect.method !== 'GET' && effect.method !== 'DIALOG');
  if (effect.kind === 'request' && effect.method === 'DELETE') return ask();
  if (gate.policy !== 'consequential' && (effect.kind === 'request' || (effect.kind === 'submission' && effect.method !== 'DIALOG'))) return ask();
  // Nothing a visitor could read on what sends it says what it does: unknown, so the visitor decides.
  if (sends && !(effect.kind === 'request' ? names || actionNames : names).trim()) return ask();
  if (effect.kind === 'key') return ask();
  return ALLOW;
}

/** `data-agent-block` refuses; `data-agent-confirm` asks, with the host's question when it holds one. */
function judgeMarks(effect: Effect): Verdict {
  let confirm: string | undefined;
  for (let node: Element | null | undefined = effect.element; node; node = composedParent(node)) {
    if (node.hasAttribute('data-agent-block')) {
      return { verdict: 'refuse', message: `Refused: the site marks ${describeElement(effect.element!)} as something the assistant must never use` };
    }
    confirm ??= node.getAttribute('data-agent-confirm') ?? undefined;
  }
  if (confirm === undefined) return ALLOW;
  return confirm.trim() ? { verdict: 'ask', message: confirm.trim(), custom: true } : { verdict: 'ask', message: `${describeEffect(effect, effect.element ? shownNames(effect.element) : '')}?`, custom: false };
}

function consequential(words: string, patterns: RegExp[]): boolean {
  return patterns.some((pattern) => {
    // A host's pattern may carry the g or y flag; lastIndex must not leak between calls.
    pattern.lastIndex = 0;
    return pattern.test(words);
  });
}

/** http(s) and ws(s) URLs, which reach a server; other schemes (javascript:, mailto:) go nowhere by themselves. */
function webUrl(url: string): URL | undefined {
  try {
    const parsed = new URL(url, location.href);
    return /^(https?|wss?):$/.test(parsed.protocol) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the action would set off, foreseen from its target: the link or the form submission a
 * click or a key on it starts, Enter's implicit submission, a key the page may map, an option.
 */
export function predictEffect(action: ActionDefinition<any>, params: Record<string, unknown>, target: Element | undefined): Effect {
  if (action.name === 'navigate') return { kind: 'navigation', url: String(params.url ?? '') };
  if (action.name === 'select_option') return { kind: 'option', option: [params.option].flat().join(', '), element: target };
  const control = target && controlOf(target);
  if (action.name === 'press_key') {
    const spec = parseKey(String(params.key ?? ''));
    if (typeof spec === 'string') return { kind: 'action', element: control ?? target };
    const submitter = target && submitterFor(action, params, target);
    if (submitter) return submitter.localName === 'form' ? submissionOf(null, submitter as HTMLFormElement) : submissionOf(submitter);
    if (isShortcut(spec.key, spec.modifiers, target)) return { kind: 'key', key: spec.name, element: target };
    if (!((spec.key === 'Enter' || spec.key === ' ') && control)) return { kind: 'action', element: control ?? target };
  } else if (action.name !== 'click') {
    return { kind: 'action', element: control ?? target };
  }
  const link = control && linkOf(control);
  if (link) return link;
  if (control?.matches(SUBMITTERS) && (control as HTMLButtonElement).form) return submissionOf(control);
  return { kind: 'action', element: control ?? target };
}

/** A link's destination, whatever its kind: `<a href>`, `<area href>`, an SVG `<a>`. */
export function linkOf(element: Element): Effect | undefined {
  if (!element.matches('a[href], area[href], a[*|href]')) return undefined;
  const href = element.getAttribute('href') ?? element.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? '';
  let url: string;
  try {
    url = new URL(href, element.baseURI).href;
  } catch {
    return undefined;
  }
  return { kind: 'link', url, newTab: opensNewTab(element.getAttribute('target') ?? baseTarget(element.ownerDocument), element.ownerDocument), element };
}

/** The submission a submitter (or a form submitted without one) sends: destination, method, target. */
export function submissionOf(submitter: Element | null, form = (submitter as HTMLButtonElement | null)?.form ?? null): Effect {
  const own = (name: string) => submitter?.getAttribute(name) ?? null;
  const method = (own('formmethod') ?? '').toLowerCase();
  return {
    kind: 'submission',
    url: own('formaction') !== null ? (submitter as HTMLButtonElement).formAction : form?.action,
    method: (/^(get|post|dialog)$/.test(method) ? method : form?.method ?? 'get').toUpperCase(),
    newTab: opensNewTab(own('formtarget') ?? form?.getAttribute('target') ?? baseTarget((submitter ?? form!).ownerDocument), (submitter ?? form!).ownerDocument),
    element: submitter ?? form ?? undefined,
    form: form ?? undefined,
  };
}


/**
 * A key outside any field that a person could type into, or a key with modifiers (Ctrl+Enter sends
 * a message): the page may map it to anything, so its consequence is unknown. Keys whose effect the
 * browser defines (moving focus and the view, Enter and Space on a control) are not shortcuts.
 */
function isShortcut(key: string, modifiers: { ctrlKey: boolean; altKey: boolean; metaKey: boolean }, target: Element | undefined): boolean {
  const field = !!target?.closest('input, textarea, select, [contenteditable]:not([contenteditable=false])');
  if (modifiers.ctrlKey || modifiers.metaKey || modifiers.altKey) return !(field && /^([acvxyz]|Arrow\w+|Home|End|Backspace|Delete)$/i.test(key));
  if (field || /^(Tab|Escape|Arrow\w+|Page(Up|Down)|Home|End|Shift|Control|Alt|Meta)$/.test(key)) return false;
  // A widget's own keys are its pattern's: Enter on any widget, a letter typed ahead in a list.
  // A grid has no typeahead, so "#" on a webmail's message row stays a shortcut.
  const role = target?.closest('[role]')?.getAttribute('role') ?? '';
  if (key === 'Enter' ? WIDGET_ROLES.test(role) : key.length === 1 && TYPEAHEAD_ROLES.test(role)) return false;
  return !((key === 'Enter' || key === ' ') && target && controlOf(target));
}

const TYPEAHEAD_ROLES = /^(combobox|listbox|option|menu\w*|tree\w*|textbox|searchbox|spinbutton)$/;
const WIDGET_ROLES = /^(combobox|listbox|option|menu\w*|tree\w*|grid\w*|row|textbox|searchbox|spinbutton|slider|tab\w*|radiogroup)$/;

/**
 * The element the action will act on: its target parameter resolved, or, when an action that can
 * take a target is given none (press_key), whatever has focus. The model picks targets from page
 * text, so a page can steer it: Tab onto "Delete all" and press Enter, or click the `<span>` inside
 * the button by CSS selector. The gate therefore looks at the element itself, not only the label
 * the caller passed.
 */
export function actionTarget(action: ActionDefinition<any>, params: Record<string, unknown>): Element | undefined {
  if (!action.targetParameter) return undefined;
  const selector = params[action.targetParameter];
  if (typeof selector === 'string') return resolveElement(selector) ?? undefined;
  if (selector !== undefined) return undefined;
  const focused = deepActiveElement();
  return focused && focused !== focused.ownerDocument.body && focused !== focused.ownerDocument.documentElement ? focused : undefined;
}

/** The element an action only shows the visitor ({@link ActionDefinition.subjectParameter}); undefined: none. */
export function actionSubject(action: ActionDefinition<any>, params: Record<string, unknown>): Element | undefined {
  const selector = action.subjectParameter && params[action.subjectParameter];
  return typeof selector === 'string' ? (resolveElement(selector) ?? undefined) : undefined;
}

// What a press on an element sets off: the element, or the control around it (a click on a
// button's icon or label text is a click on the button).
const CONTROLS = [
  'a[href]', 'area[href]', 'a[*|href]', 'button', 'input', 'select', 'textarea', 'summary', 'label', '[onclick]', '[contenteditable]',
  ...['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'option', 'switch', 'checkbox', 'radio'].map((role) => `[role="${role}"]`),
].join(', ');

/** The nearest control at or around `el`, across shadow roots; undefined when there is none. */
export function controlOf(el: Element): Element | undefined {
  for (let current: Element | null = el; current; ) {
    const found = current.closest(CONTROLS);
    if (found) return found;
    const root = current.getRootNode();
    current = root.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? (root as ShadowRoot).host : null;
  }
  return undefined;
}

/**
 * What the visitor would say the action presses: the form's default button for Enter in its field,
 * else the control at or around the target. The confirmation names it.
 */
export function controlSetOff(action: ActionDefinition<any>, params: Record<string, unknown>, target: Element): Element {
  return submitterFor(action, params, target) ?? controlOf(target) ?? target;
}

/**
 * Enter in a single-line field submits its form as if its default button were pressed: a field
 * in a form whose button says "Delete account" is a delete, whatever the field is called.
 */
function submitterFor(action: ActionDefinition<any>, params: Record<string, unknown>, target: Element): Element | undefined {
  if (action.name !== 'press_key' || !/(^|\+)enter$/i.test(String(params.key ?? '').trim())) return undefined;
  if (target.localName !== 'input' || !(target as HTMLInputElement).form) return undefined;
  const form = (target as HTMLInputElement).form!;
  return form.querySelector(SUBMITTERS) ?? form;
}

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * Every name a visitor sees on a control: its accessible name, the text it shows when an ARIA
 * name replaces it, text drawn by CSS (`::before`/`::after`), titles and alts of what is inside
 * it. For a form: its name and its heading.
 */
export function shownNames(element: Element): string {
  const parts = [accessibleName(element), visibleText(element)];
  const view = element.ownerDocument.defaultView;
  for (const each of firstElements(element)) {
    parts.push(each.getAttribute('title') ?? '', each.localName === 'img' ? each.getAttribute('alt') ?? '' : '');
    if (each !== element && each.hasAttribute('aria-label')) parts.push(each.getAttribute('aria-label')!);
    for (const pseudo of ['::before', '::after']) {
      const content = view?.getComputedStyle(each, pseudo).content ?? '';
      for (const piece of content.match(/"(?:[^"\\]|\\.)*"|attr\([^)]*\)/g) ?? []) {
        parts.push(piece.startsWith('attr(') ? each.getAttribute(piece.slice(5, -1).trim()) ?? '' : piece.slice(1, -1).replace(/\\(.)/g, '$1'));
      }
    }
  }
  // Icon fonts draw their glyph from the private use area: no word a visitor reads.
  return clean([...new Set(parts.map((part) => part.replace(/[\ue000-\uf8ff]/g, '')))].join(' '));
}

// Elements of a control read for its names and icons: a control is small, a form or a region
// chosen as the target can hold the whole page.
const NAMED_ELEMENTS = 40;

/**
 * `element` and the first of its descendants, in document order. The live collection finds them
 * one by one as they are read, where querySelectorAll would list every descendant first (on a
 * 100,000-element page, a task of its own).
 */
function firstElements(element: Element): Element[] {
  const found = [element];
  const all = element.getElementsByTagName('*');
  for (let index = 0; found.length < NAMED_ELEMENTS && all[index]; index += 1) found.push(all[index]!);
  return found;
}

/** A form's own name and the heading or legend a visitor reads it under. */
function formNames(form: HTMLFormElement): string {
  return clean(`${accessibleName(form)} ${form.getAttribute('title') ?? ''} ${form.querySelector('h1, h2, h3, h4, legend')?.textContent ?? ''}`);
}

/** Icons' words from how they are made: class names, sprite references, image file names. */
function iconWords(element: Element): string {
  const parts: string[] = [];
  for (const each of firstElements(element)) {
    parts.push(each.getAttribute('class') ?? '');
    const source = each.getAttribute('href') ?? each.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? each.getAttribute('src');
    if (source && /^(use|img|image)$/.test(each.localName)) parts.push(source);
  }
  return parts.join(' ');
}

/**
 * What the visitor consents to by ticking the form's required boxes ("I authorise Acme to charge
 * £250"): their labels, read as names. An optional box is a preference ("Send me the newsletter"),
 * not a condition of what the submission does.
 */
function consentText(form: HTMLFormElement): string {
  return [...form.querySelectorAll('input[required]:checked')].map((box) => accessibleName(box)).join(' ');
}

function shortUrl(url: string | undefined): string {
  if (!url) return '';
  try {
    // A page's URL can carry a token; the message reaches the model and the visitor's bar.
    const parsed = new URL(url, location.href);
    return redactUrl(parsed.origin === location.origin ? parsed.pathname + parsed.search : parsed.href);
  } catch {
    return url;
  }
}

const VERBS: Record<Effect['kind'], string> = {
  link: 'Open',
  submission: 'Submit',
  request: 'Send a request',
  window: 'Open a new window',
  navigation: 'Go to',
  key: "Press the page's shortcut",
  option: 'Choose',
  action: 'Use',
};

/** The question, in English (the built-in bar asks from its strings in the page's language): `Submit "Delete account" (POST /orders/1/delete)`. */
function describeEffect(effect: Effect, names: string): string {
  const { kind, element, method, url, newTab } = effect;
  const what =
    kind === 'key' ? effect.key : kind === 'option' ? `"${effect.option}"` : names ? `"${names.slice(0, 80)}"` : kind === 'submission' ? 'a form with no name' : element ? describeElement(element) : '';
  const how = [method, shortUrl(url), newTab && 'in a new tab'].filter(Boolean).join(' ');
  return `${VERBS[kind]} ${what ?? ''}${how ? ` (${how})` : ''}`.replace(/ +/g, ' ');
}

/** e.g. `Click button "Archive" (it shows "Delete all orders")?`: the label, and what else it shows. */
export function describeAction(name: string, target: Element | undefined): string {
  const verb = name.replace(/_/g, ' ');
  const control = target && (controlOf(target) ?? target);
  const label = control ? describeElement(control) : '';
  const shown = control ? shownNames(control) : '';
  const also = shown && !label.includes(shown) ? ` (it shows "${shown.slice(0, 80)}")` : '';
  const sentence = control ? `${verb} ${label}${also}?` : `Run ${verb}?`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
