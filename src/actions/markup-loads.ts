import { apply, asText, attributeOf, fromJson, isPrimitive, own, reflect, settledMarkup, tagOf } from '../dom/platform.js';
/**
 * Loads that markup and styles set off without any address setter being called: HTML parsed into
 * the page (`innerHTML`, `outerHTML`, `insertAdjacentHTML`, `createContextualFragment`,
 * `setHTMLUnsafe`, `document.write`), nodes parsed elsewhere and inserted (a DOMParser's, a
 * template's), and CSS that fetches (`url(…)`, `image-set(…)`, `@import`) set on a style, a rule
 * or a sheet. Each is read for the addresses it would load before it reaches the page; what would
 * load a refused one is taken out and the rest goes in (CSS text, a single value, is refused whole).
 */
export type Patch = <T extends object>(owner: T, key: keyof T & string, wrap: (original: Function) => Function) => void;

/** Whether loading `url` is refused; `navigates` when it sends the page there, not just fetches it. */
export type Refuses = (url: string, navigates: boolean) => boolean;

type View = Window & typeof globalThis;

const LOADERS = 'img,source,iframe,frame,script,link,video,audio,track,embed,object,input,image,use,feImage,style,meta,[style],[background],[poster]';
const CSS_ADDRESS = /url\(\s*([^'"\s)]+)|(['"])(.*?)\2/gi;

/** The addresses CSS names, read as the browser reads it (escapes decoded): every `url(…)` and string. */
export function cssUrls(css: string): string[] {
  const text = String(css).replace(/\/\*[\s\S]*?\*\//g, '').replace(/\\([0-9a-f]{1,6})\s?|\\(.)/gi, (_, hex: string | undefined, char: string) => {
    const code = hex ? parseInt(hex, 16) : char.codePointAt(0)!;
    const decoded = String.fromCodePoint(code > 0 && code < 0x110000 ? code : 0xfffd);
    return /["'()\s\\]/.test(decoded) ? `%${code.toString(16).padStart(2, '0')}` : decoded;
  });
  return [...text.matchAll(CSS_ADDRESS)].map((match) => (match[1] ?? match[3] ?? '').trim()).filter((url) => url && !url.startsWith('#'));
}

/**
 * The addresses the text of an element loads by itself: a `<style>`'s CSS, and every string of
 * speculation rules (the pages the browser is asked to prefetch or prerender, and their patterns).
 */
function inlineUrls(element: Element | null, text: string): string[] {
  const name = tagOf(element);
  if (name === 'style') return cssUrls(text);
  if (name !== 'script' || !/^\s*speculationrules\s*$/i.test(attributeOf(element, 'type') ?? '')) return [];
  const strings = (value: unknown): string[] => (typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : []);
  try {
    return strings(fromJson(text));
  } catch {
    return []; // rules the browser cannot parse load nothing
  }
}

/**
 * Takes out of a subtree about to join the page what would load a refused address: the attribute
 * that names it (an image's `src`, a container's `style`), or a `<style>` or refresh `<meta>`
 * whole. The rest of the markup goes in: one off-site resource does not cost the page its content.
 * True when something was taken out.
 */
export function neutralize(node: Node, refuses: Refuses): boolean {
  const root = node as ParentNode & Partial<Element>;
  if (typeof root.querySelectorAll !== 'function') {
    const refused = node.nodeType === 3 && inlineUrls(node.parentElement, node.nodeValue ?? '').some((url) => refuses(url, false));
    if (refused) node.nodeValue = '';
    return refused;
  }
  const elements = [...(root.matches?.(LOADERS) ? [root as Element] : []), ...root.querySelectorAll(LOADERS)];
  return elements.map((element) => strip(element, refuses)).includes(true);
}

function strip(element: Element, refuses: Refuses): boolean {
  const name = tagOf(element);
  const refused = (urls: string[]) => urls.some((url) => url && refuses(url, false));
  const target = (attributeOf(element, 'content') ?? '').match(/url\s*=\s*['"]?([^'"]+)/i)?.[1];
  // Emptied rather than removed: the element may be the very node being inserted.
  if (refused(inlineUrls(element, element.textContent ?? ''))) {
    element.textContent = '';
    return true;
  }
  if (name === 'meta' && /refresh/i.test(attributeOf(element, 'http-equiv') ?? '') && target && refuses(target.trim(), true)) {
    element.removeAttribute('content');
    return true;
  }
  let stripped = false;
  for (const attribute of ['style', 'src', 'href', 'xlink:href', 'data', 'poster', 'background', 'srcset', 'imagesrcset']) {
    const value = attributeOf(element, attribute);
    if (!value || attribute === 'href' && name === 'a') continue;
    const urls = attribute === 'style' ? cssUrls(value) : attribute.endsWith('srcset') ? value.split(',').map((part) => part.trim().split(/\s+/)[0]!) : [value];
    if (refused(urls)) {
      element.removeAttribute(attribute);
      stripped = true;
    }
  }
  return stripped;
}

/**
 * CSS converted once, as the browser would: an object becomes its text (so one whose text is other
 * CSS the second time sends what was judged); a primitive stays as given.
 */
export const settledCss = (value: unknown): unknown => (isPrimitive(value) ? value : asText(value));

/** Wraps the page's ways of inserting markup, nodes and CSS, for as long as `patch` lasts. */
export function watchMarkupLoads(view: View, patch: Patch, undoLater: (undo: () => void) => void, refuses: Refuses, armed: () => boolean): void {
  // Parsed, inert, in a template from the page's own value (a TrustedHTML stays one, so Trusted
  // Types see no new sink): the markup itself when nothing in it is refused, else the markup
  // without what was (which Trusted Types, where enforced, refuse whole).
  // Converted once (settledMarkup): what is judged is what goes in, even for an object whose text
  // would be other markup the second time.
  const allowed = (markup: unknown, target?: unknown): unknown => {
    if (!armed() || target instanceof view.HTMLTemplateElement) return markup;
    const [value] = settledMarkup(markup);
    const template = view.document.createElement('template');
    template.innerHTML = value as string;
    return neutralize(template.content, refuses) ? template.innerHTML : value;
  };
  const nodesRefused = (nodes: unknown[]) => void (armed() && nodes.forEach((node) => node instanceof view.Node && neutralize(node, refuses)));
  const cssRefused = (css: unknown) => armed() && cssUrls(asText(css)).some((url) => refuses(url, false));

  const guardSetter = (owner: object | undefined, key: string, refused: (value: unknown, target: any) => boolean, settle = (value: unknown) => value) => {
    const descriptor = owner && Object.getOwnPropertyDescriptor(owner, key);
    const set = descriptor?.set;
    if (!owner || !descriptor || !set) return;
    Object.defineProperty(owner, key, { ...descriptor, set(this: unknown, given: unknown) {
      const value = settle(given);
      if (!refused(value, this)) apply(set, this, [value]);
    } });
    undoLater(() => Object.defineProperty(owner, key, descriptor));
  };
  const markupSetter = (owner: object, key: string) => {
    const set = Object.getOwnPropertyDescriptor(owner, key)?.set;
    guardSetter(owner, key, (markup, target) => {
      const value = allowed(markup, target);
      try {
        if (value !== markup && set) apply(set, target, [value]);
      } catch {
        // Trusted Types, enforced, refuse the markup we rewrote: none of it goes in.
      }
      return value !== markup;
    });
  };

  for (const owner of [view.Element.prototype, view.ShadowRoot.prototype]) {
    markupSetter(owner, 'innerHTML');
    patch(owner as Element, 'setHTMLUnsafe' as keyof Element & string, (original) => function (this: Element, markup: unknown) {
      apply(original, this, [allowed(markup)]);
    });
  }
  markupSetter(view.Element.prototype, 'outerHTML');
  patch(view.Element.prototype, 'insertAdjacentHTML', (original) => function (this: Element, where: InsertPosition, markup: unknown) {
    apply(original, this, [where, allowed(markup)]);
  });
  patch(view.Range.prototype, 'createContextualFragment', (original) => function (this: Range, markup: unknown) {
    return apply(original, this, [allowed(markup)]);
  });
  for (const key of ['write', 'writeln'] as const) {
    patch(view.Document.prototype, key, (original) => function (this: Document) {
      // Each piece converted once; judged joined, and handed over as converted (a TrustedHTML kept).
      const pieces: unknown[] = [];
      let text = '';
      for (let i = 0; i < arguments.length; i++) {
        const [value, piece] = settledMarkup(arguments[i]);
        pieces[i] = value;
        text += piece;
      }
      const value = allowed(text);
      apply(original, this, value === text ? pieces : [value]);
    });
  }
  // Nodes made elsewhere (a DOMParser's document, a template, another frame) load once they join.
  for (const key of ['appendChild', 'insertBefore', 'replaceChild'] as const) {
    patch(view.Node.prototype, key, (original) => function (this: Node, node: Node) {
      nodesRefused([node]);
      // A style's new text read with the browser's own getter: a page's could call it harmless.
      return tagOf(this as Element) === 'style' && node instanceof view.Node && cssRefused(own(node, 'Node.textContent')) ? node : apply(original, this, arguments);
    });
  }
  for (const owner of [view.Element.prototype, view.Document.prototype, view.DocumentFragment.prototype, view.CharacterData.prototype]) {
    for (const key of ['append', 'prepend', 'after', 'before', 'replaceWith', 'replaceChildren']) {
      patch(owner as unknown as Record<string, Function>, key, (original) => function (this: Node, ...nodes: unknown[]) {
        nodesRefused(nodes);
        apply(original, this, nodes);
      });
    }
  }
  // CSS that fetches: a style's properties (named properties in Chromium, so no setter to wrap:
  // while armed, an element's or rule's `style` is a proxy that judges what is written to it),
  // its whole text, a `<style>`'s text, a sheet's rules.
  const proxies = new WeakMap<CSSStyleDeclaration, CSSStyleDeclaration>();
  const judged = (declaration: CSSStyleDeclaration) => {
    let proxy = proxies.get(declaration);
    if (!proxy) {
      proxy = new Proxy(declaration, {
        get: (target, key) => {
          const value = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
        set: (target, key, given) => {
          const value = settledCss(given);
          return cssRefused(value) || reflect().set(target, key, value, target);
        },
      });
      proxies.set(declaration, proxy);
    }
    return proxy;
  };
  for (const owner of [view.HTMLElement.prototype, view.SVGElement.prototype, view.CSSStyleRule.prototype]) {
    const descriptor = Object.getOwnPropertyDescriptor(owner, 'style');
    const get = descriptor?.get;
    if (!descriptor || !get) continue;
    Object.defineProperty(owner, 'style', { ...descriptor, get(this: unknown) {
      const declaration = apply(get, this, []) as CSSStyleDeclaration;
      return armed() ? judged(declaration) : declaration;
    }, set(this: unknown, given: unknown) {
      const css = settledCss(given);
      if (!cssRefused(css) && descriptor.set) apply(descriptor.set, this, [css]);
    } });
    undoLater(() => Object.defineProperty(owner, 'style', descriptor));
  }
  guardSetter(view.CSSStyleDeclaration.prototype, 'cssText', cssRefused, settledCss);
  patch(view.CSSStyleDeclaration.prototype, 'setProperty', (original) => function (this: CSSStyleDeclaration) {
    if (arguments.length > 1) arguments[1] = settledCss(arguments[1]);
    if (!cssRefused(arguments[1])) apply(original, this, arguments);
  });
  for (const key of ['textContent', 'innerText', 'innerHTML']) {
    const owner = key === 'textContent' ? view.Node.prototype : view.HTMLElement.prototype;
    const previous = Object.getOwnPropertyDescriptor(view.HTMLStyleElement.prototype, key);
    if (previous) continue;
    const inherited = Object.getOwnPropertyDescriptor(owner, key) ?? Object.getOwnPropertyDescriptor(view.Element.prototype, key);
    if (!inherited?.set) continue;
    const set = inherited.set;
    Object.defineProperty(view.HTMLStyleElement.prototype, key, { ...inherited, set(this: HTMLStyleElement, given: unknown) {
      const [value, css] = key === 'innerHTML' ? settledMarkup(given) : [settledCss(given)];
      if (!cssRefused(css ?? value)) apply(set, this, [value]);
    } });
    undoLater(() => delete (view.HTMLStyleElement.prototype as unknown as Record<string, unknown>)[key]);
  }
  for (const key of ['insertRule', 'replace', 'replaceSync'] as const) {
    patch(view.CSSStyleSheet.prototype, key, (original) => function (this: CSSStyleSheet) {
      if (arguments.length) arguments[0] = settledCss(arguments[0]);
      if (cssRefused(arguments[0])) throw new view.DOMException('Another site may not be reached while the assistant acts.', 'SecurityError');
      return apply(original, this, arguments);
    });
  }
}
