import * as z from 'zod/mini';
import { prefetchActionCode } from '../actions/index.js';
import { now, onAbort, toJson, wallNow } from '../dom/platform.js';
import { Stopper } from './own-constructors.js';
import { LLMError } from '../llm/llm-error.js';
import { TurnStreamReader } from '../llm/turn-stream.js';
import { watchStream } from '../llm/watched-stream.js';
import type { LLMMessage, LLMProvider, TokenUsage, ToolSpec } from '../llm/types.js';
import { fenceSafeLine } from '../prompt/untrusted.js';
import type { AgentTurn } from '../prompt/agent-turn.js';
import type { AgentTurnPlanned } from '../prompt/planned-turn.js';
import type { PageLeaving } from './page-leaving.js';
import { TurnExecutor, type TurnExecutorHooks } from './turn-executor.js';

export interface RetryNotice {
  attempt: number;
  delayMs: number;
  error: LLMError;
}

export interface TurnInput {
  provider: LLMProvider;
  messages: LLMMessage[];
  tool: ToolSpec;
  /** What the tool's arguments must match (the envelope in use). */
  schema: z.ZodMiniType<unknown>;
  /** The user's stop: ends the call, and actions that already ran are then not recorded. */
  signal: AbortSignal;
  /** The longest wait for the reply's first part, or between two parts (llmTimeoutMs). */
  idleMs: number;
  /** The longest one reply may take, however steadily it streams. */
  capMs: number;
  hooks: Omit<TurnExecutorHooks, 'onFatal'>;
  onRetry?(notice: RetryNotice): void;
  onMode?(mode: string): void;
  /** Tells actions that set off another page load, and when the page goes mid-turn. */
  leaving?: PageLeaving;
  /** The page is going mid-turn: what ran so far (and the action running), to save now or never. */
  onPageHide?(record: TurnRecord): void;
}

export interface TurnRecord {
  /** The assistant message and the tool reply, appended to history as they are. */
  messages: LLMMessage[];
  turn?: AgentTurn | AgentTurnPlanned;
  executor: TurnExecutor;
  usage?: TokenUsage;
  /** The raw agent_turn arguments as they arrived. */
  argumentsText: string;
  /** Time spent reading the stream (parsing, dispatching), not waiting for it. */
  parseMs: number;
  /** Set when the reply was unusable; the model sees it as the tool reply. */
  problem?: string;
  /** The model answered in prose instead of calling the tool. */
  prose?: string;
  /** The stream broke after some actions ran; `messages` records what ran. */
  interrupted?: unknown;
}

let callCounter = 0;

/** An id for a reply whose server sent none. */
function newCallId(): string {
  return `call_${wallNow().toString(36)}_${callCounter++}`;
}

/**
 * One model call: streams the agent_turn arguments, runs each action as soon as it is complete,
 * and returns the messages that record the turn in history.
 */
export async function runTurn(input: TurnInput): Promise<TurnRecord> {
  const { provider, messages, tool, signal, hooks } = input;
  const local = new Stopper();
  const abortLocal = () => local.abort(signal.reason);
  const unlisten = onAbort(signal, abortLocal);
  let fatal: unknown;
  const { leaving } = input;
  const executor = new TurnExecutor({
    ...hooks,
    onFatal(error) {
      fatal ??= error;
      local.abort(error);
    },
    pageLeaving: leaving && (() => leaving.take()),
  });
  const reader = new TurnStreamReader();
  let callId = '';
  if (leaving) {
    leaving.onHide = () => {
      const record = leftPageRecord({ callId: callId || newCallId(), name: tool.name, reader, executor, usage, parseMs });
      if (record) input.onPageHide?.(record);
    };
  }
  let prose = '';
  let tail = '';
  let usage: TokenUsage | undefined;
  let parseMs = 0;
  let streamError: unknown;
  try {
    const parts = watchStream((callSignal) => provider.streamTurn({ messages, tool }, { signal: callSignal }), { signal: local.signal, idleMs: input.idleMs, capMs: input.capMs });
    for await (const part of parts) {
      const started = now();
      if (part.type === 'tool-call-start') callId ||= part.id;
      else if (part.type === 'text-delta') prose += part.delta;
      else if (part.type === 'usage') usage = part.usage;
      else if (part.type === 'retry') input.onRetry?.(part);
      else if (part.type === 'mode') input.onMode?.(part.mode);
      else if (part.type === 'arguments-delta') {
        // The last characters kept apart: slicing the growing text would copy all of it each time.
        const seen = tail + part.delta;
        tail = seen.slice(-16);
        prefetchActionCode(seen);
        for (const event of reader.push(part.delta)) {
          if (event.type === 'narrate-delta') executor.narrateDelta(event.index, event.text);
          else executor.itemComplete(event.index, event.item);
        }
      }
      parseMs += now() - started;
    }
  } catch (error) {
    streamError = fatal ?? error;
  } finally {
    unlisten();
  }
  // Items that arrived whole before a break still run to the end (unless the user stopped).
  await executor.drain().catch((error: unknown) => {
    fatal ??= error;
  });
  if (leaving) leaving.onHide = undefined;
  if (fatal) throw fatal;
  callId ||= newCallId();

  if (streamError !== undefined) {
    if (!executor.outcomes.length || signal.aborted) throw streamError;
    return interruptedRecord({ callId, name: tool.name, reader, executor, usage, parseMs, error: streamError });
  }
  const argumentsText = reader.text;
  if (!argumentsText.trim()) {
    return { messages: [], executor, usage, argumentsText, parseMs, prose: prose.trim(), problem: prose.trim() ? undefined : 'The reply was empty.' };
  }
  let turn: AgentTurn | AgentTurnPlanned | undefined;
  let problem: string | undefined;
  try {
    const result = z.safeParse(input.schema, JSON.parse(argumentsText));
    if (result.success) turn = result.data as AgentTurn | AgentTurnPlanned;
    else problem = `Your ${tool.name} arguments did not match the schema: ${z.prettifyError(result.error)}`;
  } catch (error) {
    problem = `Your ${tool.name} arguments were not valid JSON (${(error as Error).message}). Call ${tool.name} again with valid JSON.`;
  }
  const reply: LLMMessage = { role: 'tool', tool_call_id: callId, content: problem ?? describeOutcomes(executor) };
  return { messages: [toolCall(callId, tool.name, argumentsText), reply], turn, executor, usage, argumentsText, parseMs, problem };
}

