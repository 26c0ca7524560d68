import { layoutParent, scrollInstantly, scrollParents, visibleBox } from './scroll-containers.js';

/** Space kept between a pinned header and the element brought out from under it. */
const HEADER_GAP = 8;

export interface RevealOptions {
  /** Leave the page where it is when the element is already fully in view and uncovered. */
  onlyIfNeeded?: boolean;
}

/**
 * Scrolls `element` into view, clear of fixed headers at the top of the viewport and of sticky
 * headers at the top of its scroll container. Elements up to half the visible height are centred;
 * taller ones are aligned to the top, so their beginning is what the visitor sees.
 * Returns whether anything scrolled.
 */
export function revealElement(element: Element, { onlyIfNeeded = false }: RevealOptions = {}): boolean {
  if (onlyIfNeeded && inClearView(element)) return false;
  const positions = scrollParents(element).map((scroller) => scroller.scrollTop);
  const rect = element.getBoundingClientRect();
  const box = visibleBox(element);
  const block: ScrollLogicalPosition = rect.height <= (box.bottom - box.top) / 2 ? 'center' : 'start';
  scrollInstantly((behavior) => element.scrollIntoView({ block, inline: 'nearest', behavior }));
  // Each pass uncovers the element from one header; nested sticky headers may need a second look.
  for (let pass = 0; pass < 3; pass++) {
    const cover = headerCovering(element);
    if (!cover) break;
    const shift = cover.bottom + HEADER_GAP - element.getBoundingClientRect().top;
    if (!scrollUpBy(cover.scrollers, shift)) break;
  }
  return scrollParents(element).some((scroller, index) => Math.abs(scroller.scrollTop - (positions[index] ?? 0)) > 0.5);
}

/** True when the element's top edge and as much of it as fits are visible, with no header over it. */
function inClearView(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  if (!rect.width && !rect.height) return false;
  const box = visibleBox(element);
  const fits = rect.height <= box.bottom - box.top;
  const visible = rect.top >= box.top && (fits ? rect.bottom <= box.bottom : rect.top < box.bottom) && rect.left < box.right && rect.right > box.left;
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
  const rect = element.getBoundingClientRect();
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
    if (!pinned || pinned.getBoundingClientRect().top > rect.top) continue;
    const bottom = pinned.getBoundingClientRect().bottom;
    const parents = scrollParents(element);
    const page = parents.at(-1)!;
    if (getComputedStyle(pinned).position === 'fixed') return { bottom, scrollers: [page, ...parents.slice(0, -1)] };
    // A sticky header pins to its own scroll container: move that one first.
    const own = scrollParents(pinned)[0]!;
    return { bottom, scrollers: [own, ...parents.filter((parent) => parent !== own)] };
  }
  return undefined;
}

/** Scrolls the first container that has room by `shift` pixels toward the top; false if none could. */
function scrollUpBy(scrollers: Element[], shift: number): boolean {
  for (const scroller of scrollers) {
    if (scroller.scrollTop < 1) continue;
    scrollInstantly((behavior) => scroller.scrollBy({ top: -shift, behavior }));
    return true;
  }
  return false;
}

/** The hit element is the target, inside it, or one of its ancestors (a transparent wrapper). */
function related(hit: Element, element: Element): boolean {
  for (let node: Element | null = element; node; node = layoutParent(node)) if (node === hit) return true;
  for (let node: Element | null = hit; node; node = layoutParent(node)) if (node === element) return true;
  return false;
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
    const { top, bottom, left, right, width, height } = at.getBoundingClientRect();
    const view = at.ownerDocument.defaultView!;
    if (!(width || height) || bottom <= 0 || right <= 0 || top >= view.innerHeight || left >= view.innerWidth) return false;
  }
  return true;
}
