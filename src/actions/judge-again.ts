import type { Effect } from './effect.js';
import type { Patch } from './markup-loads.js';

// The second look at each event the guard let through, by the event: run when the page stops it.
const pending = new WeakMap<Event, () => void>();

/**
 * Judges an effect again after the page's own listeners on `nodes` ran (ours are added during the
 * dispatch, so they run last): a handler may re-point a link's `href` or a form's `action`.
 */
export function judgeAgain(nodes: EventTarget[], event: Event, judged: Effect, now: () => Effect | undefined, allows: (effect: Effect) => boolean): void {
  let last = judged.url;
  const again = () => {
    const effect = event.defaultPrevented ? undefined : now();
    if (!effect || effect.url === last) return;
    last = effect.url;
    if (!allows(effect)) event.preventDefault();
  };
  pending.set(event, again);
  for (const node of new Set(nodes)) {
    const check = (late: Event) => {
      node.removeEventListener(event.type, check);
      if (late === event) again();
    };
    node.addEventListener(event.type, check);
  }
}

/**
 * A handler that stops the event keeps the listeners after it from running, ours included
 * (`stopImmediatePropagation()` on its element; `stopPropagation()` or the legacy
 * `cancelBubble = true` on one between the target and the link): the second look then runs at
 * that call, after what the handler changed so far.
 */
export function judgeWhenStopped(view: Window & typeof globalThis, patch: Patch, undoLater: (undo: () => void) => void): void {
  const Event_ = view.Event.prototype;
  for (const key of ['stopImmediatePropagation', 'stopPropagation'] as const) {
    patch(Event_, key, (original) => function (this: Event) {
      pending.get(this)?.();
      return original.call(this);
    });
  }
  const cancel = Object.getOwnPropertyDescriptor(Event_, 'cancelBubble')!;
  Object.defineProperty(Event_, 'cancelBubble', { ...cancel, set(this: Event, value: boolean) {
    if (value) pending.get(this)?.();
    cancel.set!.call(this, value);
  } });
  undoLater(() => Object.defineProperty(Event_, 'cancelBubble', cancel));
}
