import * as z from 'zod/mini';

/**
 * Every element-targeting action names its target the same way, so the model learns it once: the
 * system prompt's page section says what a selector is, rather than each tool's schema again.
 */
export const targetSelector = z.string().check(z.minLength(1));
