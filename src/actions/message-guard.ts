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
 * A same-origin window reached by these handles (or a frame's `contentDocument`) is handed to
 * `adopt`, which watches it as this one (a handler's fresh frame brings untouched built-ins).
 */
export function watchMessages(view: Window & typeof globalThis, patch: Patch, undoLater: (undo: () => void) => void, adopt: (view: Window) => void, refuses: (data: unknown, origin?: string) => boolean, armed: () => boolean): void {
  const proxies = new WeakMap<Window, Window>();
  const post = (target: Window) => (data: unknown, options?: string | WindowPostMessageOptions, transfer?: Transferable[]) => {
    const origin = typeof options === 'string' ? options : options?.targetOrigin ?? '/';
    // '/' is this page's origin, which a cross-origin window is not: the browser delivers nothing.
    if (!(armed() && origin !== '/' && refuses(data, origin === '*' ? undefined : origin))) {
      target.postMessage(data, options as string, transfer);
    }
  };
  const judged = (target: Window | null) => {
    if (!target || !armed()) return target;
    if (reachable(target)) return (adopt(target), target);
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
    [view.HTMLIFrameElement?.prototype, 'contentDocument'], [view.HTMLFrameElement?.prototype, 'contentDocument'], [view.HTMLObjectElement?.prototype, 'contentDocument'],
  ];
  for (const [owner, key] of getters) {
    const descriptor = owner && Object.getOwnPropertyDescriptor(owner, key);
    const get = descriptor?.get;
    if (!descriptor?.configurable || !get) continue;
    Object.defineProperty(owner, key, { ...descriptor, get(this: unknown) {
      const value = apply(get, this, []);
      if (value && (value as Window).window === value) return judged(value as Window);
      // A frame's document: its window is this page's to reach, and watched.
      if (value && armed() && (value as Document).defaultView) adopt((value as Document).defaultView!);
      return value;
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
