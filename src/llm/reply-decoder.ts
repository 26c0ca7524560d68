import { classifyTextStart, extractJsonObject, ObjectEndTracker } from './json-in-text.js';
import type { StreamPart } from './types.js';

/** The part of a streamed chat-completion delta that the decoder reads. */
export interface ReplyDelta {
  content?: string | null;
  tool_calls?: Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }>;
}

/** What a finished reply turned out to be; the provider learns its tool mode from it. */
export type ReplyOutcome = 'tool-call' | 'json-text' | 'prose' | 'empty';

/**
 * Turns one reply's deltas into stream parts, whether the model called the tool or wrote the
 * arguments as text. Text that opens with a JSON object (bare or fenced) is forwarded as
 * arguments as it arrives, so narration keeps streaming on servers that ignore tools; any other
 * text is held until the end, then searched for an object, and given out as prose if none.
 * Whichever source starts first owns the arguments: a tool call after JSON text is ignored, and
 * text after a tool call is prose.
 */
export class ReplyDecoder {
  #toolName: string;
  #source: 'tool' | 'text' | undefined;
  #text = '';
  #forwarded = new ObjectEndTracker();

  constructor(toolName: string) {
    this.#toolName = toolName;
  }

  get outcome(): ReplyOutcome {
    if (this.#source === 'tool') return 'tool-call';
    if (this.#source === 'text') return 'json-text';
    return this.#text.trim() ? 'prose' : 'empty';
  }

  /** Fields of the wrong type (a server's bug) are skipped rather than trusted. */
  push(delta: ReplyDelta): StreamPart[] {
    const calls = Array.isArray(delta.tool_calls) ? delta.tool_calls.filter(isToolCallDelta) : [];
    return [...this.#readToolCalls(calls), ...this.#readContent(typeof delta.content === 'string' ? delta.content : '')];
  }

  /** The parts held back until the reply ended: recovered arguments, or the prose. */
  finish(): StreamPart[] {
    if (this.#source) return [];
    const json = extractJsonObject(this.#text);
    if (json !== undefined) {
      this.#source = 'text';
      return [this.#syntheticStart(), { type: 'arguments-delta', delta: json }];
    }
    return this.#text ? [{ type: 'text-delta', delta: this.#text }] : [];
  }

  #readToolCalls(calls: NonNullable<ReplyDelta['tool_calls']>): StreamPart[] {
    const parts: StreamPart[] = [];
    for (const call of calls) {
      // Only the first call matters: the model is asked to call the one tool exactly once.
      if (call.index !== 0 || this.#source === 'text') continue;
      if (!this.#source) parts.push(...this.#becomeToolCall());
      const id = typeof call.id === 'string' ? call.id : '';
      const name = typeof call.function?.name === 'string' ? call.function.name : '';
      if (id || name) parts.push({ type: 'tool-call-start', id, name });
      const fragment = call.function?.arguments;
      if (typeof fragment === 'string' && fragment) parts.push({ type: 'arguments-delta', delta: fragment });
    }
    return parts;
  }

  /** Text held while undecided was the model talking before its call: it is prose after all. */
  #becomeToolCall(): StreamPart[] {
    this.#source = 'tool';
    return this.#text ? [{ type: 'text-delta', delta: this.#text }] : [];
  }

  #readContent(content: string): StreamPart[] {
    if (!content) return [];
    if (this.#source === 'tool') return [{ type: 'text-delta', delta: content }];
    if (this.#source === 'text') return this.#forward(content);
    this.#text += content;
    const start = classifyTextStart(this.#text);
    if (start.kind !== 'json') return [];
    this.#source = 'text';
    return [this.#syntheticStart(), ...this.#forward(this.#text.slice(start.offset))];
  }

  /** Forwards the object's characters as arguments, and nothing after its closing brace. */
  #forward(text: string): StreamPart[] {
    const length = this.#forwarded.take(text);
    return length > 0 ? [{ type: 'arguments-delta', delta: text.slice(0, length) }] : [];
  }

  /** Arguments recovered from text still announce their tool, as a real call would. */
  #syntheticStart(): StreamPart {
    return { type: 'tool-call-start', id: `call_text_${Math.random().toString(36).slice(2, 10)}`, name: this.#toolName };
  }
}

function isToolCallDelta(call: unknown): call is NonNullable<ReplyDelta['tool_calls']>[number] {
  if (typeof call !== 'object' || call === null) return false;
  const fn = (call as { function?: unknown }).function;
  return fn === undefined || (typeof fn === 'object' && fn !== null);
}
