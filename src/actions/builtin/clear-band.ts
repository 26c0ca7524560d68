import { rectOf } from '../../dom/platform.js';
import { layoutParent } from './scroll-containers.js';

/** How far into the viewport, from the top and from the bottom, pinned boxes are looked for. */
const EDGE_ZONE = 0.4;
/** Rows of the edge zones hit-tested: close enough that no bar or button fits between two rows. */
const ROW_STEP = 20;
/** Columns hit-tested, as fractions of the width: the corners hold launchers and chat buttons. */
const COLUMNS = [0.02, 0.1, 0.25, 0.5, 0.75, 0.9, 0.98];
/** A pinned box taller than this share of the viewport is the page's frame (a sidebar), not an edge. */
const MAX_EDGE_SHARE = 0.5;
/** Below this height, the band is too small to show anything: the viewport is used as it is. */
const MIN_BAND = 80;

/** A horizontal strip of the viewport, in its window's CSS pixels. */
export interface Band {
  top: number;
  bottom: number;
}

/**
 * The strip of `element`'s viewport that nothing pinned lies over: the viewport (as far as an
 * on-screen keyboard leaves it) minus the fixed boxes, and the boxes stuck to the page by
 * `position: sticky`, that lie along its top and bottom edges. They are found by hit-testing the
 * edge zones, into open shadow roots, so whatever is painted there counts, whoever drew it: the
 * page's headers, footers and cookie banners, and the agent's own bar, prompt and launcher.
 * Boxes that hold the element, or are held by it, do not count: they move with it.
 */
export function clearBand(element: Element): Band {
  const document = element.ownerDocument;
  const view = document.defaultView!;
  const height = document.documentElement.clientHeight;
  const width = document.documentElement.clientWidth;
  const keyboard = view.visualViewport;
  // What the visitor sees: a keyboard (or zoom) shrinks the visual viewport, Safari scrolls it down.
  const band: Band = { top: keyboard?.offsetTop ?? 0, bottom: Math.min(height, keyboard ? keyboard.offsetTop + keyboard.height : height) };
  const pinned = new Map<Element, Element | undefined>();
  const counted = new Set<Element>();
  // Rows along the edges of what the visitor sees: with a keyboard open, what is lifted above the keys
  // stands on the visible bottom edge, far above the layout viewport's, and is a bottom box all the same.
  const { top, bottom } = band;
  const zone = Math.round((bottom - top) * EDGE_ZONE);
  const rows: number[] = [];
  for (let y = 1; y < zone; y += ROW_STEP) rows.push(top + y, bottom - y);
  for (const y of rows) {
    for (const fraction of COLUMNS) {
      const box = pinnedBoxAt(document, width * fraction, y, pinned);
      if (!box || counted.has(box)) continue;
      counted.add(box);
      if (related(box, element)) continue;
      const rect = rectOf(box);
      if (rect.height <= height * MAX_EDGE_SHARE) besideBox(band, rect, top + bottom);
    }
  }
  return band.bottom - band.top < MIN_BAND ? { top: 0, bottom: height } : band;
}

/**
 * Narrows `band` to what `box` leaves of it: below a box in its upper half, above one in its lower
 * half. `middle2` is twice the middle line the halves are told by (the band's own by default).
 */
export function besideBox(band: Band, box: Band, middle2 = band.top + band.bottom): Band {
  if (box.top + box.bottom < middle2) band.top = Math.max(band.top, box.bottom);
  else band.bottom = Math.min(band.bottom, box.top);
  return band;
}

/** The pinned box painted topmost at (x, y), looking into open shadow roots; memoised per hit. */
function pinnedBoxAt(document: Document, x: number, y: number, memo: Map<Element, Element | undefined>): Element | undefined {
  let hit = document.elementFromPoint(x, y);
  // Down through open shadow roots, each at most once: a shadow root's hit test may answer with an
  // element outside it, and following that back and forth would never end.
  const seen = new Set<Element>();
  for (let inner = hit?.shadowRoot?.elementFromPoint(x, y); hit && inner && !seen.has(inner); inner = inner.shadowRoot?.elementFromPoint(x, y)) {
    seen.add(hit);
    if (inner === hit) break;
    hit = inner;
  }
  if (!hit) return undefined;
  if (!memo.has(hit)) memo.set(hit, pinnedToViewport(hit));
  return memo.get(hit);
}

/** The nearest fixed ancestor, or sticky one that sticks to the page (inner ones scroll away with their area). */
function pinnedToViewport(start: Element): Element | undefined {
  const page = start.ownerDocument.scrollingElement;
  for (let node: Element | null = start; node; node = layoutParent(node)) {
    const { position } = getComputedStyle(node);
    if (position === 'fixed') return node;
    if (position === 'sticky') return stickyToPage(node, page) ? node : undefined;
  }
  return undefined;
}

function stickyToPage(sticky: Element, page: Element | null): boolean {
  for (let node = layoutParent(sticky); node && node !== page && node !== sticky.ownerDocument.body; node = layoutParent(node)) {
    const { overflowY, display } = getComputedStyle(node);
    if (display !== 'contents' && overflowY !== 'visible') return false;
  }
  return true;
}

/** One of the two holds the other in the flat tree. */
export function related(one: Element, other: Element): boolean {
  for (let node: Element | null = other; node; node = layoutParent(node)) if (node === one) return true;
  for (let node: Element | null = one; node; node = layoutParent(node)) if (node === other) return true;
  return false;
}
