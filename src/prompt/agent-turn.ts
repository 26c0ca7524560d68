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

const stepNumbers = (what: string) => z.optional(z.array(z.int().check(z.gte(1))).check(z.describe(what)));

/** Changes the model makes to the plan in a turn, by 1-based step number. */
export const todoAdjustSchema = z.object({
  done: stepNumbers('Numbers of plan steps finished now, as a tool result or the page confirms.'),
  add: z.optional(z.array(z.string()).check(z.describe('Steps that turned out to be needed; they are numbered after the existing ones.'))),
  drop: stepNumbers('Numbers of plan steps no longer needed.'),
});

/** The envelope used when a plan exists: which step this turn serves, plan changes, memory, actions. */
export const agentTurnPlannedSchema = z.object({
  turn_planning: z.string().check(z.describe('1-2 sentences: which plan step this turn works on and why. Private.')),
  todo_adjust: z.optional(todoAdjustSchema.check(z.describe('Changes to the plan this turn; omit when nothing changed.'))),
  memory,
  actions,
  success,
});

export type AgentTurn = z.infer<typeof agentTurnSchema>;
export type AgentTurnPlanned = z.infer<typeof agentTurnPlannedSchema>;
export type TodoAdjust = z.infer<typeof todoAdjustSchema>;
export type TurnItem = NonNullable<AgentTurn['actions']>[number];

export interface AgentTurnToolOptions {
  /** A plan exists: the tool takes the planned envelope. */
  planned?: boolean;
}

/** The one function the model is made to call each turn; its name is `agent_turn` in both variants. */
export function agentTurnTool(options: AgentTurnToolOptions = {}): { name: string; description: string; parameters: Record<string, unknown> } {
  if (options.planned) {
    return {
      name: AGENT_TURN_TOOL,
      description: 'Say which plan step you are on, update the plan, and give the actions to run next. Call it exactly once per turn.',
      parameters: toJsonSchema(agentTurnPlannedSchema),
    };
  }
  return {
    name: AGENT_TURN_TOOL,
    description: 'Report your progress and the actions to run next. Call it exactly once per turn.',
    parameters: toJsonSchema(agentTurnSchema),
  };
}
