import type { ActionRegistry, ActionResult, AskUserRequest } from '../actions/index.js';
import { LLMError } from '../llm/llm-error.js';
import type { LLMMessage, LLMProvider } from '../llm/types.js';
import { WebAgentError } from './agent-error.js';
import type { AgentEmitter } from './agent-emitter.js';
import type { AgentSession, AgentStatus } from './agent-session.js';
import { runTurn } from './run-turn.js';
import { resolveTargetOrFail, TurnStoppedByUser } from './turn-executor.js';

export interface LoopInput {
  agent: AgentEmitter & { config: { maxSteps?: number; maxErrors?: number; llmTimeoutMs?: number } };
  session: AgentSession;
  provider: LLMProvider;
  registry: ActionRegistry;
  signal: AbortSignal;
  save(): void;
  systemPrompt(): string;
  envBlock(): string;
  setStatus(status: AgentStatus): void;
  navigate(url: URL): Promise<ActionResult>;
  askUser(request: AskUserRequest): Promise<string>;
  confirm(request: { action: string; params: Record<string, unknown>; message: string; target?: Element }): Promise<boolean>;
  destructivePatterns: RegExp[];
}

/**
 * The agent loop: page snapshot → model turn (actions run while it streams) → record → repeat,
 * until the model ends the task, the user stops it, or a budget runs out.
 */
export async function runLoop(input: LoopInput): Promise<void> {
  const { agent, session, signal } = input;
  const maxSteps = agent.config.maxSteps ?? 30;
  const maxErrors = agent.config.maxErrors ?? 3;
  const finish = (state: AgentSession['state'], summary?: string) => {
    session.state = state;
    session.updatedAt = Date.now();
    input.save();
    const status = state === 'running' ? 'done' : state;
    input.setStatus(status);
    agent.emit('done', { status, session, summary });
    input.setStatus('idle');
  };

  let turnNumber = 0;
  while (!signal.aborted) {
    if (session.stepCount >= maxSteps) {
      agent.reportError(new WebAgentError('max-steps', `Stopped after ${maxSteps} steps without finishing; raise maxSteps or split the task.`));
      return finish('failed', 'step limit reached');
    }
    session.stepCount++;
    turnNumber++;
    input.setStatus('thinking');
    const messages: LLMMessage[] = [{ role: 'system', content: input.systemPrompt() }, ...session.history, { role: 'user', content: input.envBlock() }];
    const timeout = AbortSignal.timeout(agent.config.llmTimeoutMs ?? 60_000);
    const callSignal = anySignal([signal, timeout]);
    try {
      const record = await runTurn({
        provider: input.provider,
        messages,
        signal: callSignal,
        hooks: {
          registry: input.registry,
          destructivePatterns: input.destructivePatterns,
          context: {
            signal,
            resolveTarget: resolveTargetOrFail,
            navigate: input.navigate,
            askUser: input.askUser,
          },
          narrate: (index, text, final) => narrate(agent, `${session.id}.${session.history.length}.${turnNumber}.${index}`, text, final),
          confirm: input.confirm,
          beforeAction: (detail) => {
            input.setStatus('executing');
            agent.emit('before-action', detail);
          },
          step: (outcome) => {
            if (outcome.action !== 'narrate') agent.emit('step', outcome);
          },
        },
      });
      if (record.usage) addUsage(session, record.usage);
      session.consecutiveErrors = record.problem ? session.consecutiveErrors + 1 : 0;
      session.history.push(...record.messages);
      if (record.turn) {
        session.memory = record.turn.memory;
        session.todos = record.turn.todos_remaining;
      }
      session.updatedAt = Date.now();
      session.lastUrl = location.href;
      if (record.prose !== undefined && !record.messages.length) {
        // A server that ignored the forced tool answered in prose: show it and end the task.
        session.history.push({ role: 'assistant', content: record.prose });
        await narrate(agent, `${session.id}.prose.${turnNumber}`, record.prose, true);
        return finish('done');
      }
      if (record.problem) {
        agent.reportError(new WebAgentError('protocol', `The model's reply could not be used: ${record.problem}`));
        if (session.consecutiveErrors >= maxErrors) return finish('failed', record.problem);
        input.save();
        continue;
      }
      if (record.executor.navigateTo) {
        // Recorded and saved first: the next page's element finds the session and resumes it.
        input.save();
        location.assign(record.executor.navigateTo);
        return;
      }
      input.save();
      const ended = record.executor.toolActionCount === 0 && (!record.turn?.actions?.length || !record.turn.todos_remaining.length);
      if (ended) return finish('done');
    } catch (error) {
      if (error instanceof TurnStoppedByUser) {
        session.history.push({ role: 'user', content: `(I declined ${error.action}; stop here.)` });
        return finish('stopped', 'stopped by user');
      }
      if (signal.aborted) break;
      const failure = LLMError.isInstance(error) ? error : new WebAgentError('model', (error as Error)?.message ?? String(error), { cause: error });
      session.consecutiveErrors++;
      agent.reportError(failure);
      input.save();
      if (session.consecutiveErrors >= maxErrors) {
        return finish('failed', `${session.consecutiveErrors} failed model calls in a row: ${failure.message}`);
      }
      await delay(Math.min(500 * 2 ** (session.consecutiveErrors - 1), 8_000), signal);
    }
  }
  finish('stopped', 'stopped by user');
}

function narrate(agent: AgentEmitter, id: string, text: string, final: boolean): Promise<void> {
  const waits: Promise<unknown>[] = [];
  agent.emit('subtitle', { id, text, final, waitUntil: (promise) => void waits.push(promise) });
  return Promise.all(waits).then(() => undefined);
}

function addUsage(session: AgentSession, usage: { promptTokens: number; completionTokens: number; totalTokens: number }): void {
  session.usage.promptTokens += usage.promptTokens;
  session.usage.completionTokens += usage.completionTokens;
  session.usage.totalTokens += usage.totalTokens;
}

/** AbortSignal.any is too new for some engines we support (WebKitGTK, older Safari). */
function anySignal(signals: AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true, signal: controller.signal });
  }
  return controller.signal;
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}
