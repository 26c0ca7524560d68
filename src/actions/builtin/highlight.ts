import * as z from 'zod/mini';
import { defineAction } from '../define-action.js';
import { succeeded } from '../action-result.js';
import { cleanLabel, showableTargets } from './overlay-targets.js';
import { targetSelector } from './target-parameter.js';

export const highlightAction = defineAction({
  name: 'highlight',
  description: 'Spotlight one element: the rest of the page is dimmed so the visitor looks there. Optional short caption.',
  instructions:
    'For the one thing the visitor must notice or act on themselves (often followed by pause). It replaces any earlier outline or highlight and stays until the next one, a navigation or the end of the task; use border for several elements.',
  parameters: z.object({
    selector: targetSelector,
    label: z.optional(z.string().check(z.describe("A short caption shown next to it, in the visitor's language."))),
  }),
  handler({ selector, label }, context) {
    const shown = showableTargets([selector], context);
    if (!('elements' in shown)) return shown;
    const caption = cleanLabel(label);
    context.overlay([{ kind: 'highlight', target: shown.elements[0]!, label: caption }]);
    return succeeded(
      `Highlighted ${shown.names}; the rest of the page is dimmed${caption ? `, with the caption "${caption}"` : ''}${shown.scrolled ? '; scrolled into view first' : ''}.`,
    );
  },
});
