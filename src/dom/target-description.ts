import { accessibleName, visibleText } from './accessible-name.js';
import { cleanPageText } from './clean-page-text.js';
import { insideRedactedSubtree } from './redaction.js';
import { attributeOf, closestOf, hasAttributeOf, tagOf, newUrl } from './platform.js';

/**
 * How an element can be found again after a reload, when its dump id (a token handed out per page
 * load) means nothing any more: what a person would use to point at it — its role and name, the
 * text it shows, the label of its field, where it sits (landmark, the heading above it, the row or
 * card of its own among look-alikes) and its place among elements of the same role and name.
 * Everything is page text as a visitor reads it; secrets are left out (see {@link describeTarget}).
 */
export interface TargetDescription {
  /** The ARIA role (explicit, or the one its tag implies); the tag name when it has none. */
  role: string;
  tag: string;
  /** Accessible name. */
  name?: string;
  /** Text it shows, where that differs from its name (`aria-label="Archive"` on "Delete all"). */
  text?: string;
  /** Its field's visible `<label>`, where that differs from its name. */
  label?: string;
  placeholder?: string;
  /** An input's type. */
  type?: string;
  /** A form field's `name` attribute. */
  field?: string;
  /** Where a same-site link leads (path only). */
  href?: string;
  /** The landmark around it: `navigation "Journal"`. */
  landmark?: string;
  /** The nearest heading before it. */
  heading?: string;
  /**
   * The text of its own part of the page among look-alikes (the table row, list item or card that
   * holds this "Delete" button and no other): set only when there are look-alikes.
   */
  item?: string;
  /** 1-based position among elements of the same role and name, and how many there were. */
  nth?: [number, number];
}

const TEXT_CAP = 80;
const ITEM_CAP = 160;

// HTML's implicit ARIA roles (html-aam), for the elements a recording targets.
const IMPLICIT_ROLES: Record<string, string> = {
  button: 'button', summary: 'button', textarea: 'textbox', img: 'img', nav: 'navigation', main: 'main',
  aside: 'complementary', form: 'form', search: 'search', dialog: 'dialog', table: 'table', tr: 'row',
  td: 'cell', th: 'columnheader', ul: 'list', ol: 'list', li: 'listitem', h1: 'heading', h2: 'heading',
  h3: 'heading', h4: 'heading', h5: 'heading', h6: 'heading', section: 'region', article: 'article',
  option: 'option', fieldset: 'group', details: 'group', header: 'banner', footer: 'contentinfo',
  progress: 'progressbar', meter: 'meter', output: 'status',
};
const INPUT_ROLES: Record<string, string> = {
  checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox',
  button: 'button', submit: 'button', reset: 'button', image: 'button',
};
const LANDMARK_ROLES = new Set(['main', 'navigation', 'banner', 'contentinfo', 'complementary', 'search', 'form', 'dialog', 'alertdialog', 'region']);

/** The role a screen reader announces for `el`, or its tag name when it has none. */
export function roleOf(el: Element): string {
  const explicit = attributeOf(el, 'role')?.trim().split(/\s+/)[0];
  if (explicit) return explicit.toLowerCase();
  const tag = tagOf(el);
  if (tag === 'a' || tag === 'area') return hasAttributeOf(el, 'href') ? 'link' : tag;
  if (tag === 'input') {
    const input = el as HTMLInputElement;
    return INPUT_ROLES[input.type] ?? (hasAttributeOf(input, 'list') ? 'combobox' : input.type === 'hidden' ? 'input' : 'textbox');
  }
  if (tag === 'select') return (el as HTMLSelectElement).multiple || (el as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox';
  return IMPLICIT_ROLES[tag] ?? tag;
}

/**
 * What to remember about `el` to find it again. Inside a `data-agent-redact` region its name and
 * text are private and left out; a field's value is never part of a description.
 */
export function describeTarget(el: Element, scope: TargetScope = {}): TargetDescription {
  const role = roleOf(el);
  const description: TargetDescription = { role, tag: tagOf(el) };
  const open = !insideRedactedSubtree(el);
  const name = open ? accessibleName(el) : '';
  if (name) description.name = cap(name);
  if (open) {
    const text = visibleText(el);
    if (text && text !== name) description.text = cap(text);
    const label = fieldLabel(el);
    if (label && label !== name) description.label = cap(label);
  }
  const placeholder = attributeOf(el, 'placeholder');
  if (placeholder && open) description.placeholder = cap(placeholder);
  if (tagOf(el) === 'input') description.type = (el as HTMLInputElement).type;
  const field = attributeOf(el, 'name');
  if (field && /^(input|select|textarea|button)$/.test(tagOf(el))) description.field = cap(field);
  const href = tagOf(el) === 'a' ? linkPath(el as HTMLAnchorElement) : undefined;
  if (href) description.href = href;
  const landmark = landmarkOf(el);
  if (landmark) description.landmark = landmark;
  const heading = headingBefore(el);
  if (heading) description.heading = heading;
  const similar = lookAlikes(role, name, scope);
  const position = similar.indexOf(el);
  if (similar.length > 1 && position >= 0) {
    description.nth = [position + 1, similar.length];
    const item = ownPartText(el, similar);
    if (item) description.item = item;
  }
  return description;
}

/** Which elements to consider: the page's, minus what the agent does not read (its own UI, `domFilter`). */
export interface TargetScope {
  root?: Document;
  /** True to leave an element and its subtree out. */
  skip?: (el: Element) => boolean;
  /** The page's elements when already listed ({@link pageElements}), to avoid walking the page again. */
  elements?: readonly Element[];
}

/** Every element of the page in document order, through open shadow roots, minus skipped subtrees. */
export function pageElements({ root = document, skip, elements }: TargetScope = {}): readonly Element[] {
  if (elements) return elements;
  const found: Element[] = [];
  const visit = (parent: Element | ShadowRoot | Document): void => {
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
      if (skip?.(child)) continue;
      found.push(child);
      if (child.shadowRoot) visit(child.shadowRoot);
      visit(child);
    }
  };
  visit(root);
  return found;
}

