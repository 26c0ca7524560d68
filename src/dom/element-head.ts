import { subtreeText } from './accessible-name.js';
import { ElementKind, isEditingHost, isRichEditor } from './classify-element.js';
import { capText, cleanPageText, formatValue, quote } from './clean-page-text.js';
import { ariaAttribute } from './element-internals.js';
import { isSecretField, REDACT_ATTRIBUTE, REDACTION_MASK } from './redaction.js';
import { redactUrl } from './url-redaction.js';
import { noteSecretField } from './secret-echo.js';
import { attributeOf, hasAttributeOf, own, styleOf, tagOf } from './platform.js';
import { optionShows, shownPlaceholder, showsValue } from './text-ink.js';

const VALUE_CAP = 200;
const HREF_CAP = 100;
const OPTIONS_CAP = 300;

// ARIA state worth a token: it tells the model what clicking will do or what is current (a column's
// sort order too: a grid shows it only as an arrow). `none` says nothing and is left out.
const STATE_ATTRIBUTES = ['aria-expanded', 'aria-checked', 'aria-selected', 'aria-pressed', 'aria-current', 'aria-haspopup', 'aria-sort'];
// The ARIA roles that these tags have without a role attribute.
const IMPLICIT_ROLES: Record<string, string> = {
  a: 'link', button: 'button', nav: 'navigation', main: 'main', header: 'banner', footer: 'contentinfo',
  aside: 'complementary', form: 'form', table: 'table', dialog: 'dialog', search: 'search', textarea: 'textbox',
  h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading', h5: 'heading', h6: 'heading', li: 'listitem',
  ul: 'list', ol: 'list', summary: 'button',
};
const BUTTON_INPUT_TYPES = new Set(['submit', 'button', 'reset', 'image']);
const CHECKABLE_TYPES = new Set(['checkbox', 'radio']);
/** Inputs that draw their value other than as text in their colour (a slider, a swatch, a caption). */
const UNINKED_TYPES = new Set(['range', 'color', ...BUTTON_INPUT_TYPES]);

export interface HeadContext {
  kind: ElementKind;
  /** Inside `[data-agent-redact]`: values and links are masked too. */
  redacted: boolean;
  /** Origin of the top document: same-origin links are shortened to their path. */
  origin: string;
  /** Set when the accessible name came from the placeholder, so it is not repeated. */
  placeholderIsName: boolean;
  /** Set when the element shows no text and has no name: a link then shows where it leads. */
  nameless: boolean;
  /** A scroll container's directions with content out of sight. */
  scrollable?: string | undefined;
  /** Words an unnamed control's icon suggests (its class, its image's file name). */
  icon?: string | undefined;
  /** The tooltip of a control that shows only an image. */
  title?: string | undefined;
  /** A link's `newtab` / `↗` flags. */
  linkFlags?: string[] | undefined;
  /** `animating` or `clipped`: the line's content may not be all the box holds. */
  incomplete?: string | undefined;
  /** Open or closed as the markup shows it, for an element without aria-expanded. */
  expanded?: boolean | undefined;
}

/**
 * The `<tag attr=value …>` part of a line: only attributes that help the model act, with live state
 * (what the user typed, what is checked now) rather than the markup's initial attributes.
 */
export function elementHead(el: Element, tag: string, context: HeadContext): string {
  const attrs: string[] = [];
  if (context.kind === ElementKind.interactive) addControlAttributes(el, tag, context, attrs);
  else if (context.kind === ElementKind.landmark) {
    const label = attributeOf(el, 'aria-label');
    if (label) attrs.push(`aria-label=${formatValue(context.redacted ? REDACTION_MASK : label)}`);
  }
  const role = ariaAttribute(el, 'role');
  // A role the tag already has (`<nav role=navigation>`) adds nothing the tag does not say.
  if (role && IMPLICIT_ROLES[tag] !== role) attrs.push(`role=${formatValue(role, 30)}`);
  for (const name of STATE_ATTRIBUTES) {
    const value = ariaAttribute(el, name);
    if (value !== null && value !== '' && value !== 'none') attrs.push(`${name}=${formatValue(value, 30)}`);
  }
  if (tag !== 'input' && !attrs.some((attr) => attr.startsWith('value='))) addAriaValue(el, context.redacted, attrs);
  if (context.scrollable) attrs.push(`scrollable=${formatValue(context.scrollable)}`);
  if (context.incomplete) attrs.push(context.incomplete);
  // State the markup shows without ARIA is written the way ARIA would say it.
  const expanded = context.expanded ?? (tag === 'summary' && tagOf(el.parentElement) === 'details' ? (el.parentElement as HTMLDetailsElement).open : undefined);
  if (expanded !== undefined && !hasAttributeOf(el, 'aria-expanded')) attrs.push(`aria-expanded=${expanded}`);
  return attrs.length === 0 ? `<${tag}>` : `<${tag} ${attrs.join(' ')}>`;
}

