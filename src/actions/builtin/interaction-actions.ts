import type { ActionDefinition } from '../define-action.js';
import { clickAction } from './click.js';
import { fillInputAction } from './fill-input.js';

/** Actions that operate the page's controls the way a visitor's hands would. */
export const interactionActions: ActionDefinition<any>[] = [clickAction, fillInputAction];
