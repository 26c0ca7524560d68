/**
 * Text a visitor cannot read because it has no ink: a zero font size, a transparent colour, or a
 * colour (all but) equal to the background behind it — white on white, the classic way to hide
 * instructions meant for a model. The test runs once per element that holds text directly, and
 * reads the background lazily up the tree, once per ancestor per snapshot.
 *
 * It only says "no ink" when it is sure: behind the text must be plain colours all the way down
 * to an opaque one. An image or gradient, a positioned element in between (which may sit over
 * something else, such as a hero picture), a text shadow or stroke, a colour it cannot parse, or a
 * document whose canvas colour it cannot know all count as readable.
 */

/** Below this contrast ratio (WCAG's, 1 to 21) against its background, text has no visible ink. */
const MIN_CONTRAST = 1.1;

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** What lies behind an element's content: a known opaque colour, or null when that cannot be told. */
interface Behind {
  color: Rgba | null;
  /** The element that paints that colour, or null for the document canvas. */
  painter: Element | null;
}

const UNKNOWN: Behind = { color: null, painter: null };
const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

export class TextInk {
  readonly #behind = new Map<Element, Behind>();

  /** Whether text directly inside `el` (whose computed style is `style`) cannot be seen. */
  isInkless(el: Element, style: CSSStyleDeclaration): boolean {
    if (style.fontSize === '0px') return true;
    const fill = parseColor(style.webkitTextFillColor || style.color);
    if (!fill) return false;
    // A fill with no alpha paints nothing, whatever lies behind, unless a background clipped to
    // the text shows through it (gradient headlines).
    if (fill.a === 0) return !drawnOtherwise(style) && !showsClippedBackground(el);
    const behind = this.#behindOf(el);
    if (!behind.color) return false;
    const ink = over(fill, behind.color);
    if (contrast(ink, behind.color) >= MIN_CONTRAST || drawnOtherwise(style)) return false;
    return !paintedOverBySomethingElse(el, behind.painter);
  }

  /** The colour behind `el`'s content: its own background if opaque, else blended with its parent's. */
  #behindOf(el: Element): Behind {
    const known = this.#behind.get(el);
    if (known) return known;
    const behind = this.#compute(el);
    this.#behind.set(el, behind);
    return behind;
  }

  #compute(el: Element): Behind {
    const view = el.ownerDocument.defaultView;
    if (!view) return UNKNOWN;
    const style = view.getComputedStyle(el);
    const image = style.backgroundImage;
    if (image && image !== 'none') return UNKNOWN;
    const own = parseColor(style.backgroundColor);
    if (!own) return UNKNOWN;
    if (own.a >= 1) return { color: own, painter: el };
    const parent = flatParent(el);
    // A positioned box may be laid over anything (a picture, a video, a sibling's background):
    // what its ancestors paint is not necessarily what shows through it.
    if (parent && style.position !== 'static') return UNKNOWN;
    const below = parent ? this.#behindOf(parent) : canvasOf(el);
    if (!below.color) return UNKNOWN;
    return own.a === 0 ? below : { color: over(own, below.color), painter: el };
  }
}

/** An outline or a shadow draws the letters even when their fill is invisible. */
function drawnOtherwise(style: CSSStyleDeclaration): boolean {
  if (style.textShadow && style.textShadow !== 'none') return true;
  const stroke = style.webkitTextStrokeWidth;
  return Boolean(stroke) && stroke !== '0px';
}

/** Whether `el` or an ancestor paints its background through its text (`background-clip: text`). */
function showsClippedBackground(el: Element): boolean {
  for (let current: Element | null = el; current; current = flatParent(current)) {
    const style = current.ownerDocument.defaultView?.getComputedStyle(current);
    if (!style) return true;
    if (style.backgroundClip === 'text' || (style as CSSStyleDeclaration & { webkitBackgroundClip?: string }).webkitBackgroundClip === 'text') return true;
  }
  return false;
}

/** The parent in the rendered (flat) tree: the slot a node is assigned to, or a shadow root's host. */
function flatParent(el: Element): Element | null {
  const slot = (el as HTMLElement).assignedSlot;
  if (slot) return slot;
  if (el.parentElement) return el.parentElement;
  const root = el.parentNode;
  return root && root.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? ((root as ShadowRoot).host ?? null) : null;
}

/**
 * The canvas under the root element. Only the top document's default white is known: a frame's
 * canvas is transparent over its embedder, and a dark colour scheme changes the default.
 */
function canvasOf(el: Element): Behind {
  const view = el.ownerDocument.defaultView;
  if (!view || view !== view.top) return UNKNOWN;
  const scheme = view.getComputedStyle(el).colorScheme;
  if (scheme && scheme !== 'normal' && scheme.includes('dark')) return UNKNOWN;
  return { color: WHITE, painter: null };
}

/**
 * A last check, for text already found inkless: if it is on screen, whatever the browser paints at
 * its centre above the background's painter must be the text's own box or its ancestors. Anything
 * else there (an absolutely placed image or video behind the text) is what the text is read against.
 */
function paintedOverBySomethingElse(el: Element, painter: Element | null): boolean {
  const doc = el.ownerDocument;
  const rect = el.getBoundingClientRect();
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  const view = doc.defaultView;
  if (!view || rect.width === 0 || rect.height === 0 || x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) return false;
  // Asked of the text's own tree, so hits inside its shadow root are not retargeted to the host.
  const root = el.getRootNode() as Document | ShadowRoot;
  const hits = typeof root.elementsFromPoint === 'function' ? root.elementsFromPoint(x, y) : doc.elementsFromPoint(x, y);
  for (const hit of hits) {
    if (hit === painter) return false;
    if (el.contains(hit) || rendersInside(el, hit)) continue;
    return true;
  }
  return false;
}

/** Whether `el` is `ancestor` or drawn inside it, following slots and shadow hosts. */
function rendersInside(el: Element, ancestor: Element): boolean {
  for (let current: Element | null = el; current; current = flatParent(current)) if (current === ancestor) return true;
  return false;
}

// Computed colours are serialised as `rgb(r, g, b)` or `rgba(r, g, b, a)`; newer colour spaces
// (`color(srgb …)`, `oklch(…)`) are not parsed and count as visible.
const RGB = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/;

function parseColor(value: string): Rgba | null {
  if (value === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const match = RGB.exec(value);
  if (!match) return null;
  const alpha = match[4] === undefined ? 1 : match[4].endsWith('%') ? parseFloat(match[4]) / 100 : Number(match[4]);
  return { r: Number(match[1]), g: Number(match[2]), b: Number(match[3]), a: alpha };
}

/** `top` painted over an opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a;
  return { r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a), b: top.b * a + bottom.b * (1 - a), a: 1 };
}

function contrast(one: Rgba, two: Rgba): number {
  const [light, dark] = [luminance(one), luminance(two)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function luminance({ r, g, b }: Rgba): number {
  const channel = (value: number): number => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
