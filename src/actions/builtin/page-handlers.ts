/**
 * What the built-in actions that work the page run: one chunk in the standalone build, fetched
 * as a task's first model call starts (lazy-handler.ts), so opening the prompt does not pay for
 * it. press_key's keyboard defaults and select_option's list driving are only reached by those
 * two actions: each loads from here, with its first use (or as the model's reply names it).
 */
export { click } from './click.js';
export { check, uncheck } from './check.js';
export { clearInput } from './clear-input.js';
export { fillInput } from './fill-input.js';
export { hover } from './hover.js';
export { selectText } from './select-text.js';
export { scrollTo } from './scroll-to.js';
export { pause } from './pause.js';

// Imported from this chunk, not the core, so their chunks reuse this one's helpers (page effects,
// reaching the target) instead of splitting them into a third file both would need.
export const pressKeyCode = () => import('./press-key.js');
export const selectOptionCode = () => import('./select-option.js');
