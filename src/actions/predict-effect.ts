import { baseTarget, opensNewTab } from '../dom/link-target.js';
import { resolveElement } from '../dom/element-ids.js';
import { deepActiveElement } from './builtin/pointer-input.js';
import { parseKey } from './builtin/key-spec.js';
import type { ActionDefinition } from './define-action.js';
import type { Effect } from './effect.js';
import { attributeOf, closestOf, newUrl, own, tagOf } from '../dom/platform.js';

/** The controls that submit their form when pressed. */
export const SUBMITTERS = 'button:not([type]), button[type=submit], input[type=submit], input[type=image]';

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
    if (submitter) return tagOf(submitter) === 'form' ? submissionOf(null, submitter as HTMLFormElement) : submissionOf(submitter);
    if (isShortcut(spec.key, spec.modifiers, target)) return { kind: 'key', key: spec.name, element: target };
    if (!((spec.key === 'Enter' || spec.key === ' ') && control)) return { kind: 'action', element: control ?? target };
  } else if (action.name !== 'click') {
    return { kind: 'action', element: control ?? target };
  }
  const link = control && linkOf(control);
  if (link) return link;
  if (control && isSubmitter(control) && formOf(control)) return submissionOf(control);
  return { kind: 'action', element: control ?? target };
}

/** A link's destination, whatever its kind: `<a href>`, `<area href>`, an SVG `<a>`. */
export function linkOf(element: Element): Effect | undefined {
  if (!own(element, MATCHES, 'a[href], area[href], a[*|href]')) return undefined;
  const href = attributeOf(element, 'href') ?? own<string | null>(element, 'Element.getAttributeNS', 'http://www.w3.org/1999/xlink', 'href') ?? '';
  let url: string;
  try {
    url = newUrl(href, own<string>(element, 'Node.baseURI')).href;
  } catch {
    return undefined;
  }
  return { kind: 'link', url, newTab: opensNewTab(attributeOf(element, 'target') ?? baseTarget(element.ownerDocument), element.ownerDocument), element };
}

const MATCHES = 'Element.matches';

/** Whether `element` is a control that submits its form when pressed, as the browser matches it. */
export const isSubmitter = (element: Element): boolean => own(element, MATCHES, SUBMITTERS);

// A submitter's interface (a button, or an input): its `form` and `formAction` getters are that one's.
const kind = (submitter: Element) => (tagOf(submitter) === 'input' ? 'HTMLInputElement.' : 'HTMLButtonElement.');

/** A submitter's form as the browser knows it, whatever getter the page (or an input named `form`) put in its way. */
export const formOf = (submitter: Element | null): HTMLFormElement | null => (submitter ? own(submitter, `${kind(submitter)}form`) : null);

/**
 * The submission a submitter (or a form submitted without one) sends: destination, method, target,
 * read with the browser's own getters, as the browser reads them when it submits (a page's `action`
 * getter naming this site changes nothing of where the form goes).
 */
export function submissionOf(submitter: Element | null, form = formOf(submitter)): Effect {
  const mine = (name: string) => attributeOf(submitter, name) ?? null;
  const method = (mine('formmethod') ?? '').toLowerCase();
  return {
    kind: 'submission',
    url: mine('formaction') !== null ? own(submitter!, `${kind(submitter!)}formAction`) : form ? own(form, 'HTMLFormElement.action') : undefined,
    method: (/^(get|post|dialog)$/.test(method) ? method : form ? own<string>(form, 'HTMLFormElement.method') : 'get').toUpperCase(),
    newTab: opensNewTab(mine('formtarget') ?? attributeOf(form, 'target') ?? baseTarget((submitter ?? form!).ownerDocument), (submitter ?? form!).ownerDocument),
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
  const field = !!closestOf(target, 'input, textarea, select, [contenteditable]:not([contenteditable=false])');
  if (modifiers.ctrlKey || modifiers.metaKey || modifiers.altKey) return !(field && /^([acvxyz]|Arrow\w+|Home|End|Backspace|Delete)$/i.test(key));
  if (field || /^(Tab|Escape|Arrow\w+|Page(Up|Down)|Home|End|Shift|Control|Alt|Meta)$/.test(key)) return false;
  // A widget's own keys are its pattern's: Enter on any widget, a letter typed ahead in a list.
  // A grid has no typeahead, so "#" on a webmail's message row stays a shortcut.
  const role = attributeOf(closestOf(target, '[role]'), 'role') ?? '';
  if (key === 'Enter' ? WIDGET_ROLES.test(role) : key.length === 1 && TYPEAHEAD_ROLES.test(role)) return false;
  return !((key === 'Enter' || key === ' ') && target && controlOf(target));
}

/**
 * Whether Enter in `element` means a new line and nothing more (a multi-line box, an editable
 * region): what it sends there is the page's mapping (a chat box's message), as with a shortcut.
 * A search field's Enter runs its query. Read with the browser's own functions: a page whose
 * `closest` calls a chat box a search field cannot make its Enter a search's.
 */
export function enterIsMapped(element: Element): boolean {
  return !closestOf(element, 'search, [role=search], [role=searchbox]') && (tagOf(element) === 'textarea' || (tagOf(element) !== 'input' && own<boolean>(element, 'Element.matches', ':read-write')));
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
    const found = closestOf(current, CONTROLS);
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
  if (tagOf(target) !== 'input' || !(target as HTMLInputElement).form) return undefined;
  const form = (target as HTMLInputElement).form!;
  return form.querySelector(SUBMITTERS) ?? form;
}
