import * as z from 'zod/mini';
import { defineAction } from '../define-action.js';
import { enterValue } from './enter-value.js';
import { targetSelector } from './target-parameter.js';
import { isElement } from './element-kinds.js';

export const clearInputAction = defineAction({
  name: 'clear_input',
  description: 'Empty a text field, textarea or editable region (password fields too), as select-all and Backspace would.',
  parameters: z.object({ selector: targetSelector }),
  targetParameter: 'selector',
  async handler({ selector }, context) {
    const target = context.resolveTarget(selector);
    if (!isElement(target)) return target;
    return enterValue(target, '', context);
  },
});
