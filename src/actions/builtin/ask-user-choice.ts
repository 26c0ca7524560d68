import * as z from 'zod/mini';
import { defineAction } from '../define-action.js';
import { failed, succeeded } from '../action-result.js';
import { squish } from '../../dom/clean-page-text.js';

export const askUserChoiceAction = defineAction({
  name: 'ask_user_choice',
  description: 'Ask the visitor to pick one of a few short, distinct options (shown as buttons) and wait. The result names the option as you wrote it.',
  parameters: z.object({
    question: z.string().check(z.minLength(1)),
    options: z.array(z.string().check(z.minLength(1))).check(z.minLength(2), z.maxLength(8)),
    allow_free_text: z.optional(z.boolean().check(z.describe('Also let them type an answer of their own.'))),
  }),
  async handler({ question, options, allow_free_text: allowFreeText = false }, context) {
    const choices = distinct(options);
    if (choices.length < 2) return failed('invalid-arguments', 'Give at least two different options.');
    const answer = (await context.askUser({ question, options: choices, allowFreeText })).trim();
    if (!answer) return failed('rejected-by-user', 'The user dismissed the question without choosing.');
    const option = canonicalOption(answer, choices);
    if (option !== undefined) {
      return succeeded(`The user chose: ${option}`, { data: { answer: option, option, index: choices.indexOf(option) } });
    }
    const how = allowFreeText ? 'in their own words' : `with none of the options (${choices.join(' / ')})`;
    return succeeded(`The user answered ${how}: ${answer}`, { data: { answer, option: null } });
  },
});

/** Options as written, without blanks and repeats (case and spacing aside). */
function distinct(options: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const option of options) {
    const text = option.trim();
    const key = comparable(text);
    if (!text || seen.has(key)) continue;
    seen.add(key);
    result.push(text);
  }
  return result;
}

/**
 * The option an answer stands for: the same text (case and spacing aside), or its number when a
 * host's own picker answers with "2" for the second option.
 */
function canonicalOption(answer: string, options: readonly string[]): string | undefined {
  const key = comparable(answer);
  const same = options.find((option) => comparable(option) === key);
  if (same !== undefined) return same;
  const number = /^\d+$/.test(key) ? Number(key) : NaN;
  return number >= 1 && number <= options.length ? options[number - 1] : undefined;
}

function comparable(text: string): string {
  return squish(text).toLowerCase();
}
