import type { LLMError } from './llm-error.js';
import type { ToolMode, ToolSpec } from './types.js';

/** Strongest first: the order in which a provider steps down when a server will not cooperate. */
export const TOOL_MODES: readonly ToolMode[] = ['named', 'required', 'auto', 'text'];

/** The next weaker mode; `text` is the floor, it needs nothing from the server but chat. */
export function weakerMode(mode: ToolMode): ToolMode {
  return TOOL_MODES[Math.min(TOOL_MODES.indexOf(mode) + 1, TOOL_MODES.length - 1)]!;
}

/** The request fields that carry the tool, per mode (none at all in `text` mode). */
export function toolFields(mode: ToolMode, tool: ToolSpec) {
  const tools = [{ type: 'function' as const, function: tool }];
  switch (mode) {
    case 'named':
      return { tools, tool_choice: { type: 'function' as const, function: { name: tool.name } } };
    case 'required':
      return { tools, tool_choice: 'required' as const };
    case 'auto':
      return { tools, tool_choice: 'auto' as const };
    case 'text':
      return {};
  }
}

/**
 * Where to go after the server refused a request in `mode`, or undefined when the refusal is not
 * about tools (then it is an ordinary bad request). A complaint about tool_choice is tried one
 * mode down; a complaint about tools or functions themselves would hit every mode that sends
 * them, so it goes straight to `text` instead of paying two more refusals on every page load.
 */
export function modeAfterRefusal(error: LLMError, mode: ToolMode): ToolMode | undefined {
  if (mode === 'text' || (error.status !== 400 && error.status !== 422)) return undefined;
  if (/tool[\s_-]?choice/i.test(error.message)) return weakerMode(mode);
  // Plural "tools" only: "role 'tool' must follow tool_calls" is about history, not support.
  if (/\btools\b|\bfunctions?\b/i.test(error.message)) return 'text';
  return undefined;
}
