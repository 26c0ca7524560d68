/**
 * The platform calls the page snapshot leans on (styles, boxes, line boxes of text, hit tests, and
 * JSON for the session store), taken from a realm the page has not touched: a same-origin
 * about:blank frame, created for a moment on first use and removed at once. Its functions keep
 * working on the page's nodes once the frame is gone, and a page that replaced or broke its own
 * copies (`Element.prototype.getBoundingClientRect = …`, `window.getComputedStyle = …`) changes
 * nothing here. So are the reads that decide what a node says and whether it is a secret: its tag
 * name, its attributes, `closest()` (a host's redaction mark), a text node's data and an input's type; a page
 * that redefined them (`getAttribute` hiding `autocomplete`, a `type` getter calling a password
 * field text) cannot make a secret or unpainted words reach the model; nor can one that replaced
 * `URL` or `Set.prototype.has` make another site's address pass the site boundary (newUrl, setHas).
 * Walking the tree (children, node types) uses the page's DOM as it is, and a page that breaks that
 * gets a failed run with an error, never a hang. Where the frame cannot be made (a page that broke
 * createElement), the page's own functions, as they are now, stand in.
 */

interface Realm extends Window {
  DOMMatrix: typeof DOMMatrix;
  Performance: typeof Performance;
  Element: typeof Element;
  Document: typeof Document;
  ShadowRoot: typeof ShadowRoot;
  Range: typeof Range;
  CharacterData: typeof CharacterData;
  HTMLInputElement: typeof HTMLInputElement;
  URL: typeof URL;
  Set: SetConstructor;
  Array: ArrayConstructor;
  RegExp: RegExpConstructor;
  WeakMap: WeakMapConstructor;
  JSON: JSON;
  Object: ObjectConstructor;
  HTMLCanvasElement: typeof HTMLCanvasElement;
  CanvasRenderingContext2D: typeof CanvasRenderingContext2D;
  ImageData: typeof ImageData;
  HTMLImageElement: typeof HTMLImageElement;
  FontFaceSet?: { prototype: FontFaceSet };
  FontFace?: typeof FontFace;
  Reflect: typeof Reflect;
  String: StringConstructor;
  ArrayBuffer: ArrayBufferConstructor;
}

interface Functions {
  getComputedStyle: Window['getComputedStyle'];
  getBoundingClientRect: Element['getBoundingClientRect'];
  getClientRects: Element['getClientRects'];
  checkVisibility: Element['checkVisibility'] | undefined;
  createRange: Document['createRange'];
  Matrix: typeof DOMMatrix;
  rangeRects: Range['getClientRects'];
  rangeBox: Range['getBoundingClientRect'];
  rangeText: Range['toString'];
  rangeContents: Range['selectNodeContents'];
  rangeStart: Range['setStart'];
  rangeEnd: Range['setEnd'];
  documentHit: Document['elementFromPoint'];
  documentHits: Document['elementsFromPoint'];
  shadowHit: ShadowRoot['elementFromPoint'] | undefined;
  shadowHits: ShadowRoot['elementsFromPoint'] | undefined;
  stringify: JSON['stringify'];
  parse: JSON['parse'];
  createElement: Document['createElement'];
  getContext: HTMLCanvasElement['getContext'];
  setPrototypeOf: ObjectConstructor['setPrototypeOf'];
  context2d: CanvasRenderingContext2D;
  pixels: (this: ImageData) => Uint8ClampedArray;
  picture: Array<(this: HTMLImageElement) => number | boolean>;
  getAttribute: Element['getAttribute'];
  hasAttribute: Element['hasAttribute'];
  hasAttributes: Element['hasAttributes'];
  closest: (this: Element, selectors: string) => Element | null;
  data: (this: CharacterData) => string;
  inputType: (this: HTMLInputElement) => string;
  tag: (this: Element) => string;
  Url: typeof URL;
  setHas: Set<unknown>['has'];
  isArray: ArrayConstructor['isArray'];
  Pattern: RegExpConstructor;
  patterns: WeakMap<RegExp, RegExp>;
  fonts: ((this: Document) => FontFaceSet) | undefined;
  fontFaces: FontFaceSet['forEach'] | undefined;
  face: Array<(this: FontFace) => string>;
  own: Record<string, Function | undefined>;
  timer: [Window['setTimeout'], Window['clearTimeout'], Window['requestAnimationFrame'], Window['cancelAnimationFrame']];
  clock: Performance['now'];
  wall: DateConstructor['now'];
  reflect: typeof Reflect;
  styleProto: object;
  normalize: String['normalize'];
  lower: String['toLowerCase'];
  decode: typeof decodeURIComponent;
  isView: ArrayBufferConstructor['isView'];
}

