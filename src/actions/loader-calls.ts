import { cssUrls, type Patch } from './markup-loads.js';
import { apply, reflect } from '../dom/platform.js';

/** Loaders given their address by a call, not a setter: `new Audio(url)`, `new FontFace`, `addRule`, Typed OM. */
export function watchLoaderCalls(view: Window & typeof globalThis, patch: Patch, refuses: (url: string) => boolean): void {
  const cssRefused = (css: unknown) => cssUrls(String(css)).some(refuses);
  const refusal = () => new view.DOMException('Another site may not be reached while the assistant acts.', 'SecurityError');
  const construct = (key: 'Audio' | 'FontFace', refused: (args: unknown[]) => boolean) => patch(view, key, (original) => new Proxy(original, {
    construct(target, args: unknown[], newTarget) {
      if (!refused(args)) return reflect().construct(target, args, newTarget);
      if (key === 'Audio') return reflect().construct(target, [], newTarget);
      throw refusal();
    },
  }));
  construct('Audio', ([url]) => url !== undefined && refuses(String(url)));
  construct('FontFace', ([, source]) => typeof source === 'string' && cssRefused(source));
  const guard = (owner: object | undefined, key: string, css: (args: unknown[]) => unknown[]) => owner && patch(owner as Record<string, Function>, key, (original) => function (this: unknown, ...args: unknown[]) {
    if (css(args).some(cssRefused)) throw refusal();
    return apply(original, this, args);
  });
  guard(view.CSSStyleSheet.prototype, 'addRule', (args) => args.slice(1, 2));
  const map = (view as unknown as { StylePropertyMap?: { prototype: object } }).StylePropertyMap?.prototype;
  for (const key of ['set', 'append']) guard(map, key, (args) => args.slice(1));
}
