/** What an action sets off, judged where it happens and named to the visitor when asked. */
export interface Effect {
  kind: 'action' | 'link' | 'submission' | 'window' | 'navigation' | 'request' | 'key' | 'option';
  /** Where it goes: a link's destination, a form's action, a request's or a new window's URL. */
  url?: string;
  method?: string;
  /** It would open a new tab or window. */
  newTab?: boolean;
  option?: string;
  key?: string;
  /** The element that sets it off: the control, the link, the form's submitter (or the form). */
  element?: Element;
  form?: HTMLFormElement;
  /** A request sent on the side, to outlive the page (`sendBeacon`, `keepalive`): telemetry, not the click's effect. */
  beacon?: boolean;
}

/** An effect as hosts hear of it (`confirm-action`, `error` with code `blocked`). */
export type EffectSummary = Pick<Effect, 'kind' | 'url' | 'method' | 'newTab' | 'option' | 'key'>;

export function summarize({ element, form, beacon, ...summary }: Effect): EffectSummary {
  return summary;
}
