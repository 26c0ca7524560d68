import { createContext, type Context } from '@lit/context';
import type { ConfirmActionDetail, OverlayUpdateDetail } from '../../agent/agent-events.js';
import type { AgentStatus, TranscriptEntry } from '../../agent/agent-session.js';
import type { Strings } from '../i18n.js';

/** Something the agent points at: a `border` outline or a `highlight` spotlight on `target`, with an optional label. */
export type OverlayItem = OverlayUpdateDetail['items'][number];

/** What the bar shows when no question is pending. */
export type SubtitleDisplay =
  | { kind: 'hidden' }
  /**
   * `text` is the narration so far (it grows while the model streams); `shown` the part typed out
   * yet; `waiting`: the next narration waits until this one has been up long enough to read, or
   * until the visitor moves on (`continue()`, Space in the built-in bar).
   */
  | { kind: 'narration'; id: string; text: string; shown: string; final: boolean; waiting: boolean }
  | { kind: 'status' | 'final' | 'error'; text: string };

/** A question waiting for the visitor; it takes precedence over the display until answered. */
export type PendingQuestion =
  | {
      kind: 'confirm';
      /** The question in the page's language, as the built-in confirmation asks it. */
      message: string;
      /** Text of the accepting button, when the asker chose one; otherwise `strings.allow`. */
      actionLabel?: string;
      /** The action waiting for approval (`click`, `fill_input`, a custom action's name…) and its arguments. */
      action: string;
      params: Record<string, unknown>;
      /** The element the action works on, and its accessible name. */
      target?: Element;
      targetName?: string;
      /** What the action would set off, or set off and holds until the answer, as in `confirm-action`. */
      effect?: ConfirmActionDetail['effect'];
    }
  | { kind: 'ask'; question: string; options: readonly string[]; allowFreeText: boolean }
  | { kind: 'pause'; note: string };

/**
 * The live state of a `<web-agent>` and its commands, published through the Context Community
 * Protocol under the key `'web-agent'` ({@link webAgentContext}). Each change publishes a new
 * object (an immutable snapshot: compare by identity); the commands are the same functions in
 * every snapshot.
 */
export interface WebAgentContext {
  /** idle, thinking, executing, waiting, done, failed or stopped. */
  status: AgentStatus;
  /** A task is under way (thinking, executing or waiting): offer a way to stop it. */
  running: boolean;
  /** The narration being shown (typed out as it streams), a status line, the closing line or an error. */
  display: SubtitleDisplay;
  /** The question, confirmation or pause waiting for the visitor; undefined when none. */
  pending: PendingQuestion | undefined;
  /** What a polite live region should say now: finished narrations, status and closing lines, questions. */
  announcement: string;
  /** The conversation so far as the visitor saw it (read from the session: it survives reloads). */
  transcript: readonly TranscriptEntry[];
  /** Whether the prompt (the field a task is typed in) is open. */
  promptOpen: boolean;
  /** What the agent points at: `border` / `highlight` marks, and `cue`, the element the current action works on. */
  overlay: { items: readonly OverlayItem[]; cue: Element | undefined };
  /** The UI strings in use (the locale's, with the host's `strings` overrides) and the agent's name. */
  strings: Strings;
  agentName: string;
  /** The writing direction the host chose through `locale`; undefined: follow the page. */
  dir: 'ltr' | 'rtl' | undefined;
  /** Starts a task (and closes the prompt, as sent). Problems arrive as `error` events and in `display`. */
  run(task: string): void;
  /** Stops the task and declines whatever is pending. */
  stop(): void;
  /** Answers the pending `ask` ('' declines). */
  respond(answer: string): void;
  /** Answers the pending `confirm`. */
  decide(approved: boolean): void;
  /** Lets the pending `pause` go on. */
  continue(): void;
  openPrompt(): void;
  /** Closes the prompt without a task (with `sessionScope: "palette"` that ends the conversation). */
  closePrompt(): void;
}

/**
 * The context `<web-agent>` provides: its live state and commands ({@link WebAgentContext}, exported
 * with the package's types), one snapshot per change. The key is the string `'web-agent'`:
 * `createContext` keys compare by identity, so any code (no import, another copy of Lit, another
 * framework) can request it with `{ context: 'web-agent', contextTarget, callback, subscribe: true }`.
 */
export const webAgentContext: Context<'web-agent', WebAgentContext> = createContext<WebAgentContext, 'web-agent'>('web-agent');
