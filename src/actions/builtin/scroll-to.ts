import { describeElement } from '../../dom/describe-element.js';
import type { ActionContext } from '../define-action.js';
import { failed, succeeded, type ActionResult } from '../action-result.js';
import { settle } from './page-effects.js';
import { isElement } from './element-kinds.js';
import { revealElement } from './reveal-element.js';
import { describeScrollPosition, mainScroller, scrollInstantly, scrollParents, scrollerName, scrollsVertically } from './scroll-containers.js';

/** How much of a screen one "up"/"down" moves: the rest stays in view, so a reader keeps their place. */
const SCREEN_FRACTION = 0.85;

interface ScrollParams {
  selector?: string;
  direction?: 'up' | 'down' | 'top' | 'bottom';
  container?: string;
}

export async function scrollTo({ selector, direction, container }: ScrollParams, context: ActionContext): Promise<ActionResult> {
  if (selector && direction) return failed('invalid-arguments', 'Give either selector or direction, not both.');
  if (selector) return scrollToElement(selector, context);
  if (direction) return scrollInDirection(direction, container, context);
  return failed('invalid-arguments', 'Give selector or direction.');
}

async function scrollToElement(selector: string, context: ActionContext): Promise<ActionResult> {
  const target = context.resolveTarget(selector);
  if (!isElement(target)) return target;
  const label = describeElement(target);
  if (!target.getClientRects().length) return failed('hidden', `${label} is not displayed, so it cannot be scrolled into view.`);
  const moved = revealElement(target);
  await settle(context.signal);
  // Where the view is now: the element's own scrolling area first, then the page around it.
  const positions = scrollParents(target)
    .filter(scrollsVertically)
    .slice(0, 2)
    .map((scroller) => `${scrollerName(scroller, describeElement)}: ${describeScrollPosition(scroller)}`);
  const where = positions.length ? positions.join('; ') : 'nothing on the page scrolls';
  return succeeded(`${moved ? 'Scrolled' : 'Already in view, nothing moved:'} ${label} is visible (${where}).`);
}

async function scrollInDirection(direction: 'up' | 'down' | 'top' | 'bottom', container: string | undefined, context: ActionContext): Promise<ActionResult> {
  let scroller: Element;
  if (container) {
    const named = context.resolveTarget(container);
    if (!isElement(named)) return named;
    // The model may name an element inside the scrolling area (an item of the list): use that area.
    scroller = scrollsVertically(named) ? named : scrollParents(named)[0]!;
  } else {
    scroller = mainScroller();
  }
  const name = scrollerName(scroller, describeElement);
  if (!scrollsVertically(scroller)) return succeeded(`${capitalise(name)} does not scroll: everything in it is already in view.`);
  const before = scroller.scrollTop;
  const room = scroller.scrollHeight - scroller.clientHeight;
  const step = Math.round(scroller.clientHeight * SCREEN_FRACTION);
  const top = direction === 'top' ? 0 : direction === 'bottom' ? room : before + (direction === 'down' ? step : -step);
  scrollInstantly((behavior) => scroller.scrollTo({ top: Math.max(0, Math.min(room, top)), behavior }));
  // Lazy lists load more as they near the end: report the position once they had a moment.
  await settle(context.signal);
  const position = describeScrollPosition(scroller);
  if (Math.abs(scroller.scrollTop - before) < 1) {
    const edge = direction === 'up' || direction === 'top' ? 'top' : 'bottom';
    return succeeded(`${capitalise(name)} is already at the ${edge}; nothing moved (${position}).`);
  }
  return succeeded(`Scrolled ${name} ${direction === 'top' || direction === 'bottom' ? `to the ${direction}` : direction}: now ${position}.`);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
