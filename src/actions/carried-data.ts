import { isSecretField } from '../dom/secret-field.js';
import { closestOf, dataOf } from '../dom/platform.js';
/** What an action may send off the site is judged against: the page's data, read once per action. */
export interface PageData {
  /**
   * Whether an address on another site carries data of this page or its visitor, wherever in the
   * address it sits (path, query or fragment): what a visitor typed or a field holds (secrets,
   * hidden tokens), cookies, a run of the page's text, prose, or a blob too long to tell. A picture
   * a CDN serves at another size (`/x.jpg?w=600`) carries none of it and may load; anything that
   * cannot be told apart from data is treated as data (fail-safe).
   */
  inUrl(url: URL): boolean;
  /** Whether a message (any structured-cloneable value) carries data of the page's, as above. */
  inMessage(data: unknown): boolean;
}

interface Seen {
  document: Document;
  fields: Element[];
  /** The page's words, space-delimited at both ends. */
  text: string;
}

/**
 * The page's data for one action. Its fields and text are read lazily, once, on the first
 * judgement (a page-sized walk each cross-origin GET would cost otherwise); what fields and cookies
 * hold is read each time, as the action may just have typed it.
 */
export function pageData(views: () => readonly Window[]): PageData {
  let seen: Seen[] | undefined;
  const read = () => (seen ??= views().map(({ document }) => ({ document, fields: [...fieldsIn(document)], text: ` ${words(textOf(document)).join(' ')} ` })));
  // A run of the page's text in a path: a slug names a picture in a few of the page's words
  // (`/annual-report-2025-cover.jpg` on a page titled "Annual report 2025"), so only a run of five
  // is data there; in a query, a fragment or a message, a run of up to three (12 letters or more).
  // A word with digits the page shows (an order number, a date of birth) is data anywhere.
  const holds = (texts: string[], runs: Array<[string, number]>) => {
    const tail = texts.join('/').toLowerCase();
    // Each piece also read as base64 or hex, and backwards.
    const unwrapped = texts.flatMap((text) => text.split(/[\s/?&=#;,:'"]+/)).flatMap((piece) => [unwrap(piece), back(unwrap(piece)), piece.length > 5 ? back(piece) : '', unwrap(back(piece))]).join('/').toLowerCase();
    const sent = ` ${words(`${tail} ${unwrapped}`).join(' ')} `;
    // A value as whole words of what is sent, whatever separates them ("ada-example-com").
    const inWords = (value: string) => /[\p{L}\p{N}]/u.test(value) && sent.includes(` ${words(value).join(' ')} `);
    const held = (value: string | null | undefined, least: number) => {
      const text = value?.trim().toLowerCase();
      return !!text && text.length >= least && (tail.includes(text) || unwrapped.includes(text) || inWords(text));
    };
    for (const { document, fields, text } of read()) {
      for (const cookie of document.cookie.split(';')) if (held(cookie.split('=').slice(1).join('='), 6)) return true;
      for (const field of fields) {
        const value = valueOf(field).trim();
        // A short value ("100", "yes", a PIN) is data only as a whole word of what is sent, and
        // only when it can tell something: a secret, or what the visitor typed that is no small
        // number (a quantity, a page, a width) and no choice among the page's own options.
        if (value.length < 6 ? value.length > 2 && inWords(value) && (isSecretField(field) || !/^\d{1,4}$/.test(value) && !field.matches('select')) : held(value, 6)) return true;
      }
      for (const [said, least] of [...runs, [unwrapped, 1]] as Array<[string, number]>) {
        const list = words(said);
        for (let at = 0; at < list.length; at += 1) {
          const run = list.slice(at, at + Math.max(least, 3));
          const joined = run.join(' ');
          if (run.length >= least && joined.length >= 12 && text.includes(` ${joined} `)) return true;
          if (/\d/.test(list[at]!) && list[at]!.length >= 6 && text.includes(` ${list[at]} `)) return true;
        }
      }
    }
    return false;
  };
  return {
    inUrl(url) {
      // The labels of the host name before its site's own two go to whoever answers for that site
      // (a DNS lookup carries them, a picture's path or not): judged as pieces of the address too.
      const labels = /^[\d.]+$|^\[/.test(url.hostname) ? [] : url.hostname.split('.').slice(0, -2);
      const pieces = [...labels, ...`${url.pathname}${url.search}${url.hash}`.split(/[/?&=#;,]+/).map(decoded)].filter(Boolean);
      for (const piece of pieces) {
        // Prose (a space inside one piece) or a long opaque blob: no address of a picture looks like either.
        if (/\S\s+\S/.test(piece) || /[A-Za-z0-9+/_-]{40,}/.test(piece.replace(/[.=]/g, ''))) return true;
      }
      return holds(pieces, [[decoded(url.pathname), 5], [decoded(`${labels.join(' ')} ${url.search} ${url.hash}`), 1]]);
    },
    inMessage(data) {
      const texts = stringsOf(data);
      return holds(texts, [[texts.join(' / '), 1]]);
    },
  };
}

/** The strings a message holds: its text, its keys and values, numbers, bytes read as text. */
function stringsOf(data: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown) => {
    if (found.length > 2000 || seen.has(value)) return;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return void found.push(String(value));
    if (!value || typeof value !== 'object') return;
    seen.add(value);
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return void found.push(new TextDecoder().decode(value as ArrayBuffer));
    const entries = value instanceof Map ? [...value] : value instanceof Set ? [...value] : Object.entries(value);
    for (const entry of entries.flat()) walk(entry);
  };
  walk(data);
  return found;
}

const NOT_DATA = /^(checkbox|radio|button|submit|reset|image|range|color|file)$/i;

/** Every field and editable region of a document, inside open shadow roots too. */
function* fieldsIn(root: Document | ShadowRoot): Generator<Element> {
  for (const element of root.querySelectorAll('*')) {
    if (element.matches('input, textarea, select, [contenteditable]:not([contenteditable=false])')) yield element;
    if (element.shadowRoot) yield* fieldsIn(element.shadowRoot);
  }
}

/** The text of a page's body, without its scripts and styles (which name the page's own resources). */
function textOf(document: Document): string {
  if (!document.body) return '';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!closestOf(node.parentElement, 'script, style, template')) text += ` ${dataOf(node as Text)}`;
  }
  return text;
}

function valueOf(field: Element): string {
  if (field.matches('input') && NOT_DATA.test((field as HTMLInputElement).type)) return '';
  return 'value' in field ? String(field.value) : (field.textContent ?? '');
}

function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function decoded(piece: string): string {
  for (let round = 0; round < 4; round += 1) {
    try {
      // Only the address's own `+` is a space.
      const next = decodeURIComponent(round ? piece : piece.replace(/\+/g, ' '));
      if (next === piece) break;
      piece = next;
    } catch {
      break;
    }
  }
  return piece;
}

function back(text: string): string {
  return [...text].reverse().join('');
}

/** A piece read as base64 or hex, when it is one; else nothing. */
function unwrap(piece: string): string {
  try {
    if (/^([0-9a-f]{2}){3,}$/i.test(piece)) return piece.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16)));
    if (/^[A-Za-z0-9+/_-]{4,}={0,2}$/.test(piece)) return atob(piece.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    // not base64 after all
  }
  return '';
}
