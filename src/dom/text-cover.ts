import { colorsIn, firstPixel, gradientColors, imageLayers, over, pixelProbe, readColor, type Rgba } from './css-color.js';
import { flatParent } from './visibility.js';
import { backdropFiltered, isSvg } from './paint-effects.js';
import { currentGeneration, sameElements } from './page-generation.js';
import { ghostsOf, MIN_RING, opensLayer } from './ghost-boxes.js';
import { mayGenerateBox } from './first-line-style.js';
import { elementAt, elementsAt, pictureOf, pixelsOf, rectOf, styleOf, styleValueOf, tagOf } from './platform.js';

/**
 * What a hit test at a point of some text says a visitor sees there: whether a box is painted over
 * the text, and what is painted under it. Only on screen (a hit test cannot look elsewhere), and
 * only asked where the cheap answer (the text's own element is on top) does not settle it.
 */

/** What lies behind some text: the colours it may be read against, and how sure that is. */
export interface Backdrop {
  /** Opaque colours: one for a plain background, several for a gradient's stops. */
  colors: Rgba[];
  /** The element whose background is the top one of those colours, or null for the canvas. */
  painter: Element | null;
  /** An image of unknown pixels (a `url()` background, a picture) lies between. */
  image: boolean;
  /** A positioned box lies between, which may sit over something other than its ancestors. */
  uncertain: boolean;
  /** A `mix-blend-mode` between the painter and the text: how the text's inks mix with these colours. */
  blend?: string;
}

// Content whose pixels the page does not describe in CSS: it covers what is under it.
const REPLACED = new Set(['img', 'video', 'canvas', 'iframe', 'embed', 'object']);
/** A box this opaque hides what is under it. */
const OPAQUE = 0.9;

/**
 * At each point (on the text's glyphs, on screen): true when every point is covered by an opaque
 * box that is not the text's, else the elements under the text where it is seen (its own box first) when
 * `wantStack` asks for them, else null. A fixed box over the text does not count: a scroll brings
 * the text out from under it; nor does a sticky one, where a scroll can. Neither does the agent's own UI (`excluded`).
 * With `cut` (outside any scroll container), a point where the hit test does not reach the text's
 * element, which takes pointer events, counts as covered: something cut the text away there that
 * the walk did not model (a clip around a positioned box's containing block, a pseudo-element's).
 */
export function coverAt(textEl: Element, points: Array<[number, number]>, excluded: ReadonlySet<Element>, wantStack: boolean, cut = false): true | Element[] | null {
  // Hit tests cost what the page holds (an engine checks every row of a long table), so an answer
  // is kept until anything painted may have changed, for the same points and the same exclusions.
  const key = `${wantStack} ${cut} ${points.join(' ')}`;
  const known = coverAnswers.get(textEl);
  const generation = currentGeneration();
  if (known?.generation === generation && known.key === key && sameElements(known.excluded, excluded)) return known.answer;
  const answer = hitCover(textEl, points, excluded, wantStack, cut && styleOf(textEl).pointerEvents !== 'none');
  coverAnswers.set(textEl, { generation, key, excluded, answer });
  return answer;
}

const coverAnswers = new WeakMap<Element, { generation: number; key: string; excluded: ReadonlySet<Element>; answer: true | Element[] | null }>();

function hitCover(textEl: Element, points: Array<[number, number]>, excluded: ReadonlySet<Element>, wantStack: boolean, cut: boolean): true | Element[] | null {
  const root = textEl.getRootNode() as Document | ShadowRoot;
  // The usual answer, and the cheap one: the text's own element is what is on top.
  if (!wantStack && elementAt(root, points[0]![0], points[0]![1]) === textEl && !ownBoxCovers(textEl, points[0]!) && !ghostOver(textEl, points[0]!, excluded)) return null;
  for (const [x, y] of points) {
    // A box the text's element generates over its own content is hit as that element; paint
    // the hit test passes through (ghostOver) lies over it all the same.
    if (ownBoxCovers(textEl, [x, y]) || ghostOver(textEl, [x, y], excluded)) continue;
    const stack = elementsAt(root, x, y);
    const at = stack.indexOf(textEl);
    // Not hit at all: cut away, or (pointer-events: none, in a scroll container) nothing more to learn here.
    if (at < 0) {
      if (cut) continue;
      return null;
    }
    // The text's own box is under its text too: its background is the first thing read against.
    if (!stack.slice(0, at).some((element) => covers(element, textEl, excluded, x, y))) return stack.slice(at);
  }
  return true;
}

