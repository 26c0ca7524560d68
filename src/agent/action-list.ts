import type { ActionDefinition, ActionRegistry, JsonSchema } from '../actions/index.js';
import { toJsonSchema } from '../prompt/to-json-schema.js';

/** An action as a host reads it: what it is called, what it does and the arguments it takes. */
export interface ActionInfo {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments (built-ins' zod schemas converted). */
  readonly parameters: JsonSchema;
}

/**
 * The registered actions, read-only: a host lists them (a command palette) or looks one up before
 * calling `executeAction`. Adding goes through `registerAction`, so the agent always knows.
 */
export class ActionList implements Iterable<ActionInfo> {
  #registry: ActionRegistry;

  constructor(registry: ActionRegistry) {
    this.#registry = registry;
  }

  get(name: string): ActionInfo | undefined {
    const action = this.#registry.get(name);
    return action && describe(action);
  }

  names(): string[] {
    return this.#registry.names();
  }

  *[Symbol.iterator](): Iterator<ActionInfo> {
    for (const name of this.names()) yield this.get(name)!;
  }
}

function describe(action: ActionDefinition<any>): ActionInfo {
  const parameters = '_zod' in action.parameters ? toJsonSchema(action.parameters as Parameters<typeof toJsonSchema>[0]) : structuredClone(action.parameters);
  return Object.freeze({ name: action.name, description: action.description, parameters });
}
