import { matchesSafely } from './matches-safely.js';
import { cleanPageText } from './clean-page-text.js';
import { watchClickListeners } from './click-listeners.js';
import { ghostSteps } from './ghost-boxes.js';
import { collectSteps, finishWalk, type Collected, type Walk } from './collect.js';
import { formatDump, type FormattedDump } from './format.js';
import { redactUrl } from './url-redaction.js';
import { maskCodeLists, maskEchoes, typedSecretsNow } from './secret-echo.js';
import { cancel, clientRectsOf, keptBoxes, later, now, styleOf } from './platform.js';
import { MIN_OPACITY, paintedOpacity } from './paint-effects.js';
import { paintedOnScreen, WalkBand } from './walk-band.js';
import { currentGeneration, paintGeneration, watchPaint } from './page-generation.js';

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
  return finishWalk(snapshotSteps(options));
}

// Main-thread time a sliced snapshot takes before it lets the browser handle input and paint.
const SLICE_MS = 12;

/**
 * snapshotPage in slices of a few milliseconds, the browser free to handle input and paint
 * between them (`scheduler.yield()` where there is one, else a message to ourselves): a large page
 * never freezes the visitor while the agent looks at it. The page may change between slices; the
 * dump is of the page as the walk met it.
 */
export async function snapshotPageSliced(options: SnapshotOptions = {}): Promise<PageSnapshot> {
  let sliceEnd = now() + SLICE_MS;
  const steps = snapshotSteps(options, () => now() > sliceEnd);
  for (;;) {
    const step = keptBoxes(() => steps.next());
    if (step.done) return step.value;
    await nextSlice();
    // The page may have changed meanwhile: answers kept from before that no longer count.
    paintGeneration(window);
    sliceEnd = now() + SLICE_MS;
  }
}

function nextSlice(): Promise<void> {
  return new Promise((resume) => {
    // A page that replaced the scheduler or MessageChannel with ones that never answer does not
    // hold the walk: the browser's own clock ends the pause.
    const timer = later(resume, 100);
    const next = () => {
      cancel(timer);
      resume();
    };
    const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    if (typeof scheduler?.yield === 'function') return void scheduler.yield().then(next, next);
    // A message task runs after input and rendering, without setTimeout's 4 ms clamp when nested.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      next();
    };
    channel.port2.postMessage(undefined);
  });
}