function covers(element: Element, textEl: Element, excluded: ReadonlySet<Element>, x: number, y: number): boolean {
  return paintsOver(element, textEl, excluded) && (paintsOpaque(element) || generatedBoxCovers(element, textEl, x, y));
}

/**
 * Whether what `element` paints stays over the text: not the agent's own, at full opacity with
 * every box around it, and not fixed or sticky where a scroll brings the text out from under it.
 */
function paintsOver(element: Element, textEl: Element, excluded: ReadonlySet<Element>): boolean {
  for (const own of excluded) if (own === element || own.contains(element)) return false;
  let opacity = 1;
  for (let box: Element | null = element; box; box = flatParent(box)) {
    opacity *= Number(styleValueOf(box, 'opacity')) || 0;
    const position = styleValueOf(box, 'position');
    if ((position === 'fixed' ? !fillsViewport(box) : position === 'sticky' && scrollMovesSticky(box, styleOf(box))) && !box.contains(textEl)) return false;
  }
  return opacity >= OPAQUE;
}

/**
 * Whether a ghost lies over the point, painted above the text: a layered box over the flow, and
 * over layered boxes before it at its level; a box holding the text is its backdrop, not a cover,
 * unless an outline drawn inward paints over its content. A sliver of the box inside a ring, which
 * the ring does not paint, shows no more than a stroke.
 */
function ghostOver(textEl: Element, [x, y]: [number, number], excluded: ReadonlySet<Element>): boolean {
  return ghostsOf(textEl.ownerDocument).some(({ box, inner, outer, inward, fill }) => {
    if (!box.isConnected) return false;
    const { left, top, right, bottom } = rectOf(box);
    const beyond = Math.max(left - x, x - right, top - y, y - bottom);
    return beyond >= inner - MIN_RING / 2 && beyond <= outer && (!fill || paintsOpaque(box)) && (inward || (!box.contains(textEl) && paintedAbove(box, textEl))) && paintsOver(box, textEl, excluded);
  });
}

/**
 * The level of `el`'s outermost positioned or transformed box below the box holding `other`: its
 * `z-index` (0 for auto), or null when none lies between (it is in the flow).
 */
function levelOf(el: Element, other: Element | null): number | null {
  let level: number | null = null;
  for (let box: Element | null = el; box && !(other && box.contains(other)); box = flatParent(box)) {
    const style = styleOf(box);
    if (opensLayer(style)) level = parseInt(style.zIndex, 10) || 0;
  }
  return level;
}

/** Stacking order as near as levels tell it: higher later, negative under the flow, ties by document order. */
function paintedAbove(ghost: Element, textEl: Element): boolean {
  const ghostLevel = levelOf(ghost, textEl);
  const textLevel = levelOf(textEl, ghost);
  if (ghostLevel === null || ghostLevel < 0) return false;
  return textLevel === null || ghostLevel > textLevel || (ghostLevel === textLevel && !!(textEl.compareDocumentPosition(ghost) & Node.DOCUMENT_POSITION_FOLLOWING));
}

/** A fixed box over the whole viewport (an overlay): no scroll brings what is under it out. */
function fillsViewport(box: Element): boolean {
  const { left, top, right, bottom } = rectOf(box);
  const view = box.ownerDocument.defaultView!;
  return left <= 0 && top <= 0 && right >= view.innerWidth && bottom >= view.innerHeight;
}

/**
 * A hit outside an element's own box lands on a box it generates, `::before` or `::after` (a child
 * would be hit itself), and so does one on an ancestor of the text above the text: judged by what
 * those paint, as the element's own box would be.
 */
