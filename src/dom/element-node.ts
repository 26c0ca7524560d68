import { accessibleName } from './accessible-name.js';
import { ElementKind, isFormField } from './classify-element.js';
import { capText, cleanPageText } from './clean-page-text.js';
import { TEXT_CAP, type DumpNode, type ElementNode, type TextNode } from './dump-node.js';
import { buttonInputCaption, elementHead, selectOptionsLine } from './element-head.js';
import { elementId } from './element-ids.js';
import { REDACTION_MASK } from './redaction.js';

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
  /** A scroll container's directions with content out of sight ("down", "up down"). */
  scrollable?: string | undefined;
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
  if (kind === ElementKind.interactive && !proxyFor) {
    // The name costs a second look at the subtree, so only where it adds something: fields, empty
    // icon buttons, and explicit ARIA names that may differ from the visible text.
    if (isFormField(el, tag) || text === '' || el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')) {
      const name = accessibleName(el);
      if (name && name !== text) details.push(`label: ${redacted ? REDACTION_MASK : name}`);
      if (name) nameless = false;
      placeholderIsName = name !== '' && name === cleanPageText(el.getAttribute('placeholder') ?? '', 150);
    }
    if (tag === 'select') {
      const options = selectOptionsLine(el as HTMLSelectElement, redacted);
      if (options) details.push(options);
    }
  }

  const context = { kind, redacted, origin: input.origin, placeholderIsName, nameless, scrollable: input.scrollable };
  // A proxy label shows its input's type and state: `<label type=checkbox name=gift checked>`.
  const head = proxyFor ? `<label${elementHead(proxyFor, 'input', context).slice('<input'.length)}` : elementHead(el, tag, context);
  return { kind: 'element', element: el, id: elementId(el), head, text, details, children, top: input.top, bottom: input.bottom };
}