let taken: Functions | undefined;

function functionsOf(realm: Realm): Functions {
  return {
    getComputedStyle: realm.getComputedStyle,
    getBoundingClientRect: realm.Element.prototype.getBoundingClientRect,
    getClientRects: realm.Element.prototype.getClientRects,
    checkVisibility: realm.Element.prototype.checkVisibility,
    createRange: realm.Document.prototype.createRange,
    Matrix: realm.DOMMatrix,
    rangeRects: realm.Range.prototype.getClientRects,
    rangeBox: realm.Range.prototype.getBoundingClientRect,
    rangeText: realm.Range.prototype.toString,
    rangeContents: realm.Range.prototype.selectNodeContents,
    rangeStart: realm.Range.prototype.setStart,
    rangeEnd: realm.Range.prototype.setEnd,
    documentHit: realm.Document.prototype.elementFromPoint,
    documentHits: realm.Document.prototype.elementsFromPoint,
    shadowHit: realm.ShadowRoot?.prototype.elementFromPoint,
    shadowHits: realm.ShadowRoot?.prototype.elementsFromPoint,
    stringify: realm.JSON.stringify,
    parse: realm.JSON.parse,
    createElement: realm.Document.prototype.createElement,
    getContext: realm.HTMLCanvasElement.prototype.getContext,
    setPrototypeOf: realm.Object.setPrototypeOf,
    context2d: realm.CanvasRenderingContext2D.prototype,
    pixels: getterOf(realm, realm.ImageData.prototype, 'data'),
    picture: ['complete', 'naturalWidth', 'naturalHeight'].map((name) => getterOf(realm, realm.HTMLImageElement.prototype, name)),
    getAttribute: realm.Element.prototype.getAttribute,
    hasAttribute: realm.Element.prototype.hasAttribute,
    hasAttributes: realm.Element.prototype.hasAttributes,
    closest: realm.Element.prototype.closest,
    data: getterOf(realm, realm.CharacterData.prototype, 'data'),
    inputType: getterOf(realm, realm.HTMLInputElement.prototype, 'type'),
    tag: getterOf(realm, realm.Element.prototype, 'localName'),
    Url: realm.URL,
    setHas: realm.Set.prototype.has,
    isArray: realm.Array.isArray,
    Pattern: realm.RegExp,
    patterns: new realm.WeakMap(),
    fonts: realm.FontFaceSet && getterOf(realm, realm.Document.prototype, 'fonts'),
    // forEach, not values(): Firefox gives no iterator across realms.
    fontFaces: realm.FontFaceSet?.prototype.forEach,
    face: realm.FontFace ? ['family', 'status'].map((name) => getterOf(realm, realm.FontFace!.prototype, name)) : [],
    timer: [realm.setTimeout, realm.clearTimeout, realm.requestAnimationFrame, realm.cancelAnimationFrame],
    clock: realm.Performance.prototype.now,
    wall: (realm as never as typeof globalThis).Date.now,
    reflect: realm.Reflect,
    normalize: realm.String.prototype.normalize,
    lower: realm.String.prototype.toLowerCase,
    decode: (realm as never as typeof globalThis).decodeURIComponent,
    isView: realm.ArrayBuffer.isView,
    // Chromium reads a computed style's properties as named properties, Firefox through accessors
    // on CSS2Properties.prototype: either way a page's prototype could shadow or redefine them.
    styleProto: realm.Object.getPrototypeOf(realm.getComputedStyle(realm.document.documentElement)),
    own: Object.fromEntries(OWN.split(' ').map((key) => {
      const [name, member] = key.split('.') as [string, string];
      const found = realm.Object.getOwnPropertyDescriptor((realm as never as Record<string, { prototype: object } | undefined>)[name]?.prototype ?? {}, member);
      return [key, found?.get ?? found?.value];
    })),
  };
}

