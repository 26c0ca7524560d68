import { failed } from './action-result.js';
import type { ParsedArguments } from './action-registry.js';
import type { ActionDefinition, JsonSchema } from './define-action.js';

/** One entry of the host's own tool list (`toolDefinitions`): what the model is told about an action. */
export interface ToolDefinition {
  /** A registered action (built-in or the host's). */
  name: string;
  /** Replaces the action's description and instructions. */
  description: string;
  /** What the model is told the arguments are; the model's arguments must also pass it. Default: the action's own. */
  parameters?: JsonSchema;
}

/**
 * An action as the host's tool list presents it to the model: its description and, if given,
 * its argument schema replaced. Arguments must then satisfy both the listed schema (checked as the
 * action's) and the action's own (`own`, checked before its handler runs): a host can narrow what
 * the model may pass, never widen what the action accepts.
 */
export function listedAction(action: ActionDefinition<any>, definition: ToolDefinition, own: (args: unknown) => ParsedArguments): ActionDefinition<any> {
  const { handler } = action;
  return {
    ...action,
    description: definition.description,
    instructions: undefined,
    parameters: definition.parameters ?? action.parameters,
    handler:
      definition.parameters && handler
        ? (params, context) => {
            const checked = own(params);
            return checked.ok ? handler(checked.params, context) : failed('invalid-arguments', `Arguments for ${action.name} are wrong: ${checked.message}`);
          }
        : handler,
  };
}
