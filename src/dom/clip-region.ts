import type { Clip } from './visibility.js';

/**
 * The area a computed `clip-path`, or the legacy `clip: rect(top, right, bottom, left)` of an
 * absolutely positioned box, leaves visible around `el`, in the frame's viewport coordinates; `rect`
 * is `el`'s border box on screen. A basic shape counts by its bounding box (a `path()` by its
 * points), in its reference box (`margin-box`, `padding-box`, `content-box`; the border box
 * otherwise; a bare reference box is its own region). `rect()` and `xywh()` compute to `inset()`
 * with `calc()` lengths. Undefined for what it cannot read (`url()` references, which the walk
 * leaves to the ink test: an unknown clip).
 *
 * The shape is laid out on the box as if untransformed (its layout size, offsetWidth ×
 * offsetHeight) and then drawn with the box's transforms and its ancestors': the screen rectangle
 * scales it into place. A rotation or skew widens that rectangle, so the region read is a little
 * larger than the one drawn, never smaller.
 */
export function clipRegion(value: string, el: Element, rect: DOMRect, style?: CSSStyleDeclaration): Clip | undefined {
  const [, name, argument = ''] = /^([a-z]+)\((.*)\)/.exec(value) ?? [];
  const reference = style && /(margin|padding|content)-box/.exec(value)?.[1];
  const { offsetWidth: width, offsetHeight: height } = el as HTMLElement;
  // SVG content has no layout size of its own: its screen box is all there is.
  const [scaleX, scaleY] = width > 0 && height > 0 ? [rect.width / width, rect.height / height] : [1, 1];
  // The reference box within the border box: the margin box around it, the padding box inside its
  // borders, the content box inside its padding as well.
  const px = (property: string): number => parseFloat(style!.getPropertyValue(property)) || 0;
  const inset = (edge: string): number => (reference === 'margin' ? -px(`margin-${edge}`) : reference ? px(`border-${edge}-width`) + (reference === 'content' ? px(`padding-${edge}`) : 0) : 0);
  const x = inset('left');
  const y = inset('top');
  const w = rect.width / scaleX - x - inset('right');
  const h = rect.height / scaleY - y - inset('bottom');
  // Its words, a `calc()` (or `min()`…) whole: computed values name every length, positions included.
  const words: string[] = argument.split(/\s+round\s/)[0]!.match(/([a-z-]*\([^()]*\)|[^\s,()])+/g) ?? [];
  // The shape's bounding box in its reference box: left, top, right, bottom.
  let shape = [0, 0, w, h];
  if (name === 'inset') {
    const [t, r = t, b = t, l = r] = words as [string];
    shape = [length(l, w), length(t, h), w - length(r, w), h - length(b, h)];
  } else if (name === 'rect') {
    const [t, r, b, l] = words as [string, string, string, string];
    shape = [length(l, w), length(t, h), length(r, w, w), length(b, h, h)];
  } else if (name === 'circle' || name === 'ellipse') {
    const at = words.indexOf('at') >>> 0;
    const [cx, cy] = [0, 1].map((index) => length(words[at + 1 + index] ?? '50%', index ? h : w)) as [number, number];
    const dx = [cx, w - cx];
    const dy = [cy, h - cy];
    const radius = (token: string | undefined, of: number, sides: number[]): number =>
      !token || token === 'at' || token === 'closest-side' ? Math.min(...sides) : token === 'farthest-side' ? Math.max(...sides) : length(token, of);
    const rx = name === 'circle' ? radius(words[0], Math.hypot(w, h) / Math.SQRT2, [...dx, ...dy]) : radius(words[0], w, dx);
    const ry = name === 'circle' ? rx : radius(words[1], h, dy);
    shape = [cx - rx, cy - ry, cx + rx, cy + ry];
  } else if (name === 'polygon' || name === 'path') {
    // A path's numbers are pixels; a polygon's points may be percentages or calc() sums.
    const numbers = name === 'path' ? argument.match(/-?[\d.]+/g) ?? [] : words.filter((word) => !/^[a-z]+$/.test(word));
    shape = [Infinity, Infinity, -Infinity, -Infinity];
    for (let index = 0; index + 1 < numbers.length; index += 2) {
      const px = length(numbers[index]!, w);
      const py = length(numbers[index + 1]!, h);
      shape = [Math.min(shape[0]!, px), Math.min(shape[1]!, py), Math.max(shape[2]!, px), Math.max(shape[3]!, py)];
    }
  } else if (name) return undefined;
  const [left, top, right, bottom] = shape as [number, number, number, number];
  return { left: rect.left + (x + left) * scaleX, top: rect.top + (y + top) * scaleY, right: rect.left + (x + right) * scaleX, bottom: rect.top + (y + bottom) * scaleY };
}

/** A computed length, percentage or `calc()` sum of them (`calc(100% - 16px)`), in pixels; `auto` is `fallback`. */
function length(token: string, of: number, fallback = 0): number {
  let sum = token === 'auto' ? fallback : 0;
  for (const [, minus, number, percent] of token.matchAll(/(- )?(-?[\d.]+)[a-z]*(%?)/g)) sum += (minus ? -1 : 1) * parseFloat(number!) * (percent ? of / 100 : 1);
  return sum;
}