function generatedBoxCovers(element: Element, textEl: Element, x: number, y: number): boolean {
  const { left, top, right, bottom } = rectOf(element);
  if (x >= left && x <= right && y >= top && y <= bottom && !element.contains(textEl)) return false;
  return ['::before', '::after'].some((pseudo) => {
    const style = styleOf(element, undefined, pseudo);
    return style.content !== 'none' && style.content !== 'normal' && opaqueBox(style);
  });
}

/**
 * Whether a `::before` or `::after` of `el`, positioned (so painted over its content unless its
 * `z-index` puts it under) and opaque, lies over the point: a hit test names `el` either way, so
 * its box is placed from its used offsets and size within its containing block.
 */
function ownBoxCovers(el: Element, [x, y]: [number, number]): boolean {
  return mayGenerateBox(el) && ['::before', '::after'].some((pseudo) => {
    const style = styleOf(el, undefined, pseudo);
    const { position } = style;
    if (style.content === 'none' || style.content === 'normal' || (position !== 'absolute' && position !== 'fixed') || parseFloat(style.zIndex) < 0 || !opaqueBox(style)) return false;
    const block = position === 'fixed' ? null : styleValueOf(el, 'position') !== 'static' ? el : (el as HTMLElement).offsetParent;
    const frame = block ? rectOf(block) : { left: 0, top: 0 };
    const px = (name: 'left' | 'top' | 'width' | 'height' | 'marginLeft' | 'marginTop' | 'paddingLeft' | 'paddingRight' | 'paddingTop' | 'paddingBottom') => parseFloat(style[name]);
    const left = frame.left + (block?.clientLeft ?? 0) + px('left') + px('marginLeft');
    const top = frame.top + (block?.clientTop ?? 0) + px('top') + px('marginTop');
    return x >= left && y >= top && x <= left + px('width') + px('paddingLeft') + px('paddingRight') && y <= top + px('height') + px('paddingTop') + px('paddingBottom');
  });
}

/**
 * Whether scrolling can move what lies under a sticky box out from under it. Stuck to the top,
 * it stays over what scrolls up beneath it: only scrolling back (its scroller not at its start)
 * brings that out. Likewise for the other edges. At rest over the text, it covers it for good.
 */
function scrollMovesSticky(box: Element, style: CSSStyleDeclaration): boolean {
  let scroller: Element = box.ownerDocument.scrollingElement ?? box.ownerDocument.documentElement;
  for (let parent = flatParent(box); parent; parent = flatParent(parent)) {
    const overflow = styleOf(parent).overflow;
    if (overflow && overflow !== 'visible' && overflow !== 'clip') {
      scroller = parent;
      break;
    }
  }
  const { scrollTop, scrollLeft, scrollHeight, scrollWidth, clientHeight, clientWidth } = scroller;
  const left = Math.abs(scrollLeft);
  return (style.top !== 'auto' && scrollTop > 0) || (style.bottom !== 'auto' && scrollTop + clientHeight < scrollHeight - 1) ||
    (style.left !== 'auto' && left > 0) || (style.right !== 'auto' && left + clientWidth < scrollWidth - 1);
}

