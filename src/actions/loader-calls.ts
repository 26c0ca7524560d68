import { cssUrls, settledCss, type Patch } from './markup-loads.js';
import { apply, asText, isBytes, own, reflect } from '../dom/platform.js';

/** Loaders given their address by a call, not a setter: `new Audio(url)`, `new FontFace`, `addRule`, Typed OM. */
export function watchLoaderCalls(view: Window & typeof globalThis, patch: Patch, refuses: (url: string) => boolean): void {
  const cssRefused = (css: unknown) => cssUrls(asText(css)).some(refuses);
  const refusal = () => new view.DOMException('Another site may not be reached while the assistant acts.', 'SecurityError');
  const construct = (key: 'Audio' | 'FontFace', refused: (args: unknown[]) => boolean) => patch(view, key, (original) => new Proxy(original, {
    construct(target, args: unknown[], newTarget) {
      if (!refused(args)) return reflect().construct(target, args, newTarget);
      if (key === 'Audio') return reflect().construct(target, [], newTarget);
      throw refusal();
    },
  }));
  // Each address converted once, in place: what is judged is what the constructor gets.
  construct('Audio', (args) => args[0] !== undefined && refuses((args[0] = asText(args[0]))));
  // A source that is not bytes is text to the browser, whatever its type.
  construct('FontFace', (args) => args.length > 1 && !isBytes(args[1]) && cssRefused((args[1] = asText(args[1]))));
  const guard = (owner: object | undefined, key: string, css: (args: unknown[]) => unknown[]) => owner && patch(owner as Record<string, Function>, key, (original) => function (this: unknown, ...args: unknown[]) {
    if (css(args).some(cssRefused)) throw refusal();
    return apply(original, this, args);
  });
  guard(view.CSSStyleSheet.prototype, 'addRule', (args) => (args.length > 1 ? [(args[1] = asText(args[1]))] : []));
  const map = (view as unknown as { StylePropertyMap?: { prototype: object } }).StylePropertyMap?.prototype;
  // A CSSStyleValue is read by the browser from what it holds (its text by the browser's own
  // stringifier); anything else is converted to text once, here, and that text is what is set.
  const styleValue = (value: unknown) => {
    try {
      return own<string>(value as object, 'CSSStyleValue.toString');
    } catch {
      return undefined;
    }
  };
  for (const key of ['set', 'append']) guard(map, key, (args) => {
    const texts: unknown[] = [];
    for (let i = 1; i < args.length; i++) texts.push(styleValue(args[i]) ?? (args[i] = settledCss(args[i])));
    return texts;
  });
}
