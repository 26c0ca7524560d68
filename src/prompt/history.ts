import type { ContentPart, PromptMessage } from './messages.js';

/** The rough rule used for every estimate here: one token per 3.5 characters. */
export const CHARS_PER_TOKEN = 3.5;
/** What an attached image is counted as, instead of the length of its (often base64) URL: about 1,000 tokens. */
export const IMAGE_CHARS = 3500;
/** Each cut goes down to this share of a cap, so the next several turns need no new cut. */
export const CUT_TO = 0.75;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Characters a message is counted as: JSON of its content, plus its tool calls' names and arguments. */
export function messageChars(message: PromptMessage): number {
  let chars = contentChars(message.content);
  if (message.role === 'assistant') {
    for (const call of message.tool_calls ?? []) chars += call.function.name.length + call.function.arguments.length;
  }
  return chars;
}

/** Estimated prompt tokens for these messages plus `fixedChars` more (system prompt, env block). */
export function estimateHistoryTokens(messages: readonly PromptMessage[], fixedChars = 0): number {
  let chars = fixedChars;
  for (const message of messages) chars += messageChars(message);
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

function contentChars(content: string | ContentPart[] | null): number {
  if (content === null) return 0;
  if (typeof content === 'string') return JSON.stringify(content).length;
  let chars = 0;
  for (const part of content) chars += part.type === 'text' ? JSON.stringify(part.text).length : IMAGE_CHARS;
  return chars;
}

export interface CapHistoryOptions {
  /** Most assistant turns to keep. */
  maxTurns?: number;
  /** Most estimated tokens for the kept history plus `fixedChars`. */
  maxTokens?: number;
  /**
   * Characters the rest of the request adds (system prompt, env block), counted against `maxTokens`.
   * Pass a value that stays the same from turn to turn (e.g. the system prompt plus the dump's
   * length cap, not the dump's actual length): cut points then stay put between turns.
   */
  fixedChars?: number;
}

/** The note that stands in for the turns left out. */
export type HistoryNote = { role: 'user'; content: string };

export interface CappedHistory<M> {
  messages: Array<M | HistoryNote>;
  /** Units left out: a run of user messages, or an assistant turn with its tool replies. 0: nothing left out. */
  dropped: number;
}

export function historyNote(dropped: number): string {
  return dropped === 1
    ? '(1 earlier turn of this conversation is left out to save space; your memory field carries what matters.)'
    : `(${dropped} earlier turns of this conversation are left out to save space; your memory field carries what matters.)`;
}
// Counted for the note whenever something is dropped, so the caps hold whatever the number in it.
const NOTE_CHARS = JSON.stringify(historyNote(99999)).length;

interface Unit {
  start: number;
  /** Exclusive. */
  end: number;
  kind: 'user' | 'assistant' | 'other';
  chars: number;
}

/**
 * Units are what is kept or dropped whole. Consecutive user messages are one unit (a task and its
 * selection block and plan stay together). An assistant message and the tool replies after it are
 * one unit, so no reply ever loses its call (OpenAI rejects such a request). A tool reply with no
 * call before it is not a unit at all: it is always left out, since a request holding it would fail.
 */
function toUnits(history: readonly PromptMessage[]): Unit[] {
  const units: Unit[] = [];
  let callsOpen = false;
  for (let index = 0; index < history.length; index += 1) {
    const message = history[index]!;
    const last = units.at(-1);
    const chars = messageChars(message);
    if (message.role === 'tool') {
      if (callsOpen && last && last.end === index) {
        last.end = index + 1;
        last.chars += chars;
      }
      continue;
    }
    callsOpen = message.role === 'assistant' && (message.tool_calls?.length ?? 0) > 0;
    if (message.role === 'user' && last?.kind === 'user' && last.end === index) {
      last.end = index + 1;
      last.chars += chars;
      continue;
    }
    units.push({ start: index, end: index + 1, kind: message.role === 'user' ? 'user' : message.role === 'assistant' ? 'assistant' : 'other', chars });
  }
  return units;
}

function capOption(value: number | undefined): number | undefined {
  return typeof value === 'number' && !Number.isNaN(value) && value !== Infinity ? Math.max(0, value) : undefined;
}

/**
 * Keeps history within `maxTurns` assistant turns and `maxTokens` estimated tokens by leaving out the
 * oldest units whole. The latest user unit (the task, with its selection and plan) is always kept,
 * and so is the newest unit. Units after the task are left out only when every unit before it is
 * gone and the caps still do not hold; if even the task and the newest unit do not fit, they are
 * sent anyway. Anything left out is replaced by one short user note at the start.
 *
 * Cuts are made with hysteresis, so a provider's prompt cache keeps hitting: the result is what an
 * append-only history would have had if, each time a unit was added, nothing changed while the caps
 * held and, when one broke, the oldest units were dropped down to 75 % of every cap. That is worked
 * out by replaying the history unit by unit, so the result depends on nothing but (history, options):
 * between two cuts each call's output is the previous one with the new messages appended, byte for byte.
 */
export function capHistory<M extends PromptMessage>(history: readonly M[], options: CapHistoryOptions = {}): CappedHistory<M> {
  const units = toUnits(history);
  const maxTurns = capOption(options.maxTurns);
  const maxTokens = capOption(options.maxTokens);
  const fixed = Number.isFinite(options.fixedChars) ? Math.max(0, options.fixedChars!) : 0;
  const maxChars = maxTokens === undefined ? undefined : maxTokens * CHARS_PER_TOKEN;
  const targetTurns = maxTurns === undefined ? undefined : Math.floor(maxTurns * CUT_TO);
  const targetChars = maxChars === undefined ? undefined : maxChars * CUT_TO;

  const dropped = new Array<boolean>(units.length).fill(false);
  let droppedCount = 0;
  let keptTurns = 0;
  let keptChars = 0;
  let task = -1;
  const chars = () => fixed + keptChars + (droppedCount ? NOTE_CHARS : 0);
  const within = (turns: number | undefined, limit: number | undefined) =>
    (turns === undefined || keptTurns <= turns) && (limit === undefined || chars() <= limit);

  for (let newest = 0; newest < units.length; newest += 1) {
    const unit = units[newest]!;
    keptChars += unit.chars;
    if (unit.kind === 'assistant') keptTurns += 1;
    if (unit.kind === 'user') task = newest;
    if (within(maxTurns, maxChars)) continue;
    // Over a cap: drop oldest first, never the task or the newest unit, until 75 % of every cap holds.
    // Turns after the task go only if the cap itself still breaks once everything before it is gone.
    let intoTask = false;
    for (let index = 0; index < newest && !within(targetTurns, targetChars); index += 1) {
      if (dropped[index] || index === task) continue;
      if (index > task && !intoTask) {
        if (within(maxTurns, maxChars)) break;
        intoTask = true;
      }
      dropped[index] = true;
      droppedCount += 1;
      keptChars -= units[index]!.chars;
      if (units[index]!.kind === 'assistant') keptTurns -= 1;
    }
  }

  const messages: Array<M | HistoryNote> = [];
  if (droppedCount) messages.push({ role: 'user', content: historyNote(droppedCount) });
  units.forEach((unit, index) => {
    if (!dropped[index]) messages.push(...history.slice(unit.start, unit.end));
  });
  return { messages, dropped: droppedCount };
}
