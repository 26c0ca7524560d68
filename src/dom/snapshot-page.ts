import { cleanPageText } from './clean-page-text.js';
import { collectNodes } from './collect.js';
import { formatDump } from './format.js';

export interface SnapshotOptions {
  /** Where to start; defaults to the whole document. */
  root?: Document | Element;
  /** Characters of dump text; the dump is cut viewport-first beyond this. Default 12,000. */
  maxLength?: number;
  /** Returns true to drop an element and its subtree (the host's `domFilter`). */
  filter?: (el: Element) => boolean;
  /** Subtrees never walked, such as the agent's own UI element. */
  exclude?: Element[];
}

export interface PageSnapshot {
  /** The dump the model reads. */
  text: string;
  /** How many elements carry an `[id]` in `text`. */
  indexedCount: number;
  truncated: boolean;
  /** `location.href` of the snapshotted document. */
  url: string;
  title: string;
}

const DEFAULT_MAX_LENGTH = 12_000;

// Ids printed by the last snapshot, so the next one can mark what is new with `*`. Module state on
// purpose: ids themselves are module-wide, and "new" means "new since the model last looked".
let previousIds: ReadonlySet<string> | null = null;

/**
 * The agent's eyes: a text dump of what a user sees on the page, one line per element worth
 * knowing about, interactive ones tagged with ids that `resolveElement` maps back. Synchronous and
 * read-only: it reads styles and boxes but never writes to the page, so layout is computed once.
 */
export function snapshotPage(options: SnapshotOptions = {}): PageSnapshot {
  const root = options.root ?? document;
  const doc = root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : (root as Element).ownerDocument;
  const view = doc.defaultView ?? window;
  const nodes = collectNodes({ root, filter: options.filter, exclude: options.exclude, origin: topOrigin(view) });
  const scroller = doc.scrollingElement ?? doc.documentElement;
  const viewportHeight = view.innerHeight || 1;
  const scrollTop = view.scrollY;
  const scrollHeight = scroller ? scroller.scrollHeight : viewportHeight;
  const dump = formatDump(nodes, {
    maxLength: options.maxLength ?? DEFAULT_MAX_LENGTH,
    viewportHeight,
    previousIds,
    screensAbove: screens(scrollTop, viewportHeight),
    screensBelow: screens(scrollHeight - scrollTop - viewportHeight, viewportHeight),
  });
  previousIds = dump.ids;
  return {
    text: dump.text,
    indexedCount: dump.ids.size,
    truncated: dump.truncated,
    url: view.location.href,
    title: cleanPageText(doc.title, 200),
  };
}

function screens(pixels: number, viewportHeight: number): number {
  return pixels <= 0 ? 0 : Math.round((pixels / viewportHeight) * 10) / 10;
}

// Links are shortened against the top page's origin; inside a cross-origin embed, `top` cannot be
// read and our own origin is the best we have.
function topOrigin(view: Window): string {
  try {
    return view.top?.location.origin ?? view.location.origin;
  } catch {
    return view.location.origin;
  }
}
