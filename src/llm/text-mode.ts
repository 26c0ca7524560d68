// `text` mode, the floor of the tool-mode ladder (./tool-mode.ts): only for servers that take no
// tools at all, so the provider loads it when it steps down that far.
import type { LLMMessage, ToolSpec } from './types.js';

/**
 * The messages for `text` mode: the JSON instructions are appended to the system prompt (some
 * chat templates reject a second system message), and earlier tool calls and tool replies are
 * rewritten as plain turns, since a server without tool support may refuse those roles too.
 */
export function textModeMessages(messages: LLMMessage[], tool: ToolSpec): LLMMessage[] {
  const instructions = jsonOnlyInstructions(tool);
  const plain = messages.map(withoutToolRoles);
  const [first, ...rest] = plain;
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${instructions}` }, ...rest];
  return [{ role: 'system', content: instructions }, ...plain];
}

function withoutToolRoles(message: LLMMessage): LLMMessage {
  if (message.role === 'tool') return { role: 'user', content: `Result of your last reply:\n${message.content}` };
  if (message.role === 'assistant' && message.tool_calls?.length) {
    const calls = message.tool_calls.map((call) => call.function.arguments).join('\n');
    return { role: 'assistant', content: message.content ? `${message.content}\n${calls}` : calls };
  }
  return message;
}

/** The paragraph that stands in for the tool definition when no tools can be sent. */
export function jsonOnlyInstructions(tool: ToolSpec): string {
  return [
    `Reply with ONLY one JSON object: the arguments of \`${tool.name}\` (${tool.description.trim()}).`,
    'No prose before or after it, no code fences. The object must match this JSON Schema:',
    JSON.stringify(tool.parameters),
  ].join('\n');
}
