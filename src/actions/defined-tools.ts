import type { JsonSchema } from './define-action.js';

/** One entry of the host's own tool list (`toolDefinitions`): what the model is told about an action. */
export interface ToolDefinition {
  /** A registered action (built-in or the host's). */
  name: string;
  /** Replaces the action's description and instructions. */
  description: string;
  /** What the model is told the arguments are; the model's arguments must also pass it. Default: the action's own. */
  parameters?: JsonSchema;
}
