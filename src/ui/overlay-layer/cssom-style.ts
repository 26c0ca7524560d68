import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

type Styles = Record<string, string>;

/**
 * Inline styles set through CSSOM only: `<div ${cssomStyle({ width: '10px' })}>`. Lit's `styleMap`
 * writes a `style="…"` attribute on its first render, which a page's strict CSP (`style-src`
 * without 'unsafe-inline') blocks, so the first outline of every action would have no geometry.
 * `element.style.setProperty` is never blocked. Property names are CSS names (`clip-path`).
 */
class CssomStyle extends Directive {
  #set = new Set<string>();

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error('cssomStyle goes on an element: <div ${cssomStyle({…})}>.');
  }

  render(_styles: Styles): typeof noChange {
    return noChange;
  }

  override update(part: ElementPart, [styles]: [Styles]): typeof noChange {
    const { style } = part.element as HTMLElement;
    for (const name of this.#set) if (!(name in styles)) style.removeProperty(name);
    for (const [name, value] of Object.entries(styles)) style.setProperty(name, value);
    this.#set = new Set(Object.keys(styles));
    return noChange;
  }
}

export const cssomStyle = directive(CssomStyle);
