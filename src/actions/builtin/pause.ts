import * as z from 'zod/mini';
import { defineAction } from '../define-action.js';
import { failed, succeeded } from '../action-result.js';
import { shortUrl } from './page-effects.js';

export const pauseAction = defineAction({
  name: 'pause',
  description:
    'Show a note and wait until the visitor continues (Space or a Continue button), for steps that are theirs: typing a password or card number, solving a check, reading what you highlighted. Later actions run once they continue.',
  parameters: z.object({
    note: z.optional(z.string().check(z.describe('What the visitor should do or look at.'))),
  }),
  async handler({ note }, context) {
    const started = performance.now();
    const url = location.href;
    const continued = await context.pause(note);
    if (!continued) return failed('rejected-by-user', 'The task was stopped during the pause.');
    const seconds = Math.round((performance.now() - started) / 1000);
    // The visitor may have used the page meanwhile; a new page invalidates the rest of the batch.
    if (location.href !== url) {
      return succeeded(`The visitor continued after ${seconds} s, on another page (${shortUrl(location.href)}).`, { endsBatch: true });
    }
    return succeeded(`The visitor continued after ${seconds} s; they may have changed the page meanwhile.`);
  },
});
