import type { Scope } from './walk-scope.js';
import { attributeOf, checkVisibilityOf, clientRectsOf, hasAttributeOf, styleOf } from './platform.js';

export { flatParent } from './platform.js';

/**
 * Cheap visibility tests for the snapshot walk. The walk reads one computed style per element, and
 * a box only where a test needs one, and hands the values in here, so nothing in this file triggers
 * style or layout work of its own (apart from `checkVisibility`, which reuses the layout the walk
 * already forced).
 */

/** The top-level viewport, in CSS pixels. */
export interface Viewport {
  width: number;
  height: number;
  scrollX: number;
  scrollY: number;
}

/** Tags whose content is never page text. `svg` is handled by the walk: only its title survives. */
export const UNRENDERED_TAGS = new Set([
  'script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'base', 'title', 'datalist', 'param', 'source', 'track',
]);

/**
 * Subtrees the page (or the host) asked us not to look at, tested before any style is read.
 * `aria-hidden` counts here for names; the walk treats it on its own (see `Scope.ariaHidden`).
 */
export function isExcludedByAttributes(el: Element): boolean {
  return attributeOf(el, 'aria-hidden') === 'true' || isWalkExcluded(el);
}

/** What the walk never enters: inert content, the host's exclusions, and find-in-page hidden text. */
export function isWalkExcluded(el: Element): boolean {
  return (
    hasAttributeOf(el, 'inert') ||
    hasAttributeOf(el, 'data-agent-ignore') ||
    // content-visibility: hidden until the browser's find-in-page reveals it
    attributeOf(el, 'hidden') === 'until-found'
  );
}

/**
 * Whether the element has a rendered box at all. `checkVisibility()` also answers for content the
 * browser keeps unrendered without `display: none`: the body of a closed `<details>` and
 * `content-visibility: hidden` subtrees. The walk asks only for boxes with no area, which is where
 * such content shows up. Older engines (before Chrome 105, Firefox 106, Safari 17.4)
 * fall back to "has client rects", which misses those two cases.
 */
export function hasRenderedBox(el: Element): boolean {
  return checkVisibilityOf(el) ?? clientRectsOf(el).length > 0;
}

// Below this opacity an element and everything in it is as good as invisible: 0.01 is a way to
// hide text that a test for exactly 0 would miss.
const MIN_OPACITY = 0.05;

/** Whether a computed `opacity` leaves nothing to see. */
export function isTransparent(opacity: string): boolean {
  return opacity !== '1' && opacity !== '' && Number(opacity) < MIN_OPACITY;
}

/** How an element clips what overflows it, per axis. */
export const OverflowClip = { none: 0, hidden: 1, scroll: 2 } as const;
export type OverflowClip = (typeof OverflowClip)[keyof typeof OverflowClip];

/**
 * `overflow-x` and `overflow-y` from one read of the shorthand ("visible", "hidden auto"): style
 * reads are the walk's main cost. An engine that leaves the shorthand empty gets two reads.
 */
export function readOverflow(style: CSSStyleDeclaration): [string, string] {
  const overflow = style.overflow;
  if (overflow === 'visible') return ['visible', 'visible'];
  if (!overflow) return [style.overflowX, style.overflowY];
  const space = overflow.indexOf(' ');
  return space < 0 ? [overflow, overflow] : [overflow.slice(0, space), overflow.slice(space + 1)];
}

export function overflowClip(value: string): OverflowClip {
  if (value === 'visible') return OverflowClip.none;
  return value === 'auto' || value === 'scroll' ? OverflowClip.scroll : OverflowClip.hidden;
}

/**
 * The "screen reader only" patterns: text a sighted user never sees and an agent acting for that
 * user should not read or click. Covers 1px boxes that hide their overflow and content moved out
 * of the page (left: -9999px, fixed panels slid off screen); a `clip: rect(0 0 0 0)` or a
 * `clip-path: inset(50%)` leaves no region (clip-region.ts). `rect` is in the element's own
 * frame's viewport coordinates.
 */
