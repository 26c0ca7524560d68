import type { Patch } from './markup-loads.js';
import { apply } from '../dom/platform.js';

/**
 * Messages an action's handlers post to another origin: `postMessage` to a cross-origin frame,
 * the window that opened this one or a window the page opened, and to a `MessagePort` (whose far
 * end may have been handed to any frame). A cross-origin window's `postMessage` is that window's
 * own (no prototype of ours to wrap), so while an action runs the handles a handler reaches it by
 * (`contentWindow`, `opener`, a message's `source`) are the window behind a judging proxy (one per
 * window, so handles compare equal). Judged like a GET: a message that carries nothing of the
 * page's goes (widgets talk to their own frames), as does one whose `targetOrigin` is allowed.
 * `refuses(data, origin)` judges one; `origin` undefined for a receiver not known (`*`, a port).
 */
export function watchMessages(view: Window & typeof globalThis, patch: Patch, undoLater: (undo: () => void) => void, refuses: (data: unknown, origin?: string) => boolean, armed: () => boolean): void {
  const proxies = new WeakMap<Window, Window>();
  const post = (target: Window) => (data: unknown, options?: string | WindowPostMessageOptions, transfer?: Transferable[]) => {
    const origin = typeof options === 'string' ? options : options?.targetOrigin ?? '/';
    // '/' is this page's origin, which a cross-origin window is not: the browser delivers nothing.
    if (!(armed() && origin !== '/' && refuses(data, origin === '*' ? undefined : origin))) {
      target.postMessage(data, options as string, transfer);
    }
  };
  const judged = (target: Window | null) => {
    if (!target || !armed() || reachable(target)) return target;
    let proxy = proxies.get(target);
    if (!proxy) {
      const send = post(target);
      proxy = new Proxy(target, { get: (window, key) => (key === 'postMessage' ? send : Reflect.get(window, key)), set: (window, key, value) => Reflect.set(window, key, value) });
      proxies.set(target, proxy);
    }
    return proxy;
  };
  const getters: Array<[object | undefined, string]> = [
    [view.HTMLIFrameElement?.prototype, 'contentWindow'], [view.HTMLFrameElement?.prototype, 'contentWindow'],
    [view.HTMLObjectElement?.prototype, 'contentWindow'], [view.MessageEvent?.prototype, 'source'], [view, 'opener'],
  ];
  for (const [owner, key] of getters) {
    const descriptor = owner && Object.getOwnPropertyDescriptor(owner, key);
    const get = descriptor?.get;
    if (!descriptor?.configurable || !get) continue;
    Object.defineProperty(owner, key, { ...descriptor, get(this: unknown) {
      const value = apply(get, this, []);
      return value && (value as Window).window === value ? judged(value as Window) : value;
    } });
    undoLater(() => Object.defineProperty(owner, key, descriptor));
  }
  patch(view.MessagePort.prototype, 'postMessage', (original) => function (this: MessagePort, data: unknown, transfer?: unknown) {
    if (!(armed() && refuses(data))) apply(original, this, arguments);
  });
}

/** Whether this page may reach into a window (same origin): its own handlers are watched there. */
function reachable(target: Window): boolean {
  try {
    return !!target.document;
  } catch {
    return false;
  }
}
