import { describeElement } from '../../dom/describe-element.js';
import { elementId } from '../../dom/element-ids.js';
import { isClickTarget } from '../../dom/classify-element.js';
import { isRedacted } from '../../dom/redaction.js';
import { shownText } from '../../dom/shown-text.js';
import { failed, type ActionResult } from '../action-result.js';
import type { ActionContext } from '../define-action.js';
import { isElement } from './element-kinds.js';
import type { Point } from './pointer-input.js';
import { revealElement } from './reveal-element.js';
import { closestOf, rectOf } from '../../dom/platform.js';

/** Where a pointer action lands: the point, and the element a real mouse would hit there. */
export interface Reached {
  point: Point;
  hit: Element;
}

/** Secrets are the visitor's to enter, whichever action would have entered one: one refusal for all. */
export function refuseSecret(label: string): ActionResult {
  return failed('not-allowed', `${label} takes a secret (password, card detail or code), which I must not enter. Ask the user to type it or pick it themselves.`);
}

/**
 * The checks a person makes before touching a control, as results the model can act on: is it
 * still on the page, enabled, shown, and not under something else? `pointer` also scrolls it into
 * view and finds the point to click; `focus` (typing, keys) needs no free point.
 */
export function checkReachable(element: Element, label: string, purpose: 'pointer'): Reached | ActionResult;
export function checkReachable(element: Element, label: string, purpose: 'focus'): true | ActionResult;
export function checkReachable(element: Element, label: string, purpose: 'pointer' | 'focus'): Reached | true | ActionResult {
  if (!element.isConnected) {
    return failed('stale', `${label} is no longer on the page: it was removed or re-rendered. Use its id from the latest page.`);
  }
  if (isDisabled(element)) return failed('disabled', `${label} is disabled; something on the page has to enable it first.`);
  if (closestOf(element, '[inert]')) return failed('covered', `${label} is inert (blocked, usually by an open dialog); finish or close that first.`);
  const box = renderedBox(element);
  if (!box) return failed('hidden', `${label} is hidden; first open the menu, tab or section that shows it.`);
  if (purpose === 'focus') return true;
  // Where the visitor can watch it happen: clear of pinned headers and of our own bar.
  revealElement(box, { onlyIfNeeded: true });
  return hitTest(element, box, label);
}

/** A pointer action's target: the element the selector names, its label, and where to press it; or why not. */
export function reachForPointer(selector: string, context: ActionContext): { target: Element; label: string; reached: Reached } | ActionResult {
  const target = context.resolveTarget(selector);
  if (!isElement(target)) return target;
  const label = describeElement(target);
  const reached = checkReachable(target, label, 'pointer');
  return 'point' in reached ? { target, label, reached } : reached;
}

export function isDisabled(element: Element): boolean {
  if (element.matches(':disabled')) return true;
  return closestOf(element, '[aria-disabled="true"]') !== null;
}

/**
 * The element whose box stands for `element`: itself, or for a `display: contents` wrapper its
 * first rendered child. Undefined when nothing of it is rendered or it is `visibility: hidden`.
 */
export function renderedBox(element: Element): Element | undefined {
  if (isShown(element)) return element;
  const style = getComputedStyle(element);
  if (style.display !== 'contents') return undefined;
  for (const child of element.children) {
    const box = renderedBox(child);
    if (box) return box;
  }
  return undefined;
}

export function isShown(element: Element): boolean {
  if (typeof element.checkVisibility === 'function') {
    if (!element.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) return false;
  } else if (!element.getClientRects().length) {
    return false;
  }
  if (getComputedStyle(element).visibility !== 'visible') return false;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 || rect.height > 0;
}

