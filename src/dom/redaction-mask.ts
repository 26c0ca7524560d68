/**
 * What never leaves the page: secrets are replaced by this mask, and only when there is something to hide.
 * Its own module: the session code that loads with the tag masks URLs with it, and importing it from
 * redaction.ts would bring the secret-field rules into that early chunk too.
 */
export const REDACTION_MASK = '•••';
