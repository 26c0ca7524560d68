import { cssUrls, type Patch, type Refuses } from './markup-loads.js';
import { watchLoaderCalls } from './loader-calls.js';
import { apply } from '../dom/platform.js';

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
  const loadRefused = (el: Element, name: string, value: string) => {
    if (!LOADING_ATTRIBUTES.has(name)) return false;
    const loader = loaders.find(([type, names]) => type && el instanceof type && names.includes(name));
    const urls = name === 'srcset' ? String(value).split(',').map((part) => part.trim().split(/\s+/)[0]!) : [String(value)];
    return !!loader && urls.some((url) => url && refuses(url, false));
  };
  for (const [type, names] of loaders) {
    for (const name of names) {
      const owner = type?.prototype;
      const descriptor = owner && Object.getOwnPropertyDescriptor(owner, name);
      const set = descriptor?.set;
      if (!descriptor || !set) continue;
      Object.defineProperty(owner, name, { ...descriptor, set(this: Element, value: string) {
        if (!loadRefused(this, name, value)) apply(set, this, [value]);
      } });
      undoLater(() => Object.defineProperty(owner, name, descriptor));
    }
  }
  // An attribute set by name (with or without a namespace), as a node, or through its node's value.
  const attributeRefused = (el: Element | null, name: string, value: string) => !!el && (name.toLowerCase() === 'style' ? cssUrls(value).some((url) => refuses(url, false)) : loadRefused(el, name.toLowerCase(), value));
  patch(view.Element.prototype, 'setAttribute', (original) => function (this: Element, name: string, value: string) {
    if (!attributeRefused(this, String(name), value)) apply(original, this, arguments);
  });
  patch(view.Element.prototype, 'setAttributeNS', (original) => function (this: Element, space: string | null, name: string, value: string) {
    if (!attributeRefused(this, String(name), value)) apply(original, this, arguments);
  });
  for (const key of ['setAttributeNode', 'setAttributeNodeNS'] as const) {
    patch(view.Element.prototype, key, (original) => function (this: Element, attr: Attr) {
      return attributeRefused(this, attr.name, attr.value) ? null : apply(original, this, arguments);
    });
  }
  const value = Object.getOwnPropertyDescriptor(view.Attr.prototype, 'value');
  if (value?.set) {
    Object.defineProperty(view.Attr.prototype, 'value', { ...value, set(this: Attr, text: string) {
      if (!attributeRefused(this.ownerElement, this.name, text)) apply(value.set!, this, [text]);
    } });
    undoLater(() => Object.defineProperty(view.Attr.prototype, 'value', value));
  }
}
