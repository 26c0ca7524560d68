import type { Effect } from './effect.js';

/**
 * Judges an effect again after the page's own listeners on `nodes` ran (ours are added during the
 * dispatch, so they run last): a handler may re-point a link's `href` or a form's `action`.
 */
export function judgeAgain(nodes: EventTarget[], event: Event, judged: Effect, now: () => Effect | undefined, allows: (effect: Effect) => boolean): void {
  let last = judged.url;
  for (const node of new Set(nodes)) {
    const check = (late: Event) => {
      node.removeEventListener(event.type, check);
      const effect = late === event && !late.defaultPrevented ? now() : undefined;
      if (!effect || effect.url === last) return;
      last = effect.url;
      if (!allows(effect)) late.preventDefault();
    };
    node.addEventListener(event.type, check);
  }
}