// What the effect guard reads and stops events, links, forms and keys with, what the confirm gate
// reads a control's names with (see {@link own}), and what the agent listens to the page with (see
// {@link listen}).
const OWN = 'EventTarget.addEventListener EventTarget.removeEventListener EventTarget.dispatchEvent Event.preventDefault Event.stopImmediatePropagation Event.defaultPrevented Event.composedPath Event.target MouseEvent.button SubmitEvent.submitter Element.matches Element.getAttributeNS Node.baseURI Node.getRootNode HTMLFormElement.action HTMLFormElement.method HTMLButtonElement.form HTMLButtonElement.formAction HTMLInputElement.form HTMLInputElement.formAction Event.cancelable CustomEvent.detail NavigateEvent.destination NavigateEvent.formData NavigateEvent.userInitiated NavigationDestination.url NavigationDestination.sameDocument Node.textContent Element.querySelector Element.getElementsByTagName KeyboardEvent.key HTMLInputElement.value HTMLTextAreaElement.value Node.childNodes Node.nodeType Node.contains Element.shadowRoot HTMLSlotElement.assignedNodes Element.querySelectorAll Document.querySelectorAll DocumentFragment.querySelectorAll HTMLInputElement.labels HTMLButtonElement.labels HTMLSelectElement.labels HTMLTextAreaElement.labels Request.url Request.method WebSocket.url HTMLIFrameElement.contentWindow HTMLFrameElement.contentWindow HTMLObjectElement.contentWindow Attr.name Attr.value Attr.ownerElement TrustedScriptURL.toString TrustedHTML.toString CSSStyleValue.toString ArrayBuffer.byteLength Element.scrollLeft Element.scrollTop';

// An accessor's getter as the browser defines it, before any page redefined it.
const getterOf = (realm: Realm, proto: object, name: string) => realm.Object.getOwnPropertyDescriptor(proto, name)!.get as never;

/**
 * The fresh realm's JavaScript globals that builtins-intact.ts compares this window's with, taken
 * while its frame is in the page (by index: a page's iterator may be what is being checked).
 */
export const FRESH = ['Object', 'Array', 'String', 'RegExp', 'Number', 'Boolean', 'Symbol', 'Set', 'Map', 'WeakMap', 'WeakSet', 'JSON', 'Math', 'Reflect', 'Proxy', 'Iterator', 'Uint8Array', 'Function', 'parseFloat', 'parseInt', 'isNaN', 'isFinite', 'encodeURIComponent', 'decodeURIComponent', 'encodeURI', 'decodeURI'];
let fresh: Record<string, unknown> | undefined;

// Asked before every platform call: kept this small, it is inlined where it is called.
function functions(): Functions {
  return taken ?? takeFunctions();
}

function takeFunctions(): Functions {
  try {
    const frame = document.createElement('iframe');
    frame.setAttribute('data-agent-ignore', '');
    frame.style.display = 'none';
    document.documentElement.appendChild(frame);
    // The frame's window by the window's own indexed frames, which no page can redefine (a page's
    // `contentWindow` getter could hand over a window it prepared), and only if it is this frame's.
    let realm: Realm | undefined;
    for (let index = 0; (window as never as Record<number, Realm | undefined>)[index] !== undefined; index += 1) realm = (window as never as Record<number, Realm>)[index];
    if (realm && realm.frameElement === frame) {
      taken = functionsOf(realm);
      const globals: Record<string, unknown> = {};
      for (let index = 0; index < FRESH.length; index += 1) globals[FRESH[index]!] = (realm as never as Record<string, unknown>)[FRESH[index]!];
      fresh = globals;
    }
    frame.remove();
  } catch {
    // The page broke what reaching a fresh realm takes; its own functions will have to do.
  }
  return (taken ??= functionsOf(window as unknown as Realm));
}

/** The fresh realm's JavaScript globals (Object, Array, Reflect, Function…), or none where no fresh realm could be reached. */
export function freshGlobals(): Record<string, unknown> | undefined {
  functions();
  return fresh;
}

// A computed style is live (it answers for the element as it is when read), so one per element
// serves every later read: a snapshot asks for the same element's style from several checks.
const styles = new WeakMap<Element, CSSStyleDeclaration>();

/**
 * The computed style of `el`, from its own window (`view`: a frame's window for a node in a frame),
 * on the fresh realm's prototype (as {@link newCanvasContext}'s context): its properties (`display`,
 * `content`, `color`, `fontSize`…) and `getPropertyValue` are the browser's, whatever a page defined
 * on CSSStyleDeclaration.prototype. Each call makes a new object, which the page never sees.
 */
export function styleOf(el: Element, view: Window = el.ownerDocument.defaultView!, pseudo?: string): CSSStyleDeclaration {
  let style = pseudo ? undefined : styles.get(el);
  if (!style) {
    const { getComputedStyle, setPrototypeOf, styleProto } = functions();
    style = setPrototypeOf(getComputedStyle.call(view, el, pseudo), styleProto) as CSSStyleDeclaration;
    if (!pseudo) styles.set(el, style);
  }
  return style;
}

