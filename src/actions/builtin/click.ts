import { elementId } from '../../dom/element-ids.js';
import type { ActionContext } from '../define-action.js';
import { failed, succeeded, type ActionResult } from '../action-result.js';
import { watchPage, withEffects } from './page-effects.js';
import { clickAt, type ClickOutcome } from './pointer-input.js';
import { describeCover, reachForPointer } from './reach-target.js';
import { readToggleState, stateChanges } from './toggle-state.js';
import { isElement, isSelect } from './element-kinds.js';

export async function click({ selector }: { selector: string }, context: ActionContext): Promise<ActionResult> {
  const reach = reachForPointer(selector, context);
  if (!('reached' in reach)) return reach;
  const { target, label, reached } = reach;
  const before = readToggleState(target);
  const watch = watchPage(target, { submits: true, view: context.pageView });
  const outcome = clickAt(reached.hit, reached.point);
  const effects = await watch.finish(context.signal);
  const stolen = stolenBy(outcome, target);
  if (stolen) {
    return failed('covered', withEffects(`The click landed on [${elementId(stolen)}] ${describeCover(stolen)} inside ${label}, which handled it and kept it from ${label}`, effects, ['click the one you mean']));
  }
  const notes = target.isConnected ? stateChanges(before, readToggleState(target)) : ['it left the page'];
  if (isSelect(target)) notes.push('a script click cannot open a native list, so use select_option');
  else if (effects.quiet && !notes.length && !effects.notes.length) notes.push('nothing on the page changed yet');
  const message = withEffects(`Clicked ${label}`, effects, notes);
  if (effects.blockedBy.length) return failed('invalid', message);
  return succeeded(message, { endsBatch: effects.endsBatch });
}

// Elements whose own activation (following a link, pressing a button, toggling a field) happens
// whatever handlers inside them do with the click's bubbling.
const ACTIVATES = 'a[href], area[href], button, input, select, textarea, label, summary';

/**
 * A control inside the target that took the click for itself: its handler stopped the click from
 * bubbling up, so the target (a clickable row, a card without activation of its own) never got it.
 */
function stolenBy(outcome: ClickOutcome, target: Element): Element | undefined {
  const at = outcome.stoppedAt;
  if (!isElement(at) || at === target || !target.contains(at) || target.matches(ACTIVATES)) return undefined;
  return at;
}
