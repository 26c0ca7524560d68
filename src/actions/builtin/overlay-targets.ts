import { describeElement } from '../../dom/describe-element.js';
import type { ActionContext } from '../define-action.js';
import { failed, type ActionResult } from '../action-result.js';
import { isElement } from './element-kinds.js';
import { revealElement } from './reveal-element.js';

/** Captions are one short line; longer ones are cut rather than refused. */
const MAX_LABEL_LENGTH = 80;

export interface ShownTargets {
  elements: Element[];
  /** e.g. `button "Pay", input[type=email] "Email"`. */
  names: string;
  /** Whether the first element had to be scrolled into view first. */
  scrolled: boolean;
}

/**
 * Resolves the elements to outline or spotlight: each must exist and have a box on the page
 * (an outline around nothing helps no one). The first is scrolled into view when it is not, so
 * the visitor sees what the agent points at.
 */
export function showableTargets(selectors: readonly string[], context: ActionContext): ShownTargets | ActionResult {
  const elements: Element[] = [];
  for (const selector of selectors) {
    const target = context.resolveTarget(selector);
    if (!isElement(target)) return target;
    if (!target.getClientRects().length) {
      return failed('hidden', `${describeElement(target)} (${selector}) is not displayed, so there is nothing to point at.`);
    }
    if (!elements.includes(target)) elements.push(target);
  }
  const scrolled = revealElement(elements[0]!, { onlyIfNeeded: true });
  return { elements, names: elements.map((element) => describeElement(element)).join(', '), scrolled };
}

export function cleanLabel(label: string | undefined): string | undefined {
  const text = label?.replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  return text.length > MAX_LABEL_LENGTH ? `${text.slice(0, MAX_LABEL_LENGTH - 1)}…` : text;
}
