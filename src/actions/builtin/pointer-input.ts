import { isHtmlElement, isShadowRoot } from './element-kinds.js';
import { hasAttributeOf, tagOf } from '../../dom/platform.js';

/**
 * Mouse input as the page's listeners see it from a real mouse: the pointer and compatibility mouse
 * events in the order of the Pointer Events and UI Events specs, at a point inside the target.
 * Events are dispatched on the element under that point (a button's icon, a link's text), so
 * handlers that read `event.target` or the coordinates see what a real click would give them.
 */

export interface Point {
  x: number;
  y: number;
}

// The element the last hover or click left the pointer over, so the next one can leave it first.
let pointerOver: WeakRef<Element> | undefined;

function eventInit(point: Point, view: Window, extra: MouseEventInit = {}): PointerEventInit {
  return {
    bubbles: true,
    cancelable: true,
    composed: true,
    clientX: point.x,
    clientY: point.y,
    screenX: point.x + view.screenX,
    screenY: point.y + view.screenY,
    view,
    pointerId: 1,
    pointerType: 'mouse',
    isPrimary: true,
    ...extra,
  };
}

function pointerEvent(type: string, init: PointerEventInit): Event {
  // Safari before 13 had no PointerEvent constructor; a MouseEvent of the same name is what it got.
  return typeof PointerEvent === 'function' ? new PointerEvent(type, init) : new MouseEvent(type, init);
}

/** The composed parent: across a shadow root to its host. */
function parentOf(node: Element): Element | null {
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode();
  return isShadowRoot(root) ? root.host : null;
}

function ancestorsOf(element: Element): Element[] {
  const chain: Element[] = [];
  for (let current: Element | null = element; current; current = parentOf(current)) chain.push(current);
  return chain;
}

/**
 * Moves the pointer onto `element`: out/leave on what it was over, then over/enter/move here.
 * Enter and leave go to every ancestor that the pointer enters or leaves, as browsers do.
 */
export function movePointerTo(element: Element, point: Point): void {
  // Only a pointer still over a live page can leave it: a removed frame keeps its document (whose
  // nodes still report isConnected) but has no window; Chromium's renderer crashes on events
  // dispatched there with a related target from another document.
  const last = pointerOver?.deref();
  const previous = last?.isConnected && last.ownerDocument === element.ownerDocument ? last : undefined;
  pointerOver = new WeakRef(element);
  const init = (extra?: MouseEventInit) => eventInit(point, element.ownerDocument.defaultView ?? window, extra);
  if (previous === element) {
    element.dispatchEvent(pointerEvent('pointermove', init()));
    element.dispatchEvent(new MouseEvent('mousemove', init()));
    return;
  }
  const entered = ancestorsOf(element);
  const left = previous ? ancestorsOf(previous) : [];
  const stillInside = new Set(entered);
  if (previous && left.length) {
    previous.dispatchEvent(pointerEvent('pointerout', init({ relatedTarget: element })));
    for (const node of left) if (!stillInside.has(node)) node.dispatchEvent(pointerEvent('pointerleave', init({ bubbles: false, relatedTarget: element })));
    previous.dispatchEvent(new MouseEvent('mouseout', init({ relatedTarget: element })));
    for (const node of left) if (!stillInside.has(node)) node.dispatchEvent(new MouseEvent('mouseleave', init({ bubbles: false, relatedTarget: element })));
  }
  const wasInside = new Set(left);
  const from = previous ?? null;
  // Enter events go from the outermost ancestor inwards.
  const entering = entered.filter((node) => !wasInside.has(node)).reverse();
  element.dispatchEvent(pointerEvent('pointerover', init({ relatedTarget: from })));
  for (const node of entering) node.dispatchEvent(pointerEvent('pointerenter', init({ bubbles: false, relatedTarget: from })));
  element.dispatchEvent(new MouseEvent('mouseover', init({ relatedTarget: from })));
  for (const node of entering) node.dispatchEvent(new MouseEvent('mouseenter', init({ bubbles: false, relatedTarget: from })));
  element.dispatchEvent(pointerEvent('pointermove', init()));
  element.dispatchEvent(new MouseEvent('mousemove', init()));
}

