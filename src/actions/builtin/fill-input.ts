import * as z from 'zod/mini';
import { defineAction } from '../define-action.js';
import { enterValue } from './enter-value.js';
import { targetSelector } from './target-parameter.js';
import { isElement } from './element-kinds.js';

export const fillInputAction = defineAction({
  name: 'fill_input',
  description: 'Type into one text field, textarea or editable region, replacing its text, as a user would.',
  instructions: 'If the result shows the page rejected or reformatted the value, adapt it.',
  parameters: z.object({
    selector: targetSelector,
    value: z.string().check(z.describe('The full text the field should hold.')),
  }),
  targetParameter: 'selector',
  async handler({ selector, value }, context) {
    const target = context.resolveTarget(selector);
    if (!isElement(target)) return target;
    return enterValue(target, value, context);
  },
});
