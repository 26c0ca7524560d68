/**
 * Elements the page gave a click-like listener with `addEventListener`, noted as the calls happen.
 * Nothing in the DOM tells a script's listeners apart from none, so the only way to see them is to
 * be there when they are added: `watchClickListeners` wraps `EventTarget.prototype.addEventListener`
 * of a window once, and the snapshot asks `hasClickListener` (a WeakSet lookup) per element.
 *
 * The trade-off, and why this is one signal among several (handler attributes and properties, the
 * pointer cursor, roles, tabindex):
 * - listeners added before the wrapper was installed (scripts that ran before the agent's script)
 *   are not seen; the wrapper is installed as soon as the element's script loads;
 * - a delegated listener (one on `document` or a list container, reading `event.target`) marks the
 *   container, not the items it handles; the snapshot ignores document, window, `<html>` and
 *   `<body>`, and uses a marked list container as a sign that its items are the targets;
 * - removing a listener is not tracked, so an element keeps its mark (a click then changes nothing,
 *   and the click result says so);
 * - same-origin frames keep their own prototype and are not wrapped.
 * The wrapper does one Set lookup per call and nothing else; marks live in a WeakSet, so they never
 * keep an element alive.
 */

const CLICK_LIKE_EVENTS = new Set(['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart', 'touchend', 'dblclick']);
const marked = new WeakSet<object>();
const wrapped = new WeakSet<object>();

export function watchClickListeners(view: Window = window): void {
  const prototype = (view as Window & typeof globalThis).EventTarget?.prototype;
  if (!prototype || wrapped.has(prototype)) return;
  wrapped.add(prototype);
  const original = prototype.addEventListener;
  prototype.addEventListener = function addEventListener(
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ): void {
    if (listener && typeof this === 'object' && this !== null && CLICK_LIKE_EVENTS.has(type)) marked.add(this);
    return original.call(this, type, listener, options);
  };
}

export function hasClickListener(el: Element): boolean {
  return marked.has(el);
}
