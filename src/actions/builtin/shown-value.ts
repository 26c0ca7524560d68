import { isInput } from './element-kinds.js';
import { POPUP } from './open-list.js';
import { isShown } from './reach-target.js';
import { squish } from '../../dom/clean-page-text.js';
import { closestOf, dataOf } from '../../dom/platform.js';

const FIELDS = 'input, select, textarea, [role=combobox]';

/**
 * What a combobox displays as its value: its own text or input value, else the text of the
 * smallest wrapper around it that holds no other field (where libraries render the chosen value).
 */
export function shownValue(opener: Element, list?: Element): string {
  let scope: Element | undefined = opener;
  for (let level = 0; scope && level < 3; level += 1) {
    const text = visibleText(scope, list);
    if (text) return text.length > 80 ? `${text.slice(0, 79)}…` : text;
    scope = widerScope(scope);
  }
  return '';
}

/** Whether the control shows `text` on its own, as a chosen value or a chip (not a word among others). */
export function shownAsChosen(opener: Element, text: string): boolean {
  const wanted = text.replace(/\s+/g, ' ').toLowerCase();
  const scope = valueScope(opener);
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    // The words of one text node: a chip's "Green" beside its remove button's ×, which "Green×" is not.
    if (parent && squish(dataOf(node as Text)).toLowerCase() === wanted && !closestOf(parent, POPUP) && isShown(parent)) return true;
  }
  return false;
}

/** The widest wrapper around a combobox (three levels at most) that holds no other field: where it shows its value. */
function valueScope(opener: Element): Element {
  let scope = opener;
  for (let level = 0; level < 3; level += 1) {
    const wider = widerScope(scope);
    if (!wider) break;
    scope = wider;
  }
  return scope;
}

/** The parent of `scope` when it holds no field besides those in `scope`. */
function widerScope(scope: Element): Element | undefined {
  const parent = scope.parentElement;
  if (!parent || parent.querySelectorAll(FIELDS).length > scope.querySelectorAll(FIELDS).length + (scope.matches(FIELDS) ? 1 : 0)) return undefined;
  return parent;
}

function visibleText(scope: Element, list?: Element): string {
  const parts: string[] = [];
  if (isInput(scope)) return scope.value.trim();
  for (const field of scope.querySelectorAll('input')) if (field.value && field.type !== 'hidden') parts.push(field.value);
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    // The list's own items are choices, not what the control shows (even once the list is hidden).
    if (!parent || closestOf(parent, POPUP) || list?.contains(parent) || !isShown(parent)) continue;
    parts.push(node.textContent ?? '');
  }
  return squish(parts.join(' '));
}
