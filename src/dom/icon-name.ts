import { cleanPageText } from './clean-page-text.js';
import { attributeOf, inputTypeOf, own, ownPattern, rectOf, styleOf, tagOf, testText } from './platform.js';

/**
 * A name for a control that shows only an icon and has no accessible name: what the icon's markup
 * says it is. First a title, label or icon attribute inside the control; then, for each icon in it
 * (an `<i>`, `<svg>` or `<img>`, or a box drawn by a background image or an icon font's `::before`,
 * the control itself included): an image's file name (`/img/like.svg`), the words of its class
 * names (`fa fa-trash`, `icon-reply`, `ui-icon ui-icon-close`, `like-button`) or the symbol a
 * sprite's `<use>` points at. Layout classes of boxes that are not icons are never read: they name
 * a look, not an action. Only asked for controls left without a name, so the style reads are rare.
 */
export function iconName(control: Element): string {
  const parts = iconParts(control);
  for (const part of parts) {
    if (part === control) continue;
    const named = attributeOf(part, 'title') || attributeOf(part, 'aria-label') || attributeOf(part, 'data-icon') ||
      (tagOf(part).includes('-') ? attributeOf(part, 'name') || attributeOf(part, 'icon') : null);
    if (named?.trim()) return cleanPageText(named, NAME_CAP);
  }
  const skip = new Set([tagOf(control), attributeOf(control, 'role') ?? '']);
  for (const part of parts) {
    const words = isIcon(part) ? iconWords(part, skip) : '';
    if (words) return words;
  }
  return '';
}

const NAME_CAP = 60;
// How much of a control is searched for its icon: icons are small, and near the top of it.
const MAX_PARTS = 12;
// Style and framework words that name no action; a defence in depth behind the shared-prefix rule.
const NOISE_WORDS = new Set([
  'icon', 'icons', 'ico', 'svg', 'img', 'image', 'sprite', 'glyph', 'glyphicon', 'symbol', 'symbols', 'material', 'outlined',
  'solid', 'regular', 'light', 'thin', 'duotone', 'fill', 'filled', 'round', 'rounded', 'sharp', 'brands', 'fas', 'far', 'fab', 'fal',
  'btn', 'button', 'link', 'action', 'control', 'toggle', 'default', 'primary', 'secondary', 'small', 'large', 'js', 'is', 'has',
  'active', 'hover', 'focus', 'disabled', 'selected', 'open', 'wrapper', 'container', 'inner', 'item',
]);

/** The control and the elements inside it that draw no text: where an icon lives. */
function iconParts(control: Element): Element[] {
  const parts = [control];
  const walker = control.ownerDocument.createTreeWalker(control, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node && parts.length < MAX_PARTS; node = walker.nextNode()) parts.push(node as Element);
  return parts;
}

const ICON_TAGS = new Set(['i', 'svg', 'img', 'use']);

// Icons are small; a larger picture (a thumbnail, a photo) is content, and its file name is no name.
const ICON_SIZE = 64;

/**
 * Drawn, not written, and small: an icon element, or a box that shows a background image or an
 * icon font's glyph, at most icon-sized.
 */
function isIcon(part: Element): boolean {
  const box = rectOf(part);
  if (box.width > ICON_SIZE || box.height > ICON_SIZE || box.width * box.height === 0) return false;
  if (ICON_TAGS.has(tagOf(part)) || (tagOf(part) === 'input' && inputTypeOf(part as HTMLInputElement) === 'image')) return true;
  // A glyph (×, ⋯, ☰) is an icon drawn with a character; words are not.
  const text = own<string | null>(part, 'Node.textContent')?.trim();
  if (text) return !testText(/[\p{L}\p{N}]/u, text);
  const view = part.ownerDocument.defaultView;
  if (!view) return false;
  if (styleOf(part, view).backgroundImage !== 'none') return true;
  const before = styleOf(part, view, '::before').content;
  return before !== 'none' && before !== 'normal' && before !== '""';
}