// Boxes and the most-read style values taken during one synchronous stretch of a walk (keptBoxes):
// a box is not live, and a computed value can change only when the page runs, but nothing moves or
// restyles while the walk, which only reads, runs without a pause. Several checks ask the same
// element's `display`, `position` and `opacity` (the walk, then the text's paint and cover tests).
interface Kept {
  box?: DOMRect;
  zoom?: number;
  display?: string;
  position?: string;
  opacity?: string;
}
let kept: Map<Element, Kept> | undefined;

function keptOf(el: Element): Kept | undefined {
  if (!kept) return undefined;
  let entry = kept.get(el);
  if (!entry) kept.set(el, (entry = {}));
  return entry;
}

export function rectOf(el: Element): DOMRect {
  const entry = keptOf(el);
  const box = () => zoomed(functions().getBoundingClientRect.call(el), el);
  if (!entry) return box();
  return (entry.box ??= box());
}

/**
 * WebKit before standardized `zoom` (it has no `currentCSSZoom`) reports the boxes of an element
 * under a `zoom` in that element's own zoomed space, divided by every zoom around it, where hit
 * tests, the viewport and the other engines use the page's: a paragraph at zoom 1.5 read as 30%
 * higher on the page than it is, and its words as covered by whatever was painted there. Measured
 * once, where the engine lacks `currentCSSZoom`: a 10px box at zoom 2 that reads 10px wide.
 */
let boxesUnzoomed: boolean | undefined;

function unzoomedBoxes(): boolean {
  if (boxesUnzoomed === undefined) {
    boxesUnzoomed = false;
    if (!('currentCSSZoom' in Element.prototype)) {
      try {
        const probe = document.createElement('div');
        probe.setAttribute('data-agent-ignore', '');
        probe.style.cssText = 'position:fixed;left:0;top:0;width:10px;height:1px;zoom:2;visibility:hidden';
        document.documentElement.appendChild(probe);
        boxesUnzoomed = functions().getBoundingClientRect.call(probe).width < 15;
        probe.remove();
      } catch {
        // A page that broke what the probe takes: boxes are read as the engine gives them.
      }
    }
  }
  return boxesUnzoomed;
}

/** The parent in the rendered (flat) tree: the slot a node is assigned to, or a shadow root's host. */
export function flatParent(el: Element): Element | null {
  const slot = (el as HTMLElement).assignedSlot;
  if (slot) return slot;
  if (el.parentElement) return el.parentElement;
  const root = el.parentNode;
  return root && root.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? ((root as ShadowRoot).host ?? null) : null;
}

/** Every `zoom` from `el` up the flat tree to its document's root, multiplied (once per element in a stretch of a walk). */
function zoomAround(el: Element): number {
  const chain: Element[] = [];
  let zoom = 1;
  for (let node: Element | null = el; node; ) {
    const known = keptOf(node)?.zoom;
    if (known !== undefined) {
      zoom = known;
      break;
    }
    chain.push(node);
    node = flatParent(node);
  }
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const node = chain[index]!;
    zoom *= parseFloat((styleOf(node) as CSSStyleDeclaration & { zoom?: string }).zoom ?? '') || 1;
    const entry = keptOf(node);
    if (entry) entry.zoom = zoom;
  }
  return zoom;
}

/**
 * How many of the page's pixels one of `el`'s own stands for where the engine reads its boxes, and
 * its client and scroll metrics, in its zoomed space (WebKit without `currentCSSZoom`); else 1.
 */
export function zoomOf(el: Element): number {
  return unzoomedBoxes() ? zoomAround(el) : 1;
}

/**
 * The zoom `el` is drawn at: every `zoom` around it multiplied (the engine's `currentCSSZoom` where it
 * has one). An element with no box (`display: contents`, as our UI pieces) reports 1 there, so the
 * nearest box around it answers.
 */
export function zoomAt(el: Element): number {
  let at: Element | null = el;
  while (at && styleOf(at).display === 'contents') at = flatParent(at);
  if (!at) return 1;
  const known = (at as Element & { currentCSSZoom?: number }).currentCSSZoom;
  return typeof known === 'number' ? known : zoomAround(at);
}

