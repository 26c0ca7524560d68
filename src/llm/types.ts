import type { LLMError } from './llm-error.js';

/** One piece of a multimodal user message, in the OpenAI chat-completions shape. */
export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } };

/** Chat messages in the OpenAI chat-completions shape, the lingua franca of compatible servers. */
export type LLMMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: LLMToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface LLMToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** The single function the model is forced to call each turn. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface TurnRequest {
  messages: LLMMessage[];
  tool: ToolSpec;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/**
 * How hard a request asks for the tool call, strongest first. Servers that reject or ignore one
 * mode get the next: `named` forces our function, `required` forces some function, `auto` lets
 * the model choose, `text` sends no tools and asks for the JSON in the reply text.
 */
export type ToolMode = 'named' | 'required' | 'auto' | 'text';

/** One typed union for everything a streaming call yields, in arrival order. */
export type StreamPart =
  | { type: 'tool-call-start'; id: string; name: string }
  | { type: 'arguments-delta'; delta: string }
  | { type: 'text-delta'; delta: string }
  | { type: 'usage'; usage: TokenUsage }
  /** The tool mode of the request about to be sent: once per call, again if the call steps down. */
  | { type: 'mode'; mode: ToolMode }
  /** A request failed before any output and will be sent again after `delayMs`. */
  | { type: 'retry'; attempt: number; delayMs: number; error: LLMError }
  /** A chunk arrived that carries nothing the turn uses (a role, reasoning, prose held back): the model is still talking. */
  | { type: 'alive' }
  | { type: 'finish' };

export interface CallOptions {
  signal: AbortSignal;
}

/** What the agent loop needs from a model: one streamed turn. Types only, no transport. */
export interface LLMProvider {
  readonly model: string;
  streamTurn(request: TurnRequest, options: CallOptions): AsyncIterable<StreamPart>;
  /** Takes away what the provider added to the page, if anything: called when the agent is destroyed. */
  closeListeners?(): void | Promise<void>;
}
