import * as z from 'zod/mini';
import { defineAction } from '../define-action.js';
import { succeeded } from '../action-result.js';
import { cleanLabel, showableTargets } from './overlay-targets.js';
import { targetSelector } from './target-parameter.js';

export const highlightAction = defineAction({
  name: 'highlight',
  description: 'Spotlight the one element the visitor must notice or act on (often before pause), dimming the rest of the page; lasts as border does.',
  parameters: z.object({
    selector: targetSelector,
    label: z.optional(z.string().check(z.describe('A short caption next to it.'))),
  }),
  handler({ selector, label }, context) {
    const shown = showableTargets([selector], context);
    if (!('elements' in shown)) return shown;
    const caption = cleanLabel(label);
    context.overlay([{ kind: 'highlight', target: shown.elements[0]!, label: caption }]);
    return succeeded(
      `Highlighted ${shown.names}${caption ? `, with the caption "${caption}"` : ''}${shown.scrolled ? '; scrolled into view first' : ''}.`,
    );
  },
});
