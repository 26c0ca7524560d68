import type { Effect } from './effect.js';
import type { Patch } from './markup-loads.js';
import { apply, listen, own } from '../dom/platform.js';

// The second look at each event the guard let through, by the event: run when the page stops it.
const pending = new WeakMap<Event, () => void>();

/**
 * Judges an effect again after the page's own listeners ran: a handler may re-point a link's
 * `href` or a form's `action`. Ours go on every node the event passes, in both phases, added
 * during the dispatch, so on each node they run after the page's: a handler that stops the
 * event's way on (`stopPropagation()`, `cancelBubble = true`), before or after it re-points, still
 * lets the listeners after it on its own node run.
 */
export function judgeAgain(event: Event, judged: Effect, now: () => Effect | undefined, allows: (effect: Effect) => boolean): void {
  let last = judged.url;
  const again = () => {
    const effect = own(event, 'Event.defaultPrevented') ? undefined : now();
    if (!effect || effect.url === last) return;
    last = effect.url;
    if (!allows(effect)) own(event, 'Event.preventDefault');
  };
  pending.set(event, again);
  for (const node of own<EventTarget[]>(event, 'Event.composedPath')) {
    for (const capture of [true, false]) {
      const stop = listen(node, event.type, (late) => {
        stop();
        if (late === event) again();
      }, capture);
    }
  }
}

/**
 * `stopImmediatePropagation()` keeps even the listeners after it on its own node from running,
 * ours included: the second look then runs at that call, after what the handler changed so far.
 */
export function judgeWhenStopped(view: Window & typeof globalThis, patch: Patch): void {
  patch(view.Event.prototype, 'stopImmediatePropagation', (original) => function (this: Event) {
    pending.get(this)?.();
    return apply(original, this, []);
  });
}