/** A rectangle in the viewport of an element's own window. */
export interface ClipBox {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The part of its window in which `element` can be seen as far as its ancestors' overflow goes:
 * the client boxes of scroll containers and `overflow: hidden` boxes around it, in the page's
 * pixels, crossing shadow roots and slots. The viewport itself is not applied; unclipped sides
 * stay infinite. The reveal actions and the overlay both cut their boxes by it.
 */
export function overflowClip(element: Element): ClipBox {
  const area: ClipBox = { top: -Infinity, right: Infinity, bottom: Infinity, left: -Infinity };
  const { documentElement, body } = element.ownerDocument;
  for (let node = flatParent(element); node; node = flatParent(node)) {
    // The root element and body hand their overflow to the viewport, which is not a clip here.
    if (node === documentElement || node === body) break;
    const { overflowX, overflowY, display } = getComputedStyle(node);
    // Overflow does not apply to inline boxes or to boxes that are not generated (slots, contents).
    if (display === 'inline' || display === 'contents') continue;
    const clipsX = overflowX !== 'visible';
    const clipsY = overflowY !== 'visible';
    if (!clipsX && !clipsY) continue;
    // Client metrics are in the node's own zoomed space where its boxes are (WebKit): see zoomOf.
    const rect = rectOf(node);
    const zoom = zoomOf(node);
    if (clipsX) {
      area.left = Math.max(area.left, rect.left + node.clientLeft * zoom);
      area.right = Math.min(area.right, rect.left + (node.clientLeft + node.clientWidth) * zoom);
    }
    if (clipsY) {
      area.top = Math.max(area.top, rect.top + node.clientTop * zoom);
      area.bottom = Math.min(area.bottom, rect.top + (node.clientTop + node.clientHeight) * zoom);
    }
  }
  return area;
}

/** `rect` in the page's space, where the engine gave it in `el`'s zoomed one. */
function zoomed(rect: DOMRect, el: Element | null): DOMRect {
  if (!el || !unzoomedBoxes()) return rect;
  const zoom = zoomAround(el);
  if (zoom === 1) return rect;
  // WebKit divides the box's place in the document by the zoom, then takes off the document's
  // scroll as it is, unzoomed: so the scroll is put back before scaling and taken off after.
  const doc = el.ownerDocument;
  const root = doc.compatMode === 'BackCompat' && doc.body ? doc.body : doc.documentElement;
  const [left, top] = [own<number>(root, 'Element.scrollLeft'), own<number>(root, 'Element.scrollTop')];
  const [x, y, width, height] = [(rect.x + left) * zoom - left, (rect.y + top) * zoom - top, rect.width * zoom, rect.height * zoom];
  return { x, y, width, height, left: x, top: y, right: x + width, bottom: y + height } as DOMRect;
}

/** The element a range's boxes are measured in: its start's, or the start's parent's for text. */
const rangeElement = (range: Range): Element | null => {
  const start = range.startContainer;
  return start.nodeType === 1 ? (start as Element) : start.parentElement;
};

/** `styleOf(el, view)[name]`, read once per stretch of a walk (keptBoxes). */
export function styleValueOf(el: Element, name: 'display' | 'position' | 'opacity', view?: Window): string {
  const entry = keptOf(el);
  if (!entry) return styleOf(el, view)[name];
  return (entry[name] ??= styleOf(el, view)[name]);
}

/** Runs `read` (a stretch of a walk, up to its next pause) with each element's box and most-read style values read at most once. */
export function keptBoxes<T>(read: () => T): T {
  if (kept) return read();
  kept = new Map();
  try {
    return read();
  } finally {
    kept = undefined;
  }
}

export function clientRectsOf(el: Element): DOMRectList {
  return functions().getClientRects.call(el);
}

/** `checkVisibility()`, or undefined in engines without it. */
export function checkVisibilityOf(el: Element, options?: CheckVisibilityOptions): boolean | undefined {
  return functions().checkVisibility?.call(el, options);
}

/** A matrix from a computed `transform` (or the identity), with the platform's own DOMMatrix. */
export function newMatrix(transform?: string): DOMMatrix {
  return new (functions().Matrix)(transform);
}

export function newRange(doc: Document): Range {
  return functions().createRange.call(doc);
}

/** The line boxes of what `range` holds. */
export function rangeRects(range: Range): DOMRectList | DOMRect[] {
  const rects = functions().rangeRects.call(range);
  if (!unzoomedBoxes()) return rects;
  const el = rangeElement(range);
  const scaled: DOMRect[] = [];
  for (let index = 0; index < rects.length; index += 1) scaled[index] = zoomed(rects[index]!, el);
  return scaled;
}

/** The bounding box of what `range` holds. */
export function rangeBox(range: Range): DOMRect {
  return zoomed(functions().rangeBox.call(range), unzoomedBoxes() ? rangeElement(range) : null);
}

/** The text `range` holds. */
export function rangeText(range: Range): string {
  return functions().rangeText.call(range);
}

/** Points `range` at `node`'s contents, or from (`node`, `start`) to (`endNode`, `end`). */
export function setRange(range: Range, node: Node, start?: number, endNode: Node = node, end?: number): Range {
  const { rangeContents, rangeStart, rangeEnd } = functions();
  if (start === undefined) rangeContents.call(range, node);
  else {
    rangeStart.call(range, node, start);
    rangeEnd.call(range, endNode, end!);
  }
  return range;
}

/** The element on top at a point, in `root`'s own tree (a document, or a shadow root). */
export function elementAt(root: Document | ShadowRoot, x: number, y: number): Element | null {
  const { documentHit, shadowHit } = functions();
  return root.nodeType === Node.DOCUMENT_NODE ? documentHit.call(root as Document, x, y) : (shadowHit ?? documentHit).call(root as never, x, y);
}

/** Every element at a point, top first, in `root`'s own tree. */
export function elementsAt(root: Document | ShadowRoot, x: number, y: number): Element[] {
  const { documentHits, shadowHits } = functions();
  return root.nodeType === Node.DOCUMENT_NODE ? documentHits.call(root as Document, x, y) : (shadowHits ?? documentHits).call(root as never, x, y);
}

/**
 * JSON that a page replacing `JSON.stringify` / `JSON.parse` cannot break or read, and whose arrays
 * a `toJSON` the page put on Array.prototype cannot reshape: Prototype.js gives every array one
 * that returns JSON text, which any stringify (the fresh realm's too: it looks the method up on the
 * value) would write as a string. The replacer sees the value after `toJSON`; its holder still has
 * the array itself.
 */
export function toJson(value: unknown): string {
  const { stringify, isArray } = functions();
  return stringify(value, function (this: Record<string, unknown>, key, after: unknown) {
    return isArray(this[key]) ? this[key] : after;
  });
}

export function fromJson(text: string): unknown {
  return functions().parse(text);
}

/**
 * A 2D context on a fresh 300×150 canvas whose methods and accessors are the browser's own, and
 * the RGBA bytes of what it painted: a page that patched the canvas (`getImageData` answering
 * transparent) cannot make a colour or a picture read as something it does not paint. Index the
 * bytes; their methods (`some`, `length`) are the page's.
 */
export function newCanvasContext(doc = document): CanvasRenderingContext2D | null {
  const { createElement, getContext, setPrototypeOf, context2d } = functions();
  const context = getContext.call(createElement.call(doc, 'canvas'), '2d', { willReadFrequently: true }) as CanvasRenderingContext2D | null;
  return context && setPrototypeOf(context, context2d);
}

export function pixelsOf(context: CanvasRenderingContext2D, width: number, height: number): Uint8ClampedArray {
  return functions().pixels.call(context.getImageData(0, 0, width, height));
}

/**
 * The families of the fonts a document loaded itself (`@font-face`, `FontFace`), as the browser
 * lists them: a page cannot leave one out by patching `document.fonts`.
 */
export function loadedFontFamilies(doc: Document): string[] {
  const { fonts, fontFaces, face: [family, status] } = functions();
  const families: string[] = [];
  if (!fonts || !fontFaces || !family || !status) return families;
  fontFaces.call(fonts.call(doc), (face) => {
    if (status.call(face) === 'loaded') families.push(family.call(face));
  });
  return families;
}

/** An <img>'s `complete`, `naturalWidth` and `naturalHeight` as the browser knows them, whatever the page defined on it. */
export function pictureOf(img: HTMLImageElement): [boolean, number, number] {
  return functions().picture.map((read) => read.call(img)) as [boolean, number, number];
}

// The reads below take a nullish node (as `node?.getAttribute(…)` did) and answer null or false.

/**
 * `el.localName` (an element's tag), as the browser knows it; '' for anything that is no element:
 * the getter's brand check throws on a document or a fragment, where the page's `localName` was
 * undefined (the guard's wrapped `appendChild` asks it of whatever node it is called on).
 */
export function tagOf(el: Element | null | undefined): string {
  if (!el) return '';
  try {
    return functions().tag.call(el);
  } catch {
    return '';
  }
}

/** `el.getAttribute(name)`, as the browser answers it. */
export function attributeOf(el: Element | null | undefined, name: string): string | null {
  return el ? functions().getAttribute.call(el, name) : null;
}

/** `el.hasAttribute(name)`, as the browser answers it. */
export function hasAttributeOf(el: Element | null | undefined, name: string): boolean {
  return !!el && functions().hasAttribute.call(el, name);
}

/** `el.hasAttributes()`, as the browser answers it. */
export function hasAttributesOf(el: Element): boolean {
  return functions().hasAttributes.call(el);
}

/** `el.closest(selectors)`, as the browser answers it. */
export function closestOf<K extends keyof HTMLElementTagNameMap>(el: Element | null | undefined, selectors: K): HTMLElementTagNameMap[K] | null;
export function closestOf<E extends Element = Element>(el: Element | null | undefined, selectors: string): E | null;
export function closestOf(el: Element | null | undefined, selectors: string): Element | null {
  return el ? functions().closest.call(el, selectors) : null;
}

/** A text node's (or comment's) contents, as the browser holds them. */
export function dataOf(node: CharacterData): string {
  return functions().data.call(node);
}

/** An input's type (lower-cased, `text` where the attribute names no known type), as the browser knows it. */
export function inputTypeOf(input: HTMLInputElement): string {
  return functions().inputType.call(input);
}

/**
 * `new URL(url, base)` with the browser's own parser, whose parts (`origin`, `href`, `protocol`)
 * are read with its own getters: a page that replaced `URL` cannot make another site's address
 * read as this one's.
 */
export function newUrl(url: string | URL, base?: string | URL): URL {
  return new (functions().Url)(url, base);
}

/** `set.has(value)` with the browser's own method: a page's `Set.prototype.has` cannot allow an origin. */
export function setHas<T>(set: ReadonlySet<T>, value: T): boolean {
  return functions().setHas.call(set, value);
}

/**
 * `pattern` remade once as a RegExp of the fresh realm, searching from the start (lastIndex 0) (from its own source and flags, which the
 * constructor reads from the object itself, not through getters): its `test`, `exec` and
 * `[Symbol.replace]` are the browser's, whatever the page did to RegExp.prototype. The agent's
 * judgements (a secret's shape, a forged fence, a secret URL parameter, a consequential word) run
 * through it, and through {@link replaceText} rather than the page's String.prototype.replace.
 */
export function ownPattern(pattern: RegExp): RegExp {
  const { patterns, Pattern } = functions();
  let own = patterns.get(pattern);
  if (!own) patterns.set(pattern, (own = new Pattern(pattern)));
  own.lastIndex = 0;
  return own;
}

/** `text.normalize(form)` with the browser's own method: a page's cannot blank a word or keep a full-width `＜` the agent folds. */
export function normalizeText(text: string, form: string): string {
  return functions().normalize.call(text, form);
}

/** `text.toLowerCase()` with the browser's own method. */
export function lowerText(text: string): string {
  return functions().lower.call(text);
}

/** `decodeURIComponent(text)` as the browser defines it; throws on a malformed sequence, as it does. */
export function decodeUriPart(text: string): string {
  return functions().decode(text);
}

/** `text.replace(pattern, by)` with the browser's own RegExp. */
export function replaceText(text: string, pattern: RegExp, by: string | ((match: string, ...rest: any[]) => string)): string {
  return ownPattern(pattern)[Symbol.replace](text, by as string);
}

/** `pattern.test(text)` with the browser's own RegExp, from the start of the text (lastIndex 0). */
export function testText(pattern: RegExp, text: string): boolean {
  return ownPattern(pattern).test(text);
}

/**
 * `target.addEventListener(type, listener, options)` with the browser's own method: the agent's own
 * listeners (the guard's, the paint and form watches) neither pass through a page's wrapped
 * addEventListener, which could drop or reorder them, nor through ours in click-listeners.ts,
 * which would mark every node the guard listens on as clickable. Returns the matching remover.
 */
export function listen(target: EventTarget, type: string, listener: EventListener, options?: boolean | AddEventListenerOptions): () => void {
  own(target, 'EventTarget.addEventListener', type, listener, options);
  return () => own(target, 'EventTarget.removeEventListener', type, listener, options);
}

/**
 * Runs `then` when `signal` aborts, at once if it already has: a listener added after the abort
 * never hears it, and a wait that begins just after the visitor's stop must end too. Returns the
 * remover.
 */
export function onAbort(signal: AbortSignal, then: () => void): () => void {
  if (signal.aborted) {
    then();
    return () => undefined;
  }
  return listen(signal, 'abort', then, { once: true });
}

/** `target.dispatchEvent(event)` by the browser's own method: a page that made it a no-op does not silence the agent. */
export const dispatch = (target: EventTarget, event: Event): boolean => own(target, 'EventTarget.dispatchEvent', event);

let agentCall: unknown;

/**
 * Sends the agent's own request (its model call), `input` as handed to fetch, which the effect
 * guard lets by (it stays on between actions, while the model is asked): see {@link byAgent}.
 */
export function asAgent<T>(input: unknown, run: () => T): T {
  const outer = agentCall;
  agentCall = input;
  try {
    return run();
  } finally {
    agentCall = outer;
  }
}

/**
 * Whether `input` is the agent's own request being sent: that very object or string, while it is.
 * A request a page's fetch wrapper makes on the side, in the same moment, is not.
 */
export const byAgent = (input: unknown): boolean => agentCall !== undefined && input === agentCall;

/**
 * `callback` after `ms` on the browser's own clock (the fresh realm's setTimeout, run in this
 * window): a page that replaced or stopped its timers cannot hold the model call's clock, a wait
 * or an action's settling. What it returns goes to {@link cancel}.
 */
export function later(callback: () => void, ms = 0): number {
  return functions().timer[0].call(window, callback, ms);
}

export function cancel(id: number | undefined): void {
  functions().timer[1].call(window, id);
}

// This window's performance object as the page first had it (a page may redefine the global).
const performanceObject = performance;

/** `performance.now()` by the browser's own clock: a page that froze or turned back its own cannot stretch a deadline. */
export function now(): number {
  return functions().clock.call(performanceObject);
}

/** `Date.now()` by the browser's own: a page that broke its Date cannot keep a run from starting or ending. */
export function wallNow(): number {
  return functions().wall();
}

/** `callback` on the next frame, by the browser's own requestAnimationFrame (see {@link later}). */
export function nextFrame(callback: FrameRequestCallback): number {
  return functions().timer[2].call(window, callback);
}

export function cancelFrame(id: number): void {
  functions().timer[3].call(window, id);
}

/** Resolves after `ms`, or as soon as `signal` aborts: a stopped agent must not sit out a backoff or a wait. */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      cancel(timer);
      unlisten();
      resolve();
    };
    const timer = later(done, ms);
    const unlisten = listen(signal, 'abort', done, { once: true });
  });
}

