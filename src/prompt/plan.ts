import type { TodoAdjust } from './planned-turn.js';
import { oneLine } from './untrusted.js';

// A plan's progress as the loop keeps it once the planner has made one. Making the plan (the
// planner's request and reply) is in plan-request.ts, loaded only when the host turns a planner on.

export type PlanStepStatus = 'todo' | 'done' | 'dropped';
export interface PlanStep {
  text: string;
  status: PlanStepStatus;
}
/** A plan as the loop keeps it: the summary and the steps with their status, numbered by position from 1. */
export interface PlanState {
  task_summary: string;
  steps: PlanStep[];
}

const MARKS: Record<PlanStepStatus, string> = { todo: '[ ]', done: '[x]', dropped: '[-]' };

/**
 * The plan block the loop puts in history once, right after the task (so history capping keeps it
 * with the task): numbered steps, the numbers todo_adjust refers to.
 */
export function renderPlan(plan: PlanState): string {
  const steps = plan.steps.map((step, index) => `${index + 1}. ${MARKS[step.status]} ${oneLine(step.text)}${step.status === 'dropped' ? ' (dropped)' : ''}`);
  return [
    '# Plan for this task',
    `Summary shown to the user: ${oneLine(plan.task_summary)}`,
    ...steps,
    'Refer to steps by these numbers in todo_adjust; steps you add get the next numbers.',
  ].join('\n');
}

/**
 * The steps after one turn's todo_adjust, as a new array (the input is not changed). Step numbers
 * are 1-based positions. `done` applies to any existing step; `drop` only to steps still to do
 * (finished work stays finished); a number in both counts as done. Numbers that name no step are
 * ignored. Added steps are appended as still to do, so existing numbers never shift.
 */
export function applyTodoAdjust(steps: readonly PlanStep[], adjust: TodoAdjust | undefined): PlanStep[] {
  const next = steps.map((step) => ({ ...step }));
  if (!adjust) return next;
  const valid = (list: number[] | undefined) => (list ?? []).filter((n) => Number.isInteger(n) && n >= 1 && n <= next.length);
  const done = new Set(valid(adjust.done));
  for (const n of valid(adjust.drop)) if (!done.has(n) && next[n - 1]!.status === 'todo') next[n - 1]!.status = 'dropped';
  for (const n of done) next[n - 1]!.status = 'done';
  for (const text of adjust.add ?? []) {
    const line = typeof text === 'string' ? oneLine(text) : '';
    if (line) next.push({ text: line, status: 'todo' });
  }
  return next;
}

/** True when no step is left to do: the task should end with a turn that runs no tools. */
export function planFinished(steps: readonly PlanStep[]): boolean {
  return steps.every((step) => step.status !== 'todo');
}
