import type { EffectSummary } from '../actions/index.js';

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
  /** An effect an action set off was refused: another site, or a control the host blocked. */
  blocked: 'blocked',
  /** A recording that is not valid (or not declared) was handed to replay(). */
  recording: 'recording',
  /** A replay stopped at a step it could not run, and had no model to hand over to. */
  replay: 'replay',
  /** Reading the page failed (a platform call threw, a broken built-in): the run ends. */
  page: 'page',
  /** Something unexpected failed inside the agent: the run ends, the session is kept. */
  internal: 'internal',
} as const;
export type AgentErrorCode = (typeof AgentErrorCode)[keyof typeof AgentErrorCode];

/** The one error type the agent reports; `code` says which kind, the message what to do. */
export class WebAgentError extends Error {
  readonly [marker] = true;
  readonly code: AgentErrorCode;
  /** For `blocked`: what was refused. */
  readonly effect?: EffectSummary;

  constructor(code: AgentErrorCode, message: string, options: { cause?: unknown; effect?: EffectSummary } = {}) {
    super(message, { cause: options.cause });
    this.name = 'WebAgentError';
    this.code = code;
    if (options.effect) this.effect = options.effect;
  }

  static isInstance(value: unknown): value is WebAgentError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
