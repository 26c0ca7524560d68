import { attributeOf, dataOf, newRange, rangeBox, rangeRects, rectOf, setRange, styleValueOf } from './platform.js';
import type { Scope } from './walk-scope.js';
import { squish } from './clean-page-text.js';
import { meet } from './paint-effects.js';

let range: Range | undefined;
let rangeDoc: Document | undefined;

/**
 * What of a text the box that hides its overflow leaves painted: the words whose first letter lies
 * inside it. An ellipsis, the lines below a short box, a column past its edge cut the rest away,
 * and hostile words can sit there. A word cut through its middle still shows
 * what it is ("Annual Report 2…"), so it stays. Boxes the visitor can scroll do not clip here
 * (their content scrolls into view), so a scrollable list keeps every item.
 */
export function paintedPart(text: Text, scope: Scope): string {
  // A clip-path (or `clip`) cuts like a box that hides its overflow: the words are judged against
  // both clips at once, and the inner of the two boxes that cut is the one their blocks lie in.
  let { clip, clipOwner: owner, paint } = scope;
  if (paint.clip) {
    clip = meet(clip, paint.clip);
    if (!owner || owner.contains(paint.clipOwner)) owner = paint.clipOwner;
  }
  if (!clip || !owner) return dataOf(text);
  // The browser's own Range methods (platform.ts), not the page's: a page that redefines them could
  // report its hidden words inside the clip.
  if (rangeDoc !== text.ownerDocument) range = newRange((rangeDoc = text.ownerDocument));
  const whole = rangeBox(setRange(range!, text));
  if (whole.left >= clip.left && whole.right <= clip.right && whole.top >= clip.top && whole.bottom <= clip.bottom) return dataOf(text);
  // The text's own block, when one lies between it and the box that clips: a block the clip cuts
  // sideways is a carousel's neighbouring slide, whose words inside it stay (its arrows bring them
  // into view); other lines below or above the clip, or words past their own block's edge, are cut.
  // A block wider than the clip is no slide: no scroll of its carousel ever shows it whole.
  let block: Element | null = text.parentElement;
  while (block && block !== owner && styleValueOf(block, 'display').startsWith('inline')) block = block.parentElement;
  const box = block !== owner && block ? rectOf(block) : null;
  const slide = box && box.width <= clip.right - clip.left + 1 && (box.left < clip.left || box.right > clip.right) ? box : null;
  // A box whose tooltip holds its whole text shows all of it to a visitor who points at it (a card
  // title cut by an ellipsis, its full name in `title`): nothing of it is hidden.
  if (squish(attributeOf(owner, 'title')) === squish(owner.textContent)) return dataOf(text);
  let shown = '';
  for (const match of dataOf(text).matchAll(/\s*(\S+)/g)) {
    const start = match.index! + match[0].length - match[1]!.length;
    setRange(range!, text, start, text, start + 1);
    // WebKit lays the letters an ellipsis cuts at its place, zero wide: a letter with no width paints nothing.
    const rects = [...rangeRects(range!)].filter((rect) => rect.width > 0 && rect.height > 0);
    if (rects.some((rect) => (rect.left < clip.right && rect.right > clip.left && rect.top < clip.bottom && rect.bottom > clip.top) || (slide && rect.left < slide.right && rect.right > slide.left))) shown += match[0];
  }
  return shown;
}
