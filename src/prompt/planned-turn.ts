// The envelope of a session with a plan (turn_planning, todo_adjust) and the plan's bookkeeping:
// loaded by the agent only when a session has a plan, so hosts without a planner never fetch it.
import * as z from 'zod/mini';
import { AGENT_TURN_TOOL, envelopeFields, type TurnEnvelope } from './agent-turn.js';
import { ACTIONS_RULES, MEMORY_RULE, SAFETY_RULES } from './system-prompt.js';
import { toJsonSchema } from './to-json-schema.js';

export { applyTodoAdjust, planFinished, renderPlan } from './plan.js';

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
  ...envelopeFields,
});

export type AgentTurnPlanned = z.infer<typeof agentTurnPlannedSchema>;
export type TodoAdjust = z.infer<typeof todoAdjustSchema>;

const PLANNED_RULES = `# How to answer
The conversation holds a numbered plan for this task. Every turn, call agent_turn exactly once; turn_planning names the step it works on and why, todo_adjust changes the plan by step number. ${MEMORY_RULE}
${ACTIONS_RULES}
Work through the open steps in order unless the page shows a better one. Once every step is done or dropped, or the task cannot be done, end with a turn that marks the last steps in todo_adjust, narrates the outcome, runs no tools and sets success (false when it could not be done); that closes the task. ${SAFETY_RULES}`;

/** The envelope of a session with a plan, under the same tool name. */
export function plannedEnvelope(): TurnEnvelope {
  return {
    tool: {
      name: AGENT_TURN_TOOL,
      description: 'Say which plan step you are on, update the plan, and give the actions to run next. Call it exactly once per turn.',
      parameters: toJsonSchema(agentTurnPlannedSchema),
    },
    schema: agentTurnPlannedSchema,
    rules: PLANNED_RULES,
  };
}
