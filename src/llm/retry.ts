import { wallNow } from '../dom/platform.js';
import { LLMError } from './llm-error.js';

/** The shape of `Headers` that retry-after parsing needs, so tests can pass a plain object. */
export interface HeaderReader {
  get(name: string): string | null;
}

export interface RetryPolicy {
  /** Retries after the first request; 0 turns retrying off. */
  maxRetries: number;
  /** The first backoff; later ones double it. */
  baseDelayMs: number;
  /** Backoff never grows past this, however many retries. */
  maxDelayMs: number;
  /** A server asking for a longer wait than this gets a clear error instead of a stalled agent. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
};

/**
 * How long the server asked us to wait, from `retry-after-ms` (OpenAI's precise variant) or
 * `retry-after` (seconds or an HTTP date). Cross-origin, both are only readable when the server
 * lists them in Access-Control-Expose-Headers; otherwise this returns undefined and we back off.
 */
export function readRetryAfterMs(headers: HeaderReader | undefined, now = wallNow()): number | undefined {
  const precise = parseNumber(headers?.get('retry-after-ms'));
  if (precise !== undefined) return precise;
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  const seconds = parseNumber(value);
  if (seconds !== undefined) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

function parseNumber(value: string | null | undefined): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

/**
 * Whether a failed request may be sent again. Rate limits, 408/409 and 5xx are transient, and so
 * is a connection that failed before any response (the translated kind is 'network'). A stop or
 * a timeout is the loop's decision and never retried; neither are requests the server refused.
 */
export function isRetryable(error: LLMError): boolean {
  return error.retryable && error.kind !== 'timeout' && error.kind !== 'aborted';
}

/** Exponential backoff (base, 2×base, 4×base … capped) with up to 25 % jitter so clients spread out. */
export function backoffDelayMs(retryIndex: number, policy: RetryPolicy, random = Math.random): number {
  const delay = Math.min(policy.baseDelayMs * 2 ** retryIndex, policy.maxDelayMs);
  return Math.round(delay * (1 - random() * 0.25));
}

/**
 * The wait before retry number `retryIndex + 1`: what the server asked for when it said, else
 * backoff. Throws when the server asks for longer than the policy allows, because a visitor
 * watching a frozen page for minutes is worse than a message saying when to try again.
 */
export function retryDelayMs(error: LLMError, retryIndex: number, policy: RetryPolicy): number {
  const asked = error.retryAfterMs;
  if (asked === undefined) return backoffDelayMs(retryIndex, policy);
  if (asked > policy.maxRetryAfterMs) throw waitTooLongError(error, asked);
  return asked;
}

function waitTooLongError(error: LLMError, askedMs: number): LLMError {
  const message =
    `The model endpoint is busy and asked us to wait ${formatDuration(askedMs)} before trying again ` +
    `(${error.message}). Try again later, or raise the endpoint's rate limit.`;
  return new LLMError(error.kind, message, { status: error.status, retryAfterMs: askedMs, cause: error, retryable: false });
}

/** "45 s", "2 min", "1 h 5 min": how a host developer would say it. */
export function formatDuration(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${minutes / 60} h`;
}