function paintsOpaque(element: Element): boolean {
  // Only an <img> has `complete` and a natural size: other replaced content always paints.
  if (REPLACED.has(tagOf(element)) && !(tagOf(element) === 'img' && paintsNoPicture(element as HTMLImageElement))) return true;
  const style = styleOf(element);
  // An SVG shape paints its fill, and a hit test finds it only where that fill (or its outline) lies.
  if (isSvg(element) && typeof (element as SVGGeometryElement).isPointInFill === 'function') {
    const fill = readColor(style.fill);
    return !!fill && fill.a * Number(style.fillOpacity) >= OPAQUE;
  }
  // Frosted glass as thick as a letter: what is under it is a smear, whatever its own colour.
  if (parseFloat(/blur\(([\d.]+)px/.exec(style.backdropFilter)?.[1] ?? '0') >= 6) return true;
  return opaqueBox(style);
}

/** Whether a box's own paint hides what is under it: at full opacity, its background. */
function opaqueBox(style: CSSStyleDeclaration): boolean {
  if (Number(style.opacity) < OPAQUE) return false;
  // A picture of unknown pixels, or a gradient (it has stops) that is opaque everywhere.
  const stops = gradientColors(backgroundImages(style));
  if (!stops || (stops[0] && stops.every((stop) => stop.a >= OPAQUE))) return true;
  return (readColor(style.backgroundColor)?.a ?? 0) >= OPAQUE;
}

/**
 * Whether a picture paints nothing over what is under it, judged by its pixels where they can be
 * read: one that failed to load (the canvas refuses to draw a broken picture), or a small picture
 * with no pixel of any opacity (the 1×1 transparent GIF or blank SVG that lazy-loading scripts
 * stretch over a picture's place until they swap in the real one; in a saved page, or before the
 * script runs, that is all there is). Any other picture counts as opaque: one still loading, one
 * too large to read cheaply, one with no size of its own, or one from another origin (its pixels
 * cannot be read). An animated picture is judged by the frame the canvas draws (its first or
 * current one, by engine).
 */
function paintsNoPicture(img: HTMLImageElement): boolean {
  // Read as the browser knows them: a page may define `naturalWidth` on the element to look small.
  const [complete, width, height] = pictureOf(img);
  // Read up to 64 px a side (placeholders are far smaller), which the probe's 300×150 holds: so
  // few pixels, from a canvas kept in memory, that reading them again costs less than a cache.
  if (!complete || width > 64 || height > 64) return false;
  const context = pixelProbe()!;
  try {
    context.clearRect(0, 0, width, height);
    context.drawImage(img, 0, 0);
    // A picture with no size of its own has nothing to read: getImageData throws (IndexSizeError).
    const pixels = pixelsOf(context, width, height);
    for (let alpha = 3; alpha < width * height * 4; alpha += 4) if (pixels[alpha]) return false;
    return true;
  } catch (error) {
    // InvalidStateError (code 11): a broken picture, which paints no pixels; else (SecurityError) unreadable.
    return (error as DOMException).code === 11;
  }
}

/**
 * The backdrop made of the elements a hit test found under the text at `points` (top first), down
 * to `canvas`. A picture, canvas or video is read by its pixels there where it can be.
 */
export function stackBelow(stack: Element[], canvas: Backdrop, points: Array<[number, number]>): Backdrop {
  // Top first; an element's `backdrop-filter` changes every colour below it, before its own background.
  const layers: Array<Rgba[] | Element> = [];
  let image = false;
  let painter: Element | null = null;
  let base: Rgba[] | null = null;
  const opacities = new Map<Element, number>();
  for (const element of stack) {
    const style = styleOf(element);
    // A box paints at the opacity of it and every box around it: a dark box at opacity 0 is no backdrop.
    const opacity = opacityOf(element, opacities);
    const faded = (color: Rgba | null): Rgba | null => color && (opacity < 1 ? { ...color, a: color.a * opacity } : color);
    // A background clipped to the text is the text's ink, not what it is read against.
    const clipped = clipsToText(style);
    const own = clipped ? null : faded(readColor(style.backgroundColor));
    const known = clipped ? { stops: [], picture: false } : imageLayers(backgroundImages(style));
    const stops = known?.stops.map(faded) as Rgba[] | undefined;
    // Content paints over the box's own background: a picture's pixels are the top layer.
    const pixels = REPLACED.has(tagOf(element)) ? (pixelsAt(element, points)?.map(faded) as Rgba[] | undefined) ?? null : [];
    if ((!own && !clipped) || !known || known.picture || !pixels) image = true;
    if (pixels?.some((pixel) => pixel.a > 0)) {
      painter ??= element;
      if (pixels.every((pixel) => pixel.a >= 1)) {
        base = pixels;
        break;
      }
      layers.push(pixels);
    }
    // An inset shadow that fills the box lies between its content and its background.
    const fill = clipped ? null : faded(insetFill(element, style));
    if (fill && fill.a > 0) {
      painter ??= element;
      if (fill.a >= 1) {
        base = [fill];
        break;
      }
      layers.push([fill]);
    }
    if (stops?.length) layers.push(stops);
    if (own && own.a > 0) layers.push([own]);
    if (stops?.length || (own && own.a > 0)) painter ??= element;
    if (own && own.a >= 1) {
      base = [own];
      layers.pop();
      break;
    }
    layers.push(element);
  }
  if (!base) {
    base = canvas.colors;
    image ||= canvas.image;
  }
  let colors = base;
  for (let index = layers.length - 1; index >= 0; index -= 1) {
    const layer = layers[index]!;
    colors = Array.isArray(layer) ? layer.flatMap((top) => colors.map((color) => over(top, color))).slice(0, 12) : backdropFiltered(layer, styleOf(layer), colors);
  }
  return { colors, painter, image, uncertain: false };
}

/**
 * The colour an inset `box-shadow` fills a box with, over its background and under its content:
 * one whose spread meets in the middle of the box leaves no hole. Null for none.
 */
export function insetFill(el: Element, style: CSSStyleDeclaration): Rgba | null {
  const shadows = style.boxShadow;
  if (!shadows?.includes('inset')) return null;
  const { width, height } = rectOf(el);
  // The first shadow is painted on top; commas inside a colour's parentheses do not part shadows.
  for (const shadow of shadows.split(/,(?![^()]*\))/)) {
    const [x = 0, y = 0, , spread = 0] = (shadow.match(/-?[\d.]+px/g) ?? []).map(parseFloat);
    if (shadow.includes('inset') && spread >= Math.min(width, height) / 2 + Math.max(Math.abs(x), Math.abs(y))) return colorsIn(shadow)?.[0] ?? null;
  }
  return null;
}

