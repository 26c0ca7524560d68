import { cleanPageText } from './clean-page-text.js';
import { watchClickListeners } from './click-listeners.js';
import { collectNodes } from './collect.js';
import { formatDump } from './format.js';
import { redactUrl } from './url-redaction.js';
import { clientRectsOf, styleOf } from './platform.js';

export interface SnapshotOptions {
  /** Where to start; defaults to the whole document. */
  root?: Document | Element;
  /** Characters of dump text; the dump is cut viewport-first beyond this. Default 12,000. */
  maxLength?: number;
  /** Returns true to drop an element and its subtree (the host's `domFilter`). */
  filter?: (el: Element) => boolean;
  /** Subtrees never walked, such as the agent's own UI element. */
  exclude?: Element[];
  /**
   * A look the model does not get (planning, warming up): the next snapshot still marks what is
   * new since the last one the model saw.
   */
  peek?: boolean;
}

export interface PageSnapshot {
  /** The dump the model reads. */
  text: string;
  /** How many elements carry an `[id]` in `text`. */
  indexedCount: number;
  truncated: boolean;
  /** `location.href` of the snapshotted document, with tokens in it masked (see redactUrl). */
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
  // A host that runs WebAgent without the element has not installed it yet; later listeners count.
  watchClickListeners();
  const given = options.root ?? document;
  const doc = given.nodeType === Node.DOCUMENT_NODE ? (given as Document) : (given as Element).ownerDocument;
  const view = doc.defaultView ?? window;
  // An open modal dialog is all a user can reach: the page behind it is inert until it closes.
  const modal = given.nodeType === Node.DOCUMENT_NODE ? topModal(doc, options.exclude) : undefined;
  const root = modal ?? given;
  const nodes = collectNodes({ root, filter: options.filter, exclude: options.exclude, origin: topOrigin(view) });
  const scroller = doc.scrollingElement ?? doc.documentElement;
  const viewportHeight = view.innerHeight || 1;
  const scrollTop = view.scrollY;
  const scrollHeight = scroller ? scroller.scrollHeight : viewportHeight;
  const dump = formatDump(nodes, {
    maxLength: options.maxLength ?? DEFAULT_MAX_LENGTH,
    viewportHeight,
    previousIds,
    // Behind a modal, the page's own scroll position says nothing about what can be reached.
    screensAbove: modal ? 0 : screens(scrollTop, viewportHeight),
    screensBelow: modal ? 0 : screens(scrollHeight - scrollTop - viewportHeight, viewportHeight),
    note: modal ? MODAL_NOTE : undefined,
  });
  if (!options.peek) previousIds = dump.ids;
  return {
    text: dump.text,
    indexedCount: dump.ids.size,
    truncated: dump.truncated,
    url: redactUrl(view.location.href),
    title: cleanPageText(doc.title, 200),
  };
}

const MODAL_NOTE = '… a modal dialog is open: only it is shown, the page behind it is inert until it closes';

/**
 * The modal dialog on top, if one is open: a `<dialog>` opened with `showModal()` (the last one in
 * the document, as the most recently opened usually is), else a rendered `aria-modal="true"`
 * dialog, as script-driven dialog libraries mark theirs. Dialogs inside shadow roots are not seen.
 */
function topModal(doc: Document, exclude: Element[] | undefined): Element | undefined {
  const visible = (el: Element): boolean =>
    !exclude?.some((excluded) => excluded.contains(el)) && clientRectsOf(el).length > 0;
  let found: Element | undefined;
  for (const dialog of doc.querySelectorAll('dialog[open]')) {
    if (isModalDialog(dialog) && visible(dialog)) found = dialog;
  }
  if (found) return found;
  for (const el of doc.querySelectorAll('[aria-modal="true"]')) {
    if (visible(el) && doc.defaultView && styleOf(el, doc.defaultView).visibility === 'visible') found = el;
  }
  return found;
}

function isModalDialog(dialog: Element): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return false; // engines without :modal (before Safari 15.6, Firefox 103)
  }
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
