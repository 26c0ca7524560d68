import { PLAIN_PAINT, type Paint } from './paint-effects.js';
import type { Clip, Viewport } from './visibility.js';

/** What a node inherits from where it sits; one per visited element, handed to its children. */
export interface Scope {
  view: Window;
  frame: Viewport;
  /** Translation from this frame's viewport to the top one. */
  offsetX: number;
  offsetY: number;
  redacted: boolean;
  inInteractive: boolean;
  inEditable: boolean;
  /** The parent's cursor is `pointer`: the cursor heuristic only fires where pointer starts. */
  pointer: boolean;
  /** Whether text nodes directly under the parent are shown (its own `visibility`). */
  textVisible: boolean;
  /** Image alt text counts as text inside links, buttons and headings. */
  altText: boolean;
  /** The nearest box around the current text: text nodes have no box of their own to read. */
  textBox: Element;
  /** Nearest `overflow: hidden` box (frame coordinates), and whether absolute boxes below are inside it. */
  clip: Clip | null;
  clipContained: boolean;
  /** The element whose overflow set `clip`: it is marked `clipped` when content inside is cut away. */
  clipOwner: Element | null;
  /** The parent is a list whose clicks script handles as a whole: each child is a target. */
  itemsClickable: boolean;
  /** Inside a data table: `<tr>` becomes a row line. */
  tableRows: boolean;
  /**
   * Inside `aria-hidden="true"`: hidden from assistive tech but still painted, so its text is left
   * out while a focusable control in it, which a user can still see, tab to and click, keeps its line.
   */
  ariaHidden: boolean;
  /**
   * The parent's own box lies outside the clip: text and inline content there are cut away, but
   * blocks that overflow it (floats in a collapsed container) are tested on their own boxes.
   */
  boxHidden: boolean;
  /** What opacity, filters, masks and clip-paths around do to what is painted here. */
  paint: Paint;
  /** Inside a scroll container: content out of sight may be scrolled into view, even left of the page. */
  scrolls: boolean;
}

/** The scope at the top of a document: the page's, or a same-origin frame's (offsets set by the caller). */
export function documentScope(view: Window, textBox: Element, redacted: boolean): Scope {
  return {
    view,
    frame: { width: view.innerWidth, height: view.innerHeight, scrollX: view.scrollX, scrollY: view.scrollY },
    offsetX: 0, offsetY: 0, redacted,
    inInteractive: false, inEditable: false, pointer: false, textVisible: true, altText: false,
    textBox, clip: null, clipContained: false, clipOwner: null, itemsClickable: false, tableRows: false, ariaHidden: false, boxHidden: false, paint: PLAIN_PAINT, scrolls: false,
  };
}

/** The parent's scope, reused as is when nothing inherited changes (the common case). */
export function inheritScope(scope: Scope, redacted: boolean, textVisible: boolean, pointer: boolean, ariaHidden: boolean, paint = scope.paint): Scope {
  if (scope.redacted === redacted && scope.textVisible === textVisible && scope.pointer === pointer && scope.ariaHidden === ariaHidden && scope.paint === paint) {
    return scope;
  }
  return { ...scope, redacted, textVisible, pointer, ariaHidden, paint };
}
