import type { Effect } from './effect.js';

/**
 * Judges an effect again at the end of its event's dispatch on `nodes` (the element clicked, the
 * link, the form): a page handler that re-points a link's `href` or a form's `action` after the
 * guard's capture-phase listener judged it would otherwise have the engine follow the new address
 * unjudged wherever no Navigation API `navigate` event stops it (WebKit). Our listeners are added
 * during the dispatch, so each runs after the page's own on its node; `allows` decides (and holds
 * or refuses) the new destination, and the event is cancelled unless it is let through.
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
