import { gradientColors, readColor, type Rgba } from './css-color.js';
import type { Clip } from './visibility.js';
import { rectOf, styleOf, tagOf } from './platform.js';

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
  /** What `clip-path` leaves visible, in the frame's viewport coordinates. */
  clip: Clip | null;
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

export const PLAIN_PAINT: Paint = { opacity: 1, blur: 0, filters: null, unknown: false, clip: null, zoom: 1 };

// Below this an element and everything in it is as good as invisible: 0.01 is a way to hide text
// that a test for exactly 0 would miss, and so are two boxes at 0.2 inside each other.
export const MIN_OPACITY = 0.05;

const FUNCTION = /([a-z-]+)\(((?:[^()]|\([^()]*\))*)\)/g;

/**
 * The paint state of an element's contents, from its computed style and the state around it;
 * null when nothing in it can be seen (an opacity, filter, mask or clip-path that leaves nothing).
 * `content-visibility: hidden` leaves the box drawn but its contents not: they get opacity 0.
 */
export function enterPaint(el: Element, style: CSSStyleDeclaration, outer: Paint, display: string): Paint | null {
  const opacity = style.opacity;
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
    const layer: FilterLayer = { el, ops: [], shadow: false };
    for (const [, name, argument] of filter.matchAll(FUNCTION) as Iterable<[string, string, string]>) {
      const amount = parseFloat(argument) / (argument.trim().endsWith('%') ? 100 : 1);
      if (name === 'opacity') paint.opacity *= amount;
      else if (name === 'blur') paint.blur += amount || 0;
      else if (name === 'drop-shadow') layer.shadow = true;
      else if (name === 'brightness' || name === 'contrast' || name === 'invert') layer.ops.push([name, amount]);
      else if (name === 'url') paint.unknown = true;
    }
    if (layer.ops.length || layer.shadow) paint.filters = [layer, ...(outer.filters ?? [])];
  }
  if (hasMask) {
    const stops = gradientColors(mask);
    if (!stops) paint.unknown = true;
    else if (stops.every((stop) => stop.a < MIN_OPACITY)) return null;
  }
  if (hasClip) {
    const box = clipPathBox(clipPath, rectOf(el));
    if (!box) paint.unknown ||= clipPath.startsWith('url(');
    else {
      const clip = paint.clip ? narrowed(paint.clip, box) : box;
      if (clip.right - clip.left < 1 || clip.bottom - clip.top < 1) return null;
      paint.clip = clip;
    }
  }
  if (paint.opacity < MIN_OPACITY) return null;
  // The box itself is drawn; what is inside it is not.
  if (contentsHidden) paint.opacity = 0;
  return paint;
}

function narrowed(outer: Clip, box: Clip): Clip {
  return { left: Math.max(outer.left, box.left), top: Math.max(outer.top, box.top), right: Math.min(outer.right, box.right), bottom: Math.min(outer.bottom, box.bottom) };
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

/**
 * The area a computed `clip-path` leaves visible around `rect` (the element's border box):
 * the bounding box of a basic shape, or of a `path()`'s points. Undefined for `none` and for
 * shapes it cannot read (`url()` references), which clip nothing as far as the walk knows.
 */
export function clipPathBox(value: string, rect: DOMRect): Clip | undefined {
  const [, name, argument] = /^([a-z]+)\((.*)\)/.exec(value) ?? [];
  if (!name || argument === undefined) return undefined;
  const { left, top, width, height } = rect;
  const length = (token: string | undefined, of: number): number => (token?.endsWith('%') ? (parseFloat(token) / 100) * of : parseFloat(token ?? '0') || 0);
  if (name === 'inset') {
    const [t, r = t, b = t, l = r] = argument.split(/\s+round\s/)[0]!.trim().split(/\s+/);
    return { left: left + length(l, width), top: top + length(t, height), right: left + width - length(r, width), bottom: top + height - length(b, height) };
  }
  if (name === 'circle' || name === 'ellipse') {
    const [radii, at = '50% 50%'] = argument.split(/\s*\bat\b\s*/) as [string, string?];
    const [x = width / 2, y = height / 2] = at.trim().split(/\s+/).map((token, index) => length(POSITION[token] ?? token, index ? height : width));
    const dx = [x, width - x];
    const dy = [y, height - y];
    const radius = (token: string | undefined, of: number, sides: number[]): number =>
      !token || token === 'closest-side' ? Math.min(...sides) : token === 'farthest-side' ? Math.max(...sides) : length(token, of);
    const [first, second] = radii.trim().split(/\s+/);
    const rx = name === 'circle' ? radius(first, Math.hypot(width, height) / Math.SQRT2, [...dx, ...dy]) : radius(first, width, dx);
    const ry = name === 'circle' ? rx : radius(second, height, dy);
    return { left: left + x - rx, top: top + y - ry, right: left + x + rx, bottom: top + y + ry };
  }
  if (name === 'polygon' || name === 'path') {
    const numbers = (name === 'polygon' ? argument.replace(/^\s*(?:nonzero|evenodd)\s*,/, '') : argument).match(/-?[\d.]+%?/g) ?? [];
    const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    for (let index = 0; index + 1 < numbers.length; index += 2) {
      const x = left + length(numbers[index], width);
      const y = top + length(numbers[index + 1], height);
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
    }
    return box.left <= box.right ? box : { left, top, right: left, bottom: top };
  }
  return undefined;
}

const POSITION: Record<string, string> = { left: '0%', top: '0%', center: '50%', right: '100%', bottom: '100%' };

/** Whether `el` is SVG content, whose text is painted by `fill` and `stroke`, not the text colours. */
export const isSvg = (el: Element): boolean => el.namespaceURI === 'http://www.w3.org/2000/svg';

/**
 * The opacity `el`'s text is painted at. Inside an svg the walk stops at the <svg>: the opacity of
 * the groups between multiplies here.
 */
export function textOpacity(el: Element, opacity: number): number {
  if (isSvg(el)) for (let at: Element | null = el; at && tagOf(at) !== 'svg'; at = at.parentElement) opacity *= Number(styleOf(at).opacity);
  return opacity;
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
