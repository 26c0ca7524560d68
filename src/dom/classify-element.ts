import { hasHandlerAttribute, hasScriptHandler, isActingAnchor } from './click-signals.js';
import { ariaAttribute } from './element-internals.js';
import { isDataTable } from './table-kind.js';
import { isTransparent } from './visibility.js';
import { attributeOf, closestOf, hasAttributeOf, rectOf, styleOf, tagOf } from './platform.js';

/** Why an element earns its own line (and an id) in the dump. */
export const ElementKind = {
  interactive: 'interactive',
  heading: 'heading',
  landmark: 'landmark',
  frame: 'frame',
  /** A part of a widget with a state of its own (a tree item that opens): its text on its line, not a control. */
  item: 'item',
} as const;
export type ElementKind = (typeof ElementKind)[keyof typeof ElementKind];

const INTERACTIVE_ROLES = new Set([
  'button', 'link', 'checkbox', 'radio', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'option', 'switch', 'combobox', 'textbox', 'searchbox', 'slider', 'spinbutton', 'treeitem',
]);
const LANDMARK_TAGS = new Set(['main', 'nav', 'header', 'footer', 'aside', 'form', 'dialog', 'fieldset', 'search']);
const LANDMARK_ROLES = new Set([
  'main', 'navigation', 'banner', 'contentinfo', 'complementary', 'form', 'search', 'dialog',
  'alertdialog', 'table', 'grid', 'treegrid', 'tablist', 'menu', 'menubar', 'listbox', 'radiogroup', 'tree',
]);
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * The kind of line an element gets, from markup and script alone (no style): interactive elements
 * by tag, role, tabindex, click handlers (attributes, properties, noted listeners) or
 * contenteditable; headings; landmarks and other containers the model may want to scroll to or
 * point at. The cursor heuristic for script-only click targets needs the computed style and lives
 * in the walk.
 */
export function classifyElement(el: Element, tag: string, hasAttributes = true): ElementKind | undefined {
  switch (tag) {
    case 'a':
      if (hasAttributeOf(el, 'href')) return ElementKind.interactive;
      break;
    case 'button':
    case 'select':
    case 'textarea':
    case 'summary':
      return ElementKind.interactive;
    case 'input':
      return (el as HTMLInputElement).type === 'hidden' ? undefined : ElementKind.interactive;
    case 'iframe':
    case 'frame':
      return ElementKind.frame;
    case 'table':
      // A layout table is no more a landmark than the divs of a page grid: its content shows as is.
      if (!hasAttributes || !hasAttributeOf(el, 'role')) return isDataTable(el) ? ElementKind.landmark : undefined;
  }
  // A custom element may take its role from its internals, with no attribute to say so.
  if (!hasAttributes && !tag.includes('-')) {
    if (hasScriptHandler(el, tag) || (tag === 'a' && isActingAnchor(el))) return ElementKind.interactive;
    return HEADING_TAGS.has(tag) ? ElementKind.heading : LANDMARK_TAGS.has(tag) ? ElementKind.landmark : undefined;
  }
  const role = ariaAttribute(el, 'role');
  if (role !== null) {
    if (INTERACTIVE_ROLES.has(role)) return ElementKind.interactive;
    if (role === 'heading') return ElementKind.heading;
    if (LANDMARK_ROLES.has(role) || (role === 'region' && hasExplicitName(el))) return ElementKind.landmark;
    if (role === 'presentation' || role === 'none') return undefined;
  }
  if (isEditingHost(el) || hasHandlerAttribute(el) || hasScriptHandler(el, tag)) return ElementKind.interactive;
  const tabindex = attributeOf(el, 'tabindex');
  if (tabindex !== null && Number(tabindex) >= 0) return ElementKind.interactive;
  if (tag === 'a' && isActingAnchor(el)) return ElementKind.interactive;
  if (HEADING_TAGS.has(tag)) return ElementKind.heading;
  if (LANDMARK_TAGS.has(tag)) return ElementKind.landmark;
  if (tag === 'section' && hasExplicitName(el)) return ElementKind.landmark;
  return undefined;
}

/**
 * Whether `el` takes clicks as a control of its own (by tag, role, tabindex or a script handler),
 * as opposed to content inside another control. The pointer cursor alone does not count here: it
 * is inherited by everything inside the element that set it.
 */
export function isClickTarget(el: Element): boolean {
  return classifyElement(el, tagOf(el)) === ElementKind.interactive;
}

/**
 * An element that only a script signal (a handler or a noted listener) makes clickable: no
 * control's tag, role, tabindex or contenteditable says it is one. Such a box may be a container
 * that handles the clicks of what it holds (event delegation) rather than a control of its own.
 */
export function isScriptOnlyTarget(el: Element, tag: string): boolean {
  if (tag === 'button' || tag === 'select' || tag === 'textarea' || tag === 'summary' || tag === 'input' || (tag === 'a' && hasAttributeOf(el, 'href'))) return false;
  return !hasAttributeOf(el, 'role') && !hasAttributeOf(el, 'tabindex') && !isEditingHost(el);
}

