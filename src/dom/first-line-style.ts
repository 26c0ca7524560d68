import { currentGeneration } from './page-generation.js';
import { rectOf, styleOf } from './platform.js';

/**
 * The style `::first-line` gives text on a block's first line, where a style sheet gives it one:
 * its colour and size are what a visitor sees there, whatever the element's own style says (white
 * on white, size 0). Pseudo-element styles come only from style sheets, so the (costly) pseudo
 * style is read only in a document or shadow root whose sheets hold such a rule, or a sheet that
 * cannot be read (another origin's).
 */
export function firstLineStyle(text: Text, line: DOMRect, block: Element, known: Map<Element, CSSStyleDeclaration>): CSSStyleDeclaration | undefined {
  if (!mayStyleFirstLine(text.getRootNode() as Document | ShadowRoot)) return undefined;
  // On the first line: its line box starts less than a line below the top of the block's content.
  const style = styleOf(block);
  if (line.top - rectOf(block).top - parseFloat(style.borderTopWidth) - parseFloat(style.paddingTop) >= line.height) return undefined;
  let first = known.get(block);
  if (!first) known.set(block, (first = styleOf(block, block.ownerDocument.defaultView!, '::first-line')));
  return first;
}

const scanned = new WeakMap<Node, { generation: number; found: boolean }>();

function mayStyleFirstLine(root: Document | ShadowRoot): boolean {
  const generation = currentGeneration();
  const known = scanned.get(root);
  if (known?.generation === generation) return known.found;
  const found = [...(root.styleSheets ?? []), ...(root.adoptedStyleSheets ?? [])].some(holdsFirstLine);
  scanned.set(root, { generation, found });
  return found;
}

function holdsFirstLine(sheet: CSSStyleSheet): boolean {
  // Grouping rules (@media, @supports, @layer, nesting) and @import hold rules of their own.
  const pending: CSSRuleList[] = [];
  try {
    pending.push(sheet.cssRules);
  } catch {
    return true;
  }
  while (pending.length) {
    for (const rule of pending.pop()!) {
      if ((rule as CSSStyleRule).selectorText?.includes('first-line')) return true;
      const inner = (rule as CSSGroupingRule).cssRules ?? (rule as CSSImportRule).styleSheet?.cssRules;
      if (inner) pending.push(inner);
    }
  }
  return false;
}