function addControlAttributes(el: Element, tag: string, context: HeadContext, attrs: string[]): void {
  if (context.icon) attrs.push(`icon=${formatValue(context.icon, 60)}`);
  if (context.title) attrs.push(`title=${formatValue(context.title, 150)}`);
  if (tag === 'a') {
    if (context.linkFlags) attrs.push(...context.linkFlags);
    // A link's words are what a user picks it by; its URL costs more tokens than the rest of the
    // line and rarely changes the choice. Only a link with nothing to read (an icon) shows it.
    if (!context.nameless) return;
    const href = context.redacted ? REDACTION_MASK : shortHref(el, context.origin);
    if (href) attrs.push(`href=${formatValue(href, HREF_CAP)}`);
    return;
  }
  const field = el as HTMLInputElement;
  if (tag === 'input' || tag === 'button') {
    const explicitType = tag === 'button' ? attributeOf(el, 'type') : field.type;
    if (explicitType && explicitType !== 'text') attrs.push(`type=${formatValue(explicitType, 20)}`);
  }
  const name = attributeOf(el, 'name');
  if (name && (tag === 'input' || tag === 'select' || tag === 'textarea')) attrs.push(`name=${formatValue(name, 60)}`);
  if (tag === 'input' && CHECKABLE_TYPES.has(field.type)) {
    if (field.indeterminate) attrs.push('mixed');
    else if (field.checked) attrs.push('checked');
  } else if (tag === 'select') {
    const selected = selectedOptionsText(el as HTMLSelectElement);
    const masked = context.redacted || isSecretField(el);
    // A choice the select does not paint (see below) is none a visitor sees.
    if (selected && (masked || showsValue(el, selected))) attrs.push(`selected=${quote(masked ? REDACTION_MASK : selected)}`);
  } else if (tag === 'input' || tag === 'textarea' || (tag !== 'button' && isEditingHost(el) && !isRichEditor(el))) {
    const value = tag === 'input' || tag === 'textarea' ? liveValue(field) : subtreeText(el, VALUE_CAP * 2);
    const secret = isSecretField(el);
    // Its value is masked where the page shows it again too; a document query misses shadow roots.
    if (secret && value) noteSecretField(el);
    // A value the field does not paint (transparent, white on white) is no value a visitor sees.
    const masked = context.redacted || secret;
    const shown = masked || !value || (tag === 'input' && UNINKED_TYPES.has(field.type)) || showsValue(el, value);
    addValue(shown ? value : '', masked, tag === 'input' && BUTTON_INPUT_TYPES.has(field.type), attrs);
  }
  if (tag === 'input' && (field.type === 'range' || field.type === 'number')) {
    if (field.min) attrs.push(`min=${formatValue(field.min, 20)}`);
    if (field.max) attrs.push(`max=${formatValue(field.max, 20)}`);
  }
  // Only text fields show a placeholder, only while empty (:placeholder-shown; a filled field's
  // still names it, as for assistive tech, when nothing else does), and only one painted so a person
  // can read it; on a checkbox, a button or any other element the attribute is inert.
  const placeholder = tag === 'input' && (CHECKABLE_TYPES.has(field.type) || BUTTON_INPUT_TYPES.has(field.type) || field.type === 'file') ? null : shownPlaceholder(el);
  if (placeholder && !context.placeholderIsName && own(el, 'Element.matches', ':placeholder-shown')) attrs.push(`placeholder=${formatValue(context.redacted ? REDACTION_MASK : placeholder, 80)}`);
  if (isEditingHost(el) && tag !== 'input' && tag !== 'textarea') attrs.push('contenteditable');
  if ((el as HTMLButtonElement).disabled === true || attributeOf(el, 'aria-disabled') === 'true') attrs.push('disabled');
  if ((el as HTMLInputElement).required === true || attributeOf(el, 'aria-required') === 'true') attrs.push('required');
  if ((el as HTMLInputElement).readOnly === true || attributeOf(el, 'aria-readonly') === 'true') attrs.push('readonly');
  if ((el as HTMLSelectElement).multiple === true) attrs.push('multiple');
  if (attributeOf(el, 'aria-invalid') === 'true') attrs.push('invalid');
}

/**
 * The value of a slider, spin button or meter built from ARIA (its words, else its number) with its
 * bounds: often nothing on the page prints it, and the model cannot set what it cannot read.
 */
