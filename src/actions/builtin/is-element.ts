import type { ActionResult } from '../action-result.js';

/**
 * Tells a resolved element from a failure result. Not `instanceof Element`: an element inside a
 * same-origin iframe belongs to that frame's realm, whose `Element` is another constructor.
 */
export function isElement(value: Element | ActionResult): value is Element {
  return typeof (value as Node).nodeType === 'number';
}
