import { foldDigits } from './card-number.js';
import { REDACTION_MASK } from './redaction-mask.js';
import { isSecretField } from './secret-field.js';
import { maskTypedInUrls } from './url-redaction.js';
import { rememberedPasswordFields } from './watch-secret-fields.js';
import { attributeOf, decodeUriPart, inputTypeOf, lowerText, normalizeText, own, ownPattern, replaceText, tagOf, testText } from './platform.js';

/**
 * What the visitor typed into secret fields, masked wherever the page shows it again: a "show
 * password" preview that mirrors the field, "You chose: hunter2-Quokka", a title or aria-label
 * carrying it, a code drawn one digit per element beside the field that takes it (input-otp), the
 * page's URL. Applied where the page's text leaves the DOM code (the snapshot's dump, URL and
 * title, and shownText for actions' results), so every exit built from them is covered.
 *
 * Compared by letters and digits only, after the folding the rest of the code uses (NFKC, digits
 * of any script as ASCII) and in either case ("HUNTER2" shown in capitals): a value matches with
 * anything but letters and digits between its characters (line breaks and indentation between
 * one-digit elements, "4111 1111", "k3v9-2mxq"). Percent-encoded characters count as what they
 * encode, so `pw=Tr0ub4dor%263` in a URL echoes "Tr0ub4dor&3".
 */

// The shortest value masked where it recurs: 4 letters or digits, a PIN's length. Three would be a
// card's security code, and every page is full of three-digit numbers (prices, quantities); at
// four a given number recurs by chance one time in ten thousand, and a PIN's echo is a leak.
const LEAST = 4;
// Below this many, an echo must stand alone (no letter or digit just before or after it): a
// four-digit PIN is no leak inside a longer phone or order number, which it would mask.
const ALONE_BELOW = 8;
// Between two characters of an echo, at most this much that is no letter or digit: one element's
// line break and indentation between drawn digits, never a sentence.
const GAP = 24;
const ALNUM = /[\p{L}\p{N}]/u;

// Fields the walk found secret that a document query cannot reach (inside shadow roots, frames).
const walked = new Set<WeakRef<Element>>();

/** A field the walk masked: its value is masked where it recurs (see {@link typedSecrets}). */
export function noteSecretField(el: Element): void {
  if (walked.size > 64) walked.clear();
  walked.add(new WeakRef(el));
}

// Values found before stay masked for the page's life, the most recent first to stay: a code the
// page cleared from its field once verified, then says back ("Code 482913 verified"), or a password
// field emptied after a failed sign-in. Held in this page's memory only, like the fields themselves.
const REMEMBERED = 16;
const found: string[] = [];

/**
 * The values typed into secret fields of `doc` (as the characters to look for): every filled
 * field isSecretField judges so, password fields the page replaced (watch-secret-fields), fields the
 * walk met in shadow roots, and a code typed one character per box joined as one value; and the
 * values found by earlier calls, which stay.
 */
export function typedSecrets(doc: Document): string[] {
  const fields = new Set<Element>();
  try {
    // The engine's live lists, kept until the document changes: a query searched the whole page each time.
    for (const tag of ['input', 'textarea']) for (const field of doc.getElementsByTagName(tag)) fields.add(field);
  } catch {
    // A page that broke its own query: the fields remembered and walked still count.
  }
  for (const field of rememberedPasswordFields()) fields.add(field);
  for (const ref of walked) {
    const field = ref.deref();
    if (field?.isConnected) fields.add(field);
    else walked.delete(ref);
  }
  const secrets: string[] = [];
  const rows = new Map<Element | null, string>();
  for (const field of fields) {
    // Read with the browser's own getters: a page's value getter that throws or lies changes nothing.
    // A page that broke what judging a field reads (its own getters) leaves that field out.
    let value: string;
    try {
      const input = tagOf(field) === 'input';
      value = own(field, input ? 'HTMLInputElement.value' : 'HTMLTextAreaElement.value');
      if (!value || (input && inputTypeOf(field as HTMLInputElement) === 'hidden') || !isSecretField(field)) continue;
    } catch {
      continue;
    }
    // One box of a code typed a character at a time: the row's boxes in order make the value.
    const most = Number(attributeOf(field, 'maxlength'));
    if (value.length <= 2 && most > 0 && most <= 2) rows.set(field.parentElement, (rows.get(field.parentElement) ?? '') + value);
    else secrets.push(value);
  }
  for (const value of rows.values()) secrets.push(value);
  for (const value of secrets) {
    const letters = lettersOf(value);
    if (letters.length < LEAST) continue;
    const known = found.indexOf(letters);
    if (known >= 0) found.splice(known, 1);
    else if (found.length >= REMEMBERED) found.shift();
    found.push(letters);
  }
  return found.slice();
}

