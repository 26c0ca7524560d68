import { overflowClip as clippingArea, rectOf, zoomOf, type ClipBox as Box } from '../../dom/platform.js';

export type { Box };

/** Where a target is, in the pixels of the viewport our overlay layer covers. */
export interface TargetGeometry {
  /** The target's border box. */
  rect: Box;
  /** The part of the viewport in which the target can be seen at all (its clipping ancestors). */
  area: Box;
}

/**
 * Measures `element` for the overlay, including elements inside same-origin iframes: their boxes
 * are shifted by each frame's position, and each frame's content box clips them like a scroll
 * container would.
 */
export function measureTarget(element: Element): TargetGeometry {
  // In the page's space (src/dom/platform.ts: WebKit gives a zoomed element's boxes in its own).
  const own = rectOf(element);
  const rect: Box = { top: own.top, right: own.right, bottom: own.bottom, left: own.left };
  const area = clippingArea(element);
  for (let frame = frameOf(element); frame; frame = frameOf(frame)) {
    const box = rectOf(frame);
    const style = getComputedStyle(frame);
    const zoom = zoomOf(frame);
    const px = (value: number | string) => (typeof value === 'number' ? value : parseFloat(value)) * zoom;
    const dx = box.left + px(frame.clientLeft) + px(style.paddingLeft);
    const dy = box.top + px(frame.clientTop) + px(style.paddingTop);
    shift(rect, dx, dy);
    shift(area, dx, dy);
    // The frame's viewport is its content box.
    intersect(area, {
      top: dy,
      left: dx,
      right: dx + px(frame.clientWidth) - px(style.paddingLeft) - px(style.paddingRight),
      bottom: dy + px(frame.clientHeight) - px(style.paddingTop) - px(style.paddingBottom),
    });
    intersect(area, clippingArea(frame));
  }
  return { rect, area };
}

/** The documents whose scrolling or layout can move `element`: its own, then each enclosing frame's. */
export function documentsAround(element: Element): Document[] {
  const documents = [element.ownerDocument];
  for (let frame = frameOf(element); frame; frame = frameOf(frame)) documents.push(frame.ownerDocument);
  return documents;
}

/** The iframe holding `element`'s document, when that frame belongs to a page we can read. */
function frameOf(element: Element): Element | null {
  try {
    return element.ownerDocument.defaultView?.frameElement ?? null;
  } catch {
    return null; // a cross-origin parent: nothing of ours is drawn over it anyway
  }
}

function shift(box: Box, dx: number, dy: number): void {
  box.top += dy;
  box.bottom += dy;
  box.left += dx;
  box.right += dx;
}

function intersect(box: Box, other: Box): void {
  box.top = Math.max(box.top, other.top);
  box.right = Math.min(box.right, other.right);
  box.bottom = Math.min(box.bottom, other.bottom);
  box.left = Math.max(box.left, other.left);
}
