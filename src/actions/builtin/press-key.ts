import { describeElement } from '../../dom/describe-element.js';
import { isRedacted } from '../../dom/redaction.js';
import { isSecretField } from '../../dom/secret-field.js';
import type { ActionContext } from '../define-action.js';
import { failed, succeeded, type ActionResult } from '../action-result.js';
import { settle, watchPage, withEffects } from './page-effects.js';
import { deepActiveElement } from './pointer-input.js';
import { checkReachable, refuseSecret } from './reach-target.js';
import { keyTarget } from './focus-order.js';
import { runKeyDefault } from './keyboard-defaults.js';
import { parseKey, typesCharacter, type KeySpec } from './key-spec.js';
import { keyboardEvent, textOf, findEditable } from './text-entry.js';
import { readToggleState, stateChanges } from './toggle-state.js';
import { isElement, isInput, isSelect } from './element-kinds.js';
import { attributeOf } from '../../dom/platform.js';

export async function pressKey({ key, selector, times = 1 }: { key: string; selector?: string; times?: number }, context: ActionContext): Promise<ActionResult> {
  const spec = parseKey(key);
  if (typeof spec === 'string') return failed('invalid-arguments', spec);
  let target: Element = deepActiveElement() ?? document.body;
  if (selector) {
    const resolved = context.resolveTarget(selector);
    if (!isElement(resolved)) return resolved;
    const reachable = checkReachable(resolved, describeElement(resolved), 'focus');
    if (reachable !== true) return reachable;
    target = findEditable(resolved) ?? keyTarget(resolved);
    if (deepActiveElement() !== target) (target as HTMLElement).focus?.({ preventScroll: false });
  }
  const label = target === document.body ? 'the page' : describeElement(target);
  if (typesCharacter(spec) && spec.key !== ' ' && isSecretField(target)) {
    return refuseSecret(label);
  }
  const watch = watchPage(target, { submits: spec.key === 'Enter' || spec.key === ' ', view: context.pageView });
  const editable = findEditable(target);
  const valueBefore = editable ? textOf(editable) : '';
  const stateBefore = readToggleState(target);
  const choiceBefore = chosenText(target);
  const notes = new Set<string>();
  const amountBefore = amountOf(target);
  // Only a control with a value (a slider, a range) can be seen to stop: watched for any change.
  const changes = times > 1 && amountBefore !== undefined ? new MutationObserver(() => {}) : undefined;
  changes?.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  let handledByPage = false;
  let pressed = 0;
  while (pressed < times && !context.signal.aborted) {
    const on = pressed === 0 ? target : deepActiveElement() ?? document.body;
    const before = amountOf(on);
    const outcome = pressOnce(on, spec);
    pressed += 1;
    handledByPage ||= outcome.handledByPage;
    if (outcome.note) notes.add(outcome.note);
    if (pressed === times) break;
    // Repeated presses are felt one at a time, as a person's are: a framework-driven widget (a
    // React or Vue slider) reads its value from the last render, so a burst moves it one step.
    await settle(context.signal, 0);
    // A slider at its end: two frames after a press neither its value nor anything on the page moved.
    if (changes && amountOf(on) === before && !changes.takeRecords().length) {
      await settle(context.signal, 0);
      if (amountOf(on) === before && !changes.takeRecords().length) break;
    }
    changes?.takeRecords();
  }
  changes?.disconnect();
  const effects = await watch.finish(context.signal);
  const extra = [...notes];
  const field = editable?.isConnected ? editable : undefined;
  const it = field === target ? 'it' : field ? describeElement(field) : '';
  if (field) {
    const now = textOf(field);
    if (now !== valueBefore) extra.push(isRedacted(field) ? `${it} changed` : `${it} now holds "${clip(now)}"`);
  }
  if (target.isConnected) {
    const amount = amountOf(target);
    if (amount !== amountBefore && !field) extra.push(isRedacted(target) ? 'its value changed' : `its value is now ${amount ?? 'unset'}`);
    extra.push(...stateChanges(stateBefore, readToggleState(target)));
    const choice = chosenText(target);
    if (choice !== choiceBefore) extra.push(`it now shows ${choice}`);
  }
  const focused = deepActiveElement();
  if (focused && focused !== target && focused !== document.body) extra.push(`focus is on ${describeElement(focused)}`);
  if (handledByPage && !extra.length && !effects.notes.length) extra.push('the page handled the key');
  else if (effects.quiet && !extra.length && !effects.notes.length) extra.push('nothing changed');
  const count = times === 1 ? '' : pressed < times ? ` ${pressed} of ${times} times (the value stopped moving)` : ` ${times} times`;
  const message = withEffects(`Pressed ${spec.name}${count} on ${label}`, effects, extra);
  if (effects.blockedBy.length) return failed('invalid', message);
  return succeeded(message, { endsBatch: effects.endsBatch });
}

/** keydown → keypress → the browser's default action → keyup (on whatever has focus by then). */
function pressOnce(target: Element, spec: KeySpec): { handledByPage: boolean; note?: string } {
  const down = target.dispatchEvent(keyboardEvent('keydown', spec, spec.modifiers));
  let proceed = down;
  // keypress is only sent for keys that produce a character, and Enter.
  if (proceed && (typesCharacter(spec) || spec.key === 'Enter')) proceed = target.dispatchEvent(keyboardEvent('keypress', spec, spec.modifiers));
  const outcome = proceed ? runKeyDefault(target, spec) : {};
  (deepActiveElement() ?? document.body).dispatchEvent(keyboardEvent('keyup', spec, spec.modifiers));
  outcome.afterKeyUp?.();
  return { handledByPage: !proceed, note: outcome.note };
}

/** What a slider or a range holds (ARIA's value text, else its number), read back after each press. */
function amountOf(element: Element): string | undefined {
  if (isInput(element) && element.type === 'range') return element.value;
  return attributeOf(element, 'aria-valuetext') ?? attributeOf(element, 'aria-valuenow') ?? undefined;
}

function chosenText(element: Element): string | undefined {
  if (!isSelect(element)) return undefined;
  return [...element.selectedOptions].map((option) => `"${option.label || option.text}"`).join(', ') || 'nothing';
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
