import { altText, mathText, svgTitle } from './accessible-name.js';
import { isBlank } from './clean-page-text.js';
import { paintedPart } from './clipped-text.js';
import { classifyElement, ElementKind, isEditingHost, isEditorBlock, isFocusable, isRichEditor, isInputHiddenBehindLabel, isScriptOnlyTarget, isUnpaintedField, isUnpaintedInput, showsNoValue } from './classify-element.js';
import { NodeSink, type DumpNode, type RowNode } from './dump-node.js';
import { buildElementNode } from './element-node.js';
import { elementId } from './element-ids.js';
import { LinkTargets } from './link-target.js';
import { movingElements } from './moving-elements.js';
import { FOCUSABLE_SELECTOR, WidgetReader } from './widget-state.js';
import { isControlItem, itemLines } from './item-row.js';
import { isRepeatedCard } from './repeated-card.js';
import { holdsCentre, paintsBox, tabStopsIn } from './input-face.js';
import { insideRedactedSubtree, isSecretField, isTextHost, REDACT_ATTRIBUTE } from './redaction.js';
import { clipTo, enterPaint, MIN_OPACITY, svgPaint } from './paint-effects.js';
import { clipRegion } from './clip-region.js';
import { facesAway } from './box-transform.js';
import { KeypadDisplays } from './keypad-display.js';
import { MIN_TEXT_PX, TextInk } from './text-ink.js';
import { coverAt } from './text-cover.js';
import { inCollapsedColumn } from './table-kind.js';
import { FontInk } from './font-ink.js';
import {
  hasRenderedBox, hiddenScrollDirections, isOutsideClip, isUnreachable, isWalkExcluded, isVisuallyHidden, narrowClip, OverflowClip,
  overflowClip, readOverflow, UNRENDERED_TAGS,
} from './visibility.js';
import type { LeftOut, WalkBand } from './walk-band.js';
import { documentScope, inheritScope, type Scope } from './walk-scope.js';
import { attributeOf, dataOf, hasAttributeOf, hasAttributesOf, keptBoxes, newRange, rangeRects, rectOf, setRange, styleOf, styleValueOf, tagOf } from './platform.js';
import { paintGeneration, watchPaint } from './page-generation.js';

export interface CollectOptions {
  root: Document | Element;
  filter?: (el: Element) => boolean;
  exclude?: Element[];
  /** Origin of the top document, for shortening links. */
  origin: string;
  /** Capped walks only: what the walk covers; subtrees outside it are counted, not walked. */
  band?: WalkBand;
  /** Asked every few elements by collectSteps: true when the walk should pause for the browser. */
  due?: (() => boolean) | undefined;
}

export interface Collected {
  nodes: DumpNode[];
  leftOut: LeftOut;
}

interface CollectorOptions extends CollectOptions {
  moving: ReadonlySet<Element>;
}

// Elements walked between two looks at the clock.
const CLOCK_EVERY = 8;

// No children worth walking: their state is read from properties instead.
const LEAF_TAGS = new Set(['input', 'select', 'textarea', 'img', 'video', 'audio', 'canvas', 'iframe', 'frame', 'object', 'embed', 'svg', 'math']);

/**
 * Whether nothing inside `el` is drawn as page content: a replaced element. An `<object>` that could
 * not show its resource (a missing file, a type the browser cannot show) draws what it holds
 * instead, and only then does that content have boxes.
 */
const isLeaf = (el: Element, tag: string): boolean =>
  LEAF_TAGS.has(tag) && (tag !== 'object' || !rangeRects(setRange(newRange(el.ownerDocument), el)).length);
const ARIA_TABLES = new Set(['table', 'grid', 'treegrid']);
// Controls whose own element is what a visitor uses: never the face of another field.
const NATIVE_CONTROL_TAGS = new Set(['a', 'button', 'input', 'select', 'textarea', 'summary', 'label']);
// The cursor heuristic is for small click targets (cards, icons), not whole page regions.
const POINTER_CHILD_LIMIT = 8;
// Nested deeper than this, a subtree is walked afterwards from a fresh stack, its lines joining the
// end of the dump: the recursion never nears an engine's stack limit, however deep a page nests.
const MAX_NESTING = 150;

/** A walk in steps: it yields where it may pause for the browser, and returns what it collected. */
export type Walk<T = void> = Generator<void, T, void>;

/** Walks the rendered page (flat tree: open shadow roots, slots, same-origin frames) into dump nodes. */
export function collectNodes(options: CollectOptions): Collected {
  return finishWalk(collectSteps(options));
}

/** Runs a walk in one go, never pausing. */
export function finishWalk<T>(walk: Walk<T>): T {
  for (;;) {
    const step = keptBoxes(() => walk.next());
    if (step.done) return step.value;
  }
}