// Asked for every URL that leaves (redactUrl) and every shownText (a table's column labels in a
// walk): found once per document per task of the event loop, as one slice of a walk runs in one.
// Dropped by replacing the map, not clearing it: a page that broke Map.prototype.clear would have it
// throw from the microtask, into the page.
let current = new Map<Document, string[]>();
export function typedSecretsNow(doc: Document = document): string[] {
  let secrets = current.get(doc);
  if (!secrets) {
    if (current.size === 0) queueMicrotask(() => (current = new Map()));
    current.set(doc, (secrets = typedSecrets(doc)));
  }
  return secrets;
}
maskTypedInUrls((url) => maskEchoes(url, typedSecretsNow()));

/** `char` folded as values are compared: NFKC, digits of any script as ASCII, lower case. */
const fold = (char: string): string => lowerText(foldDigits(normalizeText(char, 'NFKC')));

/** The letters and digits of `text`, folded. */
function lettersOf(text: string): string {
  let letters = '';
  for (const char of fold(text)) if (testText(ALNUM, char)) letters += char;
  return letters;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';

// One escaped byte, its `%` itself escaped any number of times over (`%26`, `%2526`, `%252526`: a
// URL carried inside another's query, as a redirect's return address is).
const ESCAPE = /%(?:25)*([\da-f]{2})/iy;

/**
 * The characters the run of percent escapes at `at` in `text` encodes, each with the code units of
 * its own escapes; none where there is no run, or it is no UTF-8.
 */
function escapedAt(text: string, at: number): Array<[string, number, number]> {
  if (text[at] !== '%') return [];
  const pattern = ownPattern(ESCAPE);
  let bytes = '';
  const starts: number[] = [];
  const ends: number[] = [];
  while (starts.length < 64) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) break;
    bytes += `%${match[1]!}`;
    starts.push(at);
    ends.push((at += match[0].length));
  }
  let decoded: string;
  try {
    decoded = bytes && decodeUriPart(bytes);
  } catch {
    return [];
  }
  const chars: Array<[string, number, number]> = [];
  let byte = 0;
  for (const char of decoded) {
    const code = char.codePointAt(0)!;
    const count = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    chars.push([char, starts[byte]!, ends[byte + count - 1]!]);
    byte += count;
  }
  return chars;
}

