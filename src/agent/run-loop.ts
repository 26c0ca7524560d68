import { redactUrl } from '../dom/url-redaction.js';
import { LLMError } from '../llm/llm-error.js';
import { cancel, later, now, sleepUnlessAborted, wallNow } from '../dom/platform.js';
import { REPLY_CAP_MS } from '../llm/watched-stream.js';
import type { LLMMessage, LLMProvider } from '../llm/types.js';
import type { TurnEnvelope } from '../prompt/agent-turn.js';
import { WebAgentError } from './agent-error.js';
import type { AgentEmitter } from './agent-emitter.js';
import { addUsage, noteTranscript, type AgentSession, type AgentStatus } from './agent-session.js';
import type { DebugLog } from './debug-log.js';
import type { ActionPathHooks } from './execute-action.js';
import { PageLeaving } from './page-leaving.js';
import { runTurn, type TurnRecord } from './run-turn.js';
import { TurnStoppedByUser, type ItemOutcome } from './turn-executor.js';

export interface LoopLimits {
  maxSteps: number;
  maxErrors: number;
  /** The longest wait for a reply to start, or for its next part: silence, not a long reply. */
  llmTimeoutMs: number;
  tokenBudget?: number;
}

export interface PreparedRequest {
  messages: LLMMessage[];
  /** Characters of the whole prompt, for a token estimate; counted only when the server reports no usage. */
  promptChars(): number;
}

export interface LoopInput {
  agent: AgentEmitter;
  session: AgentSession;
  limits: LoopLimits;
  provider: LLMProvider;
  /** How each action runs: the model's tools, the action context, the gate, before-action. */
  actions: ActionPathHooks;
  signal: AbortSignal;
  debug?: DebugLog;
  save(): void;
  /** System block, capped history and env block for the next call. */
  prepare(): Promise<PreparedRequest>;
  /** The envelope this session's turns use (plain, or planned with a plan). */
  envelope: TurnEnvelope;
  /** Reads the envelope's bookkeeping (memory, todos or plan adjustments) into the session. */
  absorb(record: TurnRecord): void;
  /** Whether the session still owes the user something after this turn. */
  hasWorkLeft(): boolean;
  setStatus(status: AgentStatus, detail?: { retry?: { attempt: number; delayMs: number; message: string } }): void;
  /** Every item of every turn as it ends, narrations included (the run's recording). */
  observe?(outcome: ItemOutcome): void;
  /** `achieved` false: the task ended as planned but what was asked could not be done. */
  finish(state: AgentSession['state'], summary?: string, achieved?: boolean): Promise<void>;
}

/**
 * The agent loop: page snapshot → model turn (actions run while it streams) → record → repeat,
 * until the model ends the task, the user stops it, or a budget runs out.
 */
export async function runLoop(input: LoopInput): Promise<void> {
  const leaving = new PageLeaving();
  try {
    return await loop(input, leaving);
  } finally {
    leaving.dispose();
  }
}

