const marker = Symbol.for('web-agent.llm-error');

export const LLMErrorKind = {
  rateLimit: 'rate-limit',
  server: 'server',
  auth: 'auth',
  badRequest: 'bad-request',
  timeout: 'timeout',
  network: 'network',
  aborted: 'aborted',
  protocol: 'protocol',
} as const;
export type LLMErrorKind = (typeof LLMErrorKind)[keyof typeof LLMErrorKind];

export interface LLMErrorOptions {
  status?: number;
  cause?: unknown;
  retryAfterMs?: number;
  /** Overrides the default, which follows the kind (rate limits, server, network, timeout). */
  retryable?: boolean;
}

/**
 * A failed model call, translated from whatever the transport threw.
 * `isInstance` checks a Symbol.for marker so it holds when two copies of the bundle meet.
 */
export class LLMError extends Error {
  readonly [marker] = true;
  readonly kind: LLMErrorKind;
  readonly status?: number;
  readonly retryable: boolean;
  /** How long the server asked us to wait before trying again (`retry-after-ms` / `retry-after`). */
  readonly retryAfterMs?: number;

  constructor(kind: LLMErrorKind, message: string, options: LLMErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'LLMError';
    this.kind = kind;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.retryable = options.retryable ?? (kind === 'rate-limit' || kind === 'server' || kind === 'network' || kind === 'timeout');
  }

  static isInstance(value: unknown): value is LLMError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
