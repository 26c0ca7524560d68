import { accessibleName } from './accessible-name.js';
import { ElementKind, isFormField } from './classify-element.js';
import { capText, cleanPageText } from './clean-page-text.js';
import { TEXT_CAP, type DumpNode, type ElementNode, type TextNode } from './dump-node.js';
import { buttonInputCaption, elementHead, selectOptionsLine } from './element-head.js';
import { elementId } from './element-ids.js';
import { iconName } from './icon-name.js';
import type { LinkTargets } from './link-target.js';
import { REDACTION_MASK } from './redaction.js';

/**
 * Whether the text of `children`, in order, holds `name` (a name from content, cut or whole).
 * Controls inside do not count: their words are their own name, not this element's.
 */
function childrenSay(children: DumpNode[], name: string): boolean {
  const wanted = name.endsWith('…') ? name.slice(0, -1).trimEnd() : name;
  const parts: string[] = [];
  let length = 0;
  const collect = (nodes: DumpNode[]): void => {
    for (const node of nodes) {
      if (length > wanted.length + TEXT_CAP) return;
      if (node.kind === 'row' || (node.kind === 'element' && node.interactive)) continue;
      parts.push(node.text);
      length += node.text.length + 1;
      if (node.kind === 'element') collect(node.children);
    }
  };
  collect(children);
  return parts.join(' ').includes(wanted);
}

// Letters or digits: what a name needs to say anything (× or ⋯ alone do not).
const HAS_WORD = /[\p{L}\p{N}]/u;

export interface ElementNodeInput {
  el: Element;
  tag: string;
  kind: ElementKind;
  /** What the walk collected inside the element. */
  children: DumpNode[];
  rect: DOMRect;
  /** The element's edges in top-viewport coordinates. */
  top: number;
  bottom: number;
  redacted: boolean;
  /** A `<label>` standing in for the invisible input it controls. */
  proxyFor: Element | undefined;
  origin: string;
  /** Where links lead (a new tab, another site), for this snapshot. */
  links: LinkTargets;
  /** A scroll container's directions with content out of sight ("down", "up down"). */
  scrollable?: string | undefined;
  /** What the box shows is not all it holds: it is still animating, or its overflow cuts content off. */
  incomplete?: 'animating' | 'clipped' | undefined;
  /** Open or closed, as the markup shows it without ARIA (a tree item's nested list, a disclosure's panel). */
  expanded?: boolean | undefined;
}

/**
 * Turns a kept element and what was collected inside it into its dump line: leading text moves
 * onto the element's own line, form fields get a `label:` line (so the model never has to pair a
 * loose label with a field), selects an `options:` line. Returns undefined for an empty zero-size
 * element, which no user could see or click.
 */
export function buildElementNode(input: ElementNodeInput): ElementNode | undefined {
  const { el, tag, kind, rect, redacted, proxyFor } = input;
  let { children } = input;
  let text = '';
  if (kind !== ElementKind.landmark) {
    let start = 0;
    while (start < children.length && children[start]!.kind === 'text') start += 1;
    if (start > 0) {
      text = capText(children.slice(0, start).map((node) => (node as TextNode).text).join(' '), TEXT_CAP);
      children = children.slice(start);
    }
  }
  const caption = buttonInputCaption(el, tag);
  if (caption !== undefined) text = redacted && caption ? REDACTION_MASK : caption;
  if (kind === ElementKind.frame && !text) {
    const title = cleanPageText(el.getAttribute('title') ?? '', 100);
    text = redacted && title ? REDACTION_MASK : title;
  }
  if ((rect.width === 0 || rect.height === 0) && children.length === 0 && !text) return undefined;

  const details: string[] = [];
  let placeholderIsName = false;
  let nameless = text === '';
  let icon = '';
  if (kind === ElementKind.interactive && !proxyFor) {
    const symbolOnly = text !== '' && !redacted && !HAS_WORD.test(text);
    // The name costs a second look at the subtree, so only where it adds something: fields, icon
    // buttons (empty, or showing a glyph such as × or ⋯), and explicit ARIA names that may differ
    // from the visible text.
    if (isFormField(el, tag) || text === '' || symbolOnly || el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')) {
      let name = accessibleName(el);
      // A glyph names nothing; the title a person sees on hovering it does.
      if (symbolOnly && !HAS_WORD.test(name)) name = cleanPageText(el.getAttribute('title') ?? '', 150) || name;
      // A name that the lines inside already say (a card link named by its heading) is not repeated.
      if (name && name !== text && !(text === '' && childrenSay(children, name))) details.push(`label: ${redacted ? REDACTION_MASK : name}`);
      if (name) nameless = false;
      // A field's class names its look; only a control (button, link, clickable) is named by its icon.
      if (!HAS_WORD.test(name) && !redacted && !isFormField(el, tag)) icon = iconName(el);
      placeholderIsName = name !== '' && name === cleanPageText(el.getAttribute('placeholder') ?? '', 150);
    }
    if (tag === 'select') {
      const options = selectOptionsLine(el as HTMLSelectElement, redacted);
      if (options) details.push(options);
    }
  }

  const context = {
    kind, redacted, origin: input.origin, placeholderIsName, nameless: nameless && !icon, icon, scrollable: input.scrollable, incomplete: input.incomplete, expanded: input.expanded,
    linkFlags: tag === 'a' && kind === ElementKind.interactive ? input.links.flags(el) : undefined,
  };
  // A proxy label shows its input's type and state: `<label type=checkbox name=gift checked>`.
  const head = proxyFor ? `<label${elementHead(proxyFor, 'input', context).slice('<input'.length)}` : elementHead(el, tag, context);
  return { kind: 'element', element: el, interactive: kind === ElementKind.interactive, id: elementId(el), head, text, details, children, top: input.top, bottom: input.bottom };
}
