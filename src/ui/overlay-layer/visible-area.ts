export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The part of the viewport in which `element` can be seen: the intersection of the boxes of every
 * ancestor that clips its overflow (scroll containers, `overflow: hidden`), crossing shadow roots
 * and slots. The viewport itself is not applied: a box outside it is simply off-screen.
 */
export function visibleArea(element: Element): Box {
  const area: Box = { top: -Infinity, right: Infinity, bottom: Infinity, left: -Infinity };
  for (let node = layoutParent(element); node; node = layoutParent(node)) {
    // The root element and body hand their overflow to the viewport, which is not a clip here.
    if (node === document.documentElement || node === document.body) break;
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
  return root instanceof ShadowRoot ? root.host : null;
}
