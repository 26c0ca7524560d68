import { describeElement } from '../../dom/describe-element.js';
import type { ActionContext } from '../define-action.js';
import { failed, succeeded, type ActionResult } from '../action-result.js';
import { checkReachable } from './reach-target.js';
import { selectRange } from './text-entry.js';
import { isElement } from './element-kinds.js';
import { pageShows } from './wait.js';
import { dataOf } from '../../dom/platform.js';

/**
 * Selecting words as a person drags over them: an editor's toolbar (Bold, Link, a heading level)
 * acts on the selection, and there is no other way to name a word inside a paragraph.
 */
export async function selectText({ selector, text }: { selector: string; text: string }, context: ActionContext): Promise<ActionResult> {
  const target = context.resolveTarget(selector);
  if (!isElement(target)) return target;
  const label = describeElement(target);
  const reachable = checkReachable(target, label, 'focus');
  if (reachable !== true) return reachable;
  // Only text the model was shown may decide: otherwise each call would tell it whether hidden or
  // redacted text holds its words, one bit at a time.
  const range = pageShows(text, context.pageView, target) ? findText(target, text) : undefined;
  if (!range) return failed('not-found', `${label} does not show "${text}".`);
  selectRange(target, range);
  // The model's own words: the range may still span text the dump leaves out between shown words.
  return succeeded(`Selected "${text}" in ${label}`);
}

/** The first occurrence of `text` in the element's text (then ignoring case), across text nodes. */
function findText(element: Element, text: string): Range | undefined {
  const nodes: Text[] = [];
  const starts: number[] = [];
  let all = '';
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    nodes.push(node);
    starts.push(all.length);
    all += dataOf(node);
  }
  let at = all.indexOf(text);
  if (at < 0) at = all.toLowerCase().indexOf(text.toLowerCase());
  if (at < 0) return undefined;
  const range = element.ownerDocument.createRange();
  const place = (offset: number, end: boolean) => {
    // The node the offset falls in; an end offset on a boundary stays in the earlier node.
    let index = starts.length - 1;
    while (index > 0 && (end ? starts[index]! >= offset : starts[index]! > offset)) index--;
    return [nodes[index]!, offset - starts[index]!] as const;
  };
  range.setStart(...place(at, false));
  range.setEnd(...place(at + text.length, true));
  return range;
}
