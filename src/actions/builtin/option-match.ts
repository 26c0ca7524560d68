import { childrenInRenderOrder } from '../../dom/accessible-name.js';
import { isOption } from './element-kinds.js';
import { squish } from '../../dom/clean-page-text.js';
import { attributeOf, dataOf, tagOf } from '../../dom/platform.js';

/** An option as a user reads it: the element, its visible text and its value when it has one. */
export interface OptionEntry {
  element: Element;
  text: string;
  value?: string;
}

export type OptionMatch = { option: OptionEntry } | { problem: string };

const normalise = (text: string) => squish(text).toLowerCase();

/**
 * Finds the option the model meant, most exact first: its text as written, its text in any case,
 * its value, then a unique start or a unique part of the text. Several loose matches are a
 * question back to the model, never a guess.
 */
export function matchOption(options: OptionEntry[], wanted: string, owner: string): OptionMatch {
  const exact = squish(wanted);
  const loose = normalise(wanted);
  const tiers: Array<(option: OptionEntry) => boolean> = [
    (option) => option.text === exact,
    (option) => normalise(option.text) === loose,
    (option) => option.value !== undefined && normalise(option.value) === loose,
    (option) => normalise(option.text).startsWith(loose),
    (option) => normalise(option.text).includes(loose),
  ];
  for (const [tier, test] of tiers.entries()) {
    const found = options.filter(test);
    if (found.length === 1 || (found.length > 1 && tier < 3)) return { option: found[0]! };
    if (found.length > 1) return { problem: `"${wanted}" matches several options of ${owner}: ${listOptions(found)}. Give the full text.` };
  }
  return { problem: `${owner} has no option "${wanted}". Its options: ${listOptions(options) || 'none shown'}.` };
}

export function listOptions(options: OptionEntry[], max = 15): string {
  const names = options.slice(0, max).map((option) => `"${option.text}"`);
  if (options.length > max) names.push(`… ${options.length - max} more`);
  return names.join(', ');
}

export function optionText(element: Element): string {
  const text = isOption(element) ? element.label || element.text : attributeOf(element, 'aria-label') || renderedText(element);
  return squish(text);
}

/**
 * The words an element renders, through its shadow root and slots: a web component's option
 * (Material Web's) holds only slots, its words slotted in from the light DOM.
 */
function renderedText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return dataOf(node as Text);
  if (node.nodeType !== Node.ELEMENT_NODE || tagOf(node as Element) === 'style') return '';
  return [...childrenInRenderOrder(node as Element)].map(renderedText).join(' ');
}
