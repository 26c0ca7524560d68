import type { TargetDescription } from '../../dom/target-description.js';

/** Recordings say what they are, so a host can tell one from any other JSON it ships. */
export const RECORDING_FORMAT = 'web-agent-recording';
/** Raised when a recording changes in a way an older reader would misread. */
export const RECORDING_VERSION = 1;

/** A sentence the agent showed in the bar. */
export interface RecordedNarration {
  narrate: string;
  /** Milliseconds to let the visitor read before the next step. */
  hold?: number;
}

/** An action that ran and succeeded. */
export interface RecordedAction {
  action: string;
  /** Its arguments, minus the ones that named elements (those are in `targets`). */
  params?: Record<string, unknown>;
  /** For each argument that named an element (`selector`, `selectors.0`), how to find it again. */
  targets?: Record<string, TargetDescription>;
  /** Arguments left out because the action worked on a secret field or a redacted region; the step cannot replay without them. */
  withheld?: string[];
  /** The page's path, where it changed since the previous step. */
  page?: string;
  hold?: number;
}

export type RecordedStep = RecordedNarration | RecordedAction;

/** What a run did, as plain JSON a host can keep, edit and ship with its pages. */
export interface Recording {
  format: typeof RECORDING_FORMAT;
  version: number;
  /** What a visitor types to start it, and what `replay(name)` takes. */
  name?: string;
  /** The request the run answered. */
  task?: string;
  /** The path of the page the run started on. */
  page?: string;
  recordedAt?: string;
  steps: RecordedStep[];
}

/** What the current (or last) run did, kept in the session so it survives full-page navigations. */
export interface RunRecord {
  page: string;
  steps: RecordedStep[];
}

/** A replay in progress, kept in the session so it carries on after a full-page navigation. */
export interface ReplayState {
  recording: Recording;
  /** Index of the next step to run. */
  next: number;
  fallback: 'stop' | 'model';
}
