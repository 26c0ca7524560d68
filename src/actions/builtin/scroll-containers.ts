import { flatParent, overflowClip } from '../../dom/platform.js';

/** A rectangle in the viewport of the element's own window. */
export interface ViewBox {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * Scrolls without animation even on pages that set `scroll-behavior: smooth`, so the position can
 * be read right after. Engines that predate the `instant` keyword throw on it; they get `auto`.
 */
export function scrollInstantly(scroll: (behavior: ScrollBehavior) => void): void {
  try {
    scroll('instant');
  } catch {
    scroll('auto');
  }
}

/** The parent in the flat tree (the slot a node is assigned to, or its shadow root's host): the walk's own. */
export const layoutParent = flatParent;

/** True when `element` is a scroll container with something to scroll vertically. */
export function scrollsVertically(element: Element): boolean {
  const document = element.ownerDocument;
  if (element === document.scrollingElement) return element.scrollHeight > element.clientHeight + 1;
  if (element.scrollHeight <= element.clientHeight + 1) return false;
  const { overflowY, display } = getComputedStyle(element);
  return display !== 'inline' && display !== 'contents' && /auto|scroll|overlay/.test(overflowY);
}

/** The element's scroll containers, innermost first, ending with the document's scrolling element. */
export function scrollParents(element: Element): Element[] {
  const parents: Element[] = [];
  const document = element.ownerDocument;
  for (let node = layoutParent(element); node; node = layoutParent(node)) {
    if (node === document.documentElement || node === document.body) break;
    if (scrollsVertically(node)) parents.push(node);
  }
  parents.push(document.scrollingElement ?? document.documentElement);
  return parents;
}

/** The part of the window in which `element` can be seen: its window's viewport cut by every clipping ancestor. */
export function visibleBox(element: Element): ViewBox {
  const root = element.ownerDocument.documentElement;
  const clip = overflowClip(element);
  return {
    top: Math.max(0, clip.top),
    left: Math.max(0, clip.left),
    right: Math.min(root.clientWidth, clip.right),
    bottom: Math.min(root.clientHeight, clip.bottom),
  };
}

/**
 * Where a scroll container is, in words the model can use: "at the top, screen 1 of 4",
 * "screen 2 of 4", "at the bottom, screen 4 of 4", or that it all fits on one screen.
 */
export function describeScrollPosition(scroller: Element): string {
  const { scrollTop, scrollHeight, clientHeight } = scroller;
  const room = scrollHeight - clientHeight;
  if (room <= 1 || clientHeight <= 0) return 'everything fits on one screen';
  const screens = Math.max(2, Math.ceil(scrollHeight / clientHeight - 0.05));
  // Counted by the bottom edge of the view, so the last position is always "screen N of N".
  const screen = Math.min(screens, Math.max(1, Math.ceil((scrollTop + clientHeight) / clientHeight - 0.05)));
  const where = `screen ${screen} of ${screens}`;
  if (scrollTop <= 1) return `at the top, ${where}`;
  if (scrollTop >= room - 1) return `at the bottom, ${where}; there is nothing more below`;
  return where;
}

/**
 * What "the page" scrolls with when the model names no container: the document when it scrolls,
 * otherwise the largest visible scroll container (apps that scroll a `<main>` and pin the body).
 */
export function mainScroller(document: Document = globalThis.document): Element {
  const page = document.scrollingElement ?? document.documentElement;
  if (scrollsVertically(page)) return page;
  let best: Element | undefined;
  let bestArea = 0;
  const visit = (root: Document | ShadowRoot) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot) visit(element.shadowRoot);
      if (element.scrollHeight <= element.clientHeight + 1 || !scrollsVertically(element)) continue;
      const area = element.clientWidth * element.clientHeight;
      if (area > bestArea) {
        best = element;
        bestArea = area;
      }
    }
  };
  visit(document);
  return best ?? page;
}

/** "the page", or a short description of an inner scrolling area. */
export function scrollerName(scroller: Element, describe: (element: Element) => string): string {
  return scroller === scroller.ownerDocument.scrollingElement ? 'the page' : `the scrolling area ${describe(scroller)}`;
}
