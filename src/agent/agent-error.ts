const marker = Symbol.for('web-agent.error');

export const AgentErrorCode = {
  config: 'config',
  busy: 'busy',
  model: 'model',
  maxSteps: 'max-steps',
  maxErrors: 'max-errors',
  protocol: 'protocol',
  action: 'action',
  tokenBudget: 'token-budget',
  planner: 'planner',
} as const;
export type AgentErrorCode = (typeof AgentErrorCode)[keyof typeof AgentErrorCode];

/** The one error type the agent reports; `code` says which kind, the message what to do. */
export class WebAgentError extends Error {
  readonly [marker] = true;
  readonly code: AgentErrorCode;

  constructor(code: AgentErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'WebAgentError';
    this.code = code;
  }

  static isInstance(value: unknown): value is WebAgentError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
