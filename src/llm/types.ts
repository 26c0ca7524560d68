/** Chat messages in the OpenAI chat-completions shape, the lingua franca of compatible servers. */
export type LLMMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
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

/** One typed union for everything a streaming call yields, in arrival order. */
export type StreamPart =
  | { type: 'tool-call-start'; id: string; name: string }
  | { type: 'arguments-delta'; delta: string }
  | { type: 'text-delta'; delta: string }
  | { type: 'usage'; usage: TokenUsage }
  | { type: 'finish' };

export interface CallOptions {
  signal: AbortSignal;
}

/** What the agent loop needs from a model: one streamed turn. Types only, no transport. */
export interface LLMProvider {
  readonly model: string;
  streamTurn(request: TurnRequest, options: CallOptions): AsyncIterable<StreamPart>;
}
