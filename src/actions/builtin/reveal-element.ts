import { rectOf } from '../../dom/platform.js';
import { besideBox, clearBand, related, type Band } from './clear-band.js';
import { layoutParent, scrollInstantly, scrollParents, visibleBox } from './scroll-containers.js';

/** Space kept between a pinned header and the element brought out from under it. */
const HEADER_GAP = 8;

export interface RevealOptions {
  /** Leave the page where it is when the element is already fully in view and uncovered. */
  onlyIfNeeded?: boolean;
}

/**
 * Scrolls `element` into the clear band of the viewport (see {@link clearBand}: clear of pinned
 * headers and footers and of the agent's own bar, prompt and launcher), and clear of sticky
 * headers at the top of its scroll container. Elements up to half the band's height are centred
 * in it; taller ones start at its top, so their beginning is what the visitor sees.
 * Returns whether anything scrolled.
 */
export function revealElement(element: Element, { onlyIfNeeded = false }: RevealOptions = {}): boolean {
  let band = clearBand(element);
  if (onlyIfNeeded && inClearView(element, band)) return false;
  const parents = scrollParents(element);
  const positions = parents.map((scroller) => scroller.scrollTop);
  const view = element.ownerDocument.defaultView?.visualViewport;
  const seen = view?.offsetTop;
  // The browser brings it into each scrolling area it sits in; then the page puts it in the band.
  scrollInstantly((behavior) => element.scrollIntoView({ block: 'center', inline: 'nearest', behavior }));
  // When the visual viewport is smaller than the layout one (keyboard, zoom), that may have moved it.
  if (view?.offsetTop !== seen) band = clearBand(element);
  scrollIntoBand(element, band, parents);
  // Each pass uncovers the element from one header; nested sticky headers may need a second look.
  for (let pass = 0; pass < 3; pass++) {
    const cover = headerCovering(element);
    if (!cover) break;
    const shift = cover.bottom + HEADER_GAP - rectOf(element).top;
    if (!scrollDownBy(cover.scrollers, -shift)) break;
  }
  return parents.some((scroller, index) => Math.abs(scroller.scrollTop - (positions[index] ?? 0)) > 0.5);
}

/** Scrolls the element's containers so that it lies in `band`: centred when it takes up to half of it, else from its top. */
function scrollIntoBand(element: Element, band: Band, parents = scrollParents(element)): void {
  const rect = rectOf(element);
  const box = visibleBox(element);
  const top = Math.max(band.top, box.top);
  const room = Math.min(band.bottom, box.bottom) - top;
  const wanted = rect.height <= room / 2 ? top + (room - rect.height) / 2 : top + HEADER_GAP;
  scrollDownBy([...parents].reverse(), rect.top - wanted);
}

/**
 * Keeps `element` in `band` (taken with {@link clearBand}) and off `cover`: our own UI, drawn where
 * hit-testing cannot find it (a modal dialog leaves the page inert to `elementFromPoint`), measured
 * as it renders, `drift` px below where it comes to rest (a slide-in under way). Scrolls, from rects
 * alone, only when the element is not already in what `cover` leaves of the band (its top, when it
 * is taller than that); where the page cannot scroll far enough it stays where it can, and the UI
 * steps to the other edge (BarPlacement).
 */
export function revealBeside(element: Element, band: Band, cover: DOMRect, drift = 0): void {
  const rect = rectOf(element);
  const free = { ...band };
  // A cover beside the element, not above or below it, leaves the whole band.
  if (rect.left < cover.right && rect.right > cover.left) besideBox(free, { top: cover.top - drift - HEADER_GAP, bottom: cover.bottom - drift + HEADER_GAP });
  const room = free.bottom - free.top;
  if (room > 0 && (rect.top < free.top || Math.min(rect.bottom, rect.top + room) > free.bottom)) scrollIntoBand(element, free);
}

/** True when the element's top edge and as much of it as fits are in the clear band, with no header over it. */
function inClearView(element: Element, band: Band): boolean {
  const rect = rectOf(element);
  if (!rect.width && !rect.height) return false;
  const box = visibleBox(element);
  const top = Math.max(box.top, band.top);
  const bottom = Math.min(box.bottom, band.bottom);
  const fits = rect.height <= bottom - top;
  const visible = rect.top >= top && (fits ? rect.bottom <= bottom : rect.top < bottom) && rect.left < box.right && rect.right > box.left;
  return visible && !headerCovering(element);
}

interface Cover {
  /** Bottom edge of the pinned element lying over the target's top edge. */
  bottom: number;
  /** Which containers can move the target out from under it, best first. */
  scrollers: Element[];
}

/**
 * The fixed or sticky element lying over `element`'s top edge, found by hit-testing a few points of
 * that edge. Ordinary overlaps (a dropdown, a modal) are not headers and are left alone.
 */
function headerCovering(element: Element): Cover | undefined {
  const rect = rectOf(element);
  const box = visibleBox(element);
  const y = Math.max(rect.top, box.top) + 1;
  if (y >= Math.min(rect.bottom, box.bottom)) return undefined;
  const left = Math.max(rect.left, box.left);
  const right = Math.min(rect.right, box.right);
  const document = element.ownerDocument;
  for (const fraction of [0.5, 0.15, 0.85]) {
    const hit = document.elementFromPoint(left + (right - left) * fraction, y);
    if (!hit || related(hit, element)) continue;
    const pinned = pinnedAncestor(hit);
    const pinnedBox = pinned && rectOf(pinned);
    if (!pinned || !pinnedBox || pinnedBox.top > rect.top) continue;
    const { bottom } = pinnedBox;
    const parents = scrollParents(element);
    const page = parents.at(-1)!;
    if (getComputedStyle(pinned).position === 'fixed') return { bottom, scrollers: [page, ...parents.slice(0, -1)] };
    // A sticky header pins to its own scroll container: move that one first.
    const own = scrollParents(pinned)[0]!;
    return { bottom, scrollers: [own, ...parents.filter((parent) => parent !== own)] };
  }
  return undefined;
}

/**
 * Scrolls the containers, in order, until together they moved `shift` pixels (down when positive):
 * one that hits its end hands the rest to the next. False when none moved.
 */
function scrollDownBy(scrollers: Element[], shift: number): boolean {
  let moved = false;
  for (const scroller of scrollers) {
    if (Math.abs(shift) < 1) break;
    const before = scroller.scrollTop;
    scrollInstantly((behavior) => scroller.scrollBy({ top: shift, behavior }));
    const step = scroller.scrollTop - before;
    moved ||= Math.abs(step) > 0.5;
    shift -= step;
  }
  return moved;
}

function pinnedAncestor(start: Element): Element | undefined {
  for (let node: Element | null = start; node; node = layoutParent(node)) {
    const { position } = getComputedStyle(node);
    if (position === 'fixed' || position === 'sticky') return node;
  }
  return undefined;
}

/**
 * Brings what a question is about into the visitor's view (and the frames around it into the
 * page's): true when it then has a box on screen. Nothing is asked about what cannot be seen.
 */
export function showForQuestion(element: Element): boolean {
  for (let at: Element | null | undefined = element; at; at = at.ownerDocument.defaultView?.frameElement) {
    revealElement(at, { onlyIfNeeded: true });
    const { top, bottom, left, right, width, height } = rectOf(at);
    const view = at.ownerDocument.defaultView!;
    if (!(width || height) || bottom <= 0 || right <= 0 || top >= view.innerHeight || left >= view.innerWidth) return false;
  }
  return true;
}
