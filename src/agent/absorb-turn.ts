import type { TodoAdjust } from '../prompt/planned-turn.js';
import type { AgentSession } from './agent-session.js';
import type { TurnRecord } from './run-turn.js';

/** Memory, todos and plan progress from the envelope into the session. */
export function absorbTurn(session: AgentSession, record: TurnRecord, planned?: typeof import('../prompt/planned-turn.js')): void {
  const turn = record.turn as { memory?: string; todos_remaining?: string[]; todo_adjust?: TodoAdjust } | undefined;
  if (!turn) return;
  if (typeof turn.memory === 'string') session.memory = turn.memory;
  if (session.plan) {
    if (turn.todo_adjust && planned) session.plan.steps = planned.applyTodoAdjust(session.plan.steps, turn.todo_adjust);
    session.todos = session.plan.steps.filter((step) => step.status === 'todo').map((step) => step.text);
  } else if (Array.isArray(turn.todos_remaining)) {
    session.todos = turn.todos_remaining;
  }
}
