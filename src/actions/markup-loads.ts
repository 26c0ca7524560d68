/**
 * Loads that markup and styles set off without any address setter being called: HTML parsed into
 * the page (`innerHTML`, `outerHTML`, `insertAdjacentHTML`, `createContextualFragment`,
 * `setHTMLUnsafe`, `document.write`), nodes parsed elsewhere and inserted (a DOMParser's, a
 * template's), and CSS that fetches (`url(…)`, `image-set(…)`, `@import`) set on a style, a rule
 * or a sheet. Each is read for the addresses it would load before it reaches the page; when one
 * is refused, the whole call does nothing (a page's own content is never half-inserted).
 */
export type Patch = <T extends object>(owner: T, key: keyof T & string, wrap: (original: Function) => Function) => void;

/** Whether loading `url` is refused; `navigates` when it sends the page there, not just fetches it. */
export type Refuses = (url: string, navigates: boolean) => boolean;

type View = Window & typeof globalThis;

const LOADERS = 'img,source,iframe,frame,script,link,video,audio,track,embed,object,input,image,use,feImage,style,meta,[style],[background],[poster]';
const CSS_URL = /url\(\s*(['"]?)(.*?)\1\s*\)|image-set\(\s*(['"])(.*?)\3|@import\s+(['"])(.*?)\5/gi;

/** The addresses a piece of CSS would fetch. */
export function cssUrls(css: string): string[] {
  return [...String(css).matchAll(CSS_URL)].map((match) => match[2] ?? match[4] ?? match[6] ?? '').filter((url) => url && !url.startsWith('#'));
}

/** Whether a subtree, about to join the page, holds something that would load a refused address. */
export function subtreeRefused(node: Node, refuses: Refuses): boolean {
  const root = node as ParentNode & Partial<Element>;
  if (typeof root.querySelectorAll !== 'function') return node.nodeType === 3 && node.parentElement?.localName === 'style' && cssUrls(node.nodeValue ?? '').some((url) => refuses(url, false));
  const elements = [...(root.matches?.(LOADERS) ? [root as Element] : []), ...root.querySelectorAll(LOADERS)];
  return elements.some((element) => elementRefused(element, refuses));
}

function elementRefused(element: Element, refuses: Refuses): boolean {
  const name = element.localName;
  const urls: string[] = cssUrls(element.getAttribute('style') ?? '');
  if (name === 'style') urls.push(...cssUrls(element.textContent ?? ''));
  if (name === 'meta' && /refresh/i.test(element.getAttribute('http-equiv') ?? '')) {
    const target = (element.getAttribute('content') ?? '').match(/url\s*=\s*['"]?([^'"]+)/i)?.[1];
    if (target && refuses(target.trim(), true)) return true;
  }
  for (const attribute of ['src', 'href', 'xlink:href', 'data', 'poster', 'background']) {
    const value = element.getAttribute(attribute);
    if (value && !(attribute === 'href' && name === 'a')) urls.push(value);
  }
  for (const attribute of ['srcset', 'imagesrcset']) urls.push(...(element.getAttribute(attribute) ?? '').split(',').map((part) => part.trim().split(/\s+/)[0]!));
  return urls.some((url) => url && refuses(url, false));
}

/** Wraps the page's ways of inserting markup, nodes and CSS, for as long as `patch` lasts. */
export function watchMarkupLoads(view: View, patch: Patch, undoLater: (undo: () => void) => void, refuses: Refuses, armed: () => boolean): void {
  // Parsed from the page's own value (a TrustedHTML stays one, so Trusted Types see no new sink).
  const markupRefused = (markup: unknown, target?: unknown) => armed() && !(target instanceof view.HTMLTemplateElement) &&
    subtreeRefused(new view.DOMParser().parseFromString(markup as string, 'text/html'), refuses);
  const nodesRefused = (nodes: unknown[]) => armed() && nodes.some((node) => node instanceof view.Node && subtreeRefused(node, refuses));
  const cssRefused = (css: unknown) => armed() && cssUrls(String(css)).some((url) => refuses(url, false));

  const guardSetter = (owner: object | undefined, key: string, refused: (value: unknown, target: any) => boolean) => {
    const descriptor = owner && Object.getOwnPropertyDescriptor(owner, key);
    const set = descriptor?.set;
    if (!owner || !descriptor || !set) return;
    Object.defineProperty(owner, key, { ...descriptor, set(this: unknown, value: unknown) {
      if (!refused(value, this)) set.call(this, value);
    } });
    undoLater(() => Object.defineProperty(owner, key, descriptor));
  };

  for (const owner of [view.Element.prototype, view.ShadowRoot.prototype]) {
    guardSetter(owner, 'innerHTML', markupRefused);
    patch(owner as Element, 'setHTMLUnsafe' as keyof Element & string, (original) => function (this: Element, markup: string) {
      if (!markupRefused(markup)) original.call(this, markup);
    });
  }
  guardSetter(view.Element.prototype, 'outerHTML', markupRefused);
  patch(view.Element.prototype, 'insertAdjacentHTML', (original) => function (this: Element, where: InsertPosition, markup: string) {
    if (!markupRefused(markup)) original.call(this, where, markup);
  });
  patch(view.Range.prototype, 'createContextualFragment', (original) => function (this: Range, markup: string) {
    return original.call(this, markupRefused(markup) ? '' : markup);
  });
  for (const key of ['write', 'writeln'] as const) {
    patch(view.Document.prototype, key, (original) => function (this: Document, ...markup: string[]) {
      if (!markupRefused(markup.join(''))) original.apply(this, markup);
    });
  }
  // Nodes made elsewhere (a DOMParser's document, a template, another frame) load once they join.
  for (const key of ['appendChild', 'insertBefore', 'replaceChild'] as const) {
    patch(view.Node.prototype, key, (original) => function (this: Node, node: Node, ...rest: unknown[]) {
      return nodesRefused([node]) || (this as Element).localName === 'style' && cssRefused(node.textContent) ? node : original.call(this, node, ...rest);
    });
  }
  for (const owner of [view.Element.prototype, view.Document.prototype, view.DocumentFragment.prototype, view.CharacterData.prototype]) {
    for (const key of ['append', 'prepend', 'after', 'before', 'replaceWith', 'replaceChildren']) {
      patch(owner as unknown as Record<string, Function>, key, (original) => function (this: Node, ...nodes: unknown[]) {
        if (!nodesRefused(nodes)) original.apply(this, nodes);
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
        set: (target, key, value) => cssRefused(value) || Reflect.set(target, key, value, target),
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
      const declaration = get.call(this) as CSSStyleDeclaration;
      return armed() ? judged(declaration) : declaration;
    }, set(this: unknown, css: unknown) {
      if (!cssRefused(css)) descriptor.set?.call(this, css);
    } });
    undoLater(() => Object.defineProperty(owner, 'style', descriptor));
  }
  guardSetter(view.CSSStyleDeclaration.prototype, 'cssText', cssRefused);
  patch(view.CSSStyleDeclaration.prototype, 'setProperty', (original) => function (this: CSSStyleDeclaration, name: string, value: string, priority?: string) {
    if (!cssRefused(value)) original.call(this, name, value, priority);
  });
  for (const key of ['textContent', 'innerText', 'innerHTML']) {
    const owner = key === 'textContent' ? view.Node.prototype : view.HTMLElement.prototype;
    const previous = Object.getOwnPropertyDescriptor(view.HTMLStyleElement.prototype, key);
    if (previous) continue;
    const inherited = Object.getOwnPropertyDescriptor(owner, key) ?? Object.getOwnPropertyDescriptor(view.Element.prototype, key);
    if (!inherited?.set) continue;
    const set = inherited.set;
    Object.defineProperty(view.HTMLStyleElement.prototype, key, { ...inherited, set(this: HTMLStyleElement, value: unknown) {
      if (!cssRefused(value)) set.call(this, value);
    } });
    undoLater(() => delete (view.HTMLStyleElement.prototype as unknown as Record<string, unknown>)[key]);
  }
  for (const key of ['insertRule', 'replace', 'replaceSync'] as const) {
    patch(view.CSSStyleSheet.prototype, key, (original) => function (this: CSSStyleSheet, css: string, ...rest: unknown[]) {
      if (cssRefused(css)) throw new view.DOMException('Another site may not be reached while the assistant acts.', 'SecurityError');
      return original.call(this, css, ...rest);
    });
  }
}
