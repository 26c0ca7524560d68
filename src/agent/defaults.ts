/** What an option is when the host leaves it out. */
export const defaults = {
  agentName: 'Assistant',
  model: 'gpt-4.1-mini',
  maxSteps: 30,
  maxErrors: 3,
  llmTimeoutMs: 60_000,
  sessionStorageKey: 'web-agent.session',
  sessionContinuityMs: 5 * 60_000,
  domMaxLength: 12_000,
} as const;
