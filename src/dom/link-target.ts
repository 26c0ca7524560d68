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
    const href = link.getAttribute('href');
    if (href === null) return [];
    const flags: string[] = [];
    if (this.#opensNewTab(link)) flags.push('newtab');
    if (this.#leavesSite(link, href.trim())) flags.push(OFFSITE);
    return flags;
  }

  #document(doc: Document): { baseTarget: string; baseIsSite: boolean } {
    let facts = this.#documents.get(doc);
    if (!facts) {
      const base = doc.querySelector('base[target]');
      facts = { baseTarget: base?.getAttribute('target') ?? '', baseIsSite: sameOrigin(doc.baseURI, this.#origin) };
      this.#documents.set(doc, facts);
    }
    return facts;
  }

  #opensNewTab(link: Element): boolean {
    const target = (link.getAttribute('target') ?? this.#document(link.ownerDocument).baseTarget).trim().toLowerCase();
    if (target === '' || target === '_self' || target === '_top' || target === '_parent') return false;
    if (target === '_blank') return true;
    // A named target opens a new window, unless a frame of the page has that name.
    let isFrame = this.#frameNames.get(target);
    if (isFrame === undefined) {
      isFrame = [...link.ownerDocument.querySelectorAll('iframe[name], frame[name]')].some((frame) => frame.getAttribute('name')?.toLowerCase() === target);
      this.#frameNames.set(target, isFrame);
    }
    return !isFrame;
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

function startsWithOrigin(url: string, origin: string): boolean {
  if (!url.startsWith(origin)) return false;
  const next = url.charAt(origin.length);
  return next === '' || next === '/' || next === '?' || next === '#';
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return true;
  }
}
