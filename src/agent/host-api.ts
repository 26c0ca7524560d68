import type { ActionDefinition, ActionRegistry, ActionResult, ParsedArguments, ToolDefinition } from '../actions/index.js';
import type { ActionPathHooks } from './execute-action.js';

/**
 * What the core lends this chunk. It imports none of the core's modules: the bundler would then
 * move the code they share out of the core into chunks of their own that every page fetches.
 */
export interface CoreParts {
  executeAction(name: string, params: Record<string, unknown>, hooks: ActionPathHooks): Promise<ActionResult>;
  /** The action a declined confirmation stopped, if `error` is one. */
  declined(error: unknown): string | undefined;
  elementId(element: Element): string;
}

/**
 * A host's direct call (`executeAction`), fetched with the first one: most pages never make one.
 * The action runs on the loop's own path; a declined confirmation and a stop are results.
 */
export async function directAction(
  core: CoreParts,
  registry: ActionRegistry,
  { name, params, target }: { name: string; params: Record<string, unknown>; target?: Element },
  path: ActionPathHooks,
): Promise<{ args: Record<string, unknown>; result: ActionResult }> {
  const withIds = withElementIds(params, core) as Record<string, unknown>;
  // `target` fills the action's target argument: its `targetParameter`, else `selector`, the name
  // every built-in that acts on one element gives it (border takes a list: pass `selectors`).
  const args = target ? { ...withIds, [registry.get(name)?.targetParameter ?? 'selector']: `[${core.elementId(target)}]` } : withIds;
  const result = await core.executeAction(name, args, path).catch((error: unknown): ActionResult => {
    const declined = core.declined(error);
    if (declined) return { ok: false, reason: 'rejected-by-user', message: `The visitor declined ${declined}.` };
    if (path.context.signal.aborted) return { ok: false, reason: 'skipped', message: `Stopped before ${name} finished.` };
    throw error;
  });
  return { args, result };
}

/** Element values in a host's arguments become the ids the actions resolve. */
function withElementIds(value: unknown, core: CoreParts): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if ((value as Node).nodeType === Node.ELEMENT_NODE) return `[${core.elementId(value as Element)}]`;
  if (Array.isArray(value)) return value.map((item) => withElementIds(item, core));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withElementIds(item, core)]));
}

/**
 * The model's tools from the host's `toolDefinitions`, into `tools` (emptied first): each listed
 * action as the list presents it. Returns the problem, naming the entry, when one lists an action
 * that is not registered.
 */
export function listTools(registry: ActionRegistry, tools: ActionRegistry, definitions: readonly ToolDefinition[]): string | undefined {
  for (const name of tools.names()) tools.unregister(name);
  for (const [index, definition] of definitions.entries()) {
    const action = registry.get(definition.name);
    if (!action) return `Invalid web-agent config — "toolDefinitions.${index}.name" is "${definition.name}", which no registered action is called.`;
    tools.register(listedAction(action, definition, (args) => registry.parseArguments(action, args)));
  }
  return undefined;
}

/**
 * An action as the host's tool list presents it to the model: its description and, if given,
 * its argument schema replaced. Arguments must then satisfy both the listed schema (checked as the
 * action's) and the action's own (`own`, checked before its handler runs): a host can narrow what
 * the model may pass, never widen what the action accepts.
 */
function listedAction(action: ActionDefinition<any>, definition: ToolDefinition, own: (args: unknown) => Promise<ParsedArguments>): ActionDefinition<any> {
  const { handler } = action;
  // Made from the action itself (its prototype), not a copy of its fields: the action path knows a
  // built-in by that, and keeps watching what a listed click sets off as it watches any click.
  return Object.assign(Object.create(action) as ActionDefinition<any>, {
    description: definition.description,
    instructions: undefined,
    parameters: definition.parameters ?? action.parameters,
    handler:
      definition.parameters && handler
        ? async (params: Record<string, unknown>, context: Parameters<typeof handler>[1]) => {
            const checked = await own(params);
            return checked.ok ? handler(checked.params, context) : { ok: false, reason: 'invalid-arguments', message: `Arguments for ${action.name} are wrong: ${checked.message}` };
          }
        : handler,
  });
}
