import * as z from 'zod/mini';
import { describeElement, isRedacted } from '../../dom/index.js';
import { defineAction } from '../define-action.js';
import { failed, succeeded } from '../action-result.js';
import { targetSelector } from './target-parameter.js';
import { settle } from './page-effects.js';

export const fillInputAction = defineAction({
  name: 'fill_input',
  description: 'Replace the text of an input, textarea or editable region with `value`, as if the user typed it.',
  instructions: 'Fill one field per action; the result tells you the value the field holds afterwards.',
  parameters: z.object({ selector: targetSelector, value: z.string() }),
  targetParameter: 'selector',
  async handler({ selector, value }, context) {
    const target = context.resolveTarget(selector);
    if (!(target instanceof Element)) return target;
    const label = describeElement(target);
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
      if (target.disabled) return failed('disabled', `${label} is disabled.`);
      if (target.readOnly) return failed('not-editable', `${label} is read-only.`);
      target.focus({ preventScroll: false });
      setNativeValue(target, value);
      target.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: value }));
      target.dispatchEvent(new Event('change', { bubbles: true }));
      await settle(context.signal);
      const secret = isRedacted(target);
      if (!secret && target.value !== value) {
        return failed('failed', `The page changed ${label} to "${target.value}" instead of "${value}".`);
      }
      return succeeded(secret ? `Filled ${label} (value hidden).` : `${label} now holds "${target.value}".`);
    }
    if (target instanceof HTMLElement && target.isContentEditable) {
      target.focus();
      target.textContent = value;
      target.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: value }));
      await settle(context.signal);
      return succeeded(`${label} now reads "${target.textContent ?? ''}".`);
    }
    return failed('not-editable', `${label} is not a text field; use click or select_option instead.`);
  },
});

/**
 * React and similar libraries track the value through the prototype's setter; assigning
 * `element.value` directly would be swallowed by their wrapper and the state never updates.
 */
function setNativeValue(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
}
