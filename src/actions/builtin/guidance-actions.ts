import type { ActionDefinition } from '../define-action.js';
import { askUserAction } from './ask-user.js';
import { navigateAction } from './navigate.js';

/** Actions that move, show, wait and talk: navigation, overlays, pauses and questions. */
export const guidanceActions: ActionDefinition<any>[] = [navigateAction, askUserAction];
