/**
 * Chat message shapes as this layer builds and reads them. The prompt layer may import only from
 * itself (test/support/check-layers.mjs), so these mirror `LLMMessage` / `ContentPart` in
 * src/llm/types.ts structurally instead of importing them: a value of one type is a value of the other.
 */

/** One piece of a multi-part user message: text, or an image by URL (a data: URL works too). */
export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } };

export interface PromptToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type PromptMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: PromptToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };
