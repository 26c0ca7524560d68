import { accessibleName, visibleText } from '../dom/accessible-name.js';
import { squish } from '../dom/clean-page-text.js';
import { attributeOf, hasAttributeOf, own, ownPattern, replaceText, styleOf, tagOf } from '../dom/platform.js';

const clean = squish;

/** The names on the control that sets an effect off, when it is not the form itself. */
export function controlNamesOf(element: Element | undefined, form: HTMLFormElement | undefined): string {
  return element && element !== form ? clean(shownNames(element)) : '';
}

/** The names on what sets an effect off: the control's ({@link controlNamesOf}) and its form's. */
export function namesOf(controlNames: string, form: HTMLFormElement | undefined): string {
  return clean(`${controlNames} ${form ? formNames(form) : ''}`);
}

// The names are read with the browser's own functions and getters (platform.ts), and cleaned with
// its own RegExp: a page that redefined getComputedStyle, textContent, getAttribute or
// RegExp.prototype[Symbol.replace] cannot make "Delete account" read as nothing.

/** A node's text as the browser holds it; '' for none. */
const textOf = (node: Node | null): string => (node && own<string | null>(node, 'Node.textContent')) ?? '';

/**
 * Every name a visitor sees on a control: its accessible name, the text it shows when an ARIA
 * name replaces it, text drawn by CSS (`::before`/`::after`), titles and alts of what is inside
 * it. For a form: its name and its heading.
 */
export function shownNames(element: Element): string {
  const parts = [accessibleName(element), visibleText(element)];
  const view = element.ownerDocument.defaultView;
  for (const each of firstElements(element)) {
    parts.push(attributeOf(each, 'title') ?? '', tagOf(each) === 'img' ? attributeOf(each, 'alt') ?? '' : '');
    if (each !== element && hasAttributeOf(each, 'aria-label')) parts.push(attributeOf(each, 'aria-label')!);
    for (const pseudo of ['::before', '::after']) {
      const content = view ? styleOf(each, view, pseudo).content : '';
      for (const piece of ownPattern(/"(?:[^"\\]|\\.)*"|attr\([^)]*\)/g)[Symbol.match](content) ?? []) {
        parts.push(piece.startsWith('attr(') ? attributeOf(each, piece.slice(5, -1).trim()) ?? '' : replaceText(piece.slice(1, -1), /\\(.)/g, '$1'));
      }
    }
  }
  // A right-to-left override shows the letters after it reversed ("tnuocca eteleD" reads "Delete
  // account"): the words in the order a visitor reads them are names too.
  const text = textOf(element);
  if (text.includes('\u202e')) parts.push(replaceText(text, /\u202e([^\u202a-\u202e]*)(?:\u202c|$)/g, (_, run: string) => [...run].reverse().join('')));
  // Icon fonts draw their glyph from the private use area: no word a visitor reads.
  return clean([...new Set(parts.map((part) => replaceText(part, /[\ue000-\uf8ff]/g, '')))].join(' '));
}

// Elements of a control read for its names and icons: a control is small, a form or a region
// chosen as the target can hold the whole page.
const NAMED_ELEMENTS = 40;

/**
 * `element` and the first of its descendants, in document order. The live collection finds them
 * one by one as they are read, where querySelectorAll would list every descendant first (on a
 * 100,000-element page, a task of its own).
 */
function firstElements(element: Element): Element[] {
  const found = [element];
  const all = own<HTMLCollection>(element, 'Element.getElementsByTagName', '*');
  for (let index = 0; found.length < NAMED_ELEMENTS && all[index]; index += 1) found.push(all[index]!);
  return found;
}

/** A form's own name and the heading or legend a visitor reads it under. */
function formNames(form: HTMLFormElement): string {
  return clean(`${accessibleName(form)} ${attributeOf(form, 'title') ?? ''} ${textOf(own(form, 'Element.querySelector', 'h1, h2, h3, h4, legend'))}`);
}

/** Icons' words from how they are made: class names, sprite references, image file names. */
export function iconWords(element: Element): string {
  const parts: string[] = [];
  for (const each of firstElements(element)) {
    parts.push(attributeOf(each, 'class') ?? '');
    const source = attributeOf(each, 'href') ?? own<string | null>(each, 'Element.getAttributeNS', 'http://www.w3.org/1999/xlink', 'href') ?? attributeOf(each, 'src');
    if (source && /^(use|img|image)$/.test(tagOf(each))) parts.push(source);
  }
  return parts.join(' ');
}

/**
 * What the visitor consents to by ticking the form's required boxes ("I authorise Acme to charge
 * £250"): their labels, read as names. An optional box is a preference ("Send me the newsletter"),
 * not a condition of what the submission does.
 */
export function consentText(form: HTMLFormElement): string {
  const boxes = own<NodeList>(form, 'Element.querySelectorAll', 'input[required]:checked');
  let text = '';
  for (let index = 0, box; (box = boxes[index] as Element); index += 1) text += ` ${accessibleName(box)}`;
  return text;
}
