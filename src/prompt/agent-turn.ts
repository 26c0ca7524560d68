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
const actions = z.optional(
  z.array(z.union([narrateItem, toolItem])).check(z.describe('Run in order this turn. Omit or leave empty to end the task.')),
);
const success = z.optional(
  z.boolean().check(z.describe('Only on the turn that ends the task: true when the request was done, false when it could not be done.')),
);
const memory = z.string().check(z.describe('1-2 sentences: what is done so far and what you learned. Private; the user never sees it.'));

/** The envelope the model fills in every turn: its notes to itself and the actions to run. */
export const agentTurnSchema = z.object({
  memory,
  todos_remaining: z.array(z.string()).check(z.describe('What is still owed to the user\'s request. Empty when finished.')),
  actions,
  success,
});

/** The fields both envelopes share (./planned-turn.ts builds the planned one from them). */
export const envelopeFields = { memory, actions, success };

export type AgentTurn = z.infer<typeof agentTurnSchema>;
export type TurnItem = NonNullable<AgentTurn['actions']>[number];

/**
 * What the model fills in each turn: the tool it is made to call, the schema its arguments must
 * match, and the `# How to answer` rules that explain it (the plain envelope's are the system
 * prompt's own). The planned envelope is ./planned-turn.ts, loaded only when a session has a plan.
 */
export interface TurnEnvelope {
  tool: { name: string; description: string; parameters: Record<string, unknown> };
  schema: z.ZodMiniType<unknown>;
  rules?: string;
}

/** The one function the model is made to call each turn, `agent_turn`. */
export function agentTurnTool(): TurnEnvelope['tool'] {
  return {
    name: AGENT_TURN_TOOL,
    description: 'Report your progress and the actions to run next. Call it exactly once per turn.',
    parameters: toJsonSchema(agentTurnSchema),
  };
}

/** The envelope of a session without a plan. */
export function plainEnvelope(): TurnEnvelope {
  return { tool: agentTurnTool(), schema: agentTurnSchema };
}
