import * as z from 'zod/mini';
import type { LLMProvider } from '../llm/types.js';
import { REPLY_CAP_MS, watchStream } from '../llm/watched-stream.js';
import { buildPlannerMessages, planFromReply, planSchema, planTool, type ContentPart } from '../prompt/index.js';
import type { PlanInput, PlannerFunction, TaskPlan } from './config.js';

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
