import { cssUrls, type Patch, type Refuses } from './markup-loads.js';
import { watchLoaderCalls } from './loader-calls.js';
import { apply, asText, own, settledText } from '../dom/platform.js';

const LOADING_ATTRIBUTES = new Set(['src', 'srcset', 'href', 'xlink:href', 'data', 'poster']);

/**
 * Addresses set on elements, in or out of the page: a loader's property (`img.src`), an
 * attribute set by name (with or without a namespace), as a node, or through its node's value,
 * and a `style` attribute's `url()`s. `refuses` judges each address (it is armed only while an
 * action runs); a refused one is not set.
 */
export function watchAttributeLoads(view: Window & typeof globalThis, patch: Patch, undoLater: (undo: () => void) => void, refuses: Refuses): void {
  // Elements that load what their address names as soon as it is set (or they are inserted):
  // pictures, frames, scripts, links (stylesheets, prefetches), media, embeds.
  const loaders: Array<[{ new (): Element; prototype: Element } | undefined, string[]]> = [
    [view.HTMLImageElement, ['src', 'srcset']], [view.HTMLSourceElement, ['src', 'srcset']], [view.HTMLIFrameElement, ['src']],
    [view.HTMLScriptElement, ['src']], [view.HTMLLinkElement, ['href']], [view.HTMLMediaElement, ['src']],
    [view.HTMLEmbedElement, ['src']], [view.HTMLObjectElement, ['data']], [view.HTMLVideoElement, ['poster']], [view.HTMLInputElement, ['src']],
    [view.SVGImageElement, ['href', 'xlink:href']], [view.SVGFEImageElement, ['href', 'xlink:href']],
  ];
  watchLoaderCalls(view, patch, (url) => refuses(url, false));
  // Each value is converted once (settledText) and what was judged is what the browser is given.
  const loadRefused = (el: Element, name: string, value: string) => {
    if (!LOADING_ATTRIBUTES.has(name)) return false;
    const loader = loaders.find(([type, names]) => type && el instanceof type && names.includes(name));
    const urls = name === 'srcset' ? value.split(',').map((part) => part.trim().split(/\s+/)[0]!) : [value];
    return !!loader && urls.some((url) => url && refuses(url, false));
  };
  for (const [type, names] of loaders) {
    for (const name of names) {
      const owner = type?.prototype;
      const descriptor = owner && Object.getOwnPropertyDescriptor(owner, name);
      const set = descriptor?.set;
      if (!descriptor || !set) continue;
      Object.defineProperty(owner, name, { ...descriptor, set(this: Element, value: unknown) {
        const [given, text] = settledText(value);
        if (!loadRefused(this, name, text)) apply(set, this, [given]);
      } });
      undoLater(() => Object.defineProperty(owner, name, descriptor));
    }
  }
  // An attribute set by name (with or without a namespace), as a node, or through its node's value.
  const attributeRefused = (el: Element | null, name: string, value: string) => !!el && (name.toLowerCase() === 'style' ? cssUrls(value).some((url) => refuses(url, false)) : loadRefused(el, name.toLowerCase(), value));
  // The name and the value converted once, in place (fewer arguments than two is the browser's error).
  const setRefused = (el: Element, args: IArguments, at: number) => {
    if (args.length <= at) return false;
    const [given, text] = settledText(args[at]);
    args[at] = given;
    return attributeRefused(el, (args[at - 1] = asText(args[at - 1])), text);
  };
  patch(view.Element.prototype, 'setAttribute', (original) => function (this: Element) {
    if (!setRefused(this, arguments, 1)) apply(original, this, arguments);
  });
  patch(view.Element.prototype, 'setAttributeNS', (original) => function (this: Element) {
    if (!setRefused(this, arguments, 2)) apply(original, this, arguments);
  });
  for (const key of ['setAttributeNode', 'setAttributeNodeNS'] as const) {
    patch(view.Element.prototype, key, (original) => function (this: Element, attr: Attr) {
      return attributeRefused(this, own(attr, 'Attr.name'), own(attr, 'Attr.value')) ? null : apply(original, this, arguments);
    });
  }
  const value = Object.getOwnPropertyDescriptor(view.Attr.prototype, 'value');
  if (value?.set) {
    Object.defineProperty(view.Attr.prototype, 'value', { ...value, set(this: Attr, next: unknown) {
      const [given, text] = settledText(next);
      if (!attributeRefused(own(this, 'Attr.ownerElement'), own(this, 'Attr.name'), text)) apply(value.set!, this, [given]);
    } });
    undoLater(() => Object.defineProperty(view.Attr.prototype, 'value', value));
  }
}
