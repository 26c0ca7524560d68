export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

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
  const own = element.getBoundingClientRect();
  const rect: Box = { top: own.top, right: own.right, bottom: own.bottom, left: own.left };
  const area = clippingArea(element);
  for (let frame = frameOf(element); frame; frame = frameOf(frame)) {
    const box = frame.getBoundingClientRect();
    const style = getComputedStyle(frame);
    const dx = box.left + frame.clientLeft + parseFloat(style.paddingLeft);
    const dy = box.top + frame.clientTop + parseFloat(style.paddingTop);
    shift(rect, dx, dy);
    shift(area, dx, dy);
    // The frame's viewport is its content box.
    intersect(area, {
      top: dy,
      left: dx,
      right: dx + frame.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      bottom: dy + frame.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
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

/**
 * The intersection of the boxes of every ancestor that clips `element`'s overflow (scroll
 * containers, `overflow: hidden`), crossing shadow roots and slots. The viewport itself is not
 * applied: a box outside it is simply off-screen.
 */
function clippingArea(element: Element): Box {
  const area: Box = { top: -Infinity, right: Infinity, bottom: Infinity, left: -Infinity };
  const { documentElement, body } = element.ownerDocument;
  for (let node = layoutParent(element); node; node = layoutParent(node)) {
    // The root element and body hand their overflow to the viewport, which is not a clip here.
    if (node === documentElement || node === body) break;
    const { overflowX, overflowY, display } = getComputedStyle(node);
    // Overflow does not apply to inline boxes or to boxes that are not generated (slots, contents).
    if (display === 'inline' || display === 'contents') continue;
    const clipsX = overflowX !== 'visible';
    const clipsY = overflowY !== 'visible';
    if (!clipsX && !clipsY) continue;
    const rect = node.getBoundingClientRect();
    if (clipsX) {
      area.left = Math.max(area.left, rect.left + node.clientLeft);
      area.right = Math.min(area.right, rect.left + node.clientLeft + node.clientWidth);
    }
    if (clipsY) {
      area.top = Math.max(area.top, rect.top + node.clientTop);
      area.bottom = Math.min(area.bottom, rect.top + node.clientTop + node.clientHeight);
    }
  }
  return area;
}

/** The parent in the flat tree: the slot a node is assigned to, or the host of its shadow root. */
function layoutParent(node: Element): Element | null {
  if (node.assignedSlot) return node.assignedSlot;
  if (node.parentElement) return node.parentElement;
  const root = node.parentNode;
  return root && 'host' in root ? (root.host as Element) : null;
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
