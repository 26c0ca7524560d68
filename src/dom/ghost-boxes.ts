import { colorsIn, readColor } from './css-color.js';
import { attributeOf, listen, now, own, rectOf, styleOf, tagOf } from './platform.js';
import type { Walk } from './collect.js';
import { currentGeneration, forgetPaint } from './page-generation.js';
import { distantSelectors, sheetsKey } from './sheet-rules.js';

/**
 * Paint a hit test does not see: an element with `pointer-events: none` laid over the flow
 * (positioned, or in a positioned box), the ring any box's outline draws, and the ring an outer
 * box-shadow of a box laid over the flow draws. The hit test passes through them, yet laid over
 * text they hide it as any box does (text-cover.ts judges them against the text).
 *
 * Finding them means reading the style of every element, which costs what the page holds. So the
 * list is kept per document and brought up to date from what changed, not found again each time:
 * the subtrees the page's mutations touched (records of a MutationObserver on the document and each
 * open shadow root entered), the elements hover, focus, a toggle or a change restyle (and their
 * ancestors, for `:hover` and `:focus-within`), what a running animation moves, a
 * `content-visibility: auto` box that scrolled into view; the whole page again when a style sheet
 * is added, removed or edited in the DOM, or its rules through the CSSOM (sheet-rules.ts, read as a
 * snapshot starts, and for a hit test's check once anything painted changed or after SHEETS_MS), or
 * the viewport's size or zoom changes (media queries). A change can also restyle boxes far from where it
 * happened (`:has()`, sibling combinators, `:nth-child`, `:target`): after any change, the engine is
 * asked which boxes each such rule matches, and those whose match changed are judged again. The
 * first pass over a page runs in slices within a snapshot (ghostSteps).
 */
export interface Ghost {
  box: Element;
  /** The band from `inner` to `outer` px beyond the box's edges (negative inside) is painted. */
  inner: number;
  outer: number;
  /** An outline drawn over the box's own content. */
  inward: boolean;
  /** A box with `pointer-events: none`: it covers where its paint is opaque (judged when asked). */
  fill: boolean;
}

/** A ring narrower than this covers no more than a stroke of a letter. */
export const MIN_RING = 4;
const OPAQUE = 0.9;
// Past this many elements to scan again, the page is scanned whole; the whole, at most this many.
const MAX_PENDING = 100;
const MAX_SCAN = 500_000;
// Outside a snapshot, the sheets are read again after this long, or once anything painted changed.
const SHEETS_MS = 250;
// Elements scanned between asks of `due`.
const CLOCK_EVERY = 64;
// Events after which styles may differ with no mutation: hover, focus, a popover's toggle, a checked box.
const RESTYLE_EVENTS = ['pointerover', 'pointerout', 'focusin', 'focusout', 'beforetoggle', 'toggle', 'change'];
// Events after which a rule matched by what is around (`:invalid + .x`, `:target ~ .x`) may match other boxes.
const MATCH_EVENTS = ['input', 'hashchange'];

/** A rule that restyles boxes away from a change, in the root its sheet applies to, and the boxes it matched. */
interface DistantRule {
  root: Document | ShadowRoot;
  selector: string;
  /** Unset until first asked. */
  matched?: Set<Element>;
  /** The selector is one the query does not take. */
  broken?: boolean;
}

class GhostIndex {
  readonly #doc: Document;
  // Sets and maps are replaced, never cleared: a page that broke Set.prototype.clear cannot break this.
  #ghosts = new Map<Element, Ghost[]>();
  // Subtrees to scan again, and elements to judge again on their own (the ancestors of a hover).
  #pending = new Set<Element>();
  #selves = new Set<Element>();
  #whole = true;
  // `content-visibility: auto` boxes out of view: the browser skips their content, and so does the scan.
  #skipped = new Set<Element>();
  readonly #observer: MutationObserver;
  readonly #roots = new WeakSet<Node>();
  // The open shadow roots entered, for their style sheets.
  #shadows: ShadowRoot[] = [];
  // Per root, the key of its sheets' rules and its distant rules.
  #rules = new WeakMap<Node, { key: number; distant: DistantRule[] }>();
  // When the sheets were last read, and the paint generation then (hit tests ask many times in a row).
  #sheetsRead = { at: -Infinity, generation: NaN };
  #distant: DistantRule[] = [];
  // Something changed since the distant rules were last matched.
  #changed = false;
  #viewport = '';
  #list: Ghost[] | undefined;