/** How a click went: whether the click event was sent, and where a handler stopped it from bubbling on. */
export interface ClickOutcome {
  clicked: boolean;
  /** The element whose handler called stopPropagation (or stopImmediatePropagation) on the click. */
  stoppedAt?: Element;
}

/**
 * A full left click on `element` at `point`: move there, press, focus what a press focuses, release,
 * click. The click is a dispatched MouseEvent, which runs the browser's activation behaviour
 * (toggling a checkbox, following a link, submitting a form, a label activating its control).
 */
export function clickAt(element: Element, point: Point, { detail = 1 }: { detail?: number } = {}): ClickOutcome {
  movePointerTo(element, point);
  const init = (extra?: MouseEventInit) => eventInit(point, element.ownerDocument.defaultView ?? window, extra);
  const down = element.dispatchEvent(pointerEvent('pointerdown', init({ button: 0, buttons: 1 })));
  // A cancelled pointerdown suppresses the compatibility mouse events, but not the click.
  let focusAllowed = true;
  if (down) focusAllowed = element.dispatchEvent(new MouseEvent('mousedown', init({ button: 0, buttons: 1, detail })));
  if (focusAllowed) focusFromPress(element);
  const stillThere = element.isConnected;
  element.dispatchEvent(pointerEvent('pointerup', init({ button: 0, buttons: 0 })));
  if (down) element.dispatchEvent(new MouseEvent('mouseup', init({ button: 0, detail })));
  // A press that removed its own target (a menu closing on mousedown) gets no click, as in browsers.
  if (!stillThere || !element.isConnected) return { clicked: false };
  const click = new MouseEvent('click', init({ button: 0, detail }));
  const outcome: ClickOutcome = { clicked: true };
  // Our own event: noting who stops it tells whether the click bubbled up to what was meant.
  for (const name of ['stopPropagation', 'stopImmediatePropagation'] as const) {
    const original = click[name];
    click[name] = () => {
      outcome.stoppedAt ??= click.currentTarget as Element;
      original.call(click);
    };
  }
  element.dispatchEvent(click);
  return outcome;
}

/**
 * What a mouse press focuses: the nearest focusable ancestor; with none, focus leaves the field
 * the user was in (its blur handlers, e.g. "touched" validation, run as they would).
 */
function focusFromPress(element: Element): void {
  for (let current: Element | null = element; current; current = parentOf(current)) {
    if (isFocusableByMouse(current)) {
      if (deepActiveElement() !== current) (current as HTMLElement).focus({ preventScroll: true });
      return;
    }
  }
  const active = deepActiveElement();
  if (isHtmlElement(active) && active !== element.ownerDocument.body) active.blur();
}

function isFocusableByMouse(element: Element): boolean {
  if (!isHtmlElement(element) && element.namespaceURI !== 'http://www.w3.org/2000/svg') return false;
  if ((element as HTMLButtonElement).disabled === true) return false;
  if (hasAttributeOf(element, 'tabindex')) return true;
  if (isHtmlElement(element) && element.isContentEditable) return true;
  return element.matches('a[href], button, input:not([type=hidden]), select, textarea, summary, iframe');
}

/** The focused element, looking into open shadow roots and same-origin frames. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  for (;;) {
    const inner = active && tagOf(active) === 'iframe' ? frameDocument(active) : null;
    if (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    else if (inner?.activeElement && inner.activeElement !== inner.body) active = inner.activeElement;
    else return active;
  }
}

function frameDocument(frame: Element): Document | null {
  try {
    return (frame as HTMLIFrameElement).contentDocument;
  } catch {
    return null;
  }
}

/** A double click as a mouse gives it: two clicks (the second with detail 2), then dblclick. */
export function doubleClickAt(element: Element, point: Point): void {
  clickAt(element, point);
  if (!clickAt(element, point, { detail: 2 }).clicked) return;
  element.dispatchEvent(new MouseEvent('dblclick', eventInit(point, element.ownerDocument.defaultView ?? window, { button: 0, detail: 2 })));
}