export function isVisuallyHidden(box: BoxFacts, frame: Viewport): boolean {
  const { rect, position } = box;
  if (rect.width <= 1 && rect.height <= 1 && (box.overflowX !== 'visible' || box.overflowY !== 'visible')) return true;
  if (position !== 'absolute' && position !== 'fixed') return false;
  // Content left of or above the document (a fixed box: the screen) can never be scrolled into view.
  // A box that starts at that edge is not beyond it, even with no area: a portal root (a 0-high box
  // at the page's top, its overflow visible) holds menus and toasts positioned further in.
  const x = position === 'fixed' ? 0 : frame.scrollX;
  const y = position === 'fixed' ? 0 : frame.scrollY;
  if ((rect.right + x <= 0 && rect.left + x < 0) || (rect.bottom + y <= 0 && rect.top + y < 0)) return true;
  return position === 'fixed' && (rect.left >= frame.width || rect.top >= frame.height);
}

/**
 * A box a visitor cannot reach however they scroll: cut away by a clip-path, moved left of or above
 * the document (outside any scroll container), or squashed flat by a transform, which leaves the
 * layout size as it was.
 */
export function isUnreachable(el: Element, rect: DOMRect, scope: Scope): boolean {
  const { paint, frame } = scope;
  if (paint.clip && isOutsideClip(rect, paint.clip)) return true;
  if (!scope.scrolls && ((rect.height > 0 && rect.bottom + frame.scrollY <= 0) || (rect.width > 0 && rect.right + frame.scrollX <= 0 && !isRtl(scope.view)))) return true;
  const box = el as HTMLElement;
  return (rect.width < 1 && box.offsetWidth >= 1) || (rect.height < 1 && box.offsetHeight >= 1);
}

const rtlViews = new WeakMap<Window, boolean>();

/** A right-to-left document scrolls left of its origin, not right. */
export function isRtl(view: Window): boolean {
  let rtl = rtlViews.get(view);
  if (rtl === undefined) rtlViews.set(view, (rtl = styleOf(view.document.documentElement, view).direction === 'rtl'));
  return rtl;
}

/** Style values the walk has already read, passed on so no property is read twice. */
export interface BoxFacts {
  rect: DOMRect;
  position: string;
  overflowX: string;
  overflowY: string;
}

/** Where a box sits relative to the viewport: -1 above, 0 overlapping it, 1 below. */
export function verticalPlacement(top: number, bottom: number, viewportHeight: number): -1 | 0 | 1 {
  if (bottom <= 0 && top < 0) return -1;
  if (top >= viewportHeight) return 1;
  return 0;
}

/** The visible area left by `overflow: hidden` ancestors, in the frame's viewport coordinates. */
export interface Clip {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Narrows `outer` by a box that clips horizontally and/or vertically, at its padding box (`rect`
 * is its border box): overflow paints nothing under a border.
 */
export function narrowClip(outer: Clip | null, rect: DOMRect, clipX: boolean, clipY: boolean, style: CSSStyleDeclaration): Clip {
  const clip = outer ? { ...outer } : { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
  const border = (side: string) => parseFloat(style.getPropertyValue(`border-${side}-width`)) || 0;
  if (clipX) {
    clip.left = Math.max(clip.left, rect.left + border('left'));
    clip.right = Math.min(clip.right, rect.right - border('right'));
  }
  if (clipY) {
    clip.top = Math.max(clip.top, rect.top + border('top'));
    clip.bottom = Math.min(clip.bottom, rect.bottom - border('bottom'));
  }
  return clip;
}

/** Entirely cut away by the clip: a collapsed accordion's content, a carousel's other slides. */
export function isOutsideClip(rect: DOMRect, clip: Clip): boolean {
  return rect.right <= clip.left || rect.left >= clip.right || rect.bottom <= clip.top || rect.top >= clip.bottom;
}

/** Where a scroll container has content out of sight: "down", "up down", "right"…, or undefined. */
export function hiddenScrollDirections(el: Element, x: boolean, y: boolean, rtl: boolean): string | undefined {
  const directions: string[] = [];
  if (y && el.scrollHeight > el.clientHeight + 1) {
    if (el.scrollTop > 1) directions.push('up');
    if (el.scrollTop + el.clientHeight < el.scrollHeight - 1) directions.push('down');
  }
  if (x && el.scrollWidth > el.clientWidth + 1) {
    const left = Math.abs(el.scrollLeft); // negative in right-to-left boxes
    if (left > 1) directions.push(rtl ? 'right' : 'left');
    if (left + el.clientWidth < el.scrollWidth - 1) directions.push(rtl ? 'left' : 'right');
  }
  return directions.length > 0 ? directions.join(' ') : undefined;
}