  constructor(doc: Document) {
    this.#doc = doc;
    this.#observer = new MutationObserver((records) => this.#note(records));
    this.#watch(doc);
  }

  /** Finds them all again on the next call. */
  forget(): void {
    this.#whole = true;
  }

  /** The ghosts as of now: what changed since the last call is scanned first (in slices, with `due`). */
  *current(snapshot: boolean, due?: () => boolean): Walk<Ghost[]> {
    this.#note(this.#observer.takeRecords());
    const view = this.#doc.defaultView;
    const viewport = view ? `${view.innerWidth} ${view.innerHeight} ${view.devicePixelRatio}` : '';
    if (viewport !== this.#viewport) {
      this.#viewport = viewport;
      this.#whole = true;
    }
    for (const box of this.#skipped) if (view && inView(rectOf(box), view)) this.#dirty(box);
    for (const animation of this.#doc.getAnimations?.() ?? []) {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (target) this.#dirty(target);
    }
    const read = this.#sheetsRead;
    // A snapshot reads them as it starts; a hit test's check, when they may have changed.
    if (snapshot || read.generation !== currentGeneration() || now() - read.at > SHEETS_MS) this.#readSheets();
    yield* this.#matchDistant(due);
    if (this.#whole) {
      this.#whole = false;
      this.#pending = new Set();
      this.#selves = new Set();
      this.#ghosts = new Map();
      this.#skipped = new Set();
      this.#list = undefined;
      yield* this.#scan(this.#doc.documentElement, false, due);
    }
    while (this.#pending.size || this.#selves.size) {
      const pending = [...this.#pending];
      const selves = [...this.#selves];
      this.#pending = new Set();
      this.#selves = new Set();
      this.#list = undefined;
      // Outermost first: a subtree inside one scanned again is scanned with it.
      for (const root of pending) {
        if (!root.isConnected || pending.some((other) => other !== root && inside(root, other))) continue;
        for (const box of this.#ghosts.keys()) if (inside(box, root)) this.#ghosts.delete(box);
        for (const box of this.#skipped) if (inside(box, root)) this.#skipped.delete(box);
        const around = rendered(root);
        if (around !== null) yield* this.#scan(root, around, due, true);
      }
      for (const el of selves) {
        if (!el.isConnected || pending.some((root) => inside(el, root))) continue;
        this.#ghosts.delete(el);
        const around = rendered(el);
        if (around !== null) yield* this.#scan(el, around, due, false);
      }
    }
    // What the page removed is let go of (the agent's own highlights come and go every turn).
    for (const box of this.#ghosts.keys()) {
      if (!box.isConnected) {
        this.#ghosts.delete(box);
        this.#list = undefined;
      }
    }
    for (const box of this.#skipped) if (!box.isConnected) this.#skipped.delete(box);
    if (!this.#list) {
      this.#list = [];
      for (const found of this.#ghosts.values()) this.#list.push(...found);
    }
    return this.#list;
  }

  #watch(root: Document | ShadowRoot): void {
    if (this.#roots.has(root)) return;
    this.#roots.add(root);
    if (root !== this.#doc) this.#shadows.push(root as ShadowRoot);
    this.#observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    const target: EventTarget = root === this.#doc ? (this.#doc.defaultView ?? root) : root;
    for (const type of RESTYLE_EVENTS) {
      listen(target, type, (event) => this.#restyled(event.target as Element, type === 'change'), { capture: true, passive: true });
    }
    for (const type of MATCH_EVENTS) listen(target, type, () => (this.#changed = true), { capture: true, passive: true });
  }

  /** The rules of every root's sheets: when they changed (the CSSOM too), every box is judged again. */
  #readSheets(): void {
    this.#sheetsRead = { at: now(), generation: currentGeneration() };
    this.#shadows = this.#shadows.filter((root) => root.host.isConnected);
    this.#distant = [];
    for (const root of [this.#doc, ...this.#shadows]) {
      let key;
      try {
        key = sheetsKey(root);
      } catch {
        // A page that broke what reading its rules takes: they count as changed each time.
        key = NaN;
      }
      let kept = this.#rules.get(root);
      if (kept?.key !== key) {
        // A root met for the first time is scanned as it is entered; one whose rules changed, again.
        if (kept) {
          if (root === this.#doc) this.#whole = true;
          else this.#dirty((root as ShadowRoot).host);
          // Hit tests answered under the old rules no longer count either.
          forgetPaint();
        }
        let distant: DistantRule[] = [];
        try {
          distant = distantSelectors(root).map((selector) => ({ root, selector }));
        } catch {
          this.#whole = true;
        }
        this.#rules.set(root, (kept = { key, distant }));
      }
      this.#distant.push(...kept.distant);
    }
  }

  /**
   * Asks the engine which boxes each distant rule matches now (after a change, or for a rule not yet
   * asked), and judges again those whose match changed.
   */
  *#matchDistant(due?: () => boolean): Walk<void> {
    const changed = this.#changed;
    this.#changed = false;
    for (const rule of this.#distant) {
      if (rule.broken || (rule.matched && !changed)) continue;
      if (due?.()) yield;
      let now: Set<Element>;
      try {
        now = new Set(own<NodeListOf<Element>>(rule.root, rule.root === this.#doc ? 'Document.querySelectorAll' : 'DocumentFragment.querySelectorAll', rule.selector));
      } catch {
        // A selector the query does not take: left out, after one look at every box.
        rule.broken = this.#whole = true;
        continue;
      }
      const before = this.#whole ? undefined : rule.matched;
      if (before) {
        for (const el of now) if (!before.has(el)) this.#dirty(el);
        for (const el of before) if (!now.has(el) && el.isConnected) this.#dirty(el);
      }
      rule.matched = now;
    }
  }

  #restyled(target: Element, siblings: boolean): void {
    this.#changed = true;
    if (target?.nodeType !== Node.ELEMENT_NODE) return;
    // A checked box restyles what follows it (`:checked ~ .menu`): its parent's subtree.
    this.#dirty(siblings ? (target.parentElement ?? target) : target);
    for (let el = parentOf(target); el; el = parentOf(el)) this.#selves.add(el);
  }

  #note(records: MutationRecord[]): void {
    // Called on every mutation of the page: no allocation per record.
    if (records.length) this.#changed = true;
    for (const record of records) {
      const { target } = record;
      // A style sheet's element, its attributes or its text changed: every element may restyle.
      if (isSheet(target) || isSheet(target.parentNode)) this.#whole = true;
      else if (record.type === 'attributes') this.#dirty(target as Element);
      else if (record.type === 'childList') {
        for (const node of record.removedNodes) if (isSheet(node)) this.#whole = true;
        for (const node of record.addedNodes) {
          if (isSheet(node)) this.#whole = true;
          else if (node.nodeType === Node.ELEMENT_NODE) this.#dirty(node as Element);
        }
      }
    }
  }

  #dirty(el: Element): void {
    if (this.#pending.size >= MAX_PENDING) this.#whole = true;
    else this.#pending.add(el);
  }

  /** Finds the ghosts in `root`'s subtree (with `deep`) or of `root` alone; `around`: a box around it opens a layer. */
  *#scan(root: Element, around: boolean, due?: () => boolean, deep = true): Walk<void> {
    const view = this.#doc.defaultView!;
    const stack: Array<[Element, boolean]> = [[root, around]];
    for (let next, count = 0; (next = stack.pop()) && count++ < MAX_SCAN; ) {
      if (due && count % CLOCK_EVERY === 0 && due()) yield;
      const [element, outer] = next;
      const style = styleOf(element);
      if (style.display === 'none') continue;
      const layered = outer || opensLayer(style);
      // Styles are not read inside what the browser skips (that would make it resolve them).
      const shown = style.contentVisibility;
      if (shown === 'auto' && !inView(rectOf(element), view)) this.#skipped.add(element);
      else if (deep && shown !== 'hidden') {
        const shadow = own<ShadowRoot | null>(element, 'Element.shadowRoot');
        if (shadow) this.#watch(shadow);
        for (const parent of [element, shadow]) {
          for (let child = parent?.firstElementChild; child; child = child.nextElementSibling) stack.push([child, layered]);
        }
      }
      if (style.visibility !== 'visible') continue;
      const found: Ghost[] = [];
      if (layered && style.pointerEvents === 'none') found.push({ box: element, inner: -Infinity, outer: 0, inward: false, fill: true });
      // An outline is painted after the content around it, a box-shadow with a layered box's background.
      const width = style.outlineStyle !== 'none' ? parseFloat(style.outlineWidth) : 0;
      const offset = parseFloat(style.outlineOffset) || 0;
      if (width >= MIN_RING && (readColor(style.outlineColor)?.a ?? 0) >= OPAQUE) found.push({ box: element, inner: offset, outer: offset + width, inward: offset < 0, fill: false });
      // The opaque core of an outer shadow laid around the box (an offset or a blur narrows it).
      const shadows = layered ? style.boxShadow : 'none';
      for (const shadow of shadows === 'none' ? [] : shadows.split(/,(?![^()]*\))/)) {
        const [x = 0, y = 0, blur = 0, spread = 0] = (shadow.match(/-?[\d.]+px/g) ?? []).map(parseFloat);
        const core = spread - blur / 2 - Math.max(Math.abs(x), Math.abs(y));
        if (!shadow.includes('inset') && (colorsIn(shadow)?.[0]?.a ?? 0) >= OPAQUE && core >= MIN_RING) found.push({ box: element, inner: 0, outer: core, inward: false, fill: false });
      }
      if (found.length) this.#ghosts.set(element, found);
    }
  }
}

const indexes = new WeakMap<Document, GhostIndex>();

/** The ghosts of `doc` as of now, brought up to date in slices (a snapshot's first step). */
export function* ghostSteps(doc: Document, due?: () => boolean, snapshot = true): Walk<Ghost[]> {
  let index = indexes.get(doc);
  if (!index) indexes.set(doc, (index = new GhostIndex(doc)));
  return yield* index.current(snapshot, due);
}

/** The ghosts of `doc` as of now, at once (what changed since the last call is scanned; the sheets, see SHEETS_MS). */
export function ghostsOf(doc: Document): Ghost[] {
  const steps = ghostSteps(doc, undefined, false);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Makes the next call find the ghosts of `doc` from scratch: a snapshot then reads as one of a page never seen. */
export function forgetGhosts(doc: Document = document): void {
  indexes.get(doc)?.forget();
}

/** Whether a box is painted in a layer of its own over the flow: positioned or transformed. */
export const opensLayer = (style: CSSStyleDeclaration): boolean => style.position !== 'static' || style.transform !== 'none';

/** Whether a box meets the viewport. */
export const inView = ({ left, top, right, bottom }: DOMRect, view: Window): boolean => bottom >= 0 && right >= 0 && top <= view.innerHeight && left <= view.innerWidth;

/** The element or shadow host `el` hangs from, as the scan descends (light children and shadow trees alike). */
function parentOf(el: Element): Element | null {
  const parent = el.parentNode;
  return el.parentElement ?? (parent && parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? (parent as ShadowRoot).host ?? null : null);
}

function inside(el: Element, root: Element): boolean {
  for (let node: Element | null = el; node; node = parentOf(node)) if (node === root) return true;
  return false;
}

/**
 * For an element to scan again: null when a box around it renders nothing of it (display: none, or
 * content the browser skips), else whether one opens a layer.
 */
function rendered(el: Element): boolean | null {
  let layered = false;
  for (let box = parentOf(el); box; box = parentOf(box)) {
    const style = styleOf(box);
    if (style.display === 'none' || style.contentVisibility === 'hidden') return null;
    if (style.contentVisibility === 'auto' && !inView(rectOf(box), box.ownerDocument.defaultView!)) return null;
    layered ||= opensLayer(style);
  }
  return layered;
}

function isSheet(node: Node | null): boolean {
  if (node?.nodeType !== Node.ELEMENT_NODE) return false;
  const tag = tagOf(node as Element);
  return tag === 'style' || (tag === 'link' && /stylesheet/i.test(attributeOf(node as Element, 'rel') ?? ''));
}
