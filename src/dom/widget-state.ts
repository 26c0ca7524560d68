import { ElementKind, isClickTarget } from './classify-element.js';
import { hasScriptHandler } from './click-signals.js';
import { attributeOf, hasAttributeOf, tagOf } from './platform.js';

/**
 * Widget state that the markup shows without ARIA: whether a tree item or a disclosure is open,
 * read from whether what it opens is rendered, and the items of a list that script makes
 * clickable as a whole. Read during the walk, for the few elements these questions apply to.
 */

/**
 * Controls and tree items once seen closed: they open and close, so seen open later they are
 * "expanded" (a list that was always open is just a list). Kept across snapshots on purpose, like
 * element ids; a WeakSet, so it never keeps an element alive.
 */
const seenClosed = new WeakSet<Element>();

export interface TreeItemState {
  expanded: boolean;
  /** The control in the item that opens and closes it (a "+" or an arrow), when there is one. */
  toggle?: Element;
}

const NESTED_LISTS = new Set(['ul', 'ol']);
// Letters or digits: a toggle shows a glyph (+, −, ▸) or an icon, not words.
const WORD = /[\p{L}\p{N}]/u;

/**
 * An `li` that holds a list of its own is a tree item (a folder): closed when that list is not
 * rendered, open when it shows and something says it can close: a toggle before the list, closed
 * items elsewhere in the tree, or this one seen closed before. Undefined for an item without a
 * nested list, or one whose state the page states with ARIA.
 */
function treeItemState(item: Element, trees: Map<Element, boolean>): TreeItemState | undefined {
  if (hasAttributeOf(item, 'aria-expanded')) return undefined;
  let nested: Element | undefined;
  const before: Element[] = [];
  for (let child = item.firstElementChild; child; child = child.nextElementSibling) {
    if (NESTED_LISTS.has(tagOf(child)) || attributeOf(child, 'role') === 'group') {
      nested = child;
      break;
    }
    before.push(child);
  }
  if (!nested) return undefined;
  const expanded = isShowing(nested);
  if (!expanded) seenClosed.add(item);
  // A toggle before the nested list (a glyph, an icon, or a control) says the item opens and closes.
  const toggle = before.find((child) => tagOf(child) !== 'a' && (isClickTarget(child) || !WORD.test(child.textContent ?? '')));
  if (toggle) return { expanded, toggle };
  // Without one, an open item is a folder only if the tree has closed ones (or it was seen closed).
  if (expanded && !seenClosed.has(item) && !treeHasClosedItem(item, trees)) return undefined;
  return { expanded };
}

/**
 * Whether a control that has no ARIA state opens the element right after it: a header followed by
 * its panel. Closed when that element is not rendered but holds content (a control, or some text);
 * open when it shows and the control was seen closed before. Undefined when nothing says either.
 */
function disclosureState(control: Element): boolean | undefined {
  if (hasAttributeOf(control, 'aria-expanded')) return undefined;
  const panel = control.nextElementSibling ?? (control.parentElement?.childElementCount === 1 ? control.parentElement.nextElementSibling : null);
  if (!panel) return undefined;
  if (isShowing(panel)) return seenClosed.has(control) ? true : undefined;
  if (!holdsContent(panel)) return undefined;
  seenClosed.add(control);
  return false;
}

/**
 * A list by its structure, roles aside: a `ul`/`ol`/`menu` of `li`s, or a box whose children repeat
 * one tag and share a class (`div.options > div.option`). Clicks on such a list that script handles as a
 * whole (one listener reading the target) are clicks on its items.
 */
export function isItemList(list: Element): boolean {
  if (list.childElementCount < 2) return false;
  const first = list.firstElementChild!;
  if (NESTED_LISTS.has(tagOf(list)) || tagOf(list) === 'menu') return tagOf(first) === 'li';
  if (!first.classList.length || hasAttributeOf(list, 'role')) return false;
  // A class all share, not the same classes: the active or chosen item adds a state class of its own.
  let shared = [...first.classList];
  for (let child = first.nextElementSibling; child && shared.length; child = child.nextElementSibling) {
    if (tagOf(child) !== tagOf(first)) return false;
    shared = shared.filter((name) => child.classList.contains(name));
  }
  return shared.length > 0;
}

