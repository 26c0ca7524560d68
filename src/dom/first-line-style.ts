import { currentGeneration } from './page-generation.js';
import { closestOf, dataOf, rectOf, styleOf, styleValueOf } from './platform.js';

/**
 * `display` values of boxes that are no block container: ::first-line and ::first-letter do not
 * apply there (CSS Pseudo-Elements, Flexbox, Grid). An inline box (a link the walk gives a line of
 * its own) has no first line of its own either: the rule's pseudo style the engines compute for it
 * paints nothing.
 */
const NO_BLOCK_CONTAINER = /^inline$|\b(flex|grid)\b/;

/**
 * The style `::first-line` gives text on a block's first line, where a style sheet gives it one:
 * its colour and size are what a visitor sees there, whatever the element's own style says (white
 * on white, size 0). Pseudo-element styles come only from style sheets, so the (costly) pseudo
 * style is read only in a document or shadow root whose sheets hold such a rule, or a sheet that
 * cannot be read (another origin's).
 */
export function firstLineStyle(text: Text, line: DOMRect, block: Element, known: Map<Element, FirstLine | null>): CSSStyleDeclaration | undefined {
  const root = text.getRootNode() as Document | ShadowRoot;
  const rules = pseudoSelectors(root).line;
  if (!rules) return undefined;
  // Where the block's content starts, read once per block and walk.
  let first = known.get(block);
  if (first === undefined) {
    const style = styleOf(block);
    // Nor does ::first-line apply in a flex or grid container: its text sits in an anonymous item
    // that no rule reaches, and an outer block's first line does not reach into it.
    first = NO_BLOCK_CONTAINER.test(styleValueOf(block, 'display')) ? null : { top: rectOf(block).top, border: parseFloat(style.borderTopWidth), padding: parseFloat(style.paddingTop) };
    known.set(block, first);
  }
  if (!first) return undefined;
  // On the first line: its line box starts less than a line below the top of the block's content.
  if (line.top - first.top - first.border - first.padding >= line.height) return undefined;
  // A pseudo style costs several times a plain one per property read. Where no rule's selector
  // matches the block or an ancestor (whose first line the block's may be), the pseudo style only
  // inherits the block's, and every property read from it (colours, size, shadow) is inherited: the
  // block's own style answers the same. Not across shadow roots, whose blocks' lines the host's
  // rules may style.
  return (first.style ??= rules !== true && root === block.ownerDocument && block.getRootNode() === root && !within(block, rules) ? styleOf(block) : styleOf(block, block.ownerDocument.defaultView!, '::first-line'));
}

/** A block's content top (its box's top, border and padding), and its `::first-line` style once asked for. */
export interface FirstLine {
  top: number;
  border: number;
  padding: number;
  style?: CSSStyleDeclaration;
}

/**
 * The style `::first-letter` gives the first letter of the block `text` starts, where a rule of the
 * sheets styles that block's first letter: that letter is painted with it (a drop cap, or a letter
 * made invisible while the rest of the block shows, and the other way round).
 */
export function firstLetterStyle(text: Text, known: FirstLetters): CSSStyleDeclaration | null {
  const { letter } = pseudoSelectors(text.getRootNode() as Document | ShadowRoot);
  // Most pages have no such rule: then no block is looked for (a style read per ancestor).
  if (!letter) return null;
  const parent = text.parentElement;
  if (!parent) return null;
  // The block is looked for once per parent: the texts of a paragraph share it.
  let block = known.blocks.get(parent);
  if (block === undefined) {
    // No element around the text (inline or not) that a rule's selector matches: no block of it can be styled.
    block = letter === true || within(parent, letter) ? parent : null;
    let display = '';
    while (block && /^(inline|contents)$/.test((display = styleValueOf(block, 'display')))) block = block.parentElement;
    // ::first-letter applies to block containers only: text directly in a flex or grid container
    // sits in an anonymous item that no rule reaches, and an outer block's first letter is not
    // looked for inside one (CSS Flexbox and Grid say so; every engine paints it so).
    if (block && NO_BLOCK_CONTAINER.test(display)) block = null;
    known.blocks.set(parent, block);
  }
  if (!block || known.styles.get(block) === null) return null;
  // Only the text the block starts with: nothing but spaces and punctuation before it. Asked before
  // the pseudo style, which costs several plain reads: a block's later texts never need it.
  if (lettersBefore(block, text)) return null;
  let style = known.styles.get(block);
  if (style === undefined) {
    // Only a rule that matches the block: otherwise the pseudo style is merely the block's, inherited.
    const styled = letter === true || letter.some((selector) => matches(block!, selector));
    known.styles.set(block, (style = styled ? styleOf(block, block.ownerDocument.defaultView!, '::first-letter') : null));
  }
  return style;
}

/** Whether a `::first-letter` rule may style anything in `text`'s document or shadow root (a sheet holds one, or cannot be read). */
export function mayStyleFirstLetter(text: Text): boolean {
  return !!pseudoSelectors(text.getRootNode() as Document | ShadowRoot).letter;
}

const LETTER = /[\p{L}\p{N}]/u;

