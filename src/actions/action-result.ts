export const ActionFailureReason = {
  notFound: 'not-found',
  stale: 'stale',
  disabled: 'disabled',
  notEditable: 'not-editable',
  /** Not rendered (display: none, visibility: hidden, a collapsed section): the user cannot see it either. */
  hidden: 'hidden',
  /** Another element sits on top of it where a click would land (an overlay, a banner, a modal). */
  covered: 'covered',
  /** The action was done but the page did not take it: a value reverted or cut, a state that did not change. */
  rejected: 'rejected',
  /** A form submission the page's validation stopped. */
  invalid: 'invalid',
  invalidArguments: 'invalid-arguments',
  unknownAction: 'unknown-action',
  rejectedByUser: 'rejected-by-user',
  notAllowed: 'not-allowed',
  failed: 'failed',
  skipped: 'skipped',
} as const;
export type ActionFailureReason = (typeof ActionFailureReason)[keyof typeof ActionFailureReason];

/**
 * What an action reports back. Failures the model can recover from are data, not exceptions:
 * the message goes into the next prompt so the model can re-read the page and try again.
 */
export interface ActionResult {
  ok: boolean;
  message: string;
  reason?: ActionFailureReason;
  /** The page changed (URL or a large part of the DOM): the rest of this turn's actions must not run. */
  endsBatch?: boolean;
  /** A full-page navigation the loop performs once the turn is recorded (the session resumes on the new page). */
  navigateTo?: string;
  /** What the action set off (a link, a form nothing cancelled) loads this address in this tab: the page is going. */
  loads?: string;
  data?: unknown;
}

export function succeeded(message: string, extra: Partial<ActionResult> = {}): ActionResult {
  return { ok: true, message, ...extra };
}

export function failed(reason: ActionFailureReason, message: string): ActionResult {
  return { ok: false, reason, message };
}
