import { blendColor, colorsIn, contrast, imageLayers, over, readColor, type Rgba } from './css-color.js';
import { backdropFiltered, filtered, isSvg, meet, MIN_OPACITY, textInk } from './paint-effects.js';
import { backgroundImages, clipsToText, coverAt, insetFill, stackBelow, type Backdrop } from './text-cover.js';
import { flatParent, isRtl, type Clip } from './visibility.js';
import type { Scope } from './walk-scope.js';
import { attributeOf, dataOf, lowerText, newRange, rangeRects, rectOf, setRange, styleOf, styleValueOf, tagOf } from './platform.js';
import { squashOf } from './box-transform.js';
import { firstLetterStyle, firstLineStyle, mayStyleFirstLetter, type FirstLetters, type FirstLine } from './first-line-style.js';
import { currentGeneration, sameElements } from './page-generation.js';

/**
 * Whether text a page holds is painted where a visitor can read it, judged from what the browser
 * rendered rather than from which properties were set: where its glyphs landed (after transforms,
 * text-indent, clipping and scrolling), how large they came out, whether their colour stands out
 * from what is actually behind them (in any CSS colour syntax, through filters and opacity), and,
 * on screen, whether another box is painted over them. Asked once per element that holds text.
 *
 * What it cannot see for sure it treats with suspicion, outside controls: text whose colour only
 * shows against an image or gradient of unknown pixels, or behind a filter or mask it cannot read,
 * is taken for hidden when it would not show against the colours underneath.
 */

/** Below this contrast ratio (WCAG's, 1 to 21) against what is behind it, text has no visible ink. */
const MIN_CONTRAST = 1.1;
/** An outline thinner than this draws nothing a person sees. */
const MIN_STROKE_PX = 0.5;
/** Ink this opaque, laid over the letters, hides them. */
const OPAQUE_INK = 0.9;
/** Glyphs rendered shorter than this (font size times every scale around) cannot be read. */
export const MIN_TEXT_PX = 5;
/** Nor can glyphs squeezed narrower than this each (a negative letter-spacing, `scaleX`). */
const MIN_GLYPH_PX = 1;
/** A blur wider than this share of the glyphs' height smears them beyond reading. */
const MAX_BLUR_SHARE = 0.2;

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
// Browsers paint a dark colour scheme's canvas in a near-black of their own (#121212 to #1e1e1e).
const DARK_CANVAS: Rgba = { r: 28, g: 28, b: 28, a: 1 };

export class TextInk {
  readonly #behind = new Map<Element, Backdrop>();
  readonly #ranges = new Map<Document, Range>();
  readonly #squash = new Map<Element, number[]>();
  readonly #firstLines = new Map<Element, FirstLine | null>();
  readonly #firstLetters: FirstLetters = { styles: new Map(), blocks: new Map() };
  readonly #excluded: ReadonlySet<Element>;
  /** Where the walk started: what is around a text (its scope) depends on it. */
  readonly #start: Node;
  /** The top document's canvas, once read. */
  canvas: Backdrop | undefined;

  constructor(excluded: ReadonlySet<Element>, start: Node) {
    this.#excluded = excluded;
    this.#start = start;
  }

