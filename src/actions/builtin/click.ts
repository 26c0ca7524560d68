import * as z from 'zod/mini';
import { describeElement } from '../../dom/index.js';
import { defineAction } from '../define-action.js';
import { failed, succeeded } from '../action-result.js';
import { targetSelector } from './target-parameter.js';
import { describeChanges, readPageState, settle } from './page-effects.js';

export const clickAction = defineAction({
  name: 'click',
  description: 'Click an element (button, link, checkbox, tab, menu item…) the way a person would.',
  instructions: 'After a click that opens or changes something, the next turn shows the new page; do not assume the outcome.',
  parameters: z.object({ selector: targetSelector }),
  targetParameter: 'selector',
  async handler({ selector }, context) {
    const target = context.resolveTarget(selector);
    if (!(target instanceof Element)) return target;
    const label = describeElement(target);
    if (isDisabled(target)) return failed('disabled', `${label} is disabled; it cannot be clicked now.`);
    const before = readPageState();
    if (target instanceof HTMLElement || target instanceof SVGElement) {
      target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      firePointerSequence(target);
      (target as HTMLElement).focus?.({ preventScroll: true });
      if (typeof (target as HTMLElement).click === 'function') (target as HTMLElement).click();
      else target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
    }
    await settle(context.signal);
    const { notes, urlChanged } = describeChanges(before, readPageState());
    const what = notes.length ? `; ${notes.join(', ')}` : '';
    return succeeded(`Clicked ${label}${what}.`, { endsBatch: urlChanged });
  },
});

function isDisabled(element: Element): boolean {
  return element.matches(':disabled') || element.closest('[aria-disabled=true]') !== null;
}

/** Frameworks and menus often listen to pointerdown/mousedown rather than click. */
function firePointerSequence(target: Element): void {
  const rect = target.getBoundingClientRect();
  const init = {
    bubbles: true,
    cancelable: true,
    composed: true,
    clientX: rect.left + rect.width / 2,
    clientY: rect.top + rect.height / 2,
    button: 0,
    view: window,
  };
  const PointerCtor = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
  target.dispatchEvent(new PointerCtor('pointerdown', { ...init, pointerType: 'mouse', isPrimary: true }));
  target.dispatchEvent(new MouseEvent('mousedown', { ...init, buttons: 1 }));
  target.dispatchEvent(new PointerCtor('pointerup', { ...init, pointerType: 'mouse', isPrimary: true }));
  target.dispatchEvent(new MouseEvent('mouseup', init));
}
