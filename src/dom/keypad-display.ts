import { closestOf, tagOf } from './platform.js';
// Text made only of digits (and the dots, stars or dashes a display pads them with).
const DIGITS_ONLY = /^[\s\d•*·●_-]*\d[\s\d•*·●_-]*$/;
const KEYS = 'button, [role="button"], input[type="button"]';
// An operator makes it a calculator; a decimal separator, an amount (a tip, a donation, a transfer).
const OPERATOR = /^[+\-−×÷*/=%.,]$/;

/**
 * Digits echoed beside a keypad, which is how a PIN pad shows what is typed: a box near the text
 * (up to four levels up) holds a key for every digit 0–9 and none for an operator or a decimal
 * separator (a calculator's display or an amount is no secret). Recognised by that structure, whatever the display is or says around it.
 * Each box is judged once per walk, and only as far as a keypad's size.
 */
export class KeypadDisplays {
  readonly #known = new Map<Element, boolean>();

  echoes(el: Element, data: string): boolean {
    // The keys' own faces are what the visitor presses, not what was typed.
    if (!DIGITS_ONLY.test(data) || closestOf(el, KEYS)) return false;
    let box: Element | null = el;
    for (let level = 0; box && level < 4; level += 1, box = box.parentElement) {
      let keypad = this.#known.get(box);
      if (keypad === undefined) this.#known.set(box, (keypad = isKeypad(box)));
      if (keypad) return true;
    }
    return false;
  }
}

// A keypad is a few keys in a small box: past these, a box is a page region (a table with a button
// per row), and judging it stops there rather than reading every key of the page on each walk.
const MAX_KEYS = 40;
const MAX_ELEMENTS = 500;

function isKeypad(box: Element): boolean {
  const digits = new Set<string>();
  let keys = 0;
  let seen = 0;
  for (let el: Element | null = box.firstElementChild; el; el = nextInside(el, box)) {
    if (++seen > MAX_ELEMENTS) return false;
    if (closestOf(el, KEYS) !== el) continue;
    if (++keys > MAX_KEYS) return false;
    const face = (tagOf(el) === 'input' ? (el as HTMLInputElement).value : el.textContent ?? '').trim();
    if (OPERATOR.test(face)) return false;
    if (/^\d$/.test(face)) digits.add(face);
  }
  return digits.size === 10;
}

/** The element after `el` in document order, inside `box`, or null. */
function nextInside(el: Element, box: Element): Element | null {
  if (el.firstElementChild) return el.firstElementChild;
  for (let at: Element | null = el; at && at !== box; at = at.parentElement) {
    if (at.nextElementSibling) return at.nextElementSibling;
  }
  return null;
}
