/**
 * Page text is untrusted: it ends up inside a `<page-dom>` fence in the prompt, one element per line.
 * Everything taken from the page goes through here so that it cannot start a new line, close the
 * fence, or write something that parses as one of our own `[id]<tag>` lines.
 */

// Whitespace of any kind (newlines, U+2028/2029, tabs, NBSP) collapses to one space: a page must
// never be able to start a line of its own.
const SPACES = /\s+/g;
// Control characters that are not whitespace (C0, DEL, C1 including NEL) and invisible characters
// that can disguise text (bidi overrides) or split a marker so it slips past the checks below
// (zero-width spaces, soft hyphens, BOMs) are removed. The zero-width joiner stays: emoji sequences need it.
const INVISIBLES = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u00ad\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
// `<` opening anything tag-like (`<page-dom`, `</page-dom`, `<button`, `<!--`) becomes `‹`, so page
// text can neither close the fence nor forge `[zzz]<button>` after an id of its own.
// `<|` too: chat templates' special tokens (`<|im_start|>`, `<|eot_id|>`) are read as role
// boundaries by servers that tokenise message text with them (many self-hosted ones do).
const TAG_OPENER = /<(?=[a-z/!?|])/gi;

/**
 * Collapses whitespace, strips control and invisible characters, neutralises tag-like `<`, and caps
 * the result at `cap` characters with a trailing `…`.
 */
export function cleanPageText(raw: string, cap = 300): string {
  // Long text nodes (a whole article in one node) are cut before the regexes see them.
  let text = raw.length > cap * 3 + 200 ? raw.slice(0, cap * 3 + 200) : raw;
  text = text.replace(INVISIBLES, '').replace(SPACES, ' ').trim();
  if (text.indexOf('<') !== -1) text = text.replace(TAG_OPENER, '‹');
  return capText(text, cap);
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
export function isBlank(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 32) return false;
  return true;
}
