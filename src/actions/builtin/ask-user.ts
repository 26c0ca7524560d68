import * as z from 'zod/mini';
import { defineAction } from '../define-action.js';
import { succeeded } from '../action-result.js';

export const askUserAction = defineAction({
  name: 'ask_user',
  description: 'Ask the user a question and wait for the answer, when the task cannot go on without it.',
  instructions: 'Ask one short question. Do not ask for passwords, card numbers or other secrets.',
  parameters: z.object({ question: z.string().check(z.minLength(1)) }),
  async handler({ question }, context) {
    const answer = await context.askUser({ question });
    return succeeded(answer ? `The user answered: ${answer}` : 'The user did not answer.', { data: { answer } });
  },
});
