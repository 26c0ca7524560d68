/**
 * The browser's timers, frames, media queries and events the UI runs on, as this window had them
 * when the tag loaded: a page that replaces one later cannot throw from the bar's own timers into
 * the page, leave a narration half typed (the run waits for it: a hang), or keep `done` and
 * `error` from reaching the host.
 */
export const { setTimeout: setTimer, clearTimeout: clearTimer, requestAnimationFrame: onFrame, cancelAnimationFrame: dropFrame, matchMedia: media, CustomEvent: OwnEvent } = window;

const { apply } = Reflect;
/** A getter as the browser defined it, taken now: a page that later redefines it is not called. */
function ownGetter<T>(proto: object, name: string): (self: object) => T {
  const get = Object.getOwnPropertyDescriptor(proto, name)!.get!;
  return (self) => apply(get, self, []);
}
/** `node.isConnected`, by the browser's own getter. */
export const isConnected = ownGetter<boolean>(Node.prototype, 'isConnected');
const visibility = ownGetter<string>(Document.prototype, 'visibilityState');
/** Whether the page is in a background tab, by the browser's own getter. */
export const pageHidden = (): boolean => visibility(document) === 'hidden';