/** Points to try, in order: the centre of the visible part of the box, then around it. */
function candidatePoints(box: Element): Point[] {
  // In the page's space, which elementFromPoint takes (src/dom/platform.ts: WebKit's zoomed boxes).
  const rect = rectOf(box);
  const view = box.ownerDocument.defaultView ?? window;
  const left = Math.max(rect.left, 0);
  const top = Math.max(rect.top, 0);
  const right = Math.min(rect.right, view.innerWidth);
  const bottom = Math.min(rect.bottom, view.innerHeight);
  if (right <= left || bottom <= top) return [];
  const at = (fx: number, fy: number): Point => ({ x: left + (right - left) * fx, y: top + (bottom - top) * fy });
  return [at(0.5, 0.5), at(0.25, 0.5), at(0.75, 0.5), at(0.5, 0.25), at(0.5, 0.75)];
}

function hitTest(element: Element, box: Element, label: string): Reached | ActionResult {
  const points = candidatePoints(box);
  if (!points.length) return failed('hidden', `${label} is outside the visible page and could not be scrolled into view.`);
  const root = element.getRootNode() as Document | ShadowRoot;
  let cover: Element | undefined;
  let inner: Element | undefined;
  for (const point of points) {
    const hit = root.elementFromPoint(point.x, point.y);
    if (!hit || receivesFor(element, hit)) {
      // A point on another control inside this one (Reply inside a clickable message row) would
      // click that control: another point of the element's own area is tried instead.
      const other = hit && hit !== element && element.contains(hit) ? separateTargetAt(hit, element, box) : undefined;
      if (other) {
        inner ??= other;
        continue;
      }
      return { point, hit: hit && element.contains(hit) ? hit : element };
    }
    cover ??= hit;
  }
  if (inner) {
    return failed('covered', `${label} is filled by other controls, such as [${elementId(inner)}] ${describeCover(inner)}; click the one you mean.`);
  }
  const blocker = outermostCover(cover!, element);
  return failed('covered', `${label} is covered by [${elementId(blocker)}] ${describeCover(blocker)}; close or move that first.`);
}

// An inner control that takes up this much of the element is the element's own face (a link
// whose whole content is a tracked span): clicking it is clicking the element.
const FACE_SHARE = 0.7;

/** The control between `hit` and `element` that a click at `hit` would reach first, if it is a separate, smaller one. */
function separateTargetAt(hit: Element, element: Element, box: Element): Element | undefined {
  const labels = (element as HTMLInputElement).labels;
  const control = (element as HTMLLabelElement).control;
  const outer = rectOf(box);
  for (let node: Element | null = hit; node && node !== element; node = node.parentElement) {
    if (node === control || (labels && [...labels].includes(node as HTMLLabelElement)) || !isClickTarget(node)) continue;
    const rect = rectOf(node);
    return rect.width * rect.height < FACE_SHARE * outer.width * outer.height ? node : undefined;
  }
  return undefined;
}

/** A hit that would reach `element`: itself, inside it, its label, an ancestor, or our own UI. */
function receivesFor(element: Element, hit: Element): boolean {
  if (hit === element || element.contains(hit) || hit.contains(element)) return true;
  const labels = (element as HTMLInputElement).labels;
  if (labels) for (const label of labels) if (label.contains(hit)) return true;
  // The agent's own bar and overlays float above the page; they are not the page's doing.
  return closestOf(hit, 'web-agent') !== null;
}

/** The top of the covering subtree: the ancestor of the hit just below what it shares with the target. */
function outermostCover(hit: Element, element: Element): Element {
  let cover = hit;
  for (let parent = cover.parentElement; parent && !parent.contains(element); parent = parent.parentElement) cover = parent;
  return cover;
}

/** An element as a person would point it out: its name, else its text. */
export function describeCover(cover: Element): string {
  const label = describeElement(cover);
  if (label.includes('"') || isRedacted(cover)) return label;
  // What a visitor reads on it, as the dump would show it: not its hidden text.
  const text = shownText(cover).replace(/\s+/g, ' ').trim();
  return text ? `${label} "${text.length > 60 ? `${text.slice(0, 59)}…` : text}"` : label;
}