function toolCall(id: string, name: string, args: string): LLMMessage {
  return { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: args } }] };
}

/**
 * History gets what really happened: the envelope cut down to the items that ran (valid JSON,
 * so strict servers accept it) and a tool reply saying where the reply broke off.
 */
function interruptedRecord({ error, ...parts }: ReplyParts & { error: unknown }): TurnRecord {
  const ran = parts.executor.outcomes.length;
  const reason = LLMError.isInstance(error) || error instanceof Error ? error.message : String(error);
  const content = `${describeOutcomes(parts.executor)}\nYour reply broke off after item ${ran} (${reason}); nothing after it arrived or ran. Look at the page again and carry on.`;
  return { ...partialRecord(parts, ran, content), interrupted: error };
}

/** What a record of a reply that never completed is made from. */
interface ReplyParts {
  callId: string;
  name: string;
  reader: TurnStreamReader;
  executor: TurnExecutor;
  usage?: TokenUsage;
  parseMs: number;
}

/** A record of the first `ran` items of a reply that never completed, with `content` as the tool reply. */
function partialRecord({ callId, name, reader, executor, usage, parseMs }: ReplyParts, ran: number, content: string): TurnRecord {
  const received = reader.received;
  const envelope = { ...received, actions: received.actions.slice(0, ran) };
  const argumentsText = toJson(envelope);
  return { messages: [toolCall(callId, name, argumentsText), { role: 'tool', tool_call_id: callId, content }], executor, usage, argumentsText, parseMs };
}

/**
 * What to save when the page goes mid-turn (a click that loads the next page, a script that
 * navigates): the items that ran and the tool action running as it went, which set it off or at
 * least saw it, so the next page's model knows what it did. Nothing when only narration ran: the
 * next page simply asks again.
 */
function leftPageRecord(parts: ReplyParts): TurnRecord | undefined {
  const { executor } = parts;
  const running = executor.inFlight;
  if (!executor.toolActionCount && !running) return undefined;
  const ran = executor.outcomes.length + (running ? 1 : 0);
  const lines = executor.toolActionCount ? [describeOutcomes(executor)] : [];
  if (running) lines.push(`${running.index + 1}. ${fenceSafeLine(running.action)}: ran, and as it did the page loaded another page: the one you see now.`);
  const content = `${lines.join('\n')}\nNothing after item ${ran} ran. Look at this page and carry on.`;
  return partialRecord(parts, ran, content);
}

/**
 * The tool reply: one line per tool action, so the model can see what happened and why not. Results
 * quote the page (names, values, what it says), so they get the page text's rules: no invisible
 * characters, no line breaks of their own, no tag-like `<`.
 */
function describeOutcomes(executor: TurnExecutor): string {
  const lines = executor.outcomes
    .filter((outcome) => outcome.action !== 'narrate')
    .map((outcome) => `${outcome.index + 1}. ${outcome.action}: ${outcome.result.ok ? 'ok' : `failed (${outcome.result.reason})`} — ${fenceSafeLine(outcome.result.message)}`);
  return lines.length ? lines.join('\n') : 'No tools ran.';
}