/**
 * Whether a letter or digit comes before `text` in `block` (which holds it): the texts before it in
 * tree order, as a range from the block's start to the text would hold them, looked at one by one
 * up to the first that has one (a block's first text mostly does), not joined into one string.
 */
function lettersBefore(block: Element, text: Text): boolean {
  let node: Node | null = block.firstChild;
  while (node && node !== text) {
    if ((node.nodeType === Node.TEXT_NODE || node.nodeType === Node.CDATA_SECTION_NODE) && LETTER.test(dataOf(node as Text))) return true;
    if (node.firstChild) node = node.firstChild;
    else {
      while (node && node !== block && !node.nextSibling) node = node.parentNode;
      node = node && node !== block ? node.nextSibling : null;
    }
  }
  return false;
}

/** Per walk: each text parent's block, and each block's `::first-letter` style (null where no rule matches it). */
export interface FirstLetters {
  styles: Map<Element, CSSStyleDeclaration | null>;
  blocks: Map<Element, Element | null>;
}

interface Pseudos {
  /** The selectors (pseudo-element taken off) of the `::first-line` rules, or true when a sheet cannot be read. */
  line: string[] | boolean;
  /** The selectors (pseudo-element taken off) of the `::first-letter` rules, or true when a sheet cannot be read. */
  letter: string[] | boolean;
  /** The selectors (pseudo-element taken off) of the `::before` and `::after` rules that position them, or true when a sheet cannot be read. */
  generated: string[] | boolean;
}

const GENERATED = /::?(?:before|after)\b/g;

/** Whether a rule that positions a `::before` or `::after` may match `el` (any may where a sheet cannot be read). */
export function mayGenerateBox(el: Element): boolean {
  const { generated } = pseudoSelectors(el.getRootNode() as Document | ShadowRoot);
  return generated === true || (!!generated && matches(el, generated.join()));
}

const scanned = new WeakMap<Node, { generation: number; found: Pseudos }>();

function pseudoSelectors(root: Document | ShadowRoot): Pseudos {
  const generation = currentGeneration();
  const known = scanned.get(root);
  if (known?.generation === generation) return known.found;
  const found: Pseudos = { line: false, letter: false, generated: false };
  const letters: string[] = [];
  const lines: string[] = [];
  const generated: string[] = [];
  const sheets = [...(root.styleSheets ?? []), ...(root.adoptedStyleSheets ?? [])];
  // A sheet that cannot be read (another origin's) makes every answer "may", whatever the others
  // hold: then no rule is read at all (pages with such a sheet hold thousands of rules elsewhere).
  for (const sheet of sheets) {
    try {
      void sheet.cssRules;
    } catch {
      found.line = found.letter = found.generated = true;
    }
  }
  if (found.line !== true) for (const sheet of sheets) scanSheet(sheet, found, letters, lines, generated);
  if (letters.length && found.letter !== true) found.letter = letters;
  if (lines.length && found.line !== true) found.line = lines;
  if (generated.length && found.generated !== true) found.generated = generated;
  scanned.set(root, { generation, found });
  return found;
}

function scanSheet(sheet: CSSStyleSheet, found: Pseudos, letters: string[], lines: string[], generated: string[]): void {
  // Grouping rules (@media, @supports, @layer, nesting) and @import hold rules of their own.
  const pending: CSSRuleList[] = [];
  try {
    pending.push(sheet.cssRules);
  } catch {
    found.line = found.letter = found.generated = true;
    return;
  }
  while (pending.length) {
    for (const rule of pending.pop()!) {
      const selector = (rule as CSSStyleRule).selectorText ?? '';
      // A nested rule's selector (`& p::first-letter`) is relative to its parent's: taken to match any element.
      for (const part of selector.split(',')) {
        if (part.includes('first-letter')) letters.push(part.includes('&') ? '*' : part.replace(/::?first-letter/g, '').trim() || '*');
        if (part.includes('first-line')) lines.push(part.includes('&') ? '*' : part.replace(/::?first-line/g, '').trim() || '*');
        // Only a generated box taken out of the flow (absolute, fixed) lies over its element's words:
        // icon fonts' thousand `::before` rules set none.
        const bare = part.replace(GENERATED, '');
        if (bare !== part && !/^(|static|relative|sticky)$/.test((rule as CSSStyleRule).style?.position ?? '')) generated.push(part.includes('&') ? '*' : bare.trim() || '*');
      }
      let inner: CSSRuleList | undefined;
      try {
        inner = (rule as CSSGroupingRule).cssRules ?? (rule as CSSImportRule).styleSheet?.cssRules;
      } catch {
        // An @import of another origin's sheet (web fonts, a CDN's theme): its rules are closed to
        // the page, so they are unknown, as a cross-origin <link>'s are.
        found.line = found.letter = found.generated = true;
      }
      if (inner) pending.push(inner);
    }
  }
}

function within(el: Element, selectors: string[]): boolean {
  try {
    return !!closestOf(el, selectors.join());
  } catch {
    // A selector the engine cannot read: each is then tried on its own, as `matches` does.
    return true;
  }
}

function matches(el: Element, selector: string): boolean {
  try {
    return el.matches(selector);
  } catch {
    return true;
  }
}
