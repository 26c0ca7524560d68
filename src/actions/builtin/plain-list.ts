import { isItemList } from '../../dom/widget-state.js';
import { isShown } from './reach-target.js';

/**
 * Dropdowns built without ARIA roles: a `ul`/`ol` of `li`s, or a box whose children repeat one tag
 * and class (`div.options > div.option`), shown when a control next to it is clicked. What makes
 * them a list of choices is the structure, so that is what is looked for; only near the control
 * that opens them (or among the page's lists, for one rendered at the end of <body>).
 */

/** The items of a plain list that a person sees. */
export function plainItems(list: Element): Element[] {
  return [...list.children].filter(isShown);
}

/**
 * Plain lists showing now in `opener`'s neighbourhood (its parent and grandparent), in <body>'s own
 * children, and anywhere in `appeared` (what the page added or restyled since the control was
 * clicked: a library's dropdown rendered into a portal, several boxes deep).
 */
export function shownPlainLists(opener: Element, appeared: Iterable<Element> = []): Set<Element> {
  const found = new Set<Element>();
  const consider = (element: Element) => {
    if (element !== opener && !element.contains(opener) && isItemList(element) && isShown(element)) found.add(element);
  };
  const near = opener.parentElement?.parentElement ?? opener.parentElement;
  if (near) for (const element of near.querySelectorAll('*')) consider(element);
  for (const element of document.querySelectorAll('ul, ol, menu')) consider(element);
  for (const child of document.body.children) for (const element of [child, ...child.children]) consider(element);
  for (const root of new Set(appeared)) if (root.isConnected) for (const element of [root, ...root.querySelectorAll('*')]) consider(element);
  return found;
}

/** The control just before a plain list that shows what was chosen in it, if there is one. */
export function openerOf(list: Element): Element | undefined {
  const before = list.previousElementSibling;
  return before && isShown(before) && !isItemList(before) ? before : undefined;
}
