import { cleanPageText } from './clean-page-text.js';
import { isRedacted, REDACT_ATTRIBUTE, REDACTION_MASK } from './redaction.js';
import { ariaAttribute, internalLabels } from './element-internals.js';
import { isExcludedByAttributes } from './visibility.js';
import { shownPlaceholder } from './text-ink.js';
import { attributeOf, checkVisibilityOf, closestOf, dataOf, hasAttributeOf, inputTypeOf, own, styleOf, tagOf } from './platform.js';

const NAME_CAP = 150;
const MAX_NAME_DEPTH = 64;

// Elements whose name comes from what they contain (the accname "name from content" rule).
const NAME_FROM_CONTENT_TAGS = new Set([
  'a', 'button', 'summary', 'option', 'label', 'legend', 'caption', 'th', 'td',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
]);
const NAME_FROM_CONTENT_ROLES = new Set([
  'button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'checkbox',
  'radio', 'switch', 'treeitem', 'heading', 'cell', 'gridcell', 'columnheader', 'rowheader', 'tooltip',
]);
const LABELABLE_TAGS = new Set(['input', 'select', 'textarea', 'button', 'meter', 'output', 'progress']);
// The `labels` getters of the controls that act, as the browser defines them (platform.ts): a page's
// getter answering none would leave a consent box or a "Delete" button unnamed.
const LABELS: Record<string, string> = { input: 'HTMLInputElement.labels', button: 'HTMLButtonElement.labels', select: 'HTMLSelectElement.labels', textarea: 'HTMLTextAreaElement.labels' };
// Never part of a name: not rendered, or a control whose value is not its label.
const SILENT_TAGS = new Set(['script', 'style', 'noscript', 'template', 'select', 'textarea', 'input', 'iframe']);
// Block-level tags get spaces around them so `<div>Foo</div><div>Bar</div>` reads "Foo Bar".
const BLOCK_TAGS = new Set(['div', 'p', 'br', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'header', 'footer']);

const INPUT_DEFAULT_NAMES: Record<string, string> = { submit: 'Submit', reset: 'Reset' };

/**
 * The name a screen reader would announce, simplified to what is cheap to compute: aria-labelledby,
 * aria-label, associated `<label>`s (for= or wrapping), alt, button values, content for buttons,
 * links and the like, then title and placeholder. The order follows the accname spec rather than a
 * fixed list, so an explicit ARIA name wins over a visible label as it does for assistive tech.
 */
export function accessibleName(el: Element): string {
  return cleanPageText(rawAccessibleName(el), NAME_CAP);
}

function rawAccessibleName(el: Element): string {
  // The field inside a form-associated custom element is what the page's names for the element
  // name (`<label>Wi-Fi <md-switch>`, an aria-label on it): the page wrote those; the component's
  // own labels inside (a slider's value bubble) are not what the visitor calls it.
  const root = el.getRootNode();
  const host = LABELABLE_TAGS.has(tagOf(el)) && root instanceof ShadowRoot ? root.host : undefined;
  if (host && (hasAttributeOf(host, 'aria-labelledby') || hasAttributeOf(host, 'aria-label') || internalLabels(host)?.length)) {
    const name = rawAccessibleName(host);
    if (name.trim()) return name;
  }
  const labelledBy = attributeOf(el, 'aria-labelledby');
  if (labelledBy) {
    const text = textOfReferences(el, labelledBy);
    if (text.trim()) return text;
  }
  const ariaLabel = ariaAttribute(el, 'aria-label');
  if (ariaLabel && ariaLabel.trim()) return ariaLabel;

  const tag = tagOf(el);
  const type = tag === 'input' ? inputTypeOf(el as HTMLInputElement) : '';
  const labelable = LABELABLE_TAGS.has(tag) && type !== 'hidden';
  if (labelable || tag.includes('-')) {
    const labels: ArrayLike<Element> | null | undefined = labelable ? (LABELS[tag] ? own(el, LABELS[tag]) : (el as HTMLInputElement).labels) : internalLabels(el);
    // A label hidden together with its control is not read, as assistive tech does not read it;
    // one the page hid from around the control (the rest of the page made aria-hidden while a
    // popup is open, as Headless UI does) still names it, as aria-labelledby would.
    let text = '';
    for (let index = 0, label; (label = labels?.[index]); index += 1) {
      const hidden = closestOf(label, '[aria-hidden="true"]');
      text += ` ${hidden && own(hidden, 'Node.contains', el) ? '' : subtreeText(label, NAME_CAP, el)}`;
    }
    if (text.trim()) return text.slice(1);
  }
  if (tag === 'img' || tag === 'area' || type === 'image') {
    const alt = attributeOf(el, 'alt');
    if (alt && alt.trim()) return alt;
  }
  if (type === 'submit' || type === 'reset' || type === 'button') {
    const value = own<string>(el, 'HTMLInputElement.value');
    return value || INPUT_DEFAULT_NAMES[type] || '';
  }
  const captionTag = tag === 'fieldset' ? 'legend' : tag === 'table' ? 'caption' : tag === 'figure' ? 'figcaption' : '';
  if (captionTag) {
    const caption = childByTag(el, captionTag);
    if (caption) return subtreeText(caption, NAME_CAP);
  }
  if (tag === 'svg') return svgTitle(el);
  if (hasNameFromContent(el)) {
    const text = subtreeText(el, NAME_CAP);
    if (text.trim()) return text;
  }
  const title = attributeOf(el, 'title');
  if (title && title.trim()) return title;
  return shownPlaceholder(el) || attributeOf(el, 'aria-placeholder') || '';
}

