import * as z from 'zod/mini';
import { defineAction } from '../define-action.js';
import { succeeded } from '../action-result.js';
import { cleanLabel, showableTargets } from './overlay-targets.js';
import { targetSelector } from './target-parameter.js';

export const borderAction = defineAction({
  name: 'border',
  description:
    'Outline elements to show the visitor where something is while you explain ("your invoices are here"); changes nothing on the page. An outline or highlight stays until the next one, a navigation or the end of the task.',
  parameters: z.object({
    selectors: z.array(targetSelector).check(z.minLength(1), z.maxLength(8)),
    label: z.optional(z.string().check(z.describe('A short caption on the first outline.'))),
  }),
  handler({ selectors, label }, context) {
    const shown = showableTargets(selectors, context);
    if (!('elements' in shown)) return shown;
    const caption = cleanLabel(label);
    context.overlay(shown.elements.map((target, index) => ({ kind: 'border', target, label: index === 0 ? caption : undefined })));
    const count = shown.elements.length === 1 ? '' : ` (${shown.elements.length} elements)`;
    return succeeded(
      `Outlined ${shown.names}${count}${caption ? ` with the caption "${caption}"` : ''}${shown.scrolled ? ', scrolled into view first' : ''}.`,
    );
  },
});
