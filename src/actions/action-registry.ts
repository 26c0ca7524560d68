import * as z from 'zod/mini';
import type { ActionDefinition, JsonSchema } from './define-action.js';

export interface ActionOverride {
  /** Replaces the built-in description. */
  description?: string;
  /** Appended to the description after a newline: site rules that belong next to the tool. */
  appendDescription?: string;
}

/** An action as the model is told about it; the prompt layer renders the parameters as JSON Schema. */
export interface ToolReference {
  name: string;
  description: string;
  parameters: z.ZodMiniType<any> | JsonSchema;
}

export type ParsedArguments = { ok: true; params: Record<string, unknown> } | { ok: false; message: string };

type AnyAction = ActionDefinition<any>;

export class ActionRegistry {
  #actions = new Map<string, AnyAction>();

  constructor(actions: Iterable<AnyAction> = []) {
    for (const action of actions) this.register(action);
  }

  register(action: AnyAction): void {
    if (!/^[a-z][a-z0-9_]{0,63}$/i.test(action.name)) {
      throw new TypeError(`Action name "${action.name}" must be letters, digits and underscores (at most 64).`);
    }
    this.#actions.set(action.name, action);
  }

  unregister(name: string): void {
    this.#actions.delete(name);
  }

  get(name: string): AnyAction | undefined {
    return this.#actions.get(name);
  }

  names(): string[] {
    return [...this.#actions.keys()];
  }

  /** The `# Tools` entries, with the host's overrides applied to every action alike. */
  toolReference(overrides: Record<string, ActionOverride> = {}): ToolReference[] {
    return [...this.#actions.values()].map((action) => {
      const override = overrides[action.name];
      let description = override?.description ?? action.description;
      if (action.instructions) description += `\n${action.instructions}`;
      if (!override?.description && override?.appendDescription) description += `\n${override.appendDescription}`;
      return { name: action.name, description, parameters: action.parameters };
    });
  }


  async parseArguments(action: AnyAction, args: unknown): Promise<ParsedArguments> {
    const value = args ?? {};
    if (isZodSchema(action.parameters)) {
      const result = z.safeParse(action.parameters, value);
      return result.success
        ? { ok: true, params: result.data as Record<string, unknown> }
        : { ok: false, message: z.prettifyError(result.error) };
    }
    // Only host actions declared as JSON Schema need its checker: it loads with the first of them.
    const { checkJsonSchema } = await import('./check-json-schema.js');
    const problems = checkJsonSchema(action.parameters, value);
    return problems.length ? { ok: false, message: problems.join('; ') } : { ok: true, params: value as Record<string, unknown> };
  }
}

function isZodSchema(value: z.ZodMiniType<any> | JsonSchema): value is z.ZodMiniType<any> {
  return typeof value === 'object' && value !== null && '_zod' in value;
}
