import { REDACTION_MASK } from './redaction-mask.js';
import { foldDigits, isCardNumber } from './card-number.js';
import { ownPattern, replaceText, testText } from './platform.js';

/**
 * Credentials a page shows as text, recognised by their shape rather than by a label beside them:
 * visible text is what the visitor reads and may ask about, so only values that are credentials
 * whatever their context are masked. A card number (13–19 digits passing the Luhn check), an IBAN
 * (passing its mod-97 check), an access token with a vendor's prefix (`sk_live_`, `sk-`, `ghp_`,
 * `AKIA`, `xoxb-`, `glpat-`, a JWT) whose body mixes letters and digits, and an unprefixed token
 * too random to be a word (24+ characters mixing both cases evenly, and digits, at 4+ bits of
 * entropy a character). Prices, order numbers, phone numbers, dates, hex hashes and slugs stay.
 */
const CANDIDATE = new RegExp(
  [
    String.raw`\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]{4}){2,7}(?:[ -]?[A-Z0-9]{1,3})?\b`,
    // Digits of any script, grouped by any one mark (a space, dash, en dash, dot).
    String.raw`(?<![\p{L}\p{N}])\p{Nd}(?:[^\p{L}\p{N}\n]?\p{Nd}){12,18}(?![\p{L}\p{N}])`,
    String.raw`(?:\b(?:sk|rk)_(?:live|test)_|\bsk-(?:proj-|ant-)?|\bgh[pousr]_|\bgithub_pat_|\bxox[abprs]-|\bglpat-|\bAKIA|\bAIza|\beyJ)[\w.-]{16,}`,
    String.raw`[\w+/-]{24,}={0,2}`,
  ].join('|'),
  'gu',
);
// How card numbers are written: an issuer's first digit (ISO/IEC 7812: 2–6 are cards; 1, 7–9 are
// airlines, fuel, health, national schemes) and either no separators or groups of four (Amex and
// Diners 4-6-5/4-6-4). Luhn alone passes one number in ten: an order number written 112-4567890-…
// or an ISBN would be masked as often.
// Judged with every digit folded to ASCII (foldDigits); the one mark between groups is any that is
// no letter or digit, the same all along.
const CARD_LAYOUT = /^[2-6](?:\d{12,18}|\d{3}(?:([^\p{L}\p{N}])\d{4}(?:\1\d{4}){1,2}(?:\1\d{1,4})?|([^\p{L}\p{N}])\d{6}\2\d{4,5}))$/u;
// What every match of the above holds (four digits of a card, an IBAN's country and check
// digits, 16 characters of a token with its dots and dashes); most text has none and skips the
// full pass. Never narrower than the scan: a JWT's short parts are dot-separated.
const MAY_HOLD = /\p{Nd}[^\p{L}\p{N}]?\p{Nd}[^\p{L}\p{N}]?\p{Nd}[^\p{L}\p{N}]?\p{Nd}|[A-Z]{2}\d\d|[\w.+/-]{16}/u;

// A secret the text says it gives: "Your temporary password is: Tr0ub4dor&3", "New PIN: 5820", "your
// verification code is 335087". What follows the words is masked when it holds a digit, so what a
// form says of a password ("Password: at least 8 characters", "Password is incorrect") stays.
const SAID_SECRET = /\b((?:pass(?:word|code)|pin|otp|(?:verification|security|one-time|confirmation|login) code)(?: is:?|:)\s*)([^\s,;]{4,64})/gi;
const MAY_SAY = /(?:word|code|pin|otp)(?: is|:)/i;

export function maskSecretShapes(text: string): string {
  return testText(MAY_HOLD, text) || testText(MAY_SAY, text) ? scanSecretShapes(text) : text;
}

/** The full scan, without the quick pre-check (which must never skip a text this would change). */
export function scanSecretShapes(text: string): string {
  const masked = replaceText(text, CANDIDATE, (found, at: number) => (isSecretShape(found) || labelledHexKey(found, text.slice(Math.max(0, at - 40), at)) ? REDACTION_MASK : found));
  return replaceText(masked, SAID_SECRET, (whole, words: string, value: string) => (testText(/\d/, value) ? words + REDACTION_MASK : whole));
}

// Hex alone is what commit hashes and checksums are written in, ordinary visible content; hex
// that the words just before it call a key, secret or token is a credential (an API key, a
// webhook secret, a session id).
const KEY_LABEL = /\b(?:key|secret|token|bearer|pass(?:word|wd)?|credentials?|auth(?:orization)?|session(?:[ _-]?id)?|sid|signature)\b[^\n]{0,24}$/i;
const HEX = /^[0-9a-f]{32,}$/i;
const PUBLIC_HEX = /\b(?:fingerprint|checksum|hash|sha-?\d*|md5|commit|revision|digest)\b/i;

function labelledHexKey(found: string, before: string): boolean {
  return testText(HEX, found) && testText(KEY_LABEL, before) && !testText(PUBLIC_HEX, before);
}

function isSecretShape(found: string): boolean {
  // Patterns written in place are remade for each call (ownPattern): these run only on a found candidate.
  if (testText(/^[A-Z]{2}\d{2}/, found) && isIban(found)) return true;
  if (testText(CARD_LAYOUT, foldDigits(found)) && isCardNumber(found)) return true;
  const prefixed = ownPattern(/^(?:(?:sk|rk)_(?:live|test)_|sk-(?:proj-|ant-)?|gh[pousr]_|github_pat_|xox[abprs]-|glpat-|AKIA|AIza|eyJ)/).exec(found);
  const body = prefixed ? found.slice(prefixed[0].length) : found;
  if (!testText(/\d/, body) || !testText(/[a-z]/i, body)) return false;
  if (prefixed) return entropy(body) >= 3;
  // Random letters mix cases about evenly; a long camelCase name has a capital every word or so.
  const upper = count(/[A-Z]/g, body);
  const lower = count(/[a-z]/g, body);
  return Math.min(upper, lower) >= (upper + lower) / 4 && count(/\d/g, body) >= 2 && entropy(body) >= 4;
}

/** How many characters of `text` the one-character `pattern` matches. */
function count(pattern: RegExp, text: string): number {
  return text.length - replaceText(text, pattern, '').length;
}

/** Bits per character of the text's own character frequencies (Shannon). */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}

/** An IBAN: country, check digits and account, whose number (letters as 10–35) leaves 1 mod 97. */
function isIban(found: string): boolean {
  const compact = replaceText(found, /[ -]/g, '');
  if (compact.length < 15 || compact.length > 34) return false;
  let rest = 0;
  for (const char of compact.slice(4) + compact.slice(0, 4)) {
    const value = parseInt(char, 36);
    rest = value > 9 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest === 1;
}
