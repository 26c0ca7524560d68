import { normalizeText, replaceText, testText } from './platform.js';

// The card number check on its own: the URL masking that loads with the tag uses it too, without the
// rest of secret-shapes.ts.

/** 13 to 19 digits (spaces and dashes between them allowed, full-width as an IME types them) that pass the Luhn check. */
export function isCardNumber(value: string): boolean {
  if (value.length < 13 || value.length > 23) return false;
  const digits = replaceText(normalizeText(value, 'NFKC'), /[\s-]/g, '');
  if (!testText(/^\d{13,19}$/, digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1 && (digit *= 2) > 9) digit -= 9;
    sum += digit;
  }
  return sum % 10 === 0;
}
