import { hasClickListener } from './click-listeners.js';
import { hasAttributeOf } from './platform.js';

/**
 * What makes an element clickable when only script says so: a handler attribute, a handler
 * property set by script (`el.onclick = …`), or a listener noted by `watchClickListeners`.
 */

// Events that start or make up a click; keyboard and focus handlers say nothing about clicking.
const HANDLER_ATTRIBUTES = ['onclick', 'onmousedown', 'onmouseup', 'onpointerdown', 'onpointerup', 'ondblclick', 'ontouchstart'];
// Properties read on every element the walk classifies: the three that start a click.
const HANDLER_PROPERTIES = ['onclick', 'onmousedown', 'onpointerdown'] as const;
// Listeners here handle the whole page (closing menus, analytics), not a target of their own.
const PAGE_ROOTS = new Set(['html', 'body']);

export function hasHandlerAttribute(el: Element): boolean {
  for (const name of HANDLER_ATTRIBUTES) if (hasAttributeOf(el, name)) return true;
  return false;
}

/**
 * A handler property or a noted listener. Only asked where no handler attribute is: reading the
 * property of an attribute handler compiles it, which a page's strict CSP reports as a violation.
 */
export function hasScriptHandler(el: Element, tag: string): boolean {
  if (PAGE_ROOTS.has(tag)) return false;
  const handlers = el as unknown as Record<(typeof HANDLER_PROPERTIES)[number], unknown>;
  // `!= null`: engines without touch or pointer events leave some of these undefined.
  for (const name of HANDLER_PROPERTIES) if (handlers[name] != null) return true;
  return hasClickListener(el);
}

/**
 * An `<a>` without `href` that still acts: script handles it (a calendar's Prev and Next, a
 * "Load more"). A title or words on it say it is meant to be clicked; a `name` makes it a named
 * anchor, the old way to mark a place in the page.
 */
export function isActingAnchor(el: Element): boolean {
  if (hasAttributeOf(el, 'title')) return true;
  return !hasAttributeOf(el, 'name') && !!el.textContent?.trim();
}
