import type { LLMMessage, LLMProvider, TokenUsage } from '../llm/types.js';
import { TurnStreamReader } from '../llm/turn-stream.js';
import { agentTurnSchema, agentTurnTool, AGENT_TURN_TOOL, type AgentTurn } from '../prompt/index.js';
import * as z from 'zod/mini';
import { TurnExecutor, type TurnExecutorHooks } from './turn-executor.js';

export interface TurnInput {
  provider: LLMProvider;
  messages: LLMMessage[];
  signal: AbortSignal;
  hooks: Omit<TurnExecutorHooks, 'onFatal'>;
}

export interface TurnRecord {
  /** The assistant message and the tool reply, appended to history as they are. */
  messages: LLMMessage[];
  turn?: AgentTurn;
  executor: TurnExecutor;
  usage?: TokenUsage;
  /** Set when the reply was unusable; the model sees it as the tool reply. */
  problem?: string;
  /** The model answered in prose instead of calling the tool. */
  prose?: string;
}

let callCounter = 0;

/**
 * One model call: streams the agent_turn arguments, runs each action as soon as it is complete,
 * and returns the messages that record the turn in history.
 */
export async function runTurn({ provider, messages, signal, hooks }: TurnInput): Promise<TurnRecord> {
  const local = new AbortController();
  const abortLocal = () => local.abort(signal.reason);
  signal.addEventListener('abort', abortLocal, { once: true });
  let fatal: unknown;
  const executor = new TurnExecutor({
    ...hooks,
    onFatal(error) {
      fatal ??= error;
      local.abort(error);
    },
  });
  const reader = new TurnStreamReader();
  let callId = '';
  let prose = '';
  let usage: TokenUsage | undefined;
  try {
    for await (const part of provider.streamTurn({ messages, tool: agentTurnTool() }, { signal: local.signal })) {
      if (part.type === 'tool-call-start') callId ||= part.id;
      else if (part.type === 'text-delta') prose += part.delta;
      else if (part.type === 'usage') usage = part.usage;
      else if (part.type === 'arguments-delta') {
        for (const event of reader.push(part.delta)) {
          if (event.type === 'narrate-delta') executor.narrateDelta(event.index, event.text);
          else executor.itemComplete(event.index, event.item);
        }
      }
    }
  } catch (error) {
    if (fatal) throw fatal;
    throw error;
  } finally {
    signal.removeEventListener('abort', abortLocal);
  }
  await executor.drain();
  if (fatal) throw fatal;

  callId ||= `call_${Date.now().toString(36)}_${callCounter++}`;
  const argumentsText = reader.text;
  if (!argumentsText.trim()) {
    return { messages: [], executor, usage, prose: prose.trim(), problem: prose.trim() ? undefined : 'The reply was empty.' };
  }
  const assistant: LLMMessage = {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: callId, type: 'function', function: { name: AGENT_TURN_TOOL, arguments: argumentsText } }],
  };
  let turn: AgentTurn | undefined;
  let problem: string | undefined;
  try {
    const result = z.safeParse(agentTurnSchema, JSON.parse(argumentsText));
    if (result.success) turn = result.data;
    else problem = `Your agent_turn arguments did not match the schema: ${z.prettifyError(result.error)}`;
  } catch (error) {
    problem = `Your agent_turn arguments were not valid JSON (${(error as Error).message}). Call agent_turn again with valid JSON.`;
  }
  const reply: LLMMessage = { role: 'tool', tool_call_id: callId, content: problem ?? describeOutcomes(executor) };
  return { messages: [assistant, reply], turn, executor, usage, problem };
}

/** The tool reply: one line per tool action, so the model can see what happened and why not. */
function describeOutcomes(executor: TurnExecutor): string {
  const lines = executor.outcomes
    .filter((outcome) => outcome.action !== 'narrate')
    .map((outcome) => `${outcome.index + 1}. ${outcome.action}: ${outcome.result.ok ? 'ok' : `failed (${outcome.result.reason})`} — ${outcome.result.message}`);
  return lines.length ? lines.join('\n') : 'No tools ran.';
}