function hasNameFromContent(el: Element): boolean {
  if (NAME_FROM_CONTENT_TAGS.has(tagOf(el))) return true;
  const role = ariaAttribute(el, 'role');
  return role !== null && NAME_FROM_CONTENT_ROLES.has(role);
}

function textOfReferences(el: Element, ids: string): string {
  const root = el.getRootNode() as Document | ShadowRoot;
  if (typeof root.getElementById !== 'function') return '';
  const parts: string[] = [];
  for (const id of ids.split(' ')) {
    const target = id ? root.getElementById(id) : null;
    // A label that lives in a redacted region is itself private.
    if (target && !isRedacted(target)) parts.push(subtreeText(target, NAME_CAP));
  }
  return parts.join(' ');
}

function childByTag(el: Element, tag: string): Element | null {
  const children = own<NodeList>(el, 'Node.childNodes');
  for (let index = 0, child; (child = children[index] as Element); index += 1) if (tagOf(child) === tag) return child;
  return null;
}

/** The text of an svg's `<title>` child, which is how icons name themselves. */
export function svgTitle(svg: Element): string {
  const title = childByTag(svg, 'title');
  return (title && own<string | null>(title, 'Node.textContent')) ?? '';
}

/**
 * Text of a subtree in rendering order (open shadow roots and slots followed), with image alts and
 * svg titles, skipping aria-hidden parts and controls. Stops collecting once `cap` is reached;
 * `skip` leaves out one element (the control a wrapping label names).
 */
export function subtreeText(el: Element, cap: number, skip?: Element): string {
  const parts: string[] = [];
  let length = 0;
  const push = (text: string): void => {
    parts.push(text);
    length += text.length;
  };
  // Names come from a few levels of markup; a chain nested deeper than this is not read for one.
  const visit = (node: Node, depth: number): void => {
    if (length > cap || depth > MAX_NAME_DEPTH) return;
    const type = own(node, 'Node.nodeType');
    if (type === Node.TEXT_NODE) {
      push(dataOf(node as Text));
      return;
    }
    if (type !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    const tag = tagOf(element);
    if (element === skip || SILENT_TAGS.has(tag) || hasAttributeOf(element, 'hidden') || isExcludedByAttributes(element)) return;
    // A private part of a name is masked, never read; what nobody sees is not part of it.
    if (hasAttributeOf(element, REDACT_ATTRIBUTE)) {
      push(` ${REDACTION_MASK} `);
      return;
    }
    if (isHiddenByStyle(element)) return;
    if (tag === 'img') {
      const alt = attributeOf(element, 'alt');
      if (alt) push(` ${alt} `);
      return;
    }
    if (tag === 'svg') {
      const title = attributeOf(element, 'aria-label') || svgTitle(element);
      if (title) push(` ${title} `);
      return;
    }
    const block = BLOCK_TAGS.has(tag);
    if (block) parts.push(' ');
    visitChildren(element, depth + 1);
    if (block) parts.push(' ');
  };
  // Past the cap the siblings left are not even looked at: a long list's thousands of rows.
  const visitChildren = (element: Element, depth: number): void => {
    const children = childrenInRenderOrder(element);
    for (let index = 0, child; (child = children[index]) && length <= cap; index += 1) visit(child, depth);
  };
  visitChildren(el, 0);
  return parts.join('');
}

/**
 * The flat-tree children of an element: its open shadow root, a slot's assigned nodes, or its own,
 * as the browser holds them (platform.ts): a page's `childNodes` answering none would leave
 * "Delete account" out of a button's name. Index them until one is missing: `length` is the page's.
 */
export function childrenInRenderOrder(el: Element): NodeListOf<ChildNode> | Node[] {
  const root = own<ShadowRoot | null>(el, 'Element.shadowRoot');
  if (root) return own(root, 'Node.childNodes');
  if (tagOf(el) === 'slot') {
    const assigned = own<Node[]>(el, 'HTMLSlotElement.assignedNodes');
    if (assigned[0]) return assigned;
  }
  return own(el, 'Node.childNodes');
}

/** display:none or visibility:hidden; names are short, so one style read per element is cheap here. */
function isHiddenByStyle(element: Element): boolean {
  const view = element.ownerDocument.defaultView;
  if (!view) return false;
  const style = styleOf(element, view);
  return style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse' || style.contentVisibility === 'hidden';
}

/**
 * The text a control shows, read the way its name would be from content, whatever its ARIA name
 * says: `aria-label="Archive"` on a button reading "Delete all" gives "Delete all".
 */
export function visibleText(el: Element): string {
  return cleanPageText(subtreeText(el, NAME_CAP), NAME_CAP);
}

const ALT_CAP = 100;

/**
 * An image's alt text where it names a link, button or heading. Alt texts are often whole photo
 * captions; the first words tell which image it is, and the caption usually follows as page text.
 */
export function altText(img: Element): string {
  const alt = attributeOf(img, 'alt');
  return alt ? cleanPageText(alt, ALT_CAP) : '';
}

/**
 * A MathML formula as its tokens separated by spaces (`a ≠ 0`), or its `alttext`. Formula
 * renderers (MathJax, KaTeX) draw glyphs with CSS and keep this MathML for assistive tech.
 */
export function mathText(math: Element): string {
  const alt = attributeOf(math, 'alttext');
  if (alt) return alt;
  const tokens: string[] = [];
  const walker = math.ownerDocument.createTreeWalker(math, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node && tokens.length < 200; node = walker.nextNode()) {
    const token = dataOf(node as Text).trim();
    // Only what is drawn: not a <semantics> annotation (display: none), nor an <mphantom>, which
    // takes its content's room and paints none of it (visibility: hidden).
    if (token && checkVisibilityOf(node.parentElement!, { visibilityProperty: true }) !== false) tokens.push(token);
  }
  return tokens.join(' ');
}