/**
 * `object.member` (a getter read, or a method called with `args`) as the browser's own `Name.prototype`
 * defines it, for `key` = "Name.member" of those the guard reads: a page that made
 * `preventDefault` a no-op, `defaultPrevented` or `composedPath()` lie, or a form's `action` name
 * this site while its attribute names another, changes nothing in what the guard judges and stops.
 */
export function own<T>(object: object, key: string, ...args: unknown[]): T {
  return apply(functions().own[key]!, object, args);
}

/**
 * `fn.apply(self, args)` with the browser's own Reflect.apply, which the guard's wrappers forward a
 * call they judged with: a page that replaced Function.prototype.call or apply would receive the
 * original `fetch`, `submit`, `open`… there, and could call it with another address than the one judged.
 */
export function apply(fn: Function, self: unknown, args: ArrayLike<unknown>): any {
  return functions().reflect.apply(fn, self, args);
}

/**
 * `value` converted to a string as the browser converts an argument (ToString, by the template's
 * own syntax, not the page's `String`). The guard's wrappers convert an address once and judge and
 * forward that string: an object whose `toString` answers another site the second time sends
 * what was judged.
 */
export const asText = (value: unknown): string => `${value as string}`;

/**
 * An attribute or property value converted once, as the browser reads it: a TrustedScriptURL (what
 * a script's `src` takes where Trusted Types are enforced) stays itself, its text by the browser's
 * own stringifier; anything else becomes its text. `[what the browser gets, its text]`.
 */
