/**
 * Colours as the browser paints them, from a computed value in any CSS syntax. Engines serialise
 * computed colours in the syntax they were written in (`oklch(1 0 0)`, `color(srgb 1 1 1)`,
 * `color-mix(…)`), so only `rgb()` is read directly; anything else is painted once into a canvas
 * and read back, and the answer is kept for the rest of the page's life.
 */
import { newCanvasContext, pixelsOf } from './platform.js';

/** sRGB channels 0–255, alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const RGB = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/;
const known = new Map<string, Rgba | null>();
const KNOWN_LIMIT = 4096;
let probe: CanvasRenderingContext2D | null | undefined;

/** A canvas to read pixels from, of the default size (300×150), made on first use. */
export function pixelProbe(): CanvasRenderingContext2D | null {
  // Made once: where the page allows no 2D canvas (null), not tried again on every colour.
  if (probe === undefined) probe = newCanvasContext();
  return probe;
}

/**
 * The colour a computed value paints, or null when it is not a colour the canvas knows. Kept by
 * value: a page paints with a few dozen colours, read for every box and text. Callers share the
 * answer and never change it.
 */
export function readColor(value: string): Rgba | null {
  let color = known.get(value);
  if (color === undefined) {
    // Bounded: a page that animates colours leaves a new value at every read.
    if (known.size >= KNOWN_LIMIT) known.clear();
    known.set(value, (color = parseColor(value)));
  }
  return color;
}

function parseColor(value: string): Rgba | null {
  // `none` is what an SVG `fill` or `stroke` that paints nothing computes to; so does
  // `context-fill` outside the marker or <use> whose paint it borrows, where the walk reads text.
  if (value === 'transparent' || value === 'none' || value.startsWith('context-')) return { r: 0, g: 0, b: 0, a: 0 };
  const match = RGB.exec(value);
  if (match) {
    const alpha = match[4] === undefined ? 1 : match[4].endsWith('%') ? parseFloat(match[4]) / 100 : Number(match[4]);
    return { r: Number(match[1]), g: Number(match[2]), b: Number(match[3]), a: alpha };
  }
  return paintedColor(value);
}

function paintedColor(value: string): Rgba | null {
  const probe = pixelProbe();
  if (!probe) return null;
  // An unknown value leaves fillStyle as it was: set it after two different colours to tell.
  probe.fillStyle = '#000';
  probe.fillStyle = value;
  const first = probe.fillStyle;
  probe.fillStyle = '#fff';
  probe.fillStyle = value;
  if (probe.fillStyle !== first) return null;
  probe.clearRect(0, 0, 1, 1);
  probe.fillRect(0, 0, 1, 1);
  return firstPixel(probe);
}

/** The colour of the probe's top-left pixel. */
export function firstPixel(probe: CanvasRenderingContext2D): Rgba {
  const pixel = pixelsOf(probe, 1, 1);
  return { r: pixel[0]!, g: pixel[1]!, b: pixel[2]!, a: pixel[3]! / 255 };
}

// A colour inside a computed `background-image`, `mask-image` or `text-shadow`: a colour function or `transparent`.
const COLOR_TOKEN = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix|light-dark)\((?:[^()]|\([^()]*\))*\)|\btransparent\b/g;
// A layer of `none` (a shorthand's colour-only layer) paints nothing.
const GRADIENT_LAYER = /\s*,?\s*(?:none\b|(?:repeating-)?(?:linear|radial|conic)-gradient\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))/y;

/**
 * The colours of a computed image value made only of gradients (their stops), none for no image
 * (`none`), or null when any layer is an image whose pixels cannot be known here (`url()`,
 * `image-set()`, …).
 */
export function gradientColors(image: string): Rgba[] | null {
  const layers = imageLayers(image);
  return layers && !layers.picture ? layers.stops : null;
}

/**
 * What is known of a computed image value, whose layers are listed top first: the stops of the
 * gradients painted over its first picture (a scrim over a photo), and whether such a picture
 * (`url()`, `image-set()`, …) lies under them. Null when a gradient's colour cannot be read.
 */
export function imageLayers(image: string): { stops: Rgba[]; picture: boolean } | null {
  const known = gradientLayers(image);
  return known && { stops: known.layers.flat(), picture: known.picture };
}

/** The painted stops of each gradient layer ({@link paintedStops}), top first, as imageLayers reads them. */
export function gradientLayers(image: string): { layers: Rgba[][]; picture: boolean } | null {
  const layers: Rgba[][] = [];
  let end = 0;
  if (image && image !== 'none') {
    GRADIENT_LAYER.lastIndex = 0;
    for (let match; (match = GRADIENT_LAYER.exec(image)); end = GRADIENT_LAYER.lastIndex) {
      if (match[0].endsWith('none')) continue;
      const stops = paintedStops(match[0]);
      if (!stops) return null;
      layers.push(stops);
    }
  }
  return { layers, picture: !!image && image !== 'none' && image.slice(end).trim() !== '' };
}

