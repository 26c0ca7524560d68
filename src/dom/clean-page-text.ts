import { normalizeText, replaceText, testText } from './platform.js';
import { maskSecretShapes } from './secret-shapes.js';

/**
 * Page text is untrusted: it ends up inside a `<page-dom>` fence in the prompt, one element per line.
 * Everything taken from the page goes through here so that it cannot start a new line, close the
 * fence, or write something that parses as one of our own `[id]<tag>` lines.
 */

// Whitespace of any kind (newlines, U+2028/2029, tabs, NBSP, and the braille blank, which draws as one
// without being one) collapses to one space: a page must never be able to start a line of its own,
// nor spell bits in blanks of two kinds.
const SPACES = /[\s\u2800]+/g;
// Code points that draw nothing yet carry text, found by their Unicode property rather than a list:
// default-ignorable ones (zero-width characters, bidi controls, variation selectors, tag
// characters, Hangul fillers), noncharacters, the interlinear annotation marks and controls. Hidden
// instructions ride on them, and they split a marker so it slips past the checks below. Removed, except what emoji need and draw with: a
// zero-width joiner between two of them, and one presentation selector or skin tone right after one.
const INVISIBLE = /(\p{Extended_Pictographic}[\ufe0e\ufe0f\p{Emoji_Modifier}]?(?:\u200d\p{Extended_Pictographic}[\ufe0e\ufe0f\p{Emoji_Modifier}]?)*)|[\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}\ufff9-\ufffb\0-\x08\x0e-\x1f\x7f-\x9f]/gu;
// Full-width and small forms (＜ ﹤ ［ ｜ ／) read as the ASCII our markers are made of: folded to it (NFKC).
const COMPATIBILITY_FORMS = /[\ufe10-\ufe6f\uff01-\uffef]/g;
// Anything the two passes above would change; most text has none and skips them.
const NEEDS_FOLDING = /[\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}\ufff9-\ufffb\0-\x08\x0e-\x1f\x7f-\x9f\ufe10-\ufe6f\uff01-\uffef]/u;
// `<`, or a look-alike of it (‹ ⟨ 〈 ˂ ᐸ ᚲ ❮), opening anything tag-like (`<page-dom`, `</page-dom`,
// `<button`, `<!--`) becomes `‹`, so page text can neither close the fence nor forge `[zzz]<button>`
// after an id of its own. `<|` too: chat templates' special tokens (`<|im_start|>`, `<|eot_id|>`) are
// read as role boundaries by servers that tokenise message text with them (many self-hosted ones do).
// Any other symbol that opens one of our fences' names (`❰/page-dom`, `< /page-dom`, `⦑selected-text`) is judged by
// what follows it, not by a list of brackets: it reads as the fence's opener, so it becomes `‹` too.
const TAG_OPENER = /[<\u02c2\u1438\u16b2\u2039\u2329\u276c\u276e\u27e8\u29fc\u3008](?=[a-z!?|]|\s*\/)|[^\p{L}\p{N}\s\u2039/](?=\W?[\s/]*(page|selected|recorded)\W?(dom|text|tool|steps)\b)/giu;

/**
 * Strips what draws nothing, folds look-alikes of our markers to ASCII, and neutralises tag-like
 * `<`: what is left of page text is what a visitor reads, unable to pose as our own markup.
 */
function foldPageText(text: string): string {
  if (testText(NEEDS_FOLDING, text)) text = replaceText(replaceText(text, INVISIBLE, (_, emoji: string | undefined) => emoji ?? ''), COMPATIBILITY_FORMS, (form) => normalizeText(form, 'NFKC'));
  return replaceText(text, TAG_OPENER, '‹');
}

/**
 * Collapses whitespace, strips invisible characters, folds look-alike markers, neutralises
 * tag-like `<`, masks values shaped like credentials ({@link maskSecretShapes}), and caps the
 * result at `cap` characters with a trailing `…`.
 */
export function cleanPageText(raw: string, cap = 300): string {
  // Long text nodes (a whole article in one node) are cut before the regexes see them.
  const text = raw.length > cap * 3 + 200 ? raw.slice(0, cap * 3 + 200) : raw;
  return capText(maskSecretShapes(replaceText(foldPageText(text), SPACES, ' ').trim()), cap);
}

/** Cuts `text` to at most `cap` characters, ending in `…`, without splitting a surrogate pair. */
export function capText(text: string, cap: number): string {
  if (text.length <= cap) return text;
  let end = cap - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** An attribute value for a dump line: cleaned, and quoted unless it is a plain token. */
export function formatValue(raw: string, cap = 120): string {
  const text = cleanPageText(raw, cap);
  return isPlainToken(text) ? text : quote(text);
}

/** Always quoted: for live values, so `value=""`-like text reads as the value and nothing else. */
export function quote(text: string): string {
  // Backslashes are escaped too, or `x\" disabled` would read as a value and a `disabled` flag.
  return `"${text.indexOf('"') === -1 && text.indexOf('\\') === -1 ? text : text.replace(/["\\]/g, '\\$&')}"`;
}

function isPlainToken(text: string): boolean {
  if (text.length === 0) return false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    // space, quotes, angle brackets and `[`/`]` would make the line ambiguous to read
    if (code === 32 || code === 34 || code === 39 || code === 60 || code === 62 || code === 91 || code === 93) return false;
  }
  return true;
}

/** Only spaces and ASCII whitespace: the indentation between tags, which most text nodes are. */
/** The words of `text` with each run of white space as one space, none at either end. */
export const squish = (text: string | null | undefined): string => replaceText(text ?? '', /\s+/g, ' ').trim();

export function isBlank(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 32) return false;
  return true;
}