function addAriaValue(el: Element, redacted: boolean, attrs: string[]): void {
  const value = ariaAttribute(el, 'aria-valuetext') || ariaAttribute(el, 'aria-valuenow');
  if (!value) return;
  attrs.push(`value=${quote(redacted ? REDACTION_MASK : cleanPageText(value, 60))}`);
  for (const bound of ['min', 'max']) {
    const limit = ariaAttribute(el, `aria-value${bound}`);
    if (limit) attrs.push(`${bound}=${formatValue(limit, 20)}`);
  }
}

function addValue(raw: string, masked: boolean, isButton: boolean, attrs: string[]): void {
  // A button input's value is its caption, which the line's text already shows.
  if (isButton || raw === '') return;
  attrs.push(`value=${quote(masked ? REDACTION_MASK : cleanPageText(raw, VALUE_CAP))}`);
}

function liveValue(field: HTMLInputElement): string {
  // The browser reports a picked file as "C:\fakepath\name"; the name is what matters.
  if (field.type === 'file') return Array.from(field.files ?? [], (file) => file.name).join(', ');
  return field.value;
}

/** The text on the line of an `<input type=submit>` and friends: the caption is their value. */
export function buttonInputCaption(el: Element, tag: string): string | undefined {
  if (tag !== 'input') return undefined;
  const field = el as HTMLInputElement;
  if (!BUTTON_INPUT_TYPES.has(field.type)) return undefined;
  if (field.type === 'image') return cleanPageText(field.alt || field.value || '', 100);
  return cleanPageText(field.value || (field.type === 'reset' ? 'Reset' : field.type === 'submit' ? 'Submit' : ''), 100);
}

function selectedOptionsText(select: HTMLSelectElement): string {
  const parts: string[] = [];
  for (const option of select.selectedOptions) parts.push(optionText(option, 80));
  return parts.join(', ');
}

/** An option's label, masked when the option (or its group) is marked private. */
function optionText(option: HTMLOptionElement, cap: number): string {
  if (hasAttributeOf(option, REDACT_ATTRIBUTE) || hasAttributeOf(option.parentElement, REDACT_ATTRIBUTE)) return REDACTION_MASK;
  return cleanPageText(option.label || option.text, cap);
}

/** `options: A | B | C (+12 more)` for a select, so the model can pick one without guessing. */
export function selectOptionsLine(select: HTMLSelectElement, redacted: boolean): string | undefined {
  if (redacted) return undefined;
  const parts: string[] = [];
  let length = 0;
  const options = select.options;
  const shows = optionShows(select);
  let index = 0;
  for (; index < options.length && length < OPTIONS_CAP; index += 1) {
    const option = options[index]!;
    // An option its list never draws (`hidden`, display: none, in a group so hidden) is offered to nobody.
    if (styleOf(option).display === 'none' || (tagOf(option.parentElement) === 'optgroup' && styleOf(option.parentElement!).display === 'none')) continue;
    // Nor one it draws in ink a visitor cannot read (transparent, white on white).
    if (!shows(option)) continue;
    const text = optionText(option, 60);
    if (!text) continue;
    parts.push(text);
    length += text.length + 3;
  }
  if (parts.length === 0) return undefined;
  const more = options.length - index;
  return `options: ${parts.join(' | ')}${more > 0 ? ` (+${more} more)` : ''}`;
}

function shortHref(el: Element, origin: string): string | undefined {
  const raw = attributeOf(el, 'href');
  if (!raw || raw === '#' || raw.startsWith('javascript:')) return undefined;
  if (raw.startsWith('data:')) return 'data:…';
  // A root-relative path is already the short form; resolving URLs (the `href` getter) is one of
  // the costlier reads on a page full of links, so only other relative forms pay for it.
  if (raw.charCodeAt(0) === 47 && raw.charCodeAt(1) !== 47) return withoutQuery(redactUrl(raw));
  let href = raw;
  if (!raw.startsWith('http:') && !raw.startsWith('https:')) {
    // SVG <a> has an SVGAnimatedString there; only HTML anchors give a resolved string.
    const resolved = (el as HTMLAnchorElement).href;
    if (typeof resolved === 'string') href = resolved;
  }
  href = redactUrl(href);
  if (origin !== 'null' && href.startsWith(origin) && href.charCodeAt(origin.length) === 47) return withoutQuery(href.slice(origin.length));
  // Another site: its host and path, without the scheme (`↗` already says the link leaves).
  return withoutQuery(href.replace(/^https?:(?=\/\/)/, ''));
}

/**
 * Where a link goes, without what it carries: a query string is data for the server (share
 * payloads, tracking), often a hundred characters of it, while the path says where the link leads.
 */
function withoutQuery(href: string): string {
  const query = href.indexOf('?');
  return capText(query < 0 ? href : `${href.slice(0, query)}?…`, HREF_CAP);
}
