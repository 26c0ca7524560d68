import { defaultDestructivePatterns, type Gate } from '../actions/index.js';
import type { WebAgentOptions } from './config.js';
import { newUrl } from '../dom/platform.js';

/** The confirmation gate and site boundary as the host configured them. */
export function hostGate(config: WebAgentOptions): Gate {
  const patterns = config.destructivePatterns;
  return {
    patterns: patterns ? patterns.map((pattern) => (typeof pattern === 'string' ? new RegExp(pattern, 'i') : pattern)) : defaultDestructivePatterns,
    policy: config.confirmPolicy ?? 'consequential',
    allowedOrigins: new Set([location.origin, ...(config.allowedOrigins ?? []).map((origin) => newUrl(origin).origin)]),
  };
}
