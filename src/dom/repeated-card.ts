import { isControlItem } from './item-row.js';
import { FOCUSABLE_SELECTOR } from './widget-state.js';

// A card names one thing and offers a few things to do with it; more is a toolbar or a panel.
const CARD_CONTROLS = 3;
// Fields to fill make a form's rows, which keep their lines and labels.
const FIELDS = 'input:not([type=checkbox],[type=radio]), select, textarea';

/**
 * Whether a sibling (if any) has the element's tag and child tags: what makes siblings the same
 * kind of thing whatever their classes say. Compared child by child, without building each one's
 * list of tags: every div of a page is compared with both its neighbours.
 */
function sameShape(sibling: Element | null, el: Element): boolean {
  if (!sibling || sibling.tagName !== el.tagName || sibling.childElementCount !== el.childElementCount) return false;
  for (let a = sibling.firstElementChild, b = el.firstElementChild; a && b; a = a.nextElementSibling, b = b.nextElementSibling) if (a.tagName !== b.tagName) return false;
  return true;
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
  if (!sameShape(el.previousElementSibling, el) && !sameShape(el.nextElementSibling, el)) return false;
  return isControlItem(el) && el.querySelectorAll(FOCUSABLE_SELECTOR).length <= CARD_CONTROLS && el.querySelector(FIELDS) === null;
}