/**
 * The colours one gradient paints over some length: a stop whose colour lies only in a band of no
 * width (`transparent 0 100%, #000 100%`), or outside the gradient line, paints nothing. Read
 * where every position is a percentage (or zero); else, and for a repeating gradient, every stop.
 */
function paintedStops(gradient: string): Rgba[] | null {
  const colors = colorsIn(gradient);
  if (!colors || gradient.includes('repeating-')) return colors;
  const at: Array<number | undefined> = [];
  const painted: Rgba[] = [];
  let count = 0;
  for (const part of gradient.slice(gradient.indexOf('(') + 1, -1).split(/,(?![^()]*\))/)) {
    const color = part.match(COLOR_TOKEN);
    if (!color) continue;
    const index = count++;
    const positions = part.replace(COLOR_TOKEN, '').trim().split(/\s+/).filter(Boolean);
    for (const position of positions.length ? positions : ['']) {
      if (position && !/^(-?[\d.]+%|0px)$/.test(position)) return colors;
      at.push(position ? parseFloat(position) : undefined);
      painted.push(colors[index]!);
    }
  }
  if (count !== colors.length) return colors;
  // A position left out lies somewhere after the one before (NaN: its bands count as painted).
  at[0] ??= 0;
  at[at.length - 1] ??= 100;
  const seen = new Set<Rgba>();
  if (at[0]! > 0) seen.add(painted[0]!);
  if (at[at.length - 1]! < 100) seen.add(painted[painted.length - 1]!);
  for (let index = 1; index < at.length; index += 1) {
    // No position lies before the one before it.
    at[index] = Math.max(at[index] ?? NaN, at[index - 1]!);
    if (!(Math.min(at[index]!, 100) <= Math.max(at[index - 1]!, 0))) seen.add(painted[index - 1]!).add(painted[index]!);
  }
  return seen.size ? [...seen] : colors;
}

/** The colours a computed value names (a gradient's stops, a shadow list's colours), or null when one is unknown or there are none. */
export function colorsIn(value: string): Rgba[] | null {
  const colors: Rgba[] = [];
  for (const token of value.match(COLOR_TOKEN) ?? []) {
    const color = readColor(token);
    if (!color) return null;
    colors.push(color);
  }
  return colors.length ? colors : null;
}

type Channel = (top: number, bottom: number) => number;
// The separable blend modes per channel in 0–1 (Compositing and Blending Level 1).
const BLENDS: Record<string, Channel> = {
  multiply: (t, b) => t * b,
  screen: (t, b) => t + b - t * b,
  overlay: (t, b) => BLENDS['hard-light']!(b, t),
  darken: Math.min,
  lighten: Math.max,
  'color-dodge': (t, b) => b && Math.min(1, b / (1 - t)),
  'color-burn': (t, b) => 1 - Math.min(1, (1 - b) / t || 0),
  'hard-light': (t, b) => (t > 0.5 ? BLENDS.screen!(2 * t - 1, b) : 2 * t * b),
  difference: (t, b) => Math.abs(t - b),
  exclusion: (t, b) => t + b - 2 * t * b,
  // The compositing sums: any text over white adds up to white (and over black, in WebKit's plus-darker, to black).
  'plus-lighter': (t, b) => Math.min(1, t + b),
  'plus-darker': (t, b) => Math.max(0, t + b - 1),
};

/** `top` as `mix-blend-mode: mode` paints it on the opaque `bottom` (alpha kept); `luminosity` and unknown modes keep it. */
export function blendColor(mode: string, top: Rgba, bottom: Rgba): Rgba {
  // hue, saturation and color keep the backdrop's luminosity, which is all contrast reads.
  // soft-light is read as overlay, its harsher twin: they agree on black and white backdrops.
  const mix = /^(hue|saturation|color)$/.test(mode) ? (_t: number, b: number) => b : BLENDS[mode === 'soft-light' ? 'overlay' : mode];
  if (!mix) return top;
  const channel = (t: number, b: number): number => mix(t / 255, b / 255) * 255;
  return { r: channel(top.r, bottom.r), g: channel(top.g, bottom.g), b: channel(top.b, bottom.b), a: top.a };
}

/** `top` painted over an opaque `bottom`, with `top`'s alpha scaled by `opacity`. */
export function over(top: Rgba, bottom: Rgba, opacity = 1): Rgba {
  const a = top.a * opacity;
  return { r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a), b: top.b * a + bottom.b * (1 - a), a: 1 };
}

/** WCAG's contrast ratio, from 1 (the same) to 21 (black on white). */
export function contrast(one: Rgba, two: Rgba): number {
  // Asked for every ink against every colour behind every text: no array, no sort.
  const first = luminance(one);
  const second = luminance(two);
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

function luminance({ r, g, b }: Rgba): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** An sRGB channel (0–255) as linear light. */
function linear(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