/** Elements with the same role and accessible name as the target, in document order. */
export function lookAlikes(role: string, name: string, scope: TargetScope = {}): Element[] {
  return pageElements(scope).filter((el) => roleOf(el) === role && (!name || accessibleName(el) === name));
}

/**
 * The text of the largest part of the page around `el` that holds none of its look-alikes: for a
 * "Delete" button in a table, its row; in a list of cards, its card. Structure decides, not tag
 * names: the walk stops where the next ancestor would take in another look-alike.
 */
export function ownPartText(el: Element, similar: readonly Element[]): string | undefined {
  let own: Element | undefined;
  for (let node = parentOf(el); node && tagOf(node) !== 'body'; node = parentOf(node)) {
    if (similar.some((other) => other !== el && node!.contains(other))) break;
    own = node;
  }
  if (!own || insideRedactedSubtree(own)) return undefined;
  const text = cleanPageText(visibleText(own), ITEM_CAP);
  return text || undefined;
}

/** The landmark around `el`, as `role "name"` (or the role alone). */
export function landmarkOf(el: Element): string | undefined {
  for (let node = parentOf(el); node; node = parentOf(node)) {
    const role = roleOf(node);
    // A section or form is a landmark only when it is named.
    if (!LANDMARK_ROLES.has(role)) continue;
    const name = insideRedactedSubtree(node) ? '' : accessibleName(node);
    if ((role === 'region' || role === 'form') && !name) continue;
    if ((role === 'banner' || role === 'contentinfo') && closestOf(node, 'article, aside, main, nav, section')) continue;
    return name ? `${role} "${cap(name)}"` : role;
  }
  return undefined;
}

/** The nearest heading before `el` in document order (its own section's, usually). */
export function headingBefore(el: Element): string | undefined {
  for (let node: Element | null = el; node; node = parentOf(node)) {
    for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
      const heading = isHeading(sibling) ? sibling : lastHeadingIn(sibling);
      if (heading) return insideRedactedSubtree(heading) ? undefined : cap(accessibleName(heading)) || undefined;
    }
  }
  return undefined;
}

function lastHeadingIn(el: Element): Element | undefined {
  const all = el.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]');
  return all[all.length - 1];
}

function isHeading(el: Element): boolean {
  return roleOf(el) === 'heading';
}

/** The visible text of the `<label>`s of a field. */
function fieldLabel(el: Element): string {
  const labels = (el as HTMLInputElement).labels;
  if (!labels?.length) return '';
  return cleanPageText(Array.from(labels, (label) => visibleText(label)).join(' '), TEXT_CAP);
}

/** Path (and query) of a same-site link; another site's links keep their origin. */
function linkPath(a: HTMLAnchorElement): string | undefined {
  const href = attributeOf(a, 'href');
  if (!href || href.startsWith('javascript:')) return undefined;
  try {
    const url = newUrl(href, a.baseURI);
    return url.origin === location.origin ? url.pathname : `${url.origin}${url.pathname}`;
  } catch {
    return undefined;
  }
}

/** The parent element, crossing from a shadow root to its host. */
function parentOf(el: Element): Element | null {
  return el.parentElement ?? ((el.getRootNode() as Partial<ShadowRoot>).host ?? null);
}

function cap(text: string): string {
  return cleanPageText(text, TEXT_CAP);
}
