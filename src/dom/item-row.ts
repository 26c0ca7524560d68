import type { DumpNode } from './dump-node.js';
import { FOCUSABLE_SELECTOR } from './widget-state.js';

// What a list item of one thing and its controls does not hold: parts of a page, lists of its own.
const ITEM_BLOCKS = 'form, fieldset, article, section, nav, iframe, table, ul, ol, dl, [role=list]';
// Words about one thing (a name, a price, a rating): more is a card of prose, read line by line.
const ITEM_TEXT = 300;
const WORD = /[\p{L}\p{N}]/u;

/** A list item that may read as a row: a few words about one thing and a control, no blocks of its own. */
export function isControlItem(item: Element): boolean {
  return (item.textContent ?? '').length <= ITEM_TEXT && item.querySelector(FOCUSABLE_SELECTOR) !== null && item.querySelector(ITEM_BLOCKS) === null;
}

/**
 * A list item's lines, as one row `| [id]<button label=…>☆ Bob's Pizza … |` when its first line is a
 * control that shows no words of its own (an icon, a checkbox) and words follow it: read in order,
 * that "☆" would sit under the item before it, and only the item's edge says whose it is. Items
 * whose control comes after their words, or says its own words (a link), keep their lines: a list
 * has its bullets or its list's edge. A `card` (repeated boxes, see isRepeatedCard) has no such
 * edge: any of its controls sits on one row with its words.
 */
export function itemLines(nodes: DumpNode[], top: number, bottom: number, card = false): DumpNode[] {
  const [first, ...rest] = nodes;
  const control = (node: DumpNode | undefined) => node?.kind === 'element' && node.interactive;
  const tied = card ? nodes.some(control) && nodes.some((node) => !control(node) && says(node)) : control(first) && !WORD.test((first as { text: string }).text);
  return tied && (card || rest.some((node) => !control(node))) ? [{ kind: 'row', cells: [nodes], top, bottom }] : sideBySide(nodes);
}

/**
 * Runs of words laid side by side on one line read as one line: a flex row's bare text and its <b>
 * are flex items of their own, each as tall as the row. (A run's span is its box's: bare text spans
 * the item's, so words stacked in a column differ from it and keep their lines.)
 */
function sideBySide(nodes: DumpNode[]): DumpNode[] {
  const lines: DumpNode[] = [];
  for (const node of nodes) {
    const last = lines.at(-1);
    if (last?.kind === 'text' && node.kind === 'text' && !last.labelOf && !node.labelOf && Math.abs(node.top - last.top) < 1 && Math.abs(node.bottom - last.bottom) < 1) {
      lines[lines.length - 1] = { ...last, text: `${last.text} ${node.text}` };
    } else lines.push(node);
  }
  return lines;
}

/** Whether a node shows words of its own: not a control's, nor a label's, which its control's line says. */
function says(node: DumpNode): boolean {
  if (node.kind === 'text') return !node.labelOf && WORD.test(node.text);
  return node.kind === 'row' || WORD.test(node.text) || node.children.some(says);
}
