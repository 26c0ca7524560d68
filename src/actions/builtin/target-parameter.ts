import * as z from 'zod/mini';

/** Every element-targeting action names its target the same way, so the model learns it once. */
export const targetSelector = z.string().check(
  z.minLength(1),
  z.describe('The element id from the page dump, e.g. "[k3f]" (a CSS selector only as a last resort).'),
);
