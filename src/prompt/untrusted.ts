import { normalizeText, replaceText } from '../dom/platform.js';

/**
 * Text that came from the page (a selection, a selector built from attributes, a value an action
 * reports) is untrusted: it goes inside a fence and must not be able to close that fence or any
 * other one we use. These helpers follow the rules the DOM snapshot applies to the dump
 * (src/dom/clean-page-text.ts), re-stated here because the prompt layer imports nothing outside
 * itself but the browser's own functions: they run on the browser's own RegExp, so a page that
 * swapped RegExp.prototype[Symbol.replace] cannot keep hidden characters or a forged fence in.
 */

// The rules the DOM snapshot applies to page text (src/dom/clean-page-text.ts, where each is
// explained): invisible code points by their Unicode property, except what emoji need; full-width
// and small forms folded (NFKC); `<` and its look-alikes neutralised before anything tag-like.
const INVISIBLE = /(\p{Extended_Pictographic}[\ufe0e\ufe0f\p{Emoji_Modifier}]?(?:\u200d\p{Extended_Pictographic}[\ufe0e\ufe0f\p{Emoji_Modifier}]?)*)|[\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}\ufff9-\ufffb\0-\x08\x0b-\x1f\x7f-\x9f]/gu;
const COMPATIBILITY_FORMS = /[\ufe10-\ufe6f\uff01-\uffef]/g;
const TAG_OPENER = /[<\u02c2\u1438\u16b2\u2039\u2329\u276c\u276e\u27e8\u29fc\u3008](?=[a-z!?|]|\s*\/)|[^\p{L}\p{N}\s\u2039/](?=\W?[\s/]*(page|selected|recorded)\W?(dom|text|tool|steps)\b)/giu;
const LINE_BREAKS = /\r\n?|[\u0085\u2028\u2029]/g;
const WHITESPACE = /\s+/g;

/** Multi-line untrusted text: line breaks kept (normalised to \n), invisible characters gone, markers neutralised. */
export function fenceSafe(text: string): string {
  let safe = replaceText(text, LINE_BREAKS, '\n');
  safe = replaceText(safe, INVISIBLE, (_, emoji: string | undefined) => emoji ?? '');
  safe = replaceText(safe, COMPATIBILITY_FORMS, (form) => normalizeText(form, 'NFKC'));
  return replaceText(safe, TAG_OPENER, '‹');
}

/** Untrusted text for a single line: whitespace of any kind collapses to one space. */
export function fenceSafeLine(text: string): string {
  return oneLine(fenceSafe(text));
}

/** Trusted host text for a single line (brand fields, list items): only whitespace is collapsed. */
export function oneLine(text: string): string {
  return replaceText(text, WHITESPACE, ' ').trim();
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