/** `contenteditable` set to anything but "false"; the walk makes sure only the outermost one counts. */
export function isEditingHost(el: Element): boolean {
  const value = attributeOf(el, 'contenteditable');
  return value !== null && value !== 'false';
}

// The blocks a rich-text editor's document is made of (ProseMirror, Quill, Lexical, Draft and
// execCommand all write these), each a target of its own for an edit.
const TEXT_BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, blockquote, pre';

// A code editor's document is one div per line (CodeMirror, Monaco's view): lines as blocks.
const LINES = ':scope > div + div';

/**
 * A rich-text editor: an editing host holding text blocks, or lines. Its dump shows its document
 * (headings, paragraphs, list items, lines, each with an id) instead of one flattened value, so one
 * block can be edited without retyping, and losing, the rest.
 */
export function isRichEditor(el: Element): boolean {
  return isEditingHost(el) && el.querySelector(`:scope > :is(${TEXT_BLOCKS}, ul, ol), ${LINES}`) !== null;
}

/** A text block inside a rich-text editor, or a line of a code editor: it takes edits of its own. */
export function isEditorBlock(el: Element): boolean {
  const host = el.parentElement;
  if (tagOf(el) === 'div' && host && isEditingHost(host)) return host.querySelector(LINES) !== null;
  return el.matches(TEXT_BLOCKS) && closestOf(host, '[contenteditable]:not([contenteditable=false])') != null;
}

// Reachable with Tab without a tabindex (links only with an href, which classifyElement checks).
const NATIVELY_FOCUSABLE_TAGS = new Set(['a', 'button', 'input', 'select', 'textarea', 'summary', 'iframe']);

/**
 * Whether keyboard users can tab to an interactive element: a tabindex of 0 or more, or a natively
 * focusable control that is not disabled. tabindex=-1 takes it out of the tab order.
 */
export function isFocusable(el: Element, tag: string): boolean {
  const tabindex = attributeOf(el, 'tabindex');
  if (tabindex !== null && tabindex.trim() !== '' && !Number.isNaN(Number(tabindex))) return Number(tabindex) >= 0;
  if ((el as HTMLButtonElement).disabled === true) return false;
  return NATIVELY_FOCUSABLE_TAGS.has(tag) || isEditingHost(el);
}

function hasExplicitName(el: Element): boolean {
  return hasAttributeOf(el, 'aria-label') || hasAttributeOf(el, 'aria-labelledby');
}

/** Form fields: their accessible name always gets its own `label:` line. */
export function isFormField(el: Element, tag: string): boolean {
  if (tag === 'select' || tag === 'textarea') return true;
  if (tag === 'input') {
    const type = (el as HTMLInputElement).type;
    return type !== 'submit' && type !== 'button' && type !== 'reset' && type !== 'image';
  }
  const role = attributeOf(el, 'role');
  if (role === 'textbox' || role === 'searchbox' || role === 'combobox' || role === 'slider' || role === 'spinbutton' || role === 'checkbox' || role === 'radio' || role === 'switch') {
    return true;
  }
  return isEditingHost(el);
}

/**
 * An input that holds no text of its own: a checkbox, radio or range (its state is not text), or a
 * field left empty, without a placeholder. An invisible input that holds text hides that text, so
 * it never gets a face.
 */
export function showsNoValue(input: HTMLInputElement): boolean {
  const type = input.type;
  return type !== 'hidden' && !hasAttributeOf(input, 'placeholder') && (type === 'checkbox' || type === 'radio' || type === 'range' || input.value === '');
}

// Inputs that sites often hide behind a styled label (custom switches, checkboxes, upload buttons).
const PROXIED_INPUT_TYPES = new Set(['checkbox', 'radio', 'file']);

/**
 * An input made invisible (opacity 0, a 1px box) so that its `<label>` can be styled instead. The
 * label is then what a user clicks, so it takes the input's place in the dump. Only asked for
 * labels, so the extra style read is rare.
 */
export function isInputHiddenBehindLabel(control: Element, view: Window): boolean {
  return tagOf(control) === 'input' && PROXIED_INPUT_TYPES.has((control as HTMLInputElement).type) && isUnpainted(control, view);
}

/**
 * An input a visitor cannot see (transparent, hidden, or a box of a pixel or less): what they see
 * and click is the styled element around it (a switch's track, a combobox's chosen value).
 */
export function isUnpaintedInput(control: Element, view: Window): boolean {
  return tagOf(control) === 'input' && showsNoValue(control as HTMLInputElement) && isUnpainted(control, view);
}

/** A field of any type nobody sees (opacity 0, a box of a pixel or less): see Collector's shadow faces. */
export function isUnpaintedField(control: Element, view: Window): boolean {
  return tagOf(control) === 'input' && (control as HTMLInputElement).type !== 'hidden' && isUnpainted(control, view);
}

function isUnpainted(control: Element, view: Window): boolean {
  const rect = rectOf(control);
  if (rect.width <= 1 || rect.height <= 1) return true;
  const style = styleOf(control, view);
  return isTransparent(style.opacity) || style.visibility !== 'visible';
}
