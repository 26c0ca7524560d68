import { tagOf } from '../../dom/platform.js';
/**
 * Element tests that hold across realms: the dump walks same-origin iframes, and an input from an
 * iframe is not an `instanceof HTMLInputElement` of the top window. Tag name and namespace are.
 */
const XHTML = 'http://www.w3.org/1999/xhtml';

type Maybe = Element | Node | null | undefined;

export function isElement(value: unknown): value is Element {
  return typeof value === 'object' && value !== null && (value as Node).nodeType === 1;
}

export function isHtmlElement(node: Maybe): node is HTMLElement {
  return isElement(node) && node.namespaceURI === XHTML;
}

function tagTest<T extends HTMLElement>(tag: string) {
  return (node: Maybe): node is T => isHtmlElement(node) && tagOf(node) === tag;
}

export const isInput = tagTest<HTMLInputElement>('input');
export const isTextArea = tagTest<HTMLTextAreaElement>('textarea');
export const isSelect = tagTest<HTMLSelectElement>('select');
export const isOption = tagTest<HTMLOptionElement>('option');
export const isOptGroup = tagTest<HTMLOptGroupElement>('optgroup');
export const isLabel = tagTest<HTMLLabelElement>('label');
export const isSlot = tagTest<HTMLSlotElement>('slot');

export function isShadowRoot(node: Node | null | undefined): node is ShadowRoot {
  return node?.nodeType === 11 && 'host' in node;
}
