import type { ActionContext } from '../define-action.js';
import { enterValue } from './enter-value.js';
import { isElement } from './element-kinds.js';
import type { ActionResult } from '../action-result.js';

export async function fillInput({ selector, value }: { selector: string; value: string }, context: ActionContext): Promise<ActionResult> {
  const target = context.resolveTarget(selector);
  if (!isElement(target)) return target;
  return enterValue(target, value, context);
}
