import { normalizeText, replaceText, testText } from './platform.js';

// The card number check on its own: the URL masking that loads with the tag uses it too, without the
// rest of secret-shapes.ts.

/**
 * `text` with every decimal digit of any script as its ASCII digit (after NFKC, which folds the
 * full-width and mathematical ones but not Arabic-Indic, Devanagari, Thai…). By mechanism, not a
 * table of scripts: Unicode's decimal digits come in contiguous runs of ten starting at zero, so a
 * digit's value is its distance from the start of its run (mod ten, where runs of ten are adjacent).
 */
export function foldDigits(text: string): string {
  return replaceText(text, /[^\0-\x7f]/gu, (char) => {
    if (!testText(/\p{Nd}/u, char)) return char;
    const code = char.codePointAt(0)!;
    let start = code;
    while (testText(/\p{Nd}/u, String.fromCodePoint(start - 1))) start -= 1;
    return String((code - start) % 10);
  });
}

/**
 * 13 to 19 digits of any script (full-width as an IME types them, Arabic-Indic…) that pass the Luhn
 * check, with any punctuation or spaces between them (dashes, en dashes, dots).
 */
export function isCardNumber(value: string): boolean {
  if (value.length < 13 || value.length > 60) return false;
  const digits = replaceText(foldDigits(normalizeText(value, 'NFKC')), /[^\p{L}\p{N}]/gu, '');
  if (!testText(/^\d{13,19}$/, digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1 && (digit *= 2) > 9) digit -= 9;
    sum += digit;
  }
  return sum % 10 === 0;
}
