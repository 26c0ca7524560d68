import { gradientLayers, readColor, type Rgba } from './css-color.js';
import type { Clip } from './visibility.js';
import { flatParent, newMatrix, rectOf, styleOf, styleValueOf, tagOf } from './platform.js';
import { clipRegion } from './clip-region.js';

/**
 * What the boxes around an element do to everything painted inside them, carried down the walk:
 * opacity multiplies, filters (`opacity()`, `blur()`, colour changes) and masks apply to the whole
 * subtree, and `clip-path` cuts every descendant, positioned ones included. Read from the computed
 * style the walk already holds; only an element with a `clip-path` needs its box read as well.
 */
export interface Paint {
  /** The opacity of every box around multiplied, `filter: opacity()` included. */
  opacity: number;
  /** The blur radius the filters around add up to, in CSS pixels. */
  blur: number;
  /** Colour-changing filters around, innermost first, with the element each belongs to. */
  filters: FilterLayer[] | null;
  /** A filter or mask whose effect cannot be read here (an SVG `url()` filter, an image mask). */
  unknown: boolean;
  /** What `clip-path` (and `clip`) around leave visible, in the frame's viewport coordinates. */
  clip: Clip | null;
  /** The innermost box whose clip set `clip`: its text is cut word by word (paintedPart). */
  clipOwner: Element | null;
  /** Every `zoom` around multiplied: glyphs are drawn this much larger than their font size says. */
  zoom: number;
}

export interface FilterLayer {
  el: Element;
  /** `brightness`, `contrast` or `invert`, with its amount: the functions that move lightness. */
  ops: Array<[string, number]>;
  /** `drop-shadow()` draws the letters' outline whatever their colour. */
  shadow: boolean;
}

export const PLAIN_PAINT: Paint = { opacity: 1, blur: 0, filters: null, unknown: false, clip: null, clipOwner: null, zoom: 1 };

// Below this an element and everything in it is as good as invisible: 0.01 is a way to hide text
// that a test for exactly 0 would miss, and so are two boxes at 0.2 inside each other.
export const MIN_OPACITY = 0.05;

/** The opacity `el` is painted at: its own times that of every box around it (down to MIN_OPACITY, where it stops reading). */
export function paintedOpacity(el: Element): number {
  let opacity = 1;
  for (let box: Element | null = el; box && opacity >= MIN_OPACITY; box = flatParent(box)) opacity *= Number(styleValueOf(box, 'opacity')) || 0;
  return opacity;
}

const FUNCTION = /([a-z-]+)\(((?:[^()]|\([^()]*\))*)\)/g;

/**
 * The paint state of an element's contents, from its computed style and the state around it;
 * null when nothing in it can be seen (an opacity, filter, mask or clip-path that leaves nothing).
 * `content-visibility: hidden` leaves the box drawn but its contents not: they get opacity 0.
 */
export function enterPaint(el: Element, style: CSSStyleDeclaration, outer: Paint, display: string, opacity = styleValueOf(el, 'opacity')): Paint | null {
  const filter = style.filter;
  const mask = style.maskImage ?? (style as CSSStyleDeclaration & { webkitMaskImage?: string }).webkitMaskImage;
  const clipPath = style.clipPath;
  const hasFilter = !!filter && filter !== 'none';
  const hasMask = !!mask && mask !== 'none';
  const hasClip = !!clipPath && clipPath !== 'none';
  const contentsHidden = display !== 'inline' && style.contentVisibility === 'hidden';
  // Computed font sizes leave `zoom` out (and WebKit's boxes do too), so the walk multiplies it in.
  const zoom = parseFloat((style as CSSStyleDeclaration & { zoom?: string }).zoom ?? '') || 1;
  if ((opacity === '1' || !opacity) && !hasFilter && !hasMask && !hasClip && !contentsHidden && zoom === 1) return outer.opacity < MIN_OPACITY ? null : outer;
  const paint = { ...outer, zoom: outer.zoom * zoom };
  if (opacity !== '1' && opacity) paint.opacity *= Number(opacity);
  if (hasFilter) {
    const layer = filterLayer(el, filter, paint);
    if (layer.ops.length || layer.shadow) paint.filters = [layer, ...(outer.filters ?? [])];
  }
  if (hasMask) {
    const known = gradientLayers(mask);
    if (!known || known.picture) paint.unknown = true;
    else if (maskAlpha(known.layers, style) < MIN_OPACITY) return null;
  }
  if (hasClip) {
    const box = clipRegion(clipPath, el, rectOf(el), style);
    // A shape it cannot read (a `url()` reference, `shape()`) may have cut anything away.
    if (!box) paint.unknown = true;
    else if (!clipTo(paint, el, box)) return null;
  }
  if (paint.opacity < MIN_OPACITY) return null;
  // The box itself is drawn; what is inside it is not.
  if (contentsHidden) paint.opacity = 0;
  return paint;
}

