import type { ActionDefinition } from '../define-action.js';
import { askUserChoiceAction } from './ask-user-choice.js';
import { askUserAction } from './ask-user.js';
import { borderAction } from './border.js';
import { highlightAction } from './highlight.js';
import { navigateAction } from './navigate.js';
import { pauseAction } from './pause.js';
import { scrollToAction } from './scroll-to.js';
import { waitAction } from './wait.js';

/**
 * Actions that move, show, wait and talk: navigation, scrolling, overlays, pauses and questions.
 * None names a `targetParameter`: pointing at a "Delete" button must not ask for confirmation, and
 * these actions draw their own overlay instead of the cue that marks an action's target.
 */
export const guidanceActions: ActionDefinition<any>[] = [
  navigateAction,
  scrollToAction,
  waitAction,
  borderAction,
  highlightAction,
  pauseAction,
  askUserAction,
  askUserChoiceAction,
];