async function loop(input: LoopInput, leaving: PageLeaving): Promise<void> {
  const { agent, session, signal, limits } = input;
  let turnNumber = 0;
  // Saved as the page went: the next page resumes from it, and nothing more happens here.
  let savedAsPageWent = false;
  // The narration the visitor saw of a reply that then failed: a retry that says it again carries
  // on from there, in the same line, instead of typing it from the start.
  let carried: ShownNarration | undefined;
  while (!signal.aborted) {
    if (session.stepCount >= limits.maxSteps) {
      agent.reportError(new WebAgentError('max-steps', `Stopped after ${limits.maxSteps} steps without finishing; raise maxSteps or split the task.`));
      return input.finish('failed', 'step limit reached');
    }
    session.stepCount++;
    turnNumber++;
    input.setStatus('thinking');
    const started = now();
    let request: PreparedRequest;
    try {
      request = await input.prepare();
    } catch (error) {
      // A page that breaks the snapshot (a platform call that throws, a broken built-in) ends the
      // run with a reason, rather than leaving it thinking forever.
      agent.reportError(new WebAgentError('page', `Reading the page for the model failed, so the task stopped (${(error as Error)?.message ?? String(error)}).`, { cause: error }));
      return input.finish('failed', 'the page could not be read');
    }
    // Stopped while the page was being read: the model is not asked again.
    if (signal.aborted) break;
    const prepareMs = now() - started;
    input.debug?.request(request.messages);
    let shown: ShownNarration | undefined;
    let record: TurnRecord;
    try {
      record = await runTurn({
        provider: input.provider,
        messages: request.messages,
        tool: input.envelope.tool,
        schema: input.envelope.schema,
        signal,
        idleMs: limits.llmTimeoutMs,
        capMs: Math.max(REPLY_CAP_MS, limits.llmTimeoutMs),
        hooks: {
          ...input.actions,
          narrate: (index, text, final) => {
            if (final && text.trim()) noteTranscript(session, { from: 'agent', text });
            let id = `${session.id}.${session.history.length}.${turnNumber}.${index}`;
            let showing = text;
            if (carried && carried.index === index && (text.startsWith(carried.text) || carried.text.startsWith(text))) {
              id = carried.id;
              // While the retry says again what the visitor read, the line stays as it was.
              if (!final && text.length < carried.text.length) showing = carried.text;
            } else carried = undefined;
            shown = { index, id, text: showing };
            return narrate(agent, id, showing, final);
          },
          step: (outcome) => {
            input.observe?.(outcome);
            if (outcome.action !== 'narrate') agent.emit('step', outcome);
          },
        },
        onRetry: (retry) => {
          console.warn(`[web-agent] ${retry.error.message} Trying again in ${Math.round(retry.delayMs / 100) / 10} s.`);
          input.setStatus('thinking', { retry: { attempt: retry.attempt, delayMs: retry.delayMs, message: retry.error.message } });
        },
        onMode: (mode) => input.debug?.mode(mode),
        leaving,
        onPageHide: (partial) => {
          savedAsPageWent = true;
          session.history.push(...partial.messages);
          session.updatedAt = wallNow();
          input.save();
        },
      });
    } catch (error) {
      if (savedAsPageWent) return;
      if (error instanceof TurnStoppedByUser) {
        session.history.push({ role: 'user', content: `(I declined ${error.action}; stop here.)` });
        return input.finish('stopped', 'stopped by user');
      }
      if (signal.aborted) break;
      // A failure before anything ran: history is unchanged, the same request can simply be retried.
      carried = shown ?? carried;
      if (await failedCall(input, error)) return;
      continue;
    }
    if (savedAsPageWent) return;
    carried = undefined;
    const recordStarted = now();
    addUsage(session, record.usage ?? estimateUsage(request.promptChars(), record.argumentsText));
    session.history.push(...record.messages);
    input.absorb(record);
    session.updatedAt = wallNow();
    session.lastUrl = redactUrl(location.href);
    input.debug?.turn(record, { prepareMs, parseMs: record.parseMs, actionsMs: record.executor.actionsMs, recordMs: now() - recordStarted, totalMs: now() - started });

    if (record.interrupted) {
      // The stream broke after some actions ran: they are recorded above, so the model knows.
      if (signal.aborted) break;
      if (await failedCall(input, record.interrupted)) return;
      continue;
    }
    if (record.prose !== undefined && !record.messages.length) {
      // A reply in prose (no tool call, no JSON in it): show it as the answer and end the task.
      session.history.push({ role: 'assistant', content: record.prose });
      session.consecutiveErrors = 0;
      await narrate(agent, `${session.id}.prose.${turnNumber}`, record.prose, true);
      input.observe?.({ index: 0, action: 'narrate', params: { text: record.prose }, result: { ok: true, message: 'shown' } });
      return input.finish('done');
    }
    if (record.problem) {
      session.consecutiveErrors++;
      agent.reportError(new WebAgentError('protocol', `The model's reply could not be used: ${record.problem}`));
      if (session.consecutiveErrors >= limits.maxErrors) return input.finish('failed', record.problem);
      input.save();
      continue;
    }
    // Calling a tool that does not exist, or with arguments it does not take, is the model
    // misusing the protocol: the results already told it, and it counts toward maxErrors.
    const misuse = protocolMisuse(record);
    if (misuse) {
      session.consecutiveErrors++;
      agent.reportError(new WebAgentError('protocol', misuse));
      if (session.consecutiveErrors >= limits.maxErrors) {
        input.save();
        return input.finish('failed', misuse);
      }
    } else {
      session.consecutiveErrors = 0;
    }
    const overBudget = budgetExceeded(input);
    if (overBudget) {
      agent.reportError(overBudget);
      return input.finish('failed', 'token budget reached');
    }
    if (record.executor.navigateTo) {
      // Recorded and saved first: the next page's element finds the session and resumes it.
      input.save();
      location.assign(record.executor.navigateTo);
      return;
    }
    input.save();
    // The model is not asked again on a page that is going: the next page carries the task on.
    if (record.executor.leftPage && (await leaving.gone(signal))) return;
    const ended = record.executor.toolActionCount === 0 && (!record.turn?.actions?.length || !input.hasWorkLeft());
    // The model says how it went; without a word, work still owed means it was not done.
    if (ended) return input.finish('done', undefined, record.turn?.success ?? !input.hasWorkLeft());
  }
  return input.finish('stopped', 'stopped by user');
}

