import { ElementKind } from './classify-element.js';
import { capText, cleanPageText } from './clean-page-text.js';
import { nameControl, type ControlNaming } from './control-name.js';
import { TEXT_CAP, type DumpNode, type ElementNode, type TextNode } from './dump-node.js';
import { buttonInputCaption, elementHead, selectOptionsLine } from './element-head.js';
import { elementId } from './element-ids.js';
import type { LinkTargets } from './link-target.js';
import { REDACTION_MASK } from './redaction.js';
import { attributeOf } from './platform.js';

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
  /** A `<label>` or other box standing in for the invisible input it holds or controls: what a visitor clicks. */
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
  /** A control's painted text that aria-hidden keeps from assistive tech: its words if it shows no others. */
  caption?: string | undefined;
  /** Words of the control only screen readers get (visually hidden) were left out of its text. */
  hiddenWords?: boolean | undefined;
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
  // A switch whose caption is aria-hidden while it is off still shows that caption to a sighted
  // visitor; a control showing lines of its own (a select's value beside an aria-hidden ▾) needs none.
  if (!text && children.length === 0 && input.caption) text = cleanPageText(input.caption, TEXT_CAP);
  if (kind === ElementKind.frame && !text) {
    const title = cleanPageText(attributeOf(el, 'title') ?? '', 100);
    text = redacted && title ? REDACTION_MASK : title;
  }
  if ((rect.width === 0 || rect.height === 0) && children.length === 0 && !text) return undefined;

  const details: string[] = [];
  let naming: ControlNaming | undefined;
  if (kind === ElementKind.interactive) {
    // A proxy is named as its input is: a label's text, or the input's own label elsewhere.
    naming = proxyFor ? nameControl(proxyFor, 'input', text, children, redacted) : nameControl(el, tag, text, children, redacted, input.hiddenWords);
    // An input nobody sees shows neither its placeholder nor its tooltip: only a label or ARIA names it.
    if (proxyFor && (naming.placeholderIsName || naming.label === attributeOf(proxyFor, 'title'))) naming = { ...naming, label: undefined, placeholderIsName: false };
    if (naming.label) details.push(`label: ${naming.label}`);
    if (tag === 'select') {
      const options = selectOptionsLine(el as HTMLSelectElement, redacted);
      if (options) details.push(options);
    }
  }

  const context = {
    kind, redacted, origin: input.origin, placeholderIsName: naming?.placeholderIsName === true, nameless: naming ? naming.nameless && !naming.icon : text === '',
    icon: naming?.icon, title: naming?.title, scrollable: input.scrollable, incomplete: input.incomplete, expanded: input.expanded,
    linkFlags: tag === 'a' && kind === ElementKind.interactive ? input.links.flags(el) : undefined,
  };
  // A proxy shows its input's type and state: `<label type=checkbox name=gift checked>`.
  const head = proxyFor ? `<${tag}${elementHead(proxyFor, 'input', context).slice('<input'.length)}` : elementHead(el, tag, context);
  return { kind: 'element', element: el, interactive: kind === ElementKind.interactive, id: elementId(el), head, text, details, children, top: input.top, bottom: input.bottom };
}
