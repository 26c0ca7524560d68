import { matchesSafely } from '../../dom/matches-safely.js';
import { isShown } from './reach-target.js';
import { isHtmlElement, isInput, isSlot } from './element-kinds.js';
import { attributeOf, hasAttributeOf, tagOf } from '../../dom/platform.js';

const NATIVE = 'a[href], area[href], button, input:not([type=hidden]), select, textarea, summary, iframe, [contenteditable]:not([contenteditable=false])';

/**
 * Where Tab (or Shift+Tab) takes focus from `from`: the sequential focus order of the HTML spec —
 * positive tabindex first, then document order, through open shadow roots and slots, inside the
 * open modal dialog if there is one, one stop per radio group, wrapping at the ends.
 */
export function nextInFocusOrder(from: Element | null, backwards: boolean): HTMLElement | undefined {
  const scope = topModal() ?? document.body;
  const order = tabbableIn(scope);
  if (!order.length) return undefined;
  const at = from ? order.indexOf(from as HTMLElement) : -1;
  if (at >= 0) return order[(at + (backwards ? -1 : 1) + order.length) % order.length];
  // From something that is not itself a stop (the page, a text span): the next stop after it in the document.
  if (from && from !== document.body) {
    const after = order.findIndex((element) => from.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
    if (after >= 0) return backwards ? order[(after - 1 + order.length) % order.length] : order[after];
  }
  return backwards ? order.at(-1) : order[0];
}

function topModal(): Element | undefined {
  return [...document.querySelectorAll('dialog')].filter((dialog) => matchesSafely(dialog, ':modal')).at(-1);
}

function tabbableIn(scope: Element): HTMLElement[] {
  const found: Array<{ element: HTMLElement; index: number }> = [];
  const radioStops = new Map<string, HTMLInputElement>();
  const visit = (node: Element) => {
    if (tagOf(node) === 'web-agent' || hasAttributeOf(node, 'inert')) return;
    if (isTabStop(node)) {
      const element = node as HTMLElement;
      if (isInput(element) && element.type === 'radio' && element.name) {
        // One stop per group: the checked radio, else the first.
        const group = `${element.form ? 'form' : 'doc'}:${element.name}`;
        const stop = radioStops.get(group);
        if (!stop) radioStops.set(group, element);
        else if (!stop.checked && element.checked) {
          found.splice(found.findIndex((entry) => entry.element === stop), 1);
          radioStops.set(group, element);
        } else {
          return;
        }
      }
      found.push({ element, index: Math.max(0, explicitTabIndex(element) ?? 0) });
    }
    visitChildren(node);
  };
  const visitChildren = (node: Element) => {
    if (isSlot(node)) {
      const assigned = node.assignedElements({ flatten: true });
      for (const child of assigned.length ? assigned : [...node.children]) visit(child);
      return;
    }
    for (const child of (node.shadowRoot ?? node).children) visit(child);
  };
  visitChildren(scope);
  const positive = found.filter((entry) => entry.index > 0).sort((a, b) => a.index - b.index);
  const rest = found.filter((entry) => entry.index === 0);
  return [...positive, ...rest].map((entry) => entry.element);
}

function isTabStop(element: Element): boolean {
  if (!isHtmlElement(element)) return false;
  const explicit = explicitTabIndex(element);
  if (explicit !== undefined ? explicit < 0 : !element.matches(NATIVE)) return false;
  if ((element as HTMLButtonElement).disabled) return false;
  return isShown(element);
}

function explicitTabIndex(element: Element): number | undefined {
  const value = attributeOf(element, 'tabindex')?.trim();
  return value && /^-?\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * Where keys pressed "on" `element` go. An element that cannot take focus passes keys nowhere: a
 * person presses keys on the part of the widget that takes focus, so a box holding exactly one
 * tab stop (a slider's track and its handle, a card and its one control) sends them to that stop.
 */
export function keyTarget(element: Element): Element {
  if (isTabStop(element) || (isHtmlElement(element) && (hasAttributeOf(element, 'tabindex') || element.isContentEditable))) return element;
  const stops = tabbableIn(element);
  return stops.length === 1 ? stops[0]! : element;
}
