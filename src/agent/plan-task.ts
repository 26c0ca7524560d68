import * as z from 'zod/mini';
import type { LLMProvider } from '../llm/types.js';
import { REPLY_CAP_MS, watchStream } from '../llm/watched-stream.js';
import { buildPlannerMessages, planFromReply, planSchema, planTool } from '../prompt/plan-request.js';
import type { ContentPart } from '../prompt/messages.js';
import type { AgentSession } from './agent-session.js';
import type { PlanInput, PlannerFunction, TaskPlan } from './config.js';
import type { VisitorQuestions } from './visitor-questions.js';

export interface MakePlanInput {
  /** `true` plans with the model (the router's planner role); a function is the host's own planner. */
  planner: boolean | PlannerFunction;
  provider: LLMProvider;
  input: PlanInput;
  prompt: { agentName: string; siteName?: string; date: string; locale?: string; selectionBlock?: string | ContentPart[]; sitemapText?: string };
  signal: AbortSignal;
  /** The longest wait for the reply to start or go on (llmTimeoutMs). */
  idleMs: number;
}

export interface PlanSessionInput {
  request: MakePlanInput;
  session: AgentSession;
  /** Told why planning failed; the task then goes on without a plan. */
  failed: (error: unknown) => void;
  questions: VisitorQuestions;
  /** With the host's `announcePlan`: shows the plan's summary in the bar, before the visitor is asked. */
  announce?: (summary: string) => Promise<void>;
  save: () => void;
}

/**
 * The plan made and kept in the session before the first turn (here, not in the core, so hosts
 * without a planner never fetch it). False when the run stops: stopped by the visitor, or the
 * announced plan declined.
 */
export async function planSession({ request, session, failed, questions, announce, save }: PlanSessionInput): Promise<boolean> {
  let plan: TaskPlan | undefined;
  try {
    plan = await makePlan(request);
  } catch (error) {
    failed(error);
  }
  if (request.signal.aborted) return false;
  if (!plan) return true;
  // The plan's bookkeeping is the chunk every turn of a planned session loads anyway.
  const { renderPlan } = await import('../prompt/planned-turn.js');
  session.plan = { task_summary: plan.task_summary, steps: plan.steps.map((text) => ({ text, status: 'todo' as const })) };
  session.history.push({ role: 'user', content: renderPlan(session.plan) });
  save();
  if (!announce) return true;
  await announce(plan.task_summary);
  if (await questions.confirm({ action: 'start_plan', params: { steps: plan.steps }, message: plan.task_summary, custom: true }, request.signal)) return true;
  session.history.push({ role: 'user', content: '(I did not want this plan; stop here.)' });
  return false;
}

/** One planning call before the loop. Rejects with a readable message when no usable plan came back. */
export async function makePlan({ planner, provider, input, prompt, signal, idleMs }: MakePlanInput): Promise<TaskPlan | undefined> {
  if (planner === false) return undefined;
  const raw = planner === true ? await askModel(provider, input, prompt, signal, idleMs) : await planner(input);
  const result = z.safeParse(planSchema, raw);
  if (!result.success) throw new Error(`the plan did not have the expected shape (${z.prettifyError(result.error)})`);
  const plan = planFromReply(result.data);
  if (!plan.steps.length) return undefined;
  return { task_summary: plan.task_summary, steps: plan.steps.map((step) => step.text) };
}

async function askModel(provider: LLMProvider, input: PlanInput, prompt: MakePlanInput['prompt'], signal: AbortSignal, idleMs: number): Promise<unknown> {
  const messages = buildPlannerMessages({
    task: input.task,
    url: input.url,
    title: input.title,
    dump: input.dump,
    ...prompt,
  });
  let text = '';
  const parts = watchStream((callSignal) => provider.streamTurn({ messages, tool: planTool() }, { signal: callSignal }), { signal, idleMs, capMs: Math.max(REPLY_CAP_MS, idleMs) });
  for await (const part of parts) {
    if (part.type === 'arguments-delta') text += part.delta;
  }
  if (!text.trim()) throw new Error('the model sent no plan');
  try {
    return JSON.parse(text);
  } catch {
    throw new Error('the plan was not valid JSON');
  }
}
