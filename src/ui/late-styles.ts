import type { CSSResult } from 'lit';

/**
 * Adds `styles` to the shadow root `piece` stands in, once, after the element's own (where
 * `static styles` would have put them): a piece whose code loads with the first task (the overlay,
 * the confirmation) keeps its CSS out of the initial load, and only pages that show it pay for it.
 */
export function adoptLate(piece: Element, styles: CSSResult): void {
  const root = piece.getRootNode() as ShadowRoot;
  const sheet = styles.styleSheet;
  if (sheet && root.adoptedStyleSheets && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
