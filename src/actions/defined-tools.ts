import { ActionRegistry, type ActionOverride, type ParsedArguments, type ToolReference } from './action-registry.js';
import { checkJsonSchema } from './check-json-schema.js';
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

type AnyAction = ActionDefinition<any>;

/**
 * The actions the model may call when the host wrote the tool list itself: exactly the listed
 * ones, described as listed, in that order. A live view of `base`, so actions registered later
 * appear once listed. Arguments must satisfy both the listed parameters and the action's own
 * schema: a host can narrow what the model may pass, never widen what the action accepts.
 */
export class DefinedTools extends ActionRegistry {
  #base: ActionRegistry;
  #definitions: Map<string, ToolDefinition>;

  constructor(base: ActionRegistry, definitions: readonly ToolDefinition[]) {
    super();
    this.#base = base;
    this.#definitions = new Map(definitions.map((definition) => [definition.name, definition]));
  }

  /** Listed names that no registered action answers to. */
  missing(): string[] {
    return [...this.#definitions.keys()].filter((name) => !this.#base.get(name));
  }

  override register(action: AnyAction): void {
    this.#base.register(action);
  }

  override unregister(name: string): void {
    this.#base.unregister(name);
  }

  override get(name: string): AnyAction | undefined {
    return this.#definitions.has(name) ? this.#base.get(name) : undefined;
  }

  override names(): string[] {
    return [...this.#definitions.keys()].filter((name) => this.#base.get(name));
  }

  override toolReference(overrides: Record<string, ActionOverride> = {}): ToolReference[] {
    return this.names().map((name) => {
      const definition = this.#definitions.get(name)!;
      const override = overrides[name];
      let description = override?.description ?? definition.description;
      if (!override?.description && override?.appendDescription) description += `\n${override.appendDescription}`;
      return { name, description, parameters: definition.parameters ?? this.#base.get(name)!.parameters };
    });
  }

  override parseArguments(action: AnyAction, args: unknown): ParsedArguments {
    const listed = this.#definitions.get(action.name)?.parameters;
    const problems = listed ? checkJsonSchema(listed, args ?? {}) : [];
    return problems.length ? { ok: false, message: problems.join('; ') } : super.parseArguments(action, args);
  }
}
