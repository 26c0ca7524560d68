import { ariaAttribute } from '../../dom/element-internals.js';
import { describeElement } from '../../dom/describe-element.js';
import type { ActionContext } from '../define-action.js';
import { failed, succeeded, type ActionResult } from '../action-result.js';
import { watchPage, withEffects } from './page-effects.js';
import { clickAt } from './pointer-input.js';
import { checkReachable, isShown } from './reach-target.js';
import { readToggleState, stateWord } from './toggle-state.js';
import { isElement, isInput, isLabel } from './element-kinds.js';
import { attributeOf } from '../../dom/platform.js';

const CHECKABLE_ROLES = /^(checkbox|radio|switch|menuitemcheckbox|menuitemradio)$/;
const CHECKABLE = 'input[type=checkbox], input[type=radio], [role=checkbox], [role=radio], [role=switch], [aria-checked], [aria-pressed]';

export const check = ({ selector }: { selector: string }, context: ActionContext) => setChecked(selector, true, context);
export const uncheck = ({ selector }: { selector: string }, context: ActionContext) => setChecked(selector, false, context);

async function setChecked(selector: string, want: boolean, context: ActionContext): Promise<ActionResult> {
  const target = context.resolveTarget(selector);
  if (!isElement(target)) return target;
  const control = findCheckable(target);
  if (!control) return failed('not-editable', `${describeElement(target)} is not a checkbox, radio button or switch; use click.`);
  const label = describeElement(control);
  const kind = attributeOf(control, 'aria-pressed') !== null && attributeOf(control, 'aria-checked') === null ? 'pressed' : 'checked';
  const current = () => readToggleState(control)[kind];
  if (current() === want) return succeeded(`${label} is already ${stateWord(kind, want)}; nothing to do.`);
  if (!want && isRadio(control)) {
    return failed('not-allowed', `${label} is a radio button and cannot be unchecked by itself; check another option of its group.`);
  }

  // Styled checkboxes hide the real input and show its label, or the box around it (a switch's
  // track and caption): a user clicks what they can see.
  let reached = checkReachable(control, label, 'pointer');
  const face = labelFor(control) ?? (target.contains(control) && target !== control ? target : undefined);
  if (!('point' in reached) && (reached.reason === 'hidden' || reached.reason === 'covered') && face) {
    reached = checkReachable(face, label, 'pointer');
  }
  if (!('point' in reached)) return reached;
  const watch = watchPage(control, { view: context.pageView });
  clickAt(reached.hit, reached.point);
  const effects = await watch.finish(context.signal);
  const after = current();
  if (after !== want) {
    const word = after === undefined ? 'unchanged' : stateWord(kind, after);
    return failed('rejected', withEffects(`Clicked ${label}, but it is still ${word} (the page did not take the change)`, effects));
  }
  return succeeded(withEffects(`${label} is now ${stateWord(kind, want)}`, effects), { endsBatch: effects.endsBatch });
}

/** The checkable control `target` names: itself, a label's input, or the only one inside it. */
function findCheckable(target: Element): Element | undefined {
  if (isCheckable(target)) return target;
  if (isLabel(target) && target.control && isCheckable(target.control)) return target.control;
  // A custom element's own box is in its shadow root (Material Web's checkbox keeps its input there).
  const inside = [...target.querySelectorAll(CHECKABLE), ...(target.shadowRoot?.querySelectorAll(CHECKABLE) ?? [])].filter(isCheckable);
  return inside.length === 1 ? inside[0] : undefined;
}

function isCheckable(element: Element): boolean {
  if (isInput(element)) return element.type === 'checkbox' || element.type === 'radio';
  if (CHECKABLE_ROLES.test(ariaAttribute(element, 'role') ?? '')) return true;
  return ariaAttribute(element, 'aria-checked') !== null || ariaAttribute(element, 'aria-pressed') !== null;
}

function isRadio(element: Element): boolean {
  return (isInput(element) && element.type === 'radio') || /radio/.test(ariaAttribute(element, 'role') ?? '');
}

function labelFor(control: Element): HTMLLabelElement | undefined {
  const labels = (control as HTMLInputElement).labels;
  return labels ? [...labels].find(isShown) : undefined;
}
