import { askUserAction } from './builtin/ask-user.js';
import { clickAction } from './builtin/click.js';
import { fillInputAction } from './builtin/fill-input.js';
import { navigateAction } from './builtin/navigate.js';
import type { ActionDefinition } from './define-action.js';

export const builtinActions: ActionDefinition<any>[] = [navigateAction, clickAction, fillInputAction, askUserAction];