export function settledText(value: unknown, trusted = 'TrustedScriptURL'): [unknown, string] {
  try {
    return [value, own(value as object, `${trusted}.toString`)];
  } catch {
    const text = asText(value);
    return [text, text];
  }
}

/** Not an object: converts to the same text every time it is converted. */
export const isPrimitive = (value: unknown): boolean => value == null || (typeof value !== 'object' && typeof value !== 'function');

/**
 * Markup or CSS converted once, the same way: a TrustedHTML stays itself, another object becomes its
 * text, and a primitive stays as given (it converts the same every time, and the browser's own
 * reading of it — `null` as no markup — is kept). `[what the browser gets, its text]`.
 */
export function settledMarkup(value: unknown): [unknown, string] {
  if (isPrimitive(value)) return [value, value == null ? '' : asText(value)];
  return settledText(value, 'TrustedHTML');
}

/** Whether `value` is bytes (an ArrayBuffer or a view of one) by the browser's own brand checks, not a page's `instanceof`. */
export function isBytes(value: unknown): boolean {
  try {
    return functions().isView(value) || own<number>(value as object, 'ArrayBuffer.byteLength') >= 0;
  } catch {
    return false;
  }
}

/** The browser's own Reflect, whose `construct` and `set` the guard's proxies forward with, for the same reason. */
export function reflect(): typeof Reflect {
  return functions().reflect;
}