/** Rendered and not collapsed to nothing (display: none, hidden, or a zero-height box that clips). */
function isShowing(element: Element): boolean {
  if (typeof element.checkVisibility === 'function' ? !element.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions) : element.getClientRects().length === 0) {
    return false;
  }
  const box = element.getBoundingClientRect();
  return box.height > 0 && box.width > 0;
}

function holdsContent(panel: Element): boolean {
  if (panel.querySelector('a[href], button, input, select, textarea, [role], [tabindex]')) return true;
  return (panel.textContent ?? '').trim().length >= 20;
}

/** Whether any item of the whole tree around `item` is closed; `trees` keeps the answer per tree for one walk. */
function treeHasClosedItem(item: Element, trees: Map<Element, boolean>): boolean {
  let root: Element | null = item.parentElement;
  for (let node = root; node; node = node.parentElement) {
    if (NESTED_LISTS.has(tagOf(node))) root = node;
    else if (tagOf(node) !== 'li') break;
  }
  if (!root) return false;
  let closed = trees.get(root);
  if (closed === undefined) {
    closed = [...root.querySelectorAll('li > ul, li > ol')].some((nested) => !isShowing(nested));
    trees.set(root, closed);
  }
  return closed;
}

/** What the walk learns from widget-state for one element: the kind of line it gets, and its state. */
export interface WidgetState {
  kind: ElementKind;
  expanded?: boolean | undefined;
  /** The element's children are the targets of its clicks (a list script handles as a whole). */
  itemsClickable?: boolean;
}

const CHOICE_LISTS = new Set(['listbox', 'menu', 'menubar']);
// Controls whose state and meaning their tag gives: no disclosure or item list is read into them.
const NATIVE_CONTROLS = new Set(['a', 'button', 'input', 'select', 'textarea', 'summary', 'label', 'option']);
/**
 * Elements that take focus or clicks by themselves, as one selector (open shadow roots below are not
 * searched). Not what only script focuses (tabindex=-1): a menu wraps each item's text in such a box
 * to move its active item by key, and the item is still the target.
 */
export const FOCUSABLE_SELECTOR = 'a[href], button, input, select, textarea, summary, iframe, [tabindex]:not([tabindex^="-"]), [contenteditable]';

/**
 * Widget state for the walk, one per snapshot: a tree item's open state (on its toggle when it has
 * one, else on its own line), a disclosure's, and the items of a list that script makes clickable as
 * a whole. Toggles are found in their item before the walk reaches them, so they are kept here.
 */
export class WidgetReader {
  readonly #toggles = new Map<Element, boolean>();
  readonly #trees = new Map<Element, boolean>();

  /** Undefined when nothing changes for `el`; `inItemList`: its parent's items are its targets. */
  read(el: Element, tag: string, kind: ElementKind | undefined, inItemList: boolean): WidgetState | undefined {
    if (this.#toggles.size > 0 && this.#toggles.has(el)) return { kind: ElementKind.interactive, expanded: this.#toggles.get(el) };
    // An item of such a list, unless it holds controls of its own (then those are the targets).
    const item = !kind && inItemList && !hasAttributeOf(el, 'role') && el.querySelector(FOCUSABLE_SELECTOR) === null ? ElementKind.interactive : kind;
    if (tag === 'li') {
      const state = treeItemState(el, this.#trees);
      if (state?.toggle) this.#toggles.set(state.toggle, state.expanded);
      else if (state) return { kind: item ?? ElementKind.item, expanded: state.expanded };
    }
    if (item !== kind) return { kind: item! };
    // A listbox or menu whose children carry no role of their own: those children are its choices.
    if (kind === ElementKind.landmark && CHOICE_LISTS.has(attributeOf(el, 'role') ?? '')) return { kind, itemsClickable: true };
    if (kind !== ElementKind.interactive) return undefined;
    // A list whose clicks script handles as a whole: its items are the targets, the list is not one.
    // One that takes focus as a whole (a menu that moves an active item by key) is one too when it listens for clicks.
    if (!NATIVE_CONTROLS.has(tag) && !hasAttributeOf(el, 'role') && (!hasAttributeOf(el, 'tabindex') || hasScriptHandler(el, tag)) && isItemList(el)) {
      return { kind: ElementKind.landmark, itemsClickable: true };
    }
    if (NATIVE_CONTROLS.has(tag) && tag !== 'button') return undefined;
    const expanded = disclosureState(el);
    return expanded === undefined ? undefined : { kind, expanded };
  }
}
