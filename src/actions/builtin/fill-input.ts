import * as z from 'zod/mini';
import { defineAction } from '../define-action.js';
import { enterValue } from './enter-value.js';
import { targetSelector } from './target-parameter.js';
import { isElement } from './element-kinds.js';

export const fillInputAction = defineAction({
  name: 'fill_input',
  description: 'Type text into a text field, textarea or editable region, replacing what it holds, as a user typing would.',
  instructions:
    'BEFORE: one field per action; for lists use select_option, for checkboxes check. ' +
    'AFTER: the result gives the value the field now holds; if the page rejected or reformatted it, adapt the value. ' +
    'GOTCHA: passwords, card numbers and one-time codes are refused: ask the user to type those themselves.',
  parameters: z.object({
    selector: targetSelector,
    value: z.string().check(z.describe('The full text the field should hold afterwards.')),
  }),
  targetParameter: 'selector',
  async handler({ selector, value }, context) {
    const target = context.resolveTarget(selector);
    if (!isElement(target)) return target;
    return enterValue(target, value, context);
  },
});
