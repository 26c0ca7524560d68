/**
 * Whether an address on another site carries data of this page or its visitor, wherever in the
 * address it sits (path, query or fragment): what a visitor typed or a field holds (secrets,
 * hidden tokens), cookies, a run of the page's text, prose, or a blob too long to tell. A picture
 * a CDN serves at another size (`/x.jpg?w=600`) carries none of it and may load; anything that
 * cannot be told apart from data is treated as data (fail-safe).
 */
export function carriesPageData(url: string, views: readonly Window[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return true;
  }
  const pieces = `${parsed.pathname}${parsed.search}${parsed.hash}`.split(/[/?&=#;,]+/).map(decoded).filter(Boolean);
  const tail = pieces.join('/').toLowerCase();
  // Decoded copies of encoded pieces (base64, hex): a field's value encoded to slip past a comparison.
  const unwrapped = pieces.map(unwrap).join('/').toLowerCase();
  for (const piece of pieces) {
    // Prose (a space inside one piece) or a long opaque blob: no address of a picture looks like either.
    if (/\S\s+\S/.test(piece) || /[A-Za-z0-9+/_-]{40,}/.test(piece.replace(/[.=]/g, ''))) return true;
  }
  const held = (value: string | null | undefined, least: number) => {
    const text = value?.trim().toLowerCase();
    return !!text && text.length >= least && (tail.includes(text) || unwrapped.includes(text));
  };
  for (const view of views) {
    const { document } = view;
    for (const cookie of document.cookie.split(';')) if (held(cookie.split('=').slice(1).join('='), 6)) return true;
    for (const field of fieldsIn(document)) if (held(valueOf(field), 3)) return true;
    // Page text: three words in a row, or a word with digits (an order number, a date of birth).
    const text = ` ${words(textOf(document)).join(' ')} `;
    const said = words(`${tail} ${unwrapped}`);
    for (let at = 0; at < said.length; at += 1) {
      const run = said.slice(at, at + 3).join(' ');
      if ((run.length >= 12 || (/\d/.test(said[at]!) && said[at]!.length >= 6)) && text.includes(` ${run.length >= 12 ? run : said[at]} `)) return true;
    }
  }
  return false;
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
    if (!node.parentElement?.closest('script, style, template')) text += ` ${node.nodeValue}`;
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
  try {
    return decodeURIComponent(piece.replace(/\+/g, ' '));
  } catch {
    return piece;
  }
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
