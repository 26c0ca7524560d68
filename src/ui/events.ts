import type {
  AgentFeedbackDetail,
  AskUserDetail,
  BeforeActionDetail,
  ConfirmActionDetail,
  DoneDetail,
  ErrorDetail,
  NavigateDetail,
  OverlayUpdateDetail,
  PauseDetail,
  StepDetail,
  StatusDetail,
  SubtitleDetail,
} from '../agent/agent-events.js';
import { OwnEvent } from './own.js';

export interface CustomActionDetail {
  name: string;
  params: Record<string, unknown>;
  /** The host's answer: any JSON value, or an ActionResult `{ ok, message }`. */
  respond(result: unknown): void;
}

export interface ReadyDetail {
  /** False when the configuration was invalid (an `error` event says why). */
  configured: boolean;
}

/** Every DOM event `<web-agent>` dispatches; all but `error` bubble and cross shadow boundaries. */
export interface WebAgentEventMap {
  navigate: CustomEvent<NavigateDetail>;
  'confirm-action': CustomEvent<ConfirmActionDetail>;
  'ask-user': CustomEvent<AskUserDetail>;
  'custom-action': CustomEvent<CustomActionDetail>;
  subtitle: CustomEvent<SubtitleDetail>;
  status: CustomEvent<StatusDetail>;
  step: CustomEvent<StepDetail>;
  'before-action': CustomEvent<BeforeActionDetail>;
  error: CustomEvent<ErrorDetail>;
  done: CustomEvent<DoneDetail>;
  'agent-feedback': CustomEvent<AgentFeedbackDetail>;
  'overlay-update': CustomEvent<OverlayUpdateDetail>;
  'pause-request': CustomEvent<PauseDetail>;
  ready: CustomEvent<ReadyDetail>;
}

export function createAgentEvent<K extends keyof WebAgentEventMap>(
  name: K,
  detail: WebAgentEventMap[K]['detail'],
  cancelable = false,
): WebAgentEventMap[K] {
  // `error` alone does not bubble, like the platform's own error events: a bubbling one would
  // reach window, where global error reporters (window.onerror, Sentry, test runners) take it for
  // an uncaught exception. Listen on the element, or on an ancestor in the capture phase.
  const bubbles = name !== 'error';
  return new OwnEvent(name, { detail, bubbles, composed: bubbles, cancelable }) as WebAgentEventMap[K];
}

/** The events that bubble: what listeners on ancestors, the document and the window receive. */
type BubblingEventMap = Omit<WebAgentEventMap, 'error'>;

declare global {
  // `error` is left out: the DOM already types it as ErrorEvent; the element's own
  // addEventListener overload types it as CustomEvent<ErrorDetail>.
  interface HTMLElementEventMap extends BubblingEventMap {}
  interface DocumentEventMap extends BubblingEventMap {}
  interface WindowEventMap extends BubblingEventMap {}
}