  /** Whether `text`, drawn by `el` (whose computed style is `style`), can be seen where it sits; with `letterOf` (its lines), its first letter. */
  shows(text: Text, el: Element, style: CSSStyleDeclaration, scope: Scope, letterOf?: Lines): boolean {
    const { paint } = scope;
    const fontSize = parseFloat(style.fontSize);
    if (paint.opacity < MIN_OPACITY || fontSize * paint.zoom < MIN_TEXT_PX) return false;
    // Glyphs drawn as discs, circles or squares, one per letter: no word of it can be read.
    const security = (style as CSSStyleDeclaration & { webkitTextSecurity?: string }).webkitTextSecurity;
    if (security && security !== 'none') return false;
    const lines = letterOf ?? this.#lines(text);
    if (!lines || (!letterOf && !placed(lines, text, el, scope))) return false;
    if (letterOf) return this.#inked(text, el, style, fontSize, scope, lines, true);
    // The answer is kept, as a hit test's is (coverAt), until anything painted may have changed:
    // for the same walk start, exclusions, element, line boxes (read fresh above) and what the walk
    // carries down to the text (clips, opacity, zoom, blur, viewport). A page at rest (a snapshot
    // after an action that changed nothing, a wait) is judged once: the backdrop, first-line and
    // first-letter styles, colours and contrast are what a snapshot spent most of its time on.
    const generation = currentGeneration();
    const key = answerKey(lines, scope);
    const known = inkAnswers.get(text);
    if (known?.generation === generation && known.key === key && known.el === el && known.block === scope.textBox && known.start === this.#start && sameElements(known.excluded, this.#excluded)) return known.shows;
    const shows = this.#inked(text, el, style, fontSize, scope, lines, false);
    inkAnswers.set(text, { generation, key, el, block: scope.textBox, start: this.#start, excluded: this.#excluded, shows });
    return shows;
  }

  /** The rest of shows(), for text whose line boxes landed where it can be read (or, with `letter`, its first letter). */
  #inked(text: Text, el: Element, style: CSSStyleDeclaration, fontSize: number, scope: Scope, lines: Lines, letter: boolean): boolean {
    const { paint } = scope;
    // The first letter may be painted otherwise than the rest: text whose letter shows and rest does
    // not (or the other way round) is taken for hidden, as a letter of it would be read wrong.
    if (!letter && !this.#letterShows(text, el, scope, lines)) return false;
    const firstLine = !letter && firstLineStyle(text, lines.rects[0]!, scope.textBox, this.#firstLines);
    if (firstLine) {
      if (parseFloat(firstLine.fontSize) < MIN_TEXT_PX) return false;
      style = firstLine;
    }
    // Line boxes far taller or wider than their glyphs could make them were turned, skewed or
    // stretched: the glyphs must still be large enough in their thinnest direction.
    if ((lines.height > fontSize * 3 || lines.width > (dataOf(text).length + 2) * fontSize * 1.5) && fontSize * squashOf(el, this.#squash) < MIN_TEXT_PX) return false;
    // Outside controls, a filter, mask or clip it cannot read may have erased the text.
    if (paint.unknown && !scope.inInteractive) return false;
    if (!letter && paintedOver(style, fontSize)) return false;
    const fills = fillInks(el, style, fontSize);
    if (!fills) return true;
    const outlined = !!paint.filters?.some((layer) => layer.shadow);
    const opacity = paint.opacity;
    // Every ink that draws the letters: the fill, an outline, each shadow, judged by its colour
    // like the fill is (a shadow at alpha 0, or white on white, draws nothing).
    const seen = (colors: Rgba[]) => colors.map((color) => filtered(color, paint.filters)).filter((ink) => ink.a * opacity >= MIN_OPACITY);
    const filled = seen(fills);
    let inks = filled.length ? filled : seen(otherInks(el, style, fontSize));
    // The outline and shadows, where the fill alone did not stand out (read only then).
    let rest: Rgba[] | undefined = filled.length ? undefined : [];
    let painted = el;
    // No ink with any alpha paints nothing, unless a background clipped to the text shows through
    // it (gradient headlines): then that background is the ink, read against what is behind its box.
    if (!inks.length && !outlined) {
      const clipped = clippedBackground(el);
      if (!clipped) return false;
      const own = ownPaint(clipped);
      if (own.picture) return true;
      inks = seen(own.color ? [...own.stops, own.color] : own.stops);
      rest = [];
      if (!inks.length) return false;
      painted = flatParent(clipped) ?? clipped;
    }
    const textEl = hitElementOf(text, el);
    let behind = this.#behindOf(painted);
    // A box between the text and what it paints on that blends (`mix-blend-mode`) mixes every ink
    // with the colours under it; taken from the ancestors, whatever the hit test finds below.
    const blend = behind.blend;
    const points = samplePoints(lines.rects, scope);
    // Read against what the ancestors paint, or on screen, where a positioned box lies between or
    // the text shows nothing against them, against what the hit test finds under the text: a
    // picture sharing its grid cell, a box pulled up under it.
    for (let wantStack = behind.uncertain; ; wantStack = true) {
      if (points.length) {
        const under = coverAt(textEl, points, this.#excluded, wantStack, cuts(scope));
        if (under === true) return false;
        if (under) behind = stackBelow(under, canvasOf(el, this), points);
      }
      // Filters around the background's painter change its colours too; those inside it only the text's.
      const painter = behind.painter;
      const colors = paint.filters ? behind.colors.map((color) => filtered(color, paint.filters, (layer) => !!painter && layer.el.contains(painter))) : behind.colors;
      // A blend mode paints other colours than the ink: white text in `difference` turns black on white.
      const stands = (list: Rgba[]) => colors.some((color) => list.some((ink) => contrast(over(blend ? blendColor(blend, ink, color) : ink, color, opacity), color) >= MIN_CONTRAST));
      if (outlined || stands(inks) || stands((rest ??= seen(otherInks(el, style, fontSize))))) return true;
      // Inkless against every colour known to be behind: hidden, unless an image or a box of unknown
      // paint lies between and the text is a control's.
      if (wantStack || !points.length) return (behind.image || behind.uncertain) && scope.inInteractive;
    }
  }

  /**
   * Whether the first letter of the block `text` starts, where a `::first-letter` rule may style it,
   * shows as the rest of its line would. Its pseudo style costs a style resolution each time it is
   * read (engines keep none from one snapshot to the next): asked only when the verdict is judged,
   * which shows() keeps between snapshots.
   */
  #letterShows(text: Text, el: Element, scope: Scope, lines: Lines): boolean {
    if (!mayStyleFirstLetter(text)) return true;
    const letter = firstLetterStyle(text, this.#firstLetters);
    return !letter || this.shows(text, el, letter, scope, lines);
  }

  /**
   * For a later text of an element whose first text shows (same colours, same size): whether it too
   * landed where it can be read and is not under another box. A clip may cut its line off, a box
   * beside it push it off the page, another box lie over its line and not the first.
   */
  placedAgain(text: Text, el: Element, scope: Scope): boolean {
    const lines = this.#lines(text);
    if (!lines || !placed(lines, text, el, scope)) return false;
    const points = samplePoints(lines.rects, scope);
    return !points.length || coverAt(hitElementOf(text, el), points, this.#excluded, false, cuts(scope)) !== true;
  }

  /** The line boxes of a text node and their union, in its frame's viewport coordinates. */
  #lines(text: Text): Lines | null {
    const doc = text.ownerDocument;
    let range = this.#ranges.get(doc);
    if (!range) this.#ranges.set(doc, (range = newRange(doc)));
    setRange(range, text);
    const rects: DOMRect[] = [];
    // The union of the line boxes with an area, as the range's bounding box is (one box read less).
    const union: Clip = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    let height = 0;
    let width = 0;
    let thick = 0;
    let down = 0;
    for (const rect of rangeRects(range)) {
      if (rect.width <= 0 || rect.height <= 0) continue;
      rects.push(rect);
      union.left = Math.min(union.left, rect.left);
      union.top = Math.min(union.top, rect.top);
      union.right = Math.max(union.right, rect.right);
      union.bottom = Math.max(union.bottom, rect.bottom);
      height = Math.max(height, rect.height);
      thick = Math.max(thick, Math.min(rect.width, rect.height));
      width += rect.width;
      down += rect.height;
    }
    return rects.length ? { rects, union, height, width, thick, down } : null;
  }

  /**
   * What is painted behind `el`'s content, from its own background down through its ancestors'.
   * Climbs (without recursion: a page may nest thousands deep) to an opaque background, one already
   * known, or the canvas, then works its way back down.
   */
  #behindOf(el: Element): Backdrop {
    const climbed: Array<[Element, OwnPaint]> = [];
    let below: Backdrop | undefined;
    for (let current: Element | null = el; current; current = flatParent(current)) {
      below = this.#behind.get(current);
      if (below) break;
      const own = ownPaint(current);
      climbed.push([current, own]);
      if (own.opaque) break;
      if (!flatParent(current)) below = canvasOf(current, this);
    }
    for (let index = climbed.length - 1; index >= 0; index -= 1) {
      const [element, own] = climbed[index]!;
      below = paintOver(element, own, below, flatParent(element) !== null);
      this.#behind.set(element, below);
    }
    return below!;
  }

  /** For a frame's canvas: what is behind the `<iframe>` in the page that embeds it. */
  behindFrame(frame: Element): Backdrop {
    return this.#behindOf(frame);
  }
}

/**
 * A field's placeholder, or '' where it paints nothing a person reads: its `::placeholder` ink with
 * no alpha (or opacity 0), glyphs too small, or the colour of what the field paints behind it (a
 * hint made transparent, or white on white, carries words only a model would read). Against a
 * picture behind the field, or ink it cannot read, the placeholder counts as shown, as a control's
 * text does. A filled field shows none, but its placeholder still names it, as for assistive tech.
 * Only text fields paint one: on any other element the attribute is inert, and ''.
 */
export function shownPlaceholder(field: Element): string {
  const tag = tagOf(field);
  const placeholder = tag === 'input' || tag === 'textarea' ? attributeOf(field, 'placeholder') : null;
  return placeholder && fieldShows(field, placeholder, placeholders, '::placeholder') ? placeholder : '';
}

/**
 * Whether a text field paints its own value where a person can read it, judged as its placeholder
 * is: a value in the colour of what the field paints behind it (transparent, white on white), too
 * small to read, or pushed out of the field by its text-indent is no value a visitor sees, and
 * reaches the model as an empty field. The walk has already judged the field's box (opacity, clips).
 */
export const showsValue = (field: Element, value: string): boolean => fieldShows(field, value, values);

/**
 * Whether a select's list paints an option's words where a person can read them, as a test for its
 * options. The list is drawn by the browser on its own canvas (white, or near-black in a dark
 * scheme), under the select's background (read once here), its group's and the option's own: an
 * option whose ink is transparent, or the colour of what the list paints behind it, offers words
 * only a model would read. Ink it cannot read counts as shown, as a control's text does.
 */
export function optionShows(select: Element): (option: Element) => boolean {
  const list = underBackground(select, canvasOf(select, new TextInk(new Set(), select)).colors[0] ?? WHITE);
  return (option) => {
    const style = styleOf(option);
    const fills = fillInks(option, style, parseFloat(style.fontSize));
    if (!fills) return true;
    const group = option.parentElement !== select ? option.parentElement : null;
    const behind = underBackground(option, group ? underBackground(group, list) : list);
    return fills.some((ink) => contrast(over(ink, behind), behind) >= MIN_CONTRAST);
  };
}

/** `below` with `el`'s background colour laid over it. */
function underBackground(el: Element, below: Rgba): Rgba {
  const color = readColor(styleOf(el).backgroundColor);
  return color ? over(color, below) : below;
}

const placeholders = new WeakMap<Element, [number, string, boolean]>();
const values = new WeakMap<Element, [number, string, boolean]>();

function fieldShows(field: Element, text: string, known: WeakMap<Element, [number, string, boolean]>, pseudo?: string): boolean {
  // A field's name and its head both ask, in the same snapshot: judged once per generation (0: the
  // page is not watched yet, nothing kept).
  const generation = currentGeneration();
  const last = known.get(field);
  if (generation && last?.[0] === generation && last[1] === text) return last[2];
  const shows = inkShown(field, pseudo);
  known.set(field, [generation, text, shows]);
  return shows;
}

function inkShown(field: Element, pseudo?: string): boolean {
  const style = styleOf(field, undefined, pseudo);
  const fontSize = parseFloat(style.fontSize);
  const opacity = style.opacity === '' ? 1 : Number(style.opacity);
  if (fontSize < MIN_TEXT_PX || opacity < MIN_OPACITY || Math.abs(parseFloat(style.textIndent)) >= rectOf(field).width) return false;
  const fills = fillInks(field, style, fontSize);
  const behind = new TextInk(new Set(), field).behindFrame(field);
  if (!fills || behind.image) return true;
  const inks = [...fills, ...otherInks(field, style, fontSize)];
  return behind.colors.some((color) => inks.some((ink) => contrast(over(ink, color, opacity), color) >= MIN_CONTRAST));
}

const inkAnswers = new WeakMap<Text, { generation: number; key: string; el: Element; block: Element; start: Node; excluded: ReadonlySet<Element>; shows: boolean }>();

/** The line boxes and what the walk carries down to a text, as one string to compare. */
function answerKey({ rects }: Lines, { clip, paint, frame, inInteractive, scrolls }: Scope): string {
  const boxes = rects.map(({ left, top, width, height }) => `${left} ${top} ${width} ${height}`);
  for (const cut of [clip, paint.clip]) boxes.push(cut ? `${cut.left} ${cut.top} ${cut.right} ${cut.bottom}` : '-');
  return `${boxes.join()} ${paint.opacity} ${paint.zoom} ${paint.blur} ${paint.unknown} ${frame.width} ${frame.height} ${frame.scrollX} ${frame.scrollY} ${inInteractive} ${scrolls}`;
}

/** What one box paints behind its content. */
interface OwnPaint {
  color: Rgba | null;
  /** The stops of the gradients it paints, over its picture when it has one. */
  stops: Rgba[];
  /** A picture of unknown pixels (or a colour that cannot be read) lies under those stops. */
  picture: boolean;
  opaque: boolean;
  blend: string;
}

function ownPaint(el: Element): OwnPaint {
  const style = styleOf(el);
  let color = readColor(style.backgroundColor);
  const layers = imageLayers(backgroundImages(style));
  let stops = layers?.stops ?? [];
  const picture = !layers || layers.picture;
  // Gradients that blend with the background colour under them (`background-blend-mode`) paint the mix.
  const mode = style.backgroundBlendMode?.split(',')[0];
  if (mode && mode !== 'normal' && color?.a === 1) stops = stops.map((stop) => over(blendColor(mode, stop, color!), color!, 1));
  // An inset shadow that fills the box is painted over all of that: opaque, it is all that shows.
  const fill = insetFill(el, style);
  if (fill?.a === 1) return { color: fill, stops: [], picture: false, opaque: true, blend: 'normal' };
  if (fill) {
    if (stops.length || picture) stops = stops.length ? stops.map((stop) => over(fill, stop)) : [fill];
    else color = color && over(fill, color);
  }
  const opaque = !!color && color.a >= 1 && !picture && stops.every((stop) => stop.a >= 1);
  // An opaque box is all that shows behind its content: where it sits and how it blends count only for one that is not.
  return { color, stops, picture, opaque, blend: opaque ? 'normal' : style.mixBlendMode };
}

/** The backdrop inside `el`: its own paint over what is below it (unused when its own is opaque). */
function paintOver(el: Element, { color, stops, picture, opaque, blend }: OwnPaint, below: Backdrop | undefined, hasParent: boolean): Backdrop {
  if (opaque || !below) return { colors: stops.length ? stops : [color ?? WHITE], painter: el, image: picture, uncertain: false };
  let colors = backdropFiltered(el, styleOf(el), below.colors);
  // Layers paint bottom up: the background colour, (a picture, unknown here,) then the gradients over it.
  if (color && color.a > 0) colors = colors.map((under) => over(color, under));
  if (stops.length) colors = stops.flatMap((stop) => colors.map((under) => over(stop, under))).slice(0, 12);
  return {
    colors,
    painter: stops.length || (color && color.a > 0) ? el : below.painter,
    image: picture || !color || below.image,
    // A positioned box may sit over anything (a picture, a sibling's background): what its
    // ancestors paint is not necessarily what shows through it. Its position is read only where
    // that is not already so.
    uncertain: below.uncertain || (hasParent && styleValueOf(el, 'position') !== 'static'),
    // A box that blends with what is under it mixes its text with those colours (the innermost mode wins).
    blend: (blend !== 'normal' && blend) || below.blend,
  };
}

interface Lines {
  rects: DOMRect[];
  union: Clip;
  /** The tallest line box, and all of them side by side. */
  height: number;
  width: number;
  /** The thickest line box across its line (its height across a horizontal line, its width down a vertical one). */
  thick: number;
  /** All of them one under another: how long lines written down the page (`writing-mode: vertical-*`) are. */
  down: number;
}

/**
 * Whether a miss of the hit test at a text's glyphs means they were cut away (text-cover.ts's
 * coverAt): outside scroll containers, and not under a CSS `zoom` that shrinks, where WebKit's line
 * boxes and hit test do not agree on where the glyphs are (a paragraph at zoom 0.8 missed
 * everywhere; a magnified one is mostly off the screen either way).
 */
const cuts = ({ scrolls, paint }: Scope): boolean => !scrolls && paint.zoom >= 1;

/** Whether the glyphs landed somewhere a visitor can reach, at a size they can read. */
function placed({ union, height, width, thick, down }: Lines, text: Text, el: Element, scope: Scope): boolean {
  const { frame, paint, clip } = scope;
  // The letters lie along the line: across the page, or down it in vertical writing.
  const along = styleOf(el).writingMode.startsWith('horizontal') ? width : down;
  // Glyphs taller than the screen (a transform, zoom or font size that magnifies them) show a piece
  // of a letter at most; a line down a vertical page is as long as it is, but only so thick.
  if (height < MIN_TEXT_PX || thick > frame.height || along < visibleLength(dataOf(text)) * MIN_GLYPH_PX) return false;
  if (paint.blur > height * MAX_BLUR_SHARE) return false;
  // What a clip leaves of the glyphs must be large enough to read: a 2px-wide box that hides its
  // overflow shows a sliver of the first letter, not the text.
  for (const cut of [clip, paint.clip]) {
    if (cut && (Math.min(union.right, cut.right) - Math.max(union.left, cut.left) < MIN_TEXT_PX || Math.min(union.bottom, cut.bottom) - Math.max(union.top, cut.top) < MIN_TEXT_PX)) return false;
  }
  // Left of or above the document, nobody can scroll there (a scroll container can, though).
  return scope.scrolls || (union.bottom + frame.scrollY > 0 && (union.right + frame.scrollX > 0 || isRtl(scope.view)));
}

function visibleLength(data: string): number {
  let count = 0;
  for (let index = 0; index < data.length && count < 64; index += 1) if (data.charCodeAt(index) > 32) count += 1;
  return count;
}

/**
 * Up to three points on the text's lines (first, middle, last) that lie inside the viewport and
 * every clip: where a hit test tells what a visitor sees there. The viewport's size is the one the
 * walk took at the top of the frame (as its other viewport tests use), not read from the window
 * again for every text.
 */
function samplePoints(rects: DOMRect[], scope: Scope): Array<[number, number]> {
  const picks = rects.length > 2 ? [rects[0]!, rects[rects.length >> 1]!, rects[rects.length - 1]!] : rects;
  const points: Array<[number, number]> = [];
  const { width, height } = scope.frame;
  for (const rect of picks) {
    let area: Clip = { left: Math.max(rect.left, 0), top: Math.max(rect.top, 0), right: Math.min(rect.right, width), bottom: Math.min(rect.bottom, height) };
    for (const clip of [scope.clip, scope.paint.clip]) if (clip) area = meet(area, clip);
    if (area.right - area.left >= 1 && area.bottom - area.top >= 1) points.push([(area.left + area.right) / 2, (area.top + area.bottom) / 2]);
  }
  return points;
}

/**
 * The colours of an outline and of the shadows, which draw the letters beside their fill. A
 * hairline outline draws nothing a person sees; a shadow is a copy of the glyphs, which counts
 * only where it lands by them (within two font sizes) and sharp enough to read (blurred by less
 * than half the font size): one thrown off the page, or smeared into a cloud, writes nothing.
 */
function otherInks(el: Element, style: CSSStyleDeclaration, fontSize: number): Rgba[] {
  const outline = parseFloat(isSvg(el) ? style.strokeWidth : style.webkitTextStrokeWidth) >= MIN_STROKE_PX ? textInk(el, style, true) : null;
  const inks: Rgba[] = outline ? [outline] : [];
  const shadows = style.textShadow;
  if (!shadows || shadows === 'none') return inks;
  // Commas between shadows, not those inside a colour's parentheses.
  for (const shadow of shadows.split(/,(?![^()]*\))/)) {
    const [x = 0, y = 0, blur = 0] = (shadow.match(/-?[\d.]+px/g) ?? []).map(parseFloat);
    const color = colorsIn(shadow)?.[0];
    if (color && Math.hypot(x, y) <= fontSize * 2 && blur <= fontSize / 2) inks.push(color);
  }
  return inks;
}

/**
 * The colours a text's fill paints, or null when they cannot be read. A stroke is painted over the
 * fill: one a quarter of the letters' size wide, and opaque, covers the fill whole, and the letters
 * are its colour. SVG text filled by a gradient (`url(#id)`) paints that gradient's stops; one with
 * no stops of its own (it may borrow another's) is unknown.
 */
function fillInks(el: Element, style: CSSStyleDeclaration, fontSize: number): Rgba[] | null {
  const svg = isSvg(el);
  const stroke = parseFloat(svg ? style.strokeWidth : style.webkitTextStrokeWidth) >= fontSize / 4 && !style.paintOrder?.startsWith('stroke') && textInk(el, style, true);
  if (stroke && stroke.a >= OPAQUE_INK) return [stroke];
  const fill = textInk(el, style);
  if (fill || !svg) return fill && [fill];
  const server = (el.getRootNode() as Document).getElementById?.(/#([^"')]+)/.exec(style.fill)?.[1] ?? '');
  const stops = server && /Gradient$/.test(server.localName) ? [...server.children].map((stop) => {
    const { stopColor, stopOpacity } = styleOf(stop);
    const color = readColor(stopColor);
    return color && { ...color, a: color.a * Number(stopOpacity) * Number(style.fillOpacity) };
  }) : [];
  return stops.length && stops.every(Boolean) ? (stops as Rgba[]) : null;
}

/** Whether the text's own element paints over its letters, opaque whatever its colour: a line-through as thick as they are tall. */
const paintedOver = (style: CSSStyleDeclaration, fontSize: number): boolean =>
  !!style.textDecorationLine?.includes('line-through') && parseFloat(style.textDecorationThickness) >= fontSize && (readColor(style.textDecorationColor)?.a ?? 0) >= OPAQUE_INK;

/** `el` or the ancestor that paints its background through its text (`background-clip: text`). */
function clippedBackground(el: Element): Element | null {
  for (let current: Element | null = el; current; current = flatParent(current)) if (clipsToText(styleOf(current))) return current;
  return null;
}


/**
 * The canvas under the root element: white, or the near-black of a dark colour scheme. A frame's
 * canvas is transparent over whatever is behind the frame in the page that embeds it.
 */
function canvasOf(el: Element, ink: TextInk): Backdrop {
  const view = el.ownerDocument.defaultView!;
  let frame: Element | null = null;
  try {
    frame = view.frameElement;
  } catch {
    // a cross-origin embedder: what lies behind the frame cannot be known
  }
  if (frame) return ink.behindFrame(frame);
  if (view !== view.top) return { colors: [WHITE], painter: null, image: true, uncertain: false };
  if (ink.canvas) return ink.canvas;
  // The root's colour scheme, or where it sets none the page's <meta name=color-scheme> (looked
  // up once a walk); of one that offers both, the one the visitor prefers.
  const doc = el.ownerDocument;
  let scheme = styleOf(doc.documentElement, view).colorScheme;
  if (!scheme || scheme === 'normal') scheme = metaColorScheme(doc);
  const dark = scheme.includes('dark') && (!scheme.includes('light') || view.matchMedia('(prefers-color-scheme: dark)').matches);
  return (ink.canvas = { colors: [dark ? DARK_CANVAS : WHITE], painter: null, image: false, uncertain: false });
}

/** The content of the page's first `<meta name=color-scheme>` (from the engine's live list, not a query of the whole page). */
function metaColorScheme(doc: Document): string {
  for (const meta of doc.getElementsByTagName('meta')) {
    if (lowerText(attributeOf(meta, 'name') ?? '') === 'color-scheme') return attributeOf(meta, 'content') ?? '';
  }
  return '';
}

/**
 * The element a hit test finds at a text's glyphs. Text slotted into a shadow tree is painted there,
 * on what that tree draws (a button's background box): its slot's parent, hit in the shadow root,
 * not its light-DOM parent, the host, whose own box may paint nothing behind it.
 */
function hitElementOf(text: Text, el: Element): Element {
  return text.assignedSlot?.parentElement ?? text.parentElement ?? el;
}