type MaskStyle = CSSStyleDeclaration & { maskMode?: string; maskComposite?: string; maskRepeat?: string };

/**
 * The most of its box a mask made of gradients lets through (0–1): each layer by its alpha, or by
 * its luminance where `mask-mode` says so (black lets nothing through), and the layers composited
 * as `mask-composite` says (two that `exclude` each other leave nothing), where each lets the same
 * through everywhere and repeats over the whole box; else the most any layer lets through.
 */
function maskAlpha(layers: Rgba[][], style: MaskStyle): number {
  const list = (value = '') => value.split(',').map((item) => item.trim());
  const modes = list(style.maskMode);
  const alphas = layers.map((stops, layer) => stops.map(({ r, g, b, a }) => a * (modes[layer % modes.length] === 'luminance' ? (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 : 1)));
  const most = alphas.map((layer) => Math.max(...layer));
  if (layers.length < 2 || alphas.some((layer) => Math.min(...layer) !== Math.max(...layer)) || list(style.maskRepeat).some((repeat) => !/^repeat( repeat)?$/.test(repeat))) return Math.max(...most);
  const ops = list(style.maskComposite);
  let below = most[most.length - 1]!;
  for (let layer = most.length - 2; layer >= 0; layer -= 1) {
    const top = most[layer]!;
    const op = ops[layer % ops.length];
    below = op === 'subtract' ? top * (1 - below) : op === 'intersect' ? top * below : op === 'exclude' ? top * (1 - below) + below * (1 - top) : top + below * (1 - top);
  }
  return below;
}

/**
 * The colour functions of a computed `filter` (or `backdrop-filter`) as a layer; with `paint`, its
 * opacity, blur and unknown parts (an SVG `url()`) are added there.
 */
export function filterLayer(el: Element, filter: string, paint?: Paint): FilterLayer {
  const layer: FilterLayer = { el, ops: [], shadow: false };
  for (const [, name, argument] of filter.matchAll(FUNCTION) as Iterable<[string, string, string]>) {
    const amount = parseFloat(argument) / (argument.trim().endsWith('%') ? 100 : 1);
    if (name === 'brightness' || name === 'contrast' || name === 'invert') layer.ops.push([name, amount]);
    else if (name === 'drop-shadow') layer.shadow = true;
    else if (!paint) continue;
    else if (name === 'opacity') paint.opacity *= amount;
    else if (name === 'blur') paint.blur += amount || 0;
    else if (name === 'url') paint.unknown = true;
  }
  return layer;
}

/** What a box's `backdrop-filter` makes of the colours behind it. */
export function backdropFiltered(el: Element, style: CSSStyleDeclaration, colors: Rgba[]): Rgba[] {
  const backdrop = style.backdropFilter;
  const layer = backdrop && backdrop !== 'none' ? filterLayer(el, backdrop) : null;
  return layer?.ops.length ? colors.map((color) => filtered(color, [layer])) : colors;
}

/** Narrows `paint` (a copy the walk owns) to `box`, cut by `el`; false when it leaves a pixel or less. */
export function clipTo(paint: Paint, el: Element, box: Clip): boolean {
  const clip = (paint.clip = meet(paint.clip, box));
  paint.clipOwner = el;
  return clip.right - clip.left > 1 && clip.bottom - clip.top > 1;
}

/** What two clips leave together. */
export function meet(outer: Clip | null, box: Clip): Clip {
  return outer ? { left: Math.max(outer.left, box.left), top: Math.max(outer.top, box.top), right: Math.min(outer.right, box.right), bottom: Math.min(outer.bottom, box.bottom) } : box;
}

/** A colour as the filters around it paint it (innermost first), for those layers `applies` keeps. */
export function filtered(color: Rgba, filters: FilterLayer[] | null, applies: (layer: FilterLayer) => boolean = () => true): Rgba {
  if (!filters) return color;
  let [r, g, b] = [color.r / 255, color.g / 255, color.b / 255];
  for (const layer of filters) {
    if (!applies(layer)) continue;
    for (const [name, amount] of layer.ops) {
      const apply = (c: number): number =>
        Math.min(1, Math.max(0, name === 'brightness' ? c * amount : name === 'contrast' ? (c - 0.5) * amount + 0.5 : amount + c * (1 - 2 * Math.min(amount, 1))));
      [r, g, b] = [apply(r), apply(g), apply(b)];
    }
  }
  return { r: r * 255, g: g * 255, b: b * 255, a: color.a };
}

/** Whether `el` is SVG content, whose text is painted by `fill` and `stroke`, not the text colours. */
export const isSvg = (el: Element): boolean => el.namespaceURI === 'http://www.w3.org/2000/svg';

// The SVG elements that draw what they hold. Everything else draws its content only when
// referenced (a <clipPath>, <mask>, <pattern>, <marker>, <symbol>, whatever is in <defs>), or
// not at all, though engines still give its text boxes on screen.
const SVG_RENDERING = new Set(['svg', 'g', 'a', 'switch', 'text', 'tspan', 'textPath']);

/**
 * The paint of SVG content `el` inside `svg` (whose own paint is `outer`): the walk stops at the
 * <svg>, so the elements between are entered here as the walk enters HTML boxes (opacity, filters,
 * masks, clip-paths), and each <svg> viewport that hides its overflow clips what lies outside it.
 * Null when nothing of it is drawn: an element between that draws nothing it holds, or
 * `display: none`, or a paint that leaves nothing.
 */
export function svgPaint(el: Element, svg: Element, outer: Paint): Paint | null {
  const path: Element[] = [];
  for (let at: Element | null = el; at && at !== svg; at = at.parentElement) path.push(at);
  let paint: Paint | null = { ...outer };
  for (const at of [svg, ...path.reverse()]) {
    if (!SVG_RENDERING.has(tagOf(at))) return null;
    const style = styleOf(at);
    if (at !== svg) {
      if (style.display === 'none') return null;
      paint = enterPaint(at, style, paint, 'inline');
      if (!paint) return null;
    }
    if (tagOf(at) === 'svg' && style.overflow !== 'visible' && !clipTo((paint = { ...paint }), at, at === svg ? rectOf(at) : viewportOf(at as SVGSVGElement))) return null;
  }
  return paint;
}

/**
 * The viewport of an <svg> inside another, on screen: its x, y, width and height in its parent's
 * user space, mapped there (engines give its box as that of its content, not of its viewport).
 */
function viewportOf(svg: SVGSVGElement): Clip {
  const { a, b, c, d, e, f } = (svg.parentElement as unknown as SVGGraphicsElement).getScreenCTM() ?? newMatrix();
  const [x, y, width, height] = [svg.x, svg.y, svg.width, svg.height].map((length) => length.animVal.value) as [number, number, number, number];
  const xs = [a * x + c * y + e, a * (x + width) + c * (y + height) + e];
  const ys = [b * x + d * y + f, b * (x + width) + d * (y + height) + f];
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/**
 * The colour of a text's fill (`stroke`: its outline), or null when it cannot be read. SVG text is
 * painted by `fill` (`none` paints nothing) thinned by `fill-opacity` (`stroke-opacity`), HTML text
 * by its text fill (stroke) colour.
 */
export function textInk(el: Element, style: CSSStyleDeclaration, stroke = false): Rgba | null {
  if (!isSvg(el)) return readColor(stroke ? style.webkitTextStrokeColor : style.webkitTextFillColor || style.color);
  const color = readColor(stroke ? style.stroke : style.fill);
  return color && { ...color, a: color.a * Number(stroke ? style.strokeOpacity : style.fillOpacity) };
}
