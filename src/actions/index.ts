export { defineAction } from './define-action.js';
export type { ActionContext, ActionDefinition, AskUserRequest, JsonSchema, OverlayItem, PageView } from './define-action.js';
export { ActionFailureReason, failed, succeeded } from './action-result.js';
export type { ActionResult } from './action-result.js';
export { ActionRegistry } from './action-registry.js';
export type { ActionOverride, ToolReference } from './action-registry.js';
export { actionTarget, confirmationNeeded, controlSetOff, defaultDestructivePatterns } from './confirm-gate.js';
export { builtinActions } from './builtin-actions.js';
