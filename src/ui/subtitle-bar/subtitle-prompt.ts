export interface ConfirmRequest {
  message: string;
  /** Text of the accepting button, e.g. "Delete order"; defaults to the localised "Allow". */
  actionLabel?: string;
}

export interface AskRequest {
  question: string;
  options?: readonly string[];
  /** With `options`, also offer a text field. Without options a text field is always shown. */
  allowFreeText?: boolean;
}

export interface PauseRequest {
  /** What the visitor should do or look at before continuing; empty shows only the hint. */
  note: string;
}

/** What the bar shows when no question is pending. */
export type SubtitleDisplay =
  | { kind: 'hidden' }
  | { kind: 'narration'; shown: string; pending: string }
  | { kind: 'status' | 'final' | 'error'; text: string };

/** A question the visitor must answer; it takes precedence over the display until answered. */
export type SubtitlePrompt =
  | { kind: 'confirm'; message: string; actionLabel: string | undefined }
  | { kind: 'ask'; question: string; options: readonly string[]; allowFreeText: boolean }
  | { kind: 'pause'; note: string };
