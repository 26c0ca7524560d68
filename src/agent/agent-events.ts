import type { ActionResult, EffectSummary, OverlayItem } from '../actions/index.js';
import type { AgentSession, AgentStatus } from './agent-session.js';

export interface SubtitleDetail {
  /** Same id while one narration grows; a new id starts a new line. */
  id: string;
  /** The whole narration so far (not just the new part). */
  text: string;
  final: boolean;
  /**
   * A presenter (the subtitle bar) passes a promise the loop awaits before the next action: for at
   * most 8 s and 30 ms a character of `text`, so a bar whose frames never come cannot hold the task.
   */
  waitUntil(promise: Promise<unknown>): void;
}

export interface StepDetail {
  index: number;
  action: string;
  params?: Record<string, unknown>;
  result: ActionResult;
}

export interface NavigateDetail {
  url: string;
  /** Path + query + hash, what a router's push() takes. */
  path: string;
}

export interface ConfirmActionDetail {
  action: string;
  params: Record<string, unknown>;
  /** The question: the host's own text, or the agent's plain-English description of the action. */
  message: string;
  /**
   * True when `message` is the host's own words (an action's `confirmationMessage`, a plan);
   * false when the agent wrote it, in English: the built-in bar then asks in the page's language.
   */
  custom: boolean;
  target?: Element;
  /** The accessible name of `target` ("Delete draft"), for asking in the visitor's language. */
  targetName?: string;
  /**
   * What the action would set off, or what it set off that is held until the visitor answers:
   * `kind` (`link`, `submission`, `request`, `window`, `navigation`, `key`, `option`, `action`)
   * and, where they apply, `url`, `method`, `newTab`, `option`, `key`.
   */
  effect?: EffectSummary;
  decide(approved: boolean): void;
}

/** What the loop hands to whoever asks the visitor. */
export type ConfirmRequest = Omit<ConfirmActionDetail, 'decide'>;

export interface AskUserDetail {
  question: string;
  options?: string[];
  allowFreeText?: boolean;
  respond(answer: string): void;
}

export interface BeforeActionDetail {
  action: string;
  params: Record<string, unknown>;
  /** The element the action works on, or for one that only shows an element (scroll_to), that element. */
  target?: Element;
}

export interface ErrorDetail {
  error: Error;
  message: string;
  code: string;
  /** With code `blocked`: the effect that was refused (nothing of it was sent). */
  effect?: EffectSummary;
}

/** What the visitor sees when a task ends (config `onLoopEnd`); the element's bar plays it. */
export type LoopEnding =
  | { kind: 'silent' }
  | { kind: 'text'; text: string; autoHide?: number }
  | { kind: 'feedback'; text: string; yes?: string; no?: string }
  | { kind: 'ask_user'; question: string; options: { value: string; label: string }[] };

export interface DoneDetail {
  status: 'done' | 'failed' | 'stopped';
  /**
   * Whether what was asked got done: false for `failed` and `stopped`, and for a `done` run whose
   * model said (its `success` flag, or work still owed) that the request could not be done.
   */
  achieved: boolean;
  session: AgentSession;
  summary?: string;
  /** The closing the host configured; an empty `text` means the built-in "✓ Done". */
  onLoopEnd: LoopEnding;
}

export interface StatusDetail {
  status: AgentStatus;
  /** Set while a failed model call waits to be tried again. */
  retry?: { attempt: number; delayMs: number; message: string };
}

/** The visitor's answer to the closing question. */
export interface AgentFeedbackDetail {
  /** For `feedback`: whether they were satisfied. */
  satisfied?: boolean;
  /** The picked option's value. */
  answer: string;
  session: AgentSession;
}

export interface OverlayUpdateDetail {
  /** Everything the overlay shows now; empty when it was cleared. */
  items: OverlayItem[];
}

export interface PauseDetail {
  /** What to show while waiting. */
  note: string;
  /** Lets the task go on. */
  resume(): void;
}

export interface AgentEventMap {
  status: StatusDetail;
  subtitle: SubtitleDetail;
  step: StepDetail;
  'before-action': BeforeActionDetail;
  navigate: NavigateDetail;
  'confirm-action': ConfirmActionDetail;
  'ask-user': AskUserDetail;
  error: ErrorDetail;
  done: DoneDetail;
  'agent-feedback': AgentFeedbackDetail;
  'overlay-update': OverlayUpdateDetail;
  'pause-request': PauseDetail;
}

export type AgentEventName = keyof AgentEventMap;
export type AgentEventHandler<K extends AgentEventName> = (detail: AgentEventMap[K], event: CustomEvent<AgentEventMap[K]>) => void;

/** Events a listener may take over with preventDefault(); the rest are notifications. */
export const cancelableEvents: ReadonlySet<AgentEventName> = new Set(['navigate', 'confirm-action', 'ask-user', 'pause-request']);

export const agentEventNames: readonly AgentEventName[] = [
  'status',
  'subtitle',
  'step',
  'before-action',
  'navigate',
  'confirm-action',
  'ask-user',
  'error',
  'done',
  'agent-feedback',
  'overlay-update',
  'pause-request',
];
