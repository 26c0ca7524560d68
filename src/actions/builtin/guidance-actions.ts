import * as z from 'zod/mini';
import { defineAction, type ActionDefinition } from '../define-action.js';
import { askUserChoiceAction } from './ask-user-choice.js';
import { askUserAction } from './ask-user.js';
import { borderAction } from './border.js';
import { highlightAction } from './highlight.js';
import { navigateAction } from './navigate.js';
import { pause } from './pause.js';
import { scrollTo } from './scroll-to.js';
import { targetSelector } from './target-parameter.js';
import { waitAction } from './wait.js';

/**
 * Actions that move, show, wait and talk: navigation, scrolling, overlays, pauses and questions.
 * None names a `targetParameter`: pointing at a "Delete" button must not ask for confirmation, and
 * these actions draw their own overlay instead of the cue that marks an action's target.
 */
export const guidanceActions: ActionDefinition<any>[] = [
  navigateAction,
  defineAction({
    name: 'scroll_to',
    description:
      'Bring an element into view (selector), or scroll the page or a scrolling area by about a screen (direction) to find content not rendered yet. click and fill_input scroll to their element themselves.',
    parameters: z.object({
      selector: z.optional(targetSelector),
      direction: z.optional(
        z.enum(['up', 'down', 'top', 'bottom']).check(
          z.describe('Instead of selector: one screen up or down, or to the top or bottom.'),
        ),
      ),
      container: z.optional(
        z.string().check(
          z.describe('With direction: the id of the scrolling area (list, panel) to scroll; default the page.'),
        ),
      ),
    }),
    subjectParameter: 'selector',
    handler: scrollTo,
  }),
  waitAction,
  borderAction,
  highlightAction,
  defineAction({
    name: 'pause',
    description:
      'Show a note and wait until the visitor continues (Space or a Continue button), for steps that are theirs: typing a password or card number, solving a check, reading what you highlighted. Later actions run once they continue.',
    parameters: z.object({
      note: z.optional(z.string().check(z.describe('What the visitor should do or look at.'))),
    }),
    handler: pause,
  }),
  askUserAction,
  askUserChoiceAction,
];
