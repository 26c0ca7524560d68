import { listen } from './platform.js';

/**
 * A count that moves whenever what is painted may have changed: the one thing a snapshot checks
 * before it reuses a paint-dependent answer (a hit test) from an earlier one. It moves on any DOM
 * mutation (a MutationObserver on each document and open shadow root the walk entered, its pending
 * records taken synchronously, so a change made a moment before the snapshot counts), on a change
 * of the top viewport's size, scroll or zoom (compared, not awaited), on the events that change
 * what is painted without touching the DOM (scrolling inside the page or a frame, hover, focus,
 * input, toggles, loads of images and fonts), and it never holds still while an animation runs.
 * Rules a script edits through the CSSOM are seen as the ghost list reads the sheets (ghost-boxes.ts),
 * which a snapshot does first. Not seen: a script that sets a control's `checked` without an
 * event or changes a closed shadow root, nor a box scrolled by script before its scroll event
 * (the next frame); a cover answer is also keyed by the text's own points, read fresh each time.
 * forgetPaint drops everything kept.
 */

// Events, listened to in the capture phase on each window and open shadow root the walk entered
// (scroll does not bubble; events inside a shadow root that are not composed stop at it). A
// transition or animation needs none: a mutation or one of these started it, and while it runs
// getAnimations says so.
const PAINT_EVENTS = 'scroll resize pointerover pointerout pointerdown pointerup focusin focusout input change keydown toggle load error hashchange reset'.split(' ');

let generation = 0;
const watched = new WeakSet<Node>();
// One observer for every root: takeRecords then sees them all at once.
let observer: MutationObserver | undefined;
let viewport = '';
const bump = (): void => {
  generation += 1;
};

/** Starts watching `root` (a document or an open shadow root the walk enters) for changes. */
export function watchPaint(root: Document | ShadowRoot): void {
  if (watched.has(root)) return;
  watched.add(root);
  observer ??= new MutationObserver(bump);
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  const target: EventTarget = root.nodeType === Node.DOCUMENT_NODE ? ((root as Document).defaultView ?? root) : root;
  for (const type of PAINT_EVENTS) listen(target, type, bump, { capture: true, passive: true });
  const fonts = root.nodeType === Node.DOCUMENT_NODE ? (root as Document).fonts : undefined;
  if (fonts) listen(fonts, 'loadingdone', bump);
  // What is painted can change without any of the above moving: bump once so nothing from before counts.
  bump();
}

/**
 * The generation as of now, for the page `view` shows: mutations not yet delivered, a viewport
 * that moved, and running animations are taken into account first.
 */
export function paintGeneration(view: Window): number {
  if (observer?.takeRecords().length) bump();
  const now = `${view.innerWidth} ${view.innerHeight} ${view.scrollX} ${view.scrollY} ${view.devicePixelRatio}`;
  if (now !== viewport) {
    viewport = now;
    bump();
  }
  if (view.document.getAnimations?.().length) bump();
  return generation;
}

/** The generation right now, without the checks of paintGeneration (which a snapshot made when it started and after each pause). */
export function currentGeneration(): number {
  return generation;
}

/** Drops every paint-dependent answer kept so far. */
export function forgetPaint(): void {
  bump();
}

/** Whether two sets of excluded elements are the same: an answer kept for one counts for the other. */
export function sameElements(a: ReadonlySet<Element>, b: ReadonlySet<Element>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const el of a) if (!b.has(el)) return false;
  return true;
}
