/**
 * Text that came from the page (a selection, a selector built from attributes) is untrusted: it goes
 * inside a fence and must not be able to close that fence or any other one we use. These helpers
 * follow the rules the DOM snapshot applies to the dump (src/dom/clean-page-text.ts), re-stated here
 * because the prompt layer imports nothing outside itself.
 */

// Control characters other than tab and newline, and invisible characters that could disguise
// text or split a marker so it slips past TAG_OPENER (zero-width spaces, bidi controls, soft hyphen,
// BOM). The zero-width joiner stays: emoji sequences need it.
const INVISIBLES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
// A `<` that opens anything tag-like (`</selected-text`, `<page-dom`, `<!--`) becomes `‹`, so no
// closing marker of ours can appear inside fenced text.
// `<|` too: chat templates' special tokens (`<|im_start|>`, `<|eot_id|>`) are read as role
// boundaries by servers that tokenise message text with them (many self-hosted ones do).
const TAG_OPENER = /<(?=[a-z/!?|])/gi;
const LINE_BREAKS = /\r\n?|[\u0085\u2028\u2029]/g;

/** Multi-line untrusted text: line breaks kept (normalised to \n), markers neutralised. */
export function fenceSafe(text: string): string {
  return text.replace(LINE_BREAKS, '\n').replace(INVISIBLES, '').replace(TAG_OPENER, '‹');
}

/** Untrusted text for a single line: whitespace of any kind collapses to one space. */
export function fenceSafeLine(text: string): string {
  return fenceSafe(text).replace(/\s+/g, ' ').trim();
}

/** Trusted host text for a single line (brand fields, list items): only whitespace is collapsed. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cuts to at most `cap` characters without splitting a surrogate pair; says how much was left out. */
export function capWithNote(text: string, cap: number): string {
  if (text.length <= cap) return text;
  let end = cap;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}… (${text.length - end} more characters not shown)`;
}

/** Code-unit order: the same in every browser and locale, unlike localeCompare. */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
