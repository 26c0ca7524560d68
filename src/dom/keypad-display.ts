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
 * Each box is judged once per walk.
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

function isKeypad(box: Element): boolean {
  const digits = new Set<string>();
  for (const key of box.querySelectorAll(KEYS)) {
    const face = (tagOf(key as HTMLInputElement) === 'input' ? (key as HTMLInputElement).value : key.textContent ?? '').trim();
    if (OPERATOR.test(face)) return false;
    if (/^\d$/.test(face)) digits.add(face);
  }
  return digits.size === 10;
}
