import * as z from 'zod/mini';
import { toJsonSchema } from './to-json-schema.js';

export const AGENT_TURN_TOOL = 'agent_turn';

const narrateItem = z.object({
  narrate: z.string().check(z.describe('One or two short sentences shown to the user in the subtitle bar.')),
});
const toolItem = z.object({
  tool: z.string().check(z.describe('Name of an action from # Tools.')),
  args: z.optional(z.record(z.string(), z.unknown())),
});

/** The envelope the model fills in every turn: its notes to itself and the actions to run. */
export const agentTurnSchema = z.object({
  memory: z.string().check(z.describe('1-2 sentences: what is done so far and what you learned. Private; the user never sees it.')),
  todos_remaining: z.array(z.string()).check(z.describe('What is still owed to the user\'s request. Empty when finished.')),
  actions: z.optional(
    z.array(z.union([narrateItem, toolItem])).check(
      z.describe('Run in order this turn. Omit or leave empty to end the task.'),
    ),
  ),
});

export type AgentTurn = z.infer<typeof agentTurnSchema>;
export type TurnItem = NonNullable<AgentTurn['actions']>[number];

export function agentTurnTool(): { name: string; description: string; parameters: Record<string, unknown> } {
  const parameters = toJsonSchema(agentTurnSchema);
  return {
    name: AGENT_TURN_TOOL,
    description: 'Report your progress and the actions to run next. Call it exactly once per turn.',
    parameters,
  };
}