/** `text` with every echo of `secrets` (from {@link typedSecrets}) replaced by the mask. */
export function maskEchoes(text: string, secrets: readonly string[]): string {
  if (secrets.length === 0 || text.length === 0) return text;
  // The text's letters and digits, folded as the secrets are, each with where it came from.
  const letters: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const note = (char: string, start: number, end: number) => {
    for (const folded of fold(char)) {
      if (testText(ALNUM, folded)) {
        letters.push(folded);
        from.push(start);
        to.push(end);
      }
    }
  };
  for (let at = 0; at < text.length; ) {
    const code = text.codePointAt(at)!;
    // ASCII but `%` by its code alone: a page's text node can hold a megabyte of it.
    if (code < 128 && code !== 37) {
      const char = code >= 65 && code <= 90 ? LOWER[code - 65]! : (code >= 97 && code <= 122) || (code >= 48 && code <= 57) ? text[at]! : '';
      if (char) {
        letters.push(char);
        from.push(at);
        to.push(at + 1);
      }
      at += 1;
      continue;
    }
    const escaped = escapedAt(text, at);
    for (const [char, start, end] of escaped) note(char, start, end);
    if (escaped.length > 0) {
      at = escaped[escaped.length - 1]![2];
      continue;
    }
    const next = at + (code > 0xffff ? 2 : 1);
    note(text.slice(at, next), at, next);
    at = next;
  }
  // Which of the text's code units an echo covers; each run of them becomes one mask.
  const hide: boolean[] = [];
  for (const secret of secrets) {
    const chars = [...secret];
    for (let start = 0; start + chars.length <= letters.length; start += 1) {
      let index = 0;
      while (index < chars.length && letters[start + index] === chars[index] && (index === 0 || from[start + index]! - to[start + index - 1]! <= GAP)) index += 1;
      const end = start + chars.length - 1;
      if (index < chars.length || (chars.length < ALONE_BELOW && (to[start - 1] === from[start] || from[end + 1] === to[end]))) continue;
      for (let at = from[start]!; at < to[end]!; at += 1) hide[at] = true;
    }
  }
  if (hide.length === 0) return text;
  let out = '';
  for (let at = 0; at < text.length; at += 1) out += !hide[at] ? text[at] : hide[at - 1] ? '' : REDACTION_MASK;
  return out;
}

// A line that is one code: groups of letters and digits, one space or dash between them.
const CODE_TOKEN = /^[\p{L}\p{N}]{3,10}(?:[ -][\p{L}\p{N}]{3,10}){0,7}$/u;
// Words that name what follows as codes or keys ("Your recovery codes", "Backup codes", "Recovery
// key", "API keys"): defence in depth beside the items' shape, which decides.
const NAMES_CODES = /\b(?:codes?|keys?|tokens?|secrets?|(?:pass)?phrases?)\b/i;

/**
 * Recovery and backup codes a page lists as text: a run of lines (as the dump prints a list) each
 * one token of the same shape (`abcd-efgh-1234`), random rather than made by a scheme (no place
 * where every item holds the same character, as a SKU's prefix or an order number's year would),
 * just after a line that names them as codes or keys. A lone such token (a recovery key) counts when
 * it mixes letters and digits in groups of equal length, 12 or more of them.
 */
export function maskCodeLists(text: string): string {
  if (!testText(NAMES_CODES, text)) return text;
  const lines = text.split('\n');
  for (let start = 0; start < lines.length; start += 1) {
    const first = lines[start]!.trim();
    if (!testText(CODE_TOKEN, first)) continue;
    const shape = shapeOf(lines[start]!);
    let end = start + 1;
    while (end < lines.length && shapeOf(lines[end]!) === shape && testText(CODE_TOKEN, lines[end]!.trim())) end += 1;
    const items = lines.slice(start, end).map((line) => line.trim());
    const named = lines.slice(Math.max(0, start - 2), start).some((line) => testText(NAMES_CODES, line));
    if (named && (items.length >= 3 ? random(items) : items.every(randomKey))) {
      for (let index = start; index < end; index += 1) lines[index] = replaceText(lines[index]!, /\S.*/, REDACTION_MASK);
    }
    start = end - 1;
  }
  return lines.join('\n');
}

/** A line's indentation and its characters with every letter and digit as `x`. */
function shapeOf(line: string): string {
  let shape = '';
  for (const char of line) shape += testText(ALNUM, char) ? 'x' : char;
  return shape;
}

/** No place where every item has the same character; at least 6 letters or digits each. */
function random(items: string[]): boolean {
  if (items[0]!.length < 6) return false;
  for (let index = 0; index < items[0]!.length; index += 1) {
    const char = items[0]![index]!;
    if (testText(ALNUM, char) && items.every((item) => item[index] === char)) return false;
  }
  return true;
}

function randomKey(item: string): boolean {
  const groups = item.split(/[ -]/);
  return groups.length >= 2 && groups.every((group) => group.length === groups[0]!.length) && groups.join('').length >= 12 && testText(/\d/, item) && testText(/\p{L}/u, item);
}