function* snapshotSteps(options: SnapshotOptions, due?: () => boolean): Walk<PageSnapshot> {
  // A host that runs WebAgent without the element has not installed it yet; later listeners count.
  watchClickListeners();
  const given = options.root ?? document;
  const doc = given.nodeType === Node.DOCUMENT_NODE ? (given as Document) : (given as Element).ownerDocument;
  const view = doc.defaultView ?? window;
  watchPaint(doc);
  paintGeneration(view);
  // Paint a hit test misses, kept up to date from what changed: on a page met for the first time, a pass over every element, in slices.
  yield* ghostSteps(doc, due);
  // An open modal dialog is all a user can reach: the page behind it is inert until it closes.
  const modal = given.nodeType === Node.DOCUMENT_NODE ? topModal(doc, options.exclude) : undefined;
  const root = modal ?? given;
  const scroller = doc.scrollingElement ?? doc.documentElement;
  const viewportHeight = view.innerHeight || 1;
  const scrollTop = view.scrollY;
  const scrollHeight = scroller ? scroller.scrollHeight : viewportHeight;
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  const walk = { root, filter: options.filter, exclude: options.exclude, origin: topOrigin(view), due };
  const format = (collected: Collected): Walk<FormattedDump> => formatDump(collected.nodes, {
    maxLength,
    viewportHeight,
    previousIds,
    // Behind a modal, the page's own scroll position says nothing about what can be reached.
    screensAbove: modal ? 0 : screens(scrollTop, viewportHeight),
    screensBelow: modal ? 0 : screens(scrollHeight - scrollTop - viewportHeight, viewportHeight),
    note: modal ? MODAL_NOTE : undefined,
    leftOut: collected.leftOut,
    due,
  });
  let dump: FormattedDump | undefined;
  // Capped, the walk first covers a band around the viewport, wider each time the cut falls
  // outside it: what lies beyond the cut costs a box read per subtree, not a walk. A page that
  // holds less than the cap is walked whole (the last band is the whole page).
  if (Number.isFinite(maxLength)) {
    let pinned: ReadonlySet<Element> | undefined;
    // The band that held the last cut is tried first: from turn to turn a page changes little.
    let margin = bandMargin;
    // A band that holds the whole page spares nothing: then the page is walked whole at once.
    const pageScreens = Math.max(scrollTop, scrollHeight - scrollTop - viewportHeight) / viewportHeight;
    for (let attempt = 0; attempt < 4 && margin <= MAX_BAND_MARGIN && margin < pageScreens; attempt += 1) {
      // Only a page taller than the band gets here, where something almost always lies outside it.
      pinned ??= yield* paintedOnScreen(doc, viewportHeight, due);
      const band = new WalkBand({ top: -margin * viewportHeight, bottom: (1 + margin) * viewportHeight }, pinned);
      const collected = yield* collectSteps({ ...walk, band });
      const formatted = yield* format(collected);
      if (collected.leftOut.above + collected.leftOut.below === 0 || formatted.reach <= margin * viewportHeight) {
        dump = formatted;
        // Next time, as wide as this cut needed (a page that grew denser narrows it again).
        bandMargin = Math.max(2, Math.min(margin, Math.ceil(formatted.reach / viewportHeight) + 1));
        break;
      }
      // Wide enough, by the text this band held, to fill the cap with room to spare.
      margin = Math.max(margin * 2, Math.ceil((margin * maxLength * 1.25) / Math.max(formatted.text.length, 1)));
    }
  }
  dump ??= yield* format(yield* collectSteps(walk));
  if (!options.peek) previousIds = dump.ids;
  // Where the page's text leaves the walk: what the visitor typed into secret fields is masked
  // wherever the page shows it again, and lists of recovery codes (secret-echo.ts).
  // Found once per task: the walk's links (redactUrl) asked for the same in this slice.
  const secrets = typedSecretsNow(doc);
  return {
    text: maskCodeLists(maskEchoes(dump.text, secrets)),
    indexedCount: dump.ids.size,
    truncated: dump.truncated,
    url: maskEchoes(redactUrl(view.location.href), secrets),
    title: maskEchoes(cleanPageText(doc.title, 200), secrets),
  };
}

// Screens above and below the viewport a capped walk covers; past the largest, the whole page is walked.
const MAX_BAND_MARGIN = 64;
let bandMargin = 2;
const MODAL_NOTE = '… a modal dialog is open: only it is shown, the page behind it is inert until it closes';

/**
 * The modal dialog on top, if one is open: a `<dialog>` opened with `showModal()` (the last one in
 * the document, as the most recently opened usually is), else a rendered `aria-modal="true"`
 * dialog, as script-driven dialog libraries mark theirs, unless faded out. Dialogs inside shadow
 * roots are not seen.
 */
function topModal(doc: Document, exclude: Element[] | undefined): Element | undefined {
  const visible = (el: Element): boolean =>
    !exclude?.some((excluded) => excluded.contains(el)) && clientRectsOf(el).length > 0;
  let found: Element | undefined;
  // Live collections and lists kept per generation: the engine keeps the one until the DOM changes,
  // and a mutation moves the other; a query each turn would walk the whole page.
  let dialogs = dialogsOf.get(doc);
  if (!dialogs) dialogsOf.set(doc, (dialogs = doc.getElementsByTagName('dialog')));
  for (const dialog of dialogs) {
    if ((dialog as HTMLDialogElement).open && matchesSafely(dialog, ':modal') && visible(dialog)) found = dialog;
  }
  if (found) return found;
  const generation = currentGeneration();
  let marked = ariaModals.get(doc);
  if (marked?.generation !== generation) ariaModals.set(doc, (marked = { generation, elements: doc.querySelectorAll('[aria-modal="true"]') }));
  for (const el of marked.elements) {
    // One faded out (its closing animation over, not yet unmounted) no longer hides the page, whichever
    // box around it the fade was on (MUI fades the container of its role=dialog paper).
    const style = visible(el) && doc.defaultView && styleOf(el, doc.defaultView);
    if (style && style.visibility === 'visible' && paintedOpacity(el) >= MIN_OPACITY) found = el;
  }
  return found;
}

// Held, so that the engine's answer for the live collection outlives a garbage collection.
const dialogsOf = new WeakMap<Document, HTMLCollectionOf<HTMLDialogElement>>();
const ariaModals = new WeakMap<Document, { generation: number; elements: NodeListOf<Element> }>();

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
