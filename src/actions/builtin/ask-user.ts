import * as z from 'zod/mini';
import { defineAction } from '../define-action.js';
import { failed, succeeded } from '../action-result.js';

export const askUserAction = defineAction({
  name: 'ask_user',
  description: 'Ask the visitor one short question and wait for the typed answer.',
  parameters: z.object({ question: z.string().check(z.minLength(1)) }),
  async handler({ question }, context) {
    const answer = (await context.askUser({ question })).trim();
    // Whatever came after the question in this turn depended on an answer that never came.
    if (!answer) return failed('rejected-by-user', 'The user dismissed the question without answering.');
    return succeeded(`The user answered: ${answer}`, { data: { answer } });
  },
});