/**
 * collectNodes in steps: with `due`, asked every so many elements, the walk yields when it says
 * the slice is used up. The page may change before it resumes: a node removed meanwhile ends the
 * walk of its siblings (they are read through it), and its detached subtree reads as unrendered.
 */
export function* collectSteps(options: CollectOptions): Walk<Collected> {
  const { root } = options;
  const doc = root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : (root as Element).ownerDocument;
  const start = root.nodeType === Node.DOCUMENT_NODE ? doc.documentElement : (root as Element);
  const view = doc.defaultView;
  if (!start || !view) return { nodes: [], leftOut: { above: 0, below: 0 } };
  // Callers other than snapshotPage (shownText, after an action changed the page a moment ago) too.
  watchPaint(doc);
  paintGeneration(view);
  const collector = new Collector({ ...options, moving: movingElements(doc) });
  const sink = new NodeSink();
  yield* collector.visitElement(start, sink, documentScope(view, start, start !== doc.documentElement && insideRedactedSubtree(start)));
  const nodes = sink.finish();
  for (let index = 0; index < collector.deeper.length; index += 1) {
    const [el, scope] = collector.deeper[index]!;
    const deep = new NodeSink();
    yield* collector.visitElement(el, deep, scope);
    for (const node of deep.finish()) nodes.push(node);
  }
  return { nodes: collector.finish(nodes), leftOut: options.band?.leftOut ?? { above: 0, below: 0 } };
}

class Collector {
  readonly #kept = new Set<Element>();
  readonly #excluded: ReadonlySet<Element>;
  readonly #filter: ((el: Element) => boolean) | undefined;
  readonly #origin: string;
  readonly #links: LinkTargets;
  readonly #moving: ReadonlySet<Element>;
  // Boxes that cut content away; filled as the walk meets the content, read when the box's line is built.
  readonly #clipped = new Set<Element>();
  readonly #widgets = new WidgetReader();
  readonly #keypads = new KeypadDisplays();
  readonly #ink: TextInk;
  readonly #fonts = new FontInk();
  #labelTexts = false;
  /** Inside a control: the painted text that aria-hidden keeps off its line, in case it shows nothing else. */
  #caption: string[] | undefined;
  /** Inside a control: words of it that only screen readers get were left out of its line. */
  #hiddenWords = false;
  /** An unpainted focusable input met inside the element being walked, still without a face. */
  #unpaintedInput: Element | undefined;
  #depth = 0;
  readonly #band: WalkBand | undefined;
  readonly #due: (() => boolean) | undefined;
  #visits = 0;
  /** Subtrees left for later, nested past MAX_NESTING, with the scope they sit in. */
  readonly deeper: Array<[Element, Scope]> = [];

  constructor(options: CollectorOptions) {
    this.#excluded = new Set(options.exclude ?? []);
    this.#ink = new TextInk(this.#excluded, options.root);
    this.#filter = options.filter;
    this.#origin = options.origin;
    this.#links = new LinkTargets(options.origin);
    this.#moving = options.moving;
    this.#band = options.band;
    this.#due = options.due;
  }

  *visitElement(el: Element, sink: NodeSink, scope: Scope): Walk {
    if (this.#depth >= MAX_NESTING) {
      this.deeper.push([el, scope]);
      return;
    }
    if (this.#due && ++this.#visits % CLOCK_EVERY === 0 && this.#due()) {
      yield;
      // Removed while the walk was paused: it is no longer on the page.
      if (!el.isConnected) return;
    }
    this.#depth += 1;
    try {
      yield* this.#visitElement(el, sink, scope);
    } finally {
      this.#depth -= 1;
    }
  }

