import * as z from 'zod/mini';
import { defineAction } from '../define-action.js';
import { failed, succeeded } from '../action-result.js';
import { targetSelector } from './target-parameter.js';
import { watchPage, withEffects } from './page-effects.js';
import { clickAt } from './pointer-input.js';
import { reachForPointer } from './reach-target.js';
import { readToggleState, stateChanges } from './toggle-state.js';
import { isSelect } from './element-kinds.js';

export const clickAction = defineAction({
  name: 'click',
  description: 'Click an element (button, link, tab, menu item, card…) the way a user would with the mouse.',
  instructions:
    'BEFORE: for text fields use fill_input, for lists select_option, for checkboxes check/uncheck. ' +
    'AFTER: the result says what changed (new page, dialog, menu, validation); "nothing changed" means the click had no effect, so do not repeat it blindly. ' +
    'GOTCHA: if the result says `covered`, deal with what covers it (close the banner or dialog) first.',
  parameters: z.object({ selector: targetSelector }),
  targetParameter: 'selector',
  async handler({ selector }, context) {
    const reach = reachForPointer(selector, context);
    if (!('reached' in reach)) return reach;
    const { target, label, reached } = reach;
    const before = readToggleState(target);
    const watch = watchPage(target, { submits: true, view: context.pageView });
    clickAt(reached.hit, reached.point);
    const effects = await watch.finish(context.signal);
    const notes = target.isConnected ? stateChanges(before, readToggleState(target)) : ['it left the page'];
    if (isSelect(target)) notes.push('a script click cannot open a native list, so use select_option');
    else if (effects.quiet && !notes.length && !effects.notes.length) notes.push('nothing on the page changed yet');
    const message = withEffects(`Clicked ${label}`, effects, notes);
    if (effects.blockedBy.length) return failed('invalid', message);
    return succeeded(message, { endsBatch: effects.endsBatch });
  },
});
