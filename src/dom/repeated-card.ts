import { isControlItem } from './item-row.js';
import { FOCUSABLE_SELECTOR } from './widget-state.js';

// A card names one thing and offers a few things to do with it; more is a toolbar or a panel.
const CARD_CONTROLS = 3;
// Fields to fill make a form's rows, which keep their lines and labels.
const FIELDS = 'input:not([type=checkbox],[type=radio]), select, textarea';

/** Tag and child tags: what makes siblings the same kind of thing whatever their classes say. */
function shape(el: Element): string {
  let shape = el.tagName;
  for (const child of el.children) shape += ` ${child.tagName}`;
  return shape;
}

/**
 * A box of no role that is one of a run of siblings of the same shape, each a few words and a few
 * controls (product cards of divs, a thread's messages, a settings page's rows): an item like a
 * list item, whose controls are read on one line with its words (`| Trail Shoe $50 [id]<button>Add to cart`),
 * not under the card before or after it.
 */
export function isRepeatedCard(el: Element, tag: string): boolean {
  // Sections, forms, asides and the like are parts of a page, each read line by line.
  if ((tag !== 'div' && tag !== 'article') || el.childElementCount < 2) return false;
  const own = shape(el);
  const previous = el.previousElementSibling;
  const next = el.nextElementSibling;
  if (!(previous && shape(previous) === own) && !(next && shape(next) === own)) return false;
  return isControlItem(el) && el.querySelectorAll(FOCUSABLE_SELECTOR).length <= CARD_CONTROLS && el.querySelector(FIELDS) === null;
}
