import type { ActionDefinition } from './define-action.js';
import { guidanceActions } from './builtin/guidance-actions.js';
import { interactionActions } from './builtin/interaction-actions.js';

export const builtinActions: ActionDefinition<any>[] = [...guidanceActions, ...interactionActions];
