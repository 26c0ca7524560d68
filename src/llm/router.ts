import type { LLMProvider } from './types.js';

/**
 * Different models for different jobs: a cheap fast one by default, a stronger one when the
 * visitor selected something to work on, another to plan the task. Only `default` is required.
 */
export interface LLMRouter {
  default: LLMProvider;
  withSelection?: LLMProvider;
  planner?: LLMProvider;
}

/** What a host may hand over as `llm`: one provider for everything, or a router. */
export type LLMSource = LLMProvider | LLMRouter;

export type LLMRole = 'default' | 'with-selection' | 'planner';

/** Duck-typed, so providers from another copy of the bundle or the host's own classes count. */
export function isLLMProvider(value: unknown): value is LLMProvider {
  return isObject(value) && typeof value.streamTurn === 'function' && typeof value.model === 'string';
}

export function isLLMRouter(value: unknown): value is LLMRouter {
  if (!isObject(value) || isLLMProvider(value) || !isLLMProvider(value.default)) return false;
  return isOptionalProvider(value.withSelection) && isOptionalProvider(value.planner);
}

/** The provider for `role`; a router without one for that role falls back to its default. */
export function pickProvider(source: LLMSource, role: LLMRole): LLMProvider {
  if (isLLMProvider(source)) return source;
  if (role === 'with-selection') return source.withSelection ?? source.default;
  if (role === 'planner') return source.planner ?? source.default;
  return source.default;
}

function isOptionalProvider(value: unknown): boolean {
  return value === undefined || isLLMProvider(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