/** Reports a failed call, counts it, and waits before the next try; true when the run is over. */
async function failedCall(input: LoopInput, error: unknown): Promise<boolean> {
  const { agent, session, limits, signal } = input;
  const failure = LLMError.isInstance(error) || WebAgentError.isInstance(error) ? error : new WebAgentError('model', (error as Error)?.message ?? String(error), { cause: error });
  session.consecutiveErrors++;
  agent.reportError(failure);
  input.save();
  if (session.consecutiveErrors >= limits.maxErrors) {
    await input.finish('failed', `${session.consecutiveErrors} failed model calls in a row: ${failure.message}`);
    return true;
  }
  await sleepUnlessAborted(Math.min(500 * 2 ** (session.consecutiveErrors - 1), 8_000), signal);
  return false;
}

function protocolMisuse(record: TurnRecord): string | undefined {
  const wrong = record.executor.outcomes.filter((outcome) => !outcome.result.ok && (outcome.result.reason === 'unknown-action' || outcome.result.reason === 'invalid-arguments'));
  if (!wrong.length) return undefined;
  return `The model asked for ${wrong.map((outcome) => (outcome.result.reason === 'unknown-action' ? `a tool that does not exist ("${outcome.action}")` : `${outcome.action} with wrong arguments`)).join(' and ')}.`;
}

function budgetExceeded({ limits, session }: LoopInput): WebAgentError | undefined {
  const budget = limits.tokenBudget;
  const used = session.runUsage.totalTokens;
  if (!budget || used < budget) return undefined;
  return new WebAgentError('token-budget', `Stopped: this task used ${used} tokens, over its budget of ${budget} (tokenBudget). The session is kept; ask again to continue.`);
}

/** Servers that send no usage still get counted, roughly: 3.5 characters a token. */
function estimateUsage(promptChars: number, completion: string): { promptTokens: number; completionTokens: number; totalTokens: number; estimated: true } {
  const promptTokens = Math.ceil(promptChars / 3.5);
  const completionTokens = Math.ceil(completion.length / 3.5);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, estimated: true };
}

interface ShownNarration {
  index: number;
  /** The subtitle id it was shown under. */
  id: string;
  text: string;
}

/**
 * Shows a narration; resolves once the presenter (the subtitle bar) has finished showing it, or
 * after a bound on the agent's own clock: a bar whose frames never come (a background tab, a page
 * that stopped requestAnimationFrame or its timers) must not hold the task. Eight seconds and 30 ms a
 * character is more than the bar's longest reading hold (5 s) and typing it out take together.
 */
export function narrate(agent: AgentEmitter, id: string, text: string, final: boolean): Promise<void> {
  const waits: Promise<unknown>[] = [];
  agent.emit('subtitle', { id, text, final, waitUntil: (promise) => void waits.push(promise) });
  if (!waits.length) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = later(resolve, 8_000 + 30 * text.length);
    void Promise.all(waits).then(() => resolve(), () => resolve()).then(() => cancel(timer));
  });
}
