import { attributeOf, newUrl } from './platform.js';
/**
 * Where a link takes the visitor: into a new tab or window (`target=_blank`, a named target, or
 * the document's `<base target>`), and whether it leaves the site (another origin than the top
 * page's). Read from the attributes without resolving URLs where the form allows it: the `href`
 * getter is one of the costlier reads on a page full of links. One per snapshot, so what it caches
 * per document (base target, base origin, named frames) is never stale for longer than one walk.
 */
// The usual mark of an external link, one character: a page of ads and share buttons has hundreds.
const OFFSITE = '↗';

export class LinkTargets {
  readonly #origin: string;
  readonly #host: string;
  readonly #documents = new Map<Document, { baseTarget: string; baseIsSite: boolean }>();
  readonly #frameNames = new Map<string, boolean>();

  /** `origin`: the top page's, e.g. `https://shop.example`. */
  constructor(origin: string) {
    this.#origin = origin;
    this.#host = origin.slice(origin.indexOf('//'));
  }

  /** The link's flags for its dump line: `newtab`, `↗` (another site), both or none. */
  flags(link: Element): string[] {
    const href = attributeOf(link, 'href');
    if (href === null) return [];
    const flags: string[] = [];
    if (this.#opensNewTab(link)) flags.push('newtab');
    if (this.#leavesSite(link, href.trim())) flags.push(OFFSITE);
    return flags;
  }

  #document(doc: Document): { baseTarget: string; baseIsSite: boolean } {
    let facts = this.#documents.get(doc);
    if (!facts) {
      facts = { baseTarget: baseTarget(doc), baseIsSite: sameOrigin(doc.baseURI, this.#origin) };
      this.#documents.set(doc, facts);
    }
    return facts;
  }

  #opensNewTab(link: Element): boolean {
    return opensNewTab(attributeOf(link, 'target') ?? this.#document(link.ownerDocument).baseTarget, link.ownerDocument, this.#frameNames);
  }

  #leavesSite(link: Element, href: string): boolean {
    if (this.#origin === 'null' || href === '' || href.startsWith('#')) return false;
    if (href.startsWith('//')) return !startsWithOrigin(href, this.#host);
    if (/^https?:/i.test(href)) return !startsWithOrigin(href.toLowerCase(), this.#origin);
    // mailto:, tel:, javascript: and the like lead to no other site.
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return false;
    // A relative link stays on the site unless the document's base points elsewhere.
    if (this.#document(link.ownerDocument).baseIsSite) return false;
    const resolved = (link as HTMLAnchorElement).href;
    return typeof resolved === 'string' && !sameOrigin(resolved, this.#origin);
  }
}

/**
 * The target of a link or form that names none: the document's `<base target>`, if any. Read from
 * the engine's live list of `<base>` elements, which it keeps until the document changes: a query
 * would search the whole page on every walk.
 */
export function baseTarget(doc: Document): string {
  for (const base of doc.getElementsByTagName('base')) {
    const target = attributeOf(base, 'target');
    if (target !== null) return target;
  }
  return '';
}

/**
 * Whether following a link (or `window.open`) with `target` opens a new tab or window: `_blank`, or
 * a name no frame of `doc` has. Keywords are case-insensitive, names are not (HTML's rule).
 * `frames` caches the answer per name over one walk.
 */
export function opensNewTab(target: string, doc: Document, frames?: Map<string, boolean>): boolean {
  const name = target.trim();
  const keyword = name.toLowerCase();
  if (keyword === '' || keyword === '_self' || keyword === '_top' || keyword === '_parent') return false;
  if (keyword === '_blank') return true;
  let isFrame = frames?.get(name);
  if (isFrame === undefined) {
    isFrame = [...doc.querySelectorAll('iframe[name], frame[name]')].some((frame) => attributeOf(frame, 'name') === name);
    frames?.set(name, isFrame);
  }
  return !isFrame;
}

function startsWithOrigin(url: string, origin: string): boolean {
  if (!url.startsWith(origin)) return false;
  const next = url.charAt(origin.length);
  return next === '' || next === '/' || next === '?' || next === '#';
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return newUrl(url).origin === origin;
  } catch {
    return true;
  }
}
