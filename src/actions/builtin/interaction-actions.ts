import type { ActionDefinition } from '../define-action.js';
import { checkAction, uncheckAction } from './check.js';
import { clearInputAction } from './clear-input.js';
import { clickAction } from './click.js';
import { fillInputAction } from './fill-input.js';
import { hoverAction } from './hover.js';
import { pressKeyAction } from './press-key.js';
import { selectOptionAction } from './select-option.js';
import { selectTextAction } from './select-text.js';

/** Actions that operate the page's controls the way a visitor's hands would. */
export const interactionActions: ActionDefinition<any>[] = [
  clickAction,
  fillInputAction,
  clearInputAction,
  selectOptionAction,
  checkAction,
  uncheckAction,
  pressKeyAction,
  hoverAction,
  selectTextAction,
];