  *#visitElement(el: Element, sink: NodeSink, scope: Scope): Walk {
    const tag = tagOf(el);
    if (UNRENDERED_TAGS.has(tag) || this.#excluded.has(el)) return;
    // Most elements carry no attributes at all; skip every attribute lookup for them.
    const hasAttributes = hasAttributesOf(el);
    if ((hasAttributes && isWalkExcluded(el)) || this.#filtered(el)) return;
    if (this.#band && this.#outsideBand(el, scope)) return;
    const ariaHidden = scope.ariaHidden || (hasAttributes && attributeOf(el, 'aria-hidden') === 'true');
    // Most aria-hidden subtrees (icons, drawn formulas, decorative clones) hold nothing to tab to:
    // one native query spares walking them.
    // Inside a control they are walked all the same: painted, their words may be all it shows.
    if (ariaHidden && !scope.ariaHidden && !scope.inInteractive && el.querySelector(FOCUSABLE_SELECTOR) === null) return;
    const style = styleOf(el, scope.view);
    const display = styleValueOf(el, 'display', scope.view);
    if (display === 'none' || ((tag === 'td' || tag === 'th') && inCollapsedColumn(el))) return;
    const redacted = scope.redacted || (hasAttributes && (hasAttributeOf(el, REDACT_ATTRIBUTE) || (isTextHost(el) && isSecretField(el))));
    const selfVisible = style.visibility === 'visible';
    // Text shows where the element is visible, outside aria-hidden, and not in a box cut away.
    const textVisible = selfVisible && !ariaHidden && !scope.boxHidden;
    if (display === 'contents') {
      // No box of its own (slots, wrapper components): the children render in its place.
      yield* this.#visitChildren(el, sink, inheritScope(scope, redacted, textVisible, scope.pointer, ariaHidden), style);
      return;
    }
    // Opacity, filters, masks and clip-paths around and on it: nothing inside may be painted at all.
    let paint = enterPaint(el, style, scope.paint, display);
    if (!paint) {
      // The input, or a visually hidden wrapper holding only it (React Aria's VisuallyHidden).
      const input = tag === 'input' ? el : el.childElementCount === 1 && !el.textContent?.trim() ? el.firstElementChild : null;
      if (input && tagOf(input) === 'input') this.#noteUnpaintedInput(input, scope, ariaHidden);
      return;
    }

    let kind = tag === 'body' || tag === 'html' ? undefined : classifyElement(el, tag, hasAttributes);
    // Inside a rich-text editor, links and other controls are content, not separate targets; its
    // text blocks are what an edit targets.
    if (scope.inEditable) kind = isEditorBlock(el) ? ElementKind.interactive : undefined;
    let proxyFor: Element | undefined;
    let labelControl: Element | undefined;
    if (!kind && tag === 'label') {
      const control = (el as HTMLLabelElement).control ?? undefined;
      if (control && !scope.inInteractive && isInputHiddenBehindLabel(control, scope.view)) {
        kind = ElementKind.interactive;
        proxyFor = control;
      } else labelControl = control;
    }
    const pointer = !scope.inInteractive && kind !== ElementKind.interactive && style.cursor === 'pointer';
    if (!kind && !labelControl && pointer && !scope.pointer && el.childElementCount <= POINTER_CHILD_LIMIT && tag !== 'body' && tag !== 'html') {
      kind = ElementKind.interactive;
    }
    // Widget state the markup shows without ARIA: tree items, disclosures, items of a clickable list.
    const widget = scope.inEditable ? undefined : this.#widgets.read(el, tag, kind, scope.itemsClickable);
    if (widget) kind = widget.kind;
    // A box that only a script listener makes clickable, not painted as clickable, and holding
    // controls of its own delegates: it handles their clicks (a framework's root container, which
    // React and others listen on; a picker panel), it is no target, and what it holds is not inside one.
    // Unless the one control it holds is an input nobody sees: then the box is that input's face (a
    // switch whose checkbox is transparent), and it takes the input's place as a label would.
    // So is a box that looks clickable (a select's face with a pointer cursor, whose search input
    // Tom Select makes transparent and moves off-screen once a value is chosen).
    if (kind === ElementKind.interactive && !proxyFor && !scope.inEditable && !NATIVE_CONTROL_TAGS.has(tag)) {
      const scriptOnly = style.cursor !== 'pointer' && isScriptOnlyTarget(el, tag);
      const inner = scriptOnly || style.cursor === 'pointer' ? tabStopsIn(el) : [];
      if (inner.length === 1 && !scope.inInteractive && isUnpaintedInput(inner[0]!, scope.view)) proxyFor = inner[0];
      else if (inner.length && scriptOnly) kind = undefined;
    }
    // A custom element that draws its own face over the one field in its shadow root, made
    // transparent to take clicks and keys (Material Web's checkbox and slider): the element is that
    // field's face, and its line shows the field's type, state and value.
    if (kind === ElementKind.interactive && !proxyFor && !scope.inInteractive && el.shadowRoot) {
      const inner = tabStopsIn(el.shadowRoot);
      if (inner.length === 1 && isUnpaintedField(inner[0]!, scope.view)) proxyFor = inner[0];
    }
    // visibility: hidden hides the element but not descendants that set visibility: visible.
    if (!selfVisible) kind = undefined;
    // Under aria-hidden only what a user can still tab to keeps a line (it is painted and works).
    let keepsFocus = false;
    if (ariaHidden) {
      keepsFocus = kind === ElementKind.interactive && !proxyFor && isFocusable(el, tag);
      if (!keepsFocus) {
        kind = undefined;
        proxyFor = undefined;
        labelControl = undefined;
      }
    }
    if (!kind && display === 'inline') {
      // Plain inline content (span, b, an anchor without href) cannot be positioned, sized or
      // clipped on its own, so its box is never read: that is most elements of a text-heavy page.
      yield* this.#visitContent(el, tag, display, sink, inheritScope(scope, redacted, textVisible, pointer, ariaHidden, paint), labelControl, style);
      return;
    }

    // A box turned away from the visitor whose back face is not drawn paints nothing, contents included.
    if (style.backfaceVisibility === 'hidden' && facesAway(el, style)) return;
    const [overflowX, overflowY] = readOverflow(style);
    const position = styleValueOf(el, 'position', scope.view);
    // A positioned box escapes the clips between it and its containing block; one whose containing
    // block is the clipping box itself (made so by a transform, a filter, containment…) does not.
    const escapes = position === 'fixed' || (position === 'absolute' && !scope.clipContained);
    const clip = escapes && !(scope.clip && scope.clipOwner && placedIn(el, style, scope.clipOwner)) ? null : scope.clip;
    // Paint containment clips what overflows the box, as `overflow: clip` does.
    const contain = style.contain;
    const paintContained = !!contain && contain !== 'none' && /paint|strict|content/.test(contain);
    const clipX = paintContained && overflowX === 'visible' ? OverflowClip.hidden : overflowClip(overflowX);
    const clipY = paintContained && overflowY === 'visible' ? OverflowClip.hidden : overflowClip(overflowY);
    // Reading a box costs as much as several style reads. A plain block in normal flow, outside any
    // clipping ancestor, needs none of the tests below; its text reads the box later, once per run.
    let rect: DOMRect | undefined;
    let outside = false;
    // Rows of a table of data, native or ARIA (a grid of divs is read like a <table>).
    const role = hasAttributes ? attributeOf(el, 'role') : null;
    const isRow = scope.tableRows && (tag === 'tr' || role === 'row');
    const listItem = tag === 'li' || role === 'listitem';
    const isItem = !kind && !isRow && !scope.inInteractive && (listItem ? isControlItem(el) : !role && isRepeatedCard(el, tag));
    const moving = this.#moving.size > 0 && this.#moving.has(el);
    if (kind || isRow || isItem || moving || clip || clipX !== OverflowClip.none || clipY !== OverflowClip.none || position === 'absolute' || position === 'fixed') {
      rect = rectOf(el);
      // A box with no area may be unrendered content (content-visibility: hidden).
      if (rect.width === 0 && rect.height === 0 && !hasRenderedBox(el)) return;
      // The legacy `clip` cuts an absolutely positioned box and all it holds, as a clip-path does;
      // one that leaves nothing is the screen-reader-only pattern.
      const cut = position === 'absolute' || position === 'fixed' ? style.clip : 'auto';
      const box = cut !== 'auto' && cut ? clipRegion(cut, el, rect) : undefined;
      if (isVisuallyHidden({ rect, position, overflowX, overflowY }, scope.frame) || isUnreachable(el, rect, scope) || (box && !clipTo((paint = { ...paint }), el, box))) {
        // Screen-reader-only words of a control ("The Verge <span class=sr-only>homepage</span>") are
        // part of its name, which its line then gives.
        if (this.#caption && !this.#hiddenWords && el.textContent?.trim()) this.#hiddenWords = true;
        return;
      }
      if ((rect.width === 0 && clipX !== OverflowClip.none) || (rect.height === 0 && clipY !== OverflowClip.none)) return;
      if (clip && isOutsideClip(rect, clip)) {
        // Content cut away by the clip: the box that cuts it says so (a carousel's other slides, a
        // panel still opening), so the model knows what it sees of that box is not all there is.
        const owner = scope.clipOwner;
        if (owner && !this.#clipped.has(owner) && (kind || el.textContent?.trim())) this.#clipped.add(owner);
        // A box that clips its own overflow takes its content with it. One that does not can
        // still have children that overflow into view, such as floats in a collapsed container.
        if (clipX !== OverflowClip.none || clipY !== OverflowClip.none || el.childElementCount === 0) return;
        outside = true;
        kind = undefined;
        proxyFor = undefined;
        labelControl = undefined;
      }
    }

    // A scroll container whose content overflows gets a line: the model can scroll it or scroll
    // an element inside it into view, and should know part of it is out of sight.
    let scrollable: string | undefined;
    if (rect && !outside && (clipX === OverflowClip.scroll || clipY === OverflowClip.scroll) && !isLeaf(el, tag) && tag !== 'body' && tag !== 'html') {
      scrollable = hiddenScrollDirections(el, clipX === OverflowClip.scroll, clipY === OverflowClip.scroll, style.direction === 'rtl');
      if (scrollable && !kind) kind = ElementKind.landmark;
    }

    const interactive = kind === ElementKind.interactive;
    const childScope: Scope = {
      view: scope.view, frame: scope.frame, offsetX: scope.offsetX, offsetY: scope.offsetY,
      redacted,
      inInteractive: scope.inInteractive || interactive,
      inEditable: scope.inEditable || (interactive && isEditingHost(el)),
      pointer,
      textVisible: selfVisible && (!ariaHidden || keepsFocus) && !outside,
      altText: scope.altText || interactive || kind === ElementKind.heading,
      textBox: el,
      clip, clipContained: scope.clipContained || position !== 'static',
      clipOwner: clip ? scope.clipOwner : null,
      itemsClickable: widget?.itemsClickable === true,
      // classifyElement keeps a line only for tables of data (or tables the page gave a role). An
      // ARIA table's rows may sit in row groups and in wrappers of no role (a virtualised grid's
      // viewport): its rows are found at any depth, until a row takes them.
      tableRows: tag === 'table' ? kind === ElementKind.landmark : (role !== null && ARIA_TABLES.has(role)) || scope.tableRows,
      // A focusable control keeps its content: that is what a user reads on it.
      ariaHidden: ariaHidden && !keepsFocus,
      boxHidden: outside,
      paint,
      scrolls: scope.scrolls || clipX === OverflowClip.scroll || clipY === OverflowClip.scroll,
    };
    const clips = rect !== undefined && (clipX === OverflowClip.hidden || clipY === OverflowClip.hidden);
    if (clips) {
      childScope.clip = narrowClip(clip, rect!, clipX === OverflowClip.hidden, clipY === OverflowClip.hidden, style);
      childScope.clipContained = position !== 'static';
      childScope.clipOwner = el;
    }
    if ((isRow || isItem) && rect) {
      yield* isRow ? this.#visitRow(el, rect, sink, childScope, interactive) : this.#visitItem(el, rect, sink, childScope, style, !listItem);
      return;
    }
    if (!kind || !rect) {
      // A block that is still moving, or that cuts off part of its content, gets a line of its own
      // saying so, around what it shows.
      // Leaf elements (a formula, an image) draw inline even as blocks: no break around them.
      const block = !display.startsWith('inline') && !isLeaf(el, tag);
      const start = block && (!scope.inInteractive || (rect && (moving || clips))) ? sink.breakAt() : -1;
      const outerInput = this.#unpaintedInput;
      this.#unpaintedInput = undefined;
      yield* this.#visitContent(el, tag, display, sink, childScope, labelControl, style);
      const input = this.#unpaintedInput;
      this.#unpaintedInput = outerInput;
      if (input && this.#takeFace(el, input, sink, start, childScope.view)) {
        const box = rect ?? rectOf(el);
        sink.wrapFrom(start, (children) =>
          buildElementNode({ el, tag, kind: ElementKind.interactive, children, rect: box, top: box.top + scope.offsetY, bottom: box.bottom + scope.offsetY, redacted, proxyFor: input, origin: this.#origin, links: this.#links }));
        this.#kept.add(el).add(input);
        return;
      }
      const incomplete = start < 0 || !(rect && (moving || clips)) ? undefined : this.#incompleteness(el, moving);
      if (incomplete) {
        sink.wrapFrom(start, (children) =>
          buildElementNode({ el, tag, kind: ElementKind.landmark, children, rect: rect!, top: rect!.top + scope.offsetY, bottom: rect!.bottom + scope.offsetY, redacted, proxyFor: undefined, origin: this.#origin, links: this.#links, incomplete }));
      }
      return;
    }
    const childSink = new NodeSink();
    const outerCaption = this.#caption;
    const outerHiddenWords = this.#hiddenWords;
    if (interactive) {
      this.#caption = [];
      this.#hiddenWords = false;
    }
    if (kind === ElementKind.frame) yield* this.#visitFrame(el, rect, childSink, childScope);
    else if (!isLeaf(el, tag) && (childScope.inEditable === scope.inEditable || isRichEditor(el))) yield* this.#visitChildren(el, childSink, childScope, style);
    const top = rect.top + scope.offsetY;
    const bottom = rect.bottom + scope.offsetY;
    const children = childSink.finish();
    const caption = interactive ? this.#caption!.join('') : '';
    const hiddenWords = interactive && this.#hiddenWords;
    this.#caption = outerCaption;
    this.#hiddenWords = outerHiddenWords;
    const incomplete = moving || childScope.clipOwner === el ? this.#incompleteness(el, moving) : undefined;
    const node = buildElementNode({
      el, tag, kind, children, rect, top, bottom, redacted, proxyFor, origin: this.#origin, links: this.#links, scrollable, incomplete, expanded: widget?.expanded, caption, hiddenWords,
    });
    if (node) {
      this.#kept.add(el);
      if (proxyFor) this.#kept.add(proxyFor);
      sink.addNode(node);
    }
  }

  /**
   * A focusable input the walk leaves out because nothing of it is painted (a combobox's input made
   * transparent once a value is chosen). Its face is the nearest box around it that paints
   * something: see #takeFace.
   */
  #noteUnpaintedInput(el: Element, scope: Scope, ariaHidden: boolean): void {
    if (scope.inInteractive || ariaHidden || scope.redacted || !isFocusable(el, 'input') || !showsNoValue(el as HTMLInputElement)) return;
    this.#unpaintedInput = el;
  }

  /**
   * Whether `el` is the visible face of the unpainted `input` inside it: the first box around the
   * input that shows anything (what a visitor sees and clicks, such as the chosen value), small and
   * holding no other control. A box that shows nothing passes the input on to its parent.
   */
  #takeFace(el: Element, input: Element, sink: NodeSink, start: number, view: Window): boolean {
    if (start < 0) {
      // An inline wrapper (no line break to start a face at) holding only the input passes it on.
      if (el.childElementCount === 1 && !el.textContent?.trim()) this.#unpaintedInput = input;
      return false;
    }
    sink.breakText();
    const shown = sink.nodes.slice(start);
    if (shown.length === 0) {
      // A range shows its value as a position, not words: its face is the first box around it that
      // paints one (a slider's thumb over a visually hidden range input).
      if ((input as HTMLInputElement).type === 'range' && paintsBox(el, view)) return true;
      this.#unpaintedInput = input;
      return false;
    }
    if (el.childElementCount > POINTER_CHILD_LIMIT || !shown.every((node) => node.kind === 'text' || (node.kind === 'element' && !node.interactive))) return false;
    return holdsCentre(el, input);
  }

  /** Whether a banded walk leaves `el` out; the clip it would be cut by is told, as the walk would. */
  #outsideBand(el: Element, scope: Scope): boolean {
    const rect = this.#band!.leaves(el, scope.offsetY);
    if (!rect) return false;
    if (scope.clipOwner && scope.clip && isOutsideClip(rect, scope.clip)) this.#clipped.add(scope.clipOwner);
    return true;
  }

  /** Why what a box shows is not all it holds: it is still moving, or it cut content away. */
  #incompleteness(el: Element, moving: boolean): 'animating' | 'clipped' | undefined {
    return moving ? 'animating' : this.#clipped.has(el) ? 'clipped' : undefined;
  }

  /** An element without a line of its own: its text joins the current run, block boxes break it. */
  *#visitContent(el: Element, tag: string, display: string, sink: NodeSink, scope: Scope, labelControl: Element | undefined, style: CSSStyleDeclaration): Walk {
    if (tag === 'br') {
      sink.breakText();
      return;
    }
    if (isLeaf(el, tag)) {
      // An icon's title, an image's alt or a formula's tokens is the only text these carry. A title
      // or alt outside a control or heading is a tooltip or a caption's twin, not page text.
      if (!scope.textVisible || (tag !== 'svg' && tag !== 'img' && tag !== 'math')) return;
      const text = tag === 'math' ? mathText(el) : !scope.altText ? '' : tag === 'svg' ? attributeOf(el, 'aria-label') || svgTitle(el) : altText(el);
      if (text) sink.addText(` ${text} `, scope.textBox, scope.offsetY, scope.redacted);
      // A chart's labels and values: the `<text>` an svg paints is page text like any other.
      if (tag === 'svg') for (const label of el.querySelectorAll('text')) this.#addSvgText(label, el, sink, scope);
      return;
    }
    const block = !display.startsWith('inline');
    if (block) sink.breakText();
    else if (display !== 'inline') sink.addSpace();
    const outerLabel = sink.labelOf;
    if (labelControl) {
      sink.breakText();
      sink.labelOf = labelControl;
      this.#labelTexts = true;
    }
    yield* this.#visitChildren(el, sink, scope, style);
    if (labelControl) {
      sink.breakText();
      sink.labelOf = outerLabel;
    }
    if (block) sink.breakText();
    else if (display !== 'inline') sink.addSpace();
  }

  /**
   * An svg `<text>`: each of its texts whose ink test finds it drawn. Its words may sit in
   * `<tspan>`s, each painted (filled, sized, placed, shown) its own way: each is judged as it is
   * painted, not by the first words of the `<text>`.
   */
  #addSvgText(label: Element, svg: Element, sink: NodeSink, scope: Scope): void {
    let words = '';
    for (let node: Node | null = label.firstChild; node; node = nextIn(node, label)) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const data = dataOf(node as Text);
      const el = node.parentElement!;
      const style = styleOf(el, scope.view);
      if (isBlank(data)) words += data;
      else {
        const paint = style.visibility === 'visible' && svgPaint(el, svg, scope.paint);
        if (paint && this.#ink.shows(node as Text, el, style, paint === scope.paint ? scope : { ...scope, paint })) words += this.#fonts.drawnPart(data, el, style);
      }
    }
    if (words.trim()) sink.addText(` ${words} `, scope.textBox, scope.offsetY, scope.redacted);
  }

  /** Drops text lines of `<label>`s whose control has its own line, where the label is repeated. */
  finish(nodes: DumpNode[]): DumpNode[] {
    return this.#labelTexts ? this.#withoutLabelTexts(nodes) : nodes;
  }

  #withoutLabelTexts(nodes: DumpNode[]): DumpNode[] {
    const kept: DumpNode[] = [];
    for (const node of nodes) {
      if (node.kind === 'text' && node.labelOf && this.#kept.has(node.labelOf)) continue;
      if (node.kind === 'element') node.children = this.#withoutLabelTexts(node.children);
      else if (node.kind === 'row') node.cells = node.cells.map((cell) => this.#withoutLabelTexts(cell));
      kept.push(node);
    }
    return kept;
  }

  #filtered(el: Element): boolean {
    if (!this.#filter) return false;
    try {
      return this.#filter(el) === true;
    } catch {
      // A host filter that throws must not take the whole snapshot down; keep the element.
      return false;
    }
  }

  /**
   * Children in rendering order: an open shadow root, a slot's assigned nodes, or the element's own.
   * `style` is `el`'s: its text nodes are drawn with it, and text drawn without ink is left out.
   */
  *#visitChildren(el: Element, sink: NodeSink, scope: Scope, style: CSSStyleDeclaration): Walk {
    let assigned: Node[] | undefined;
    const outer = scope;
    if (tagOf(el) === 'slot') {
      const nodes = (el as HTMLSlotElement).assignedNodes();
      if (nodes.length > 0) assigned = nodes;
    } else if (tagOf(el) === 'details') {
      // What a <details> holds besides its summary sits in its ::details-content box (where the
      // engine has one), which paints it as any box does (a closed one's: content-visibility: hidden).
      const content = detailsContent ? styleOf(el, scope.view, '::details-content') : null;
      // WebKit answers the element's own style for the pseudo-element: nothing to learn from that.
      const own = !content || (['opacity', 'filter', 'clipPath', 'contentVisibility'] as const).every((name) => content[name] === style[name]);
      const paint = !own ? enterPaint(el, content, scope.paint, content.display, content.opacity) : (el as HTMLDetailsElement).open ? scope.paint : null;
      if (!paint || paint.opacity < MIN_OPACITY) {
        // Closed, or hidden: it shows its summary only (text directly inside it has no box to test).
        for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
          if (tagOf(child) === 'summary') yield* this.visitElement(child, sink, scope);
        }
        return;
      }
      if (paint !== scope.paint) scope = { ...scope, paint };
    }
    let index = 0;
    // How many element children came before `child` (skipBelow counts those after it).
    let elementIndex = 0;
    if (el.shadowRoot) watchPaint(el.shadowRoot);
    let child = assigned ? assigned[0] : (el.shadowRoot ?? el).firstChild;
    // Asked once per element, at its first text that is more than indentation.
    let inked: boolean | undefined;
    while (child) {
      if (child.nodeType === Node.TEXT_NODE) {
        const data = dataOf(child as Text);
        // Blank text still flows into the run: it is the space between two inline words.
        // Later runs share the first one's ink, but not its place: a clip may cut a line off after a <br>, a box cover it.
        if (scope.textVisible && (isBlank(data) || (inked === undefined ? (inked = this.#ink.shows(child as Text, el, style, scope)) : inked && this.#ink.placedAgain(child as Text, el, scope)))) {
          sink.addText(isBlank(data) ? data : this.#fonts.drawnPart(paintedPart(child as Text, scope), el, style), scope.textBox, scope.offsetY, scope.redacted || this.#keypads.echoes(el, data));
        } else if (this.#caption && scope.ariaHidden && !scope.redacted && !scope.boxHidden && style.visibility === 'visible' && (isBlank(data) || (inked ??= this.#ink.shows(child as Text, el, style, scope)))) {
          // Hidden from assistive tech, yet painted on the control: what a sighted visitor reads on it.
          this.#caption.push(data);
        }
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        yield* this.visitElement(child as Element, sink, tagOf(child as Element) === 'summary' ? outer : scope);
        if (this.#band?.lastBelow === child && !assigned) {
          const counted = this.#band.leftOut.below;
          child = this.#band.skipBelow(child as Element, scope.offsetY, elementIndex);
          elementIndex += 1 + this.#band.leftOut.below - counted;
          continue;
        }
        elementIndex += 1;
      }
      child = assigned ? assigned[++index] : child.nextSibling;
    }
  }

  /** A clickable row (onclick, role, pointer cursor) gets an id of its own: `[id]<tr>| … |`. */
  *#visitRow(row: Element, rect: DOMRect, sink: NodeSink, scope: Scope, clickable: boolean): Walk {
    const cells: DumpNode[][] = [];
    let filled = false;
    // A cell's icon (✓ "Included") or image may be all it says: its name is the cell's text.
    const cellScope = { ...scope, tableRows: false, altText: true };
    for (const cell of row.children) {
      const cellSink = new NodeSink();
      yield* this.visitElement(cell, cellSink, cellScope);
      const nodes = cellSink.finish();
      if (nodes.length > 0) filled = true;
      cells.push(nodes);
    }
    if (!filled) return;
    const node: RowNode = { kind: 'row', cells, top: rect.top + scope.offsetY, bottom: rect.bottom + scope.offsetY };
    if (clickable) {
      node.id = elementId(row);
      this.#kept.add(row);
    }
    sink.addNode(node);
  }

  /** A list item (or a repeated card) of controls and words, as a row or as its lines (itemLines). */
  *#visitItem(item: Element, rect: DOMRect, sink: NodeSink, scope: Scope, style: CSSStyleDeclaration, card: boolean): Walk {
    const itemSink = new NodeSink();
    yield* this.#visitChildren(item, itemSink, scope, style);
    for (const node of itemLines(itemSink.finish(), rect.top + scope.offsetY, rect.bottom + scope.offsetY, card)) sink.addNode(node);
  }

  *#visitFrame(frame: Element, rect: DOMRect, sink: NodeSink, scope: Scope): Walk {
    let doc: Document | null = null;
    try {
      doc = (frame as HTMLIFrameElement).contentDocument;
    } catch {
      return; // cross-origin: the frame keeps its line, its content stays out of reach
    }
    const view = doc?.defaultView;
    const root = doc?.documentElement;
    if (!view || !root) return;
    // A frame shows its document only through its own box: one too thin to read through, or
    // under an opaque box of the page that embeds it, shows none of it.
    const points = [[0.5, 0.5], [0.2, 0.2], [0.8, 0.8]].map(([x, y]): [number, number] => [rect.left + rect.width * x!, rect.top + rect.height * y!])
      .filter(([x, y]) => x >= 0 && y >= 0 && x < scope.frame.width && y < scope.frame.height);
    if (frame.clientWidth < MIN_TEXT_PX || frame.clientHeight < MIN_TEXT_PX || (points.length && coverAt(frame, points, this.#excluded, false) === true)) return;
    watchPaint(doc!);
    const scopeInFrame = documentScope(view, root, scope.redacted);
    // Opacity and filters on the frame and around it apply to its document; its clip-path was judged on its box.
    scopeInFrame.paint = { ...scope.paint, clip: null, clipOwner: null };
    // A frame's document shows only through the frame's viewport: where a visitor cannot scroll it
    // (`scrolling="no"`, its viewport's overflow hidden), what lies outside that is cut away.
    let [x, y] = attributeOf(frame, 'scrolling') === 'no' ? ['hidden', 'hidden'] : readOverflow(styleOf(root, view));
    // The root's overflow is the viewport's; where it is visible, the body's is.
    if (x === 'visible' && y === 'visible' && doc!.body) [x, y] = readOverflow(styleOf(doc!.body, view));
    const fixedX = overflowClip(x) === OverflowClip.hidden;
    const fixedY = overflowClip(y) === OverflowClip.hidden;
    if (fixedX || fixedY) {
      scopeInFrame.clip = { left: fixedX ? 0 : -Infinity, top: fixedY ? 0 : -Infinity, right: fixedX ? view.innerWidth : Infinity, bottom: fixedY ? view.innerHeight : Infinity };
      scopeInFrame.clipContained = true;
    }
    scopeInFrame.offsetX = scope.offsetX + rect.left + frame.clientLeft;
    scopeInFrame.offsetY = scope.offsetY + rect.top + frame.clientTop;
    yield* this.visitElement(root, sink, scopeInFrame);
  }
}

const detailsContent = typeof CSS !== 'undefined' && CSS.supports?.('selector(::details-content)');

/**
 * Whether a positioned box is placed from the padding box of `owner`, found by geometry: its used
 * offsets (what `top` and `left` compute to) lead back from its box to its containing block's
 * corner. Where that corner is also its offsetParent's (a positioned box outside, in the same
 * place), or the viewport's, it cannot be told apart: not placed in `owner` then.
 */
function placedIn(el: Element, style: CSSStyleDeclaration, owner: Element): boolean {
  const { left, top } = rectOf(el);
  const x = left - parseFloat(style.marginLeft) - parseFloat(style.left);
  const y = top - parseFloat(style.marginTop) - parseFloat(style.top);
  const at = (box: Element | null): boolean => {
    const corner = box ? rectOf(box) : { left: 0, top: 0 };
    return Math.abs(corner.left + (box ? box.clientLeft - box.scrollLeft : 0) - x) < 1 && Math.abs(corner.top + (box ? box.clientTop - box.scrollTop : 0) - y) < 1;
  };
  // Engines that name the box itself its offsetParent (Chromium does for a transformed one) say so.
  const parent = (el as HTMLElement).offsetParent ?? null;
  return parent === owner || (at(owner) && !at(parent));
}

/** The node after `node` in document order, inside `root`. */
function nextIn(node: Node, root: Node): Node | null {
  if (node.firstChild) return node.firstChild;
  for (let at: Node | null = node; at && at !== root; at = at.parentNode) if (at.nextSibling) return at.nextSibling;
  return null;
}