/** What one icon says it shows: its image's file name, its class words, a sprite symbol. */
function iconWords(part: Element, skip: Set<string>): string {
  const url = imageUrl(part);
  // An image's classes say how it is laid out (`lazy`, `thumb`, `fit`); its file says what it shows.
  if (tagOf(part) === 'img' || tagOf(part) === 'input') return fileWords(url);
  const fromClasses = classWords(part, skip);
  if (fromClasses) return fromClasses;
  if (tagOf(part) === 'use') {
    const sprite = attributeOf(part, 'href') ?? attributeOf(part, 'xlink:href') ?? '';
    return nameWords(sprite.slice(sprite.lastIndexOf('#') + 1), skip);
  }
  return fileWords(url);
}

/**
 * Words of class names, without the words several classes share (the library's prefix: `fa` in
 * `fa fa-trash`), the control's tag and role, short or digit-bearing tokens and style words.
 */
function classWords(part: Element, skip: Set<string>): string {
  const split = classTokens(part).map((token) => splitWords(token));
  const seen = new Map<string, number>();
  for (const list of split) for (const word of new Set(list)) seen.set(word, (seen.get(word) ?? 0) + 1);
  const words: string[] = [];
  for (const list of split) {
    for (const word of list) {
      if ((seen.get(word) ?? 0) > 1 || skip.has(word) || !isWord(word) || words.includes(word)) continue;
      words.push(word);
    }
  }
  return words.slice(0, 4).join(' ');
}

function classTokens(element: Element): string[] {
  // SVG elements have an SVGAnimatedString there; the attribute is the same everywhere.
  const value = attributeOf(element, 'class');
  return value ? value.split(/\s+/).filter(Boolean) : [];
}

function splitWords(token: string): string[] {
  // camelCase too (`DeleteIcon`); no lookbehind, which Safari before 16.4 cannot parse.
  return token.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[-_.:\s]+/).map((word) => word.toLowerCase()).filter(Boolean);
}

// A word a person could read: letters only, with a vowel (hashes such as `sc-bdfBwQ` or `x2` are
// not), and not a CSS value: utility classes (`inline-block`, `absolute`, `white`) name a look.
function isWord(word: string): boolean {
  return word.length >= 2 && word.length <= 20 && /^[a-z]+$/.test(word) && /[aeiouy]/.test(word) && !NOISE_WORDS.has(word) && !isStyleValue(word);
}

const STYLE_PROPERTIES = ['display', 'position', 'color', 'float', 'text-align', 'object-fit', 'white-space', 'font-weight', 'visibility'];

// Words already asked about: icon classes repeat across a page (every share button, every row).
const styleValues = new Map<string, boolean>();

function isStyleValue(word: string): boolean {
  let known = styleValues.get(word);
  if (known === undefined) {
    known = typeof CSS !== 'undefined' && STYLE_PROPERTIES.some((property) => CSS.supports(property, word));
    styleValues.set(word, known);
  }
  return known;
}

function nameWords(text: string, skip: Set<string>): string {
  const words = splitWords(text).filter((word) => isWord(word) && !skip.has(word));
  return words.slice(0, 4).join(' ');
}

function imageUrl(part: Element): string {
  if (tagOf(part) === 'img' || tagOf(part) === 'input') return attributeOf(part, 'src') ?? '';
  if (tagOf(part) === 'use') return '';
  const view = part.ownerDocument.defaultView;
  const background = view ? styleOf(part, view).backgroundImage : '';
  const match = background && background !== 'none' ? ownPattern(/url\(["']?([^"')]+)/).exec(background) : null;
  return match?.[1] ?? '';
}

/** `/img/like.svg` → `like`; `icons/ic_delete_24px.svg?v=2` → `delete`. Data URLs name nothing. */
function fileWords(url: string): string {
  if (!url || url.startsWith('data:')) return '';
  const path = url.split(/[?#]/)[0]!;
  const file = path.slice(path.lastIndexOf('/') + 1);
  const dot = file.lastIndexOf('.');
  return nameWords(dot > 0 ? file.slice(0, dot) : file, new Set(['ic']));
}
