import type { Walk } from './collect.js';
import { currentGeneration, watchPaint } from './page-generation.js';
import { elementAt, rectOf } from './platform.js';
import { FOCUSABLE_SELECTOR } from './widget-state.js';

/** Top and bottom edge of the part of the page a capped dump can reach, in top-viewport coordinates. */
export interface Band {
  top: number;
  bottom: number;
}

/** What a banded walk left out, by where: about the lines it would have made (one per focusable, at least one per subtree). */
export interface LeftOut {
  above: number;
  below: number;
}

// Past this many children a subtree left out is counted by the focusables it holds, not as one line.
const COUNTED_BY_FOCUSABLES = 8;

/**
 * The part of the page a capped walk covers: a subtree whose box lies wholly outside the band is
 * counted, not walked, unless it holds an element painted on the screen (`pinned`), wherever its
 * ancestors' boxes are. No style is read to decide.
 */
export class WalkBand {
  readonly leftOut: LeftOut = { above: 0, below: 0 };
  /** The last element left out below the band. */
  lastBelow: Element | null = null;
  readonly #band: Band;
  readonly #pinned: ReadonlySet<Element>;

  /** `pinned`: what is painted on the screen, with its ancestors (paintedOnScreen). */
  constructor(band: Band, pinned: ReadonlySet<Element>) {
    this.#band = band;
    this.#pinned = pinned;
  }

  /**
   * The box of `el` (`offsetY` takes its frame's coordinates to the top's) when it lies wholly
   * outside the band, with what overflows it downwards, and is counted; else undefined. A box with
   * no area (display: none or contents, an empty wrapper) is never outside: it is walked as usual.
   */
  leaves(el: Element, offsetY: number): DOMRect | undefined {
    const rect = rectOf(el);
    if (rect.width === 0 && rect.height === 0) return undefined;
    const top = rect.top + offsetY;
    // Floats and other content can overflow a box that does not grow with it (a collapsed container).
    const above = top + Math.max(rect.height, (el as HTMLElement).scrollHeight || 0) < this.#band.top;
    if ((!above && top <= this.#band.bottom) || this.#pinned.has(el)) return undefined;
    const lines = el.childElementCount > COUNTED_BY_FOCUSABLES ? Math.max(1, el.querySelectorAll(FOCUSABLE_SELECTOR).length) : 1;
    if (above) this.leftOut.above += lines;
    else {
      this.leftOut.below += lines;
      this.lastBelow = el;
    }
    return rect;
  }

  /**
   * After `from` was left out below the band, when its parent's last child is below it too, the
   * siblings between are taken to be below as well and counted without a box read each (a long
   * table or list costs what its part near the screen costs). Returns where the walk goes on: the
   * next sibling painted on the screen, or none.
   */
  skipBelow(from: Element, offsetY: number, index: number): Node | null {
    const parent = from.parentNode as ParentNode | null;
    const last = parent?.lastElementChild;
    if (!last || last === from || rectOf(last).top + offsetY <= this.#band.bottom) return from.nextSibling;
    // `from` is the index-th element child: all after it are below, unless one is painted on the
    // screen (pinned, a few elements, where the siblings may be thousands): then up to that one.
    for (const el of this.#pinned) {
      if (el.parentNode === parent && from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) {
        for (let node = from.nextElementSibling; node; node = node.nextElementSibling) {
          if (this.#pinned.has(node)) return node;
          this.leftOut.below += 1;
        }
      }
    }
    // `children` is a collection the engine keeps, with its length, until the children change:
    // childElementCount counts them again on every call.
    this.leftOut.below += parent!.children.length - index - 1;
    return null;
  }
}

// Spacing of the hit tests that find what is painted on the screen, in CSS pixels.
const HIT_GRID = 160;

/**
 * Elements painted on the screen, and their ancestors (through shadow roots), found by hit tests
 * on a grid: a fixed toast or an absolutely placed menu inside a subtree whose own box is far from
 * the screen is still walked by a banded walk. A step, asking `due` after each hit test: on a large
 * page one hit test can cost milliseconds (Chromium walks a long table's rows to answer it), and
 * the grid holds dozens.
 */
export function* paintedOnScreen(doc: Document, viewportHeight: number, due?: () => boolean): Walk<ReadonlySet<Element>> {
  // Kept until anything painted may have changed: each hit test costs what the page holds.
  const generation = currentGeneration();
  const known = pinnedOnScreen.get(doc);
  if (known?.generation === generation) return known.pinned;
  const pinned = new Set<Element>();
  const width = doc.defaultView?.innerWidth ?? 0;
  for (let y = HIT_GRID / 2; y < viewportHeight; y += HIT_GRID) {
    for (let x = HIT_GRID / 2; x < width; x += HIT_GRID) {
      if (due?.()) yield;
      let root: Document | ShadowRoot = doc;
      let hit = elementAt(root, x, y);
      // Into open shadow roots, down to the element actually painted there; each root once, so an
      // engine whose shadow-root hit test answers with an element outside the root cannot loop us.
      const entered = new Set<ShadowRoot>();
      while (hit?.shadowRoot && !entered.has(hit.shadowRoot)) {
        root = hit.shadowRoot;
        entered.add(root);
        watchPaint(root);
        const inner = elementAt(root, x, y);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      for (let node: Node | null = hit; node && !pinned.has(node as Element); ) {
        if (node.nodeType === Node.ELEMENT_NODE) pinned.add(node as Element);
        node = (node as Element).assignedSlot ?? node.parentNode ?? null;
        if (node?.nodeType === Node.DOCUMENT_FRAGMENT_NODE) node = (node as ShadowRoot).host;
      }
    }
  }
  pinnedOnScreen.set(doc, { generation, pinned });
  return pinned;
}

const pinnedOnScreen = new WeakMap<Document, { generation: number; pinned: ReadonlySet<Element> }>();
