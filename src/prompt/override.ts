/** What a `systemPrompt` function is told about the session it writes for. */
export interface SystemPromptContext {
  agentName: string;
  siteName?: string;
  /** YYYY-MM-DD, fixed for the session. */
  date: string;
  locale?: string;
  /** The actions the model can use this session, in the order the # Tools section lists them. */
  toolNames: string[];
}

/**
 * A string replaces the whole default prompt (including the envelope rules the model needs to call
 * agent_turn); a function receives the context and the default and returns the prompt to use.
 */
export type SystemPromptOverride = string | ((context: SystemPromptContext, defaultPrompt: string) => string);

/**
 * The prompt to send and, when the override could not be used, what was wrong with it: a short
 * clause such as "the function threw: boom", for the caller to report along with "the default is used".
 */
export interface ResolvedSystemPrompt {
  text: string;
  problem?: string;
}

/**
 * Applies the host's override: a function wins over a string, a string over the default. A function
 * that throws or returns something other than a non-empty string never breaks the agent: the default
 * is used and `problem` says what went wrong.
 */
export function resolveSystemPrompt(
  override: SystemPromptOverride | undefined,
  context: SystemPromptContext,
  defaultPrompt: string,
): ResolvedSystemPrompt {
  if (override === undefined || override === null) return { text: defaultPrompt };
  if (typeof override === 'string') {
    if (override.trim()) return { text: override };
    return { text: defaultPrompt, problem: 'it is an empty string' };
  }
  if (typeof override !== 'function') {
    return { text: defaultPrompt, problem: `it must be a string or a function, not ${describe(override)}` };
  }
  let result: unknown;
  try {
    // A copy, so a function that mutates its context cannot change what the caller holds.
    result = override({ ...context, toolNames: [...context.toolNames] }, defaultPrompt);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { text: defaultPrompt, problem: `the function threw: ${message}` };
  }
  if (typeof result !== 'string') {
    return { text: defaultPrompt, problem: `the function returned ${describe(result)} instead of a string` };
  }
  if (!result.trim()) {
    return { text: defaultPrompt, problem: 'the function returned an empty string' };
  }
  return { text: result };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value instanceof Promise) return 'a Promise (it must return the string synchronously)';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`;
}