/**
 * A box's background images, top first, with its `border-image` on top where `fill` paints its
 * middle: that is painted over the background, under the content, as one more layer.
 */
export function backgroundImages(style: CSSStyleDeclaration): string {
  const source = style.borderImageSource;
  if (!source || source === 'none' || !style.borderImageSlice.includes('fill')) return style.backgroundImage;
  return style.backgroundImage === 'none' ? source : `${source}, ${style.backgroundImage}`;
}

/** Whether a box paints its background through its text only (`background-clip: text`). */
export function clipsToText(style: CSSStyleDeclaration): boolean {
  // One value per layer: a background of two layers computes to `text, text`.
  const text = (clip = '') => /^text(, text)*$/.test(clip);
  return text(style.backgroundClip) || text((style as CSSStyleDeclaration & { webkitBackgroundClip?: string }).webkitBackgroundClip);
}

/** The product of the opacities of `el` and every box around it, kept in `known` as it climbs. */
function opacityOf(el: Element, known: Map<Element, number>): number {
  const climbed: Element[] = [];
  let product = 1;
  for (let box: Element | null = el; box; box = flatParent(box)) {
    const seen = known.get(box);
    if (seen !== undefined) {
      product = seen;
      break;
    }
    climbed.push(box);
  }
  for (let index = climbed.length - 1; index >= 0; index -= 1) {
    product *= Number(styleValueOf(climbed[index]!, 'opacity')) || 0;
    known.set(climbed[index]!, product);
  }
  return product;
}

/**
 * What a picture, canvas or video paints at each point (viewport coordinates): its pixels drawn
 * stretched over its box, so no size the page could misreport is read (an `object-fit` crop is
 * taken for a stretch: near enough to tell light from dark). Null when they cannot be read: from
 * another origin, broken, or an embedded page.
 */
function pixelsAt(element: Element, points: Array<[number, number]>): Rgba[] | null {
  const context = pixelProbe();
  const { left, top, width, height } = rectOf(element);
  const colors: Rgba[] = [];
  try {
    for (const [x, y] of points) {
      context!.clearRect(0, 0, 1, 1);
      context!.drawImage(element as CanvasImageSource, left - x, top - y, width, height);
      colors.push(firstPixel(context!));
    }
  } catch {
    // No canvas; SecurityError (another origin's pixels), InvalidStateError (a broken picture),
    // TypeError (an embedded page, which is no picture)
    return null;
  }
  return colors;
}
