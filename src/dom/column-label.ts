import { shownText } from './shown-text.js';
import { FOCUSABLE_SELECTOR } from './widget-state.js';
import { attributeOf } from './platform.js';

const WORD = /[\p{L}\p{N}]/u;
// A label says what one setting is; a longer text is prose the control only follows.
const LABEL_CAP = 80;
// A radio is one choice of a group: the words before the group name the group.
const TOGGLES = new Set(['checkbox', 'switch']);

/**
 * The words a visitor reads as the name of a toggle (a checkbox or switch) that has none (a switch in a settings grid:
 * `<div>SMS alerts</div><div><button role=switch></div>`): the box just before it, climbing out
 * through boxes that hold nothing but the toggle, when that box is a few words and no control.
 */
export function columnLabel(el: Element, tag: string): string {
  const kind = tag === 'input' ? (el as HTMLInputElement).type : attributeOf(el, 'role');
  if (!TOGGLES.has(kind ?? '')) return '';
  for (let box: Element | null = el; box && !WORD.test(box.textContent ?? ''); box = box.parentElement) {
    const before = box.previousElementSibling;
    if (!before) continue;
    if ((before.textContent ?? '').length > LABEL_CAP * 4 || before.matches(FOCUSABLE_SELECTOR) || before.querySelector(FOCUSABLE_SELECTOR)) return '';
    // Only words the dump shows name it: none that are hidden, unpainted or aria-hidden.
    const words = shownText(before);
    return words.length <= LABEL_CAP ? words : '';
  }
  return '';
}
