import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { deepActiveElement, isEditableTarget, takesActivationKeys } from './deep-active-element.js';
import { optionAfterKey } from './option-keys.js';
import type { AskRequest, ConfirmRequest, PauseRequest, SubtitleDisplay, SubtitlePrompt } from './subtitle-prompt.js';
import { Typewriter } from './typewriter.js';

export type { AskRequest, ConfirmRequest, PauseRequest, SubtitleDisplay, SubtitlePrompt } from './subtitle-prompt.js';

/** The element the controllers live in: a LitElement with a shadow root. */
export type UiHost = ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode };

export interface SubtitleControllerOptions {
  /** Called when the visitor presses the stop control. */
  onStop?: () => void;
}

type Line = Exclude<SubtitleDisplay, { kind: 'narration' }>;

type Pending =
  | { prompt: SubtitlePrompt & { kind: 'confirm' }; settle: (allowed: boolean) => void }
  | { prompt: SubtitlePrompt & { kind: 'ask' }; settle: (answer: string) => void }
  | { prompt: SubtitlePrompt & { kind: 'pause' }; settle: (continued: boolean) => void };

const DEFAULT_AUTO_HIDE_MS = 4000;

/** State of the subtitle bar: narration typewriter, status lines, confirm, ask and pause. */
export class SubtitleController implements ReactiveController {
  /** Text mirrored into the polite live region: finished narrations, statuses, questions. */
  liveText = '';
  /** Text typed so far in the ask field; kept here so re-renders never lose it. */
  draft = '';
  private readonly host: UiHost;
  private readonly options: SubtitleControllerOptions;
  private readonly typewriter: Typewriter;
  /** The non-narration line, or undefined while the typewriter's narration is showing. */
  private line: Line | undefined = { kind: 'hidden' };
  private pending: Pending | undefined;
  private isRunning = false;
  private hideTimer: ReturnType<typeof setTimeout> | undefined;
  private returnFocusTo: HTMLElement | undefined;

  constructor(host: UiHost, options: SubtitleControllerOptions = {}) {
    this.host = host;
    this.options = options;
    this.typewriter = new Typewriter({
      onChange: () => host.requestUpdate(),
      onComplete: (text) => this.announce(text),
    });
    host.addController(this);
  }

  /** Whether a run is in progress; shows the stop control. */
  get running(): boolean {
    return this.isRunning;
  }

  set running(value: boolean) {
    this.isRunning = value;
    this.host.requestUpdate();
  }

  get display(): SubtitleDisplay {
    if (this.line) return this.line;
    const { shown, text } = this.typewriter;
    return { kind: 'narration', shown, pending: text.slice(shown.length) };
  }

  get prompt(): SubtitlePrompt | undefined {
    return this.pending?.prompt;
  }

  /** Streams narration `id`; call again with the longer text as it arrives, `final` on the last. */
  narrate(id: string, textSoFar: string, final: boolean): void {
    this.clearLine();
    const instant =
      matchMedia('(prefers-reduced-motion: reduce)').matches || document.visibilityState === 'hidden';
    this.typewriter.write(id, textSoFar, final, instant);
    this.host.requestUpdate();
  }

  whenTyped(id: string): Promise<void> {
    return this.typewriter.whenTyped(id);
  }

  showStatus(text: string): void {
    this.setLine({ kind: 'status', text });
    this.announce(text);
  }

  /** The closing line; hides itself after `autoHideMs` (default 4000; 0 keeps it). */
  showFinal(text: string, { autoHideMs = DEFAULT_AUTO_HIDE_MS }: { autoHideMs?: number } = {}): void {
    const line = { kind: 'final', text } as const;
    this.setLine(line);
    this.announce(text);
    if (autoHideMs > 0) {
      this.hideTimer = setTimeout(() => this.line === line && this.hide(), autoHideMs);
    }
  }

  /** Errors are announced by the bar's own `role=alert`, not the polite region. */
  showError(text: string): void {
    this.setLine({ kind: 'error', text });
  }

  hide(): void {
    this.setLine({ kind: 'hidden' });
  }

  /** Asks the visitor to allow an action. A newer confirm or ask cancels this one. */
  confirm({ message, actionLabel }: ConfirmRequest): Promise<boolean> {
    return new Promise((settle) =>
      this.open({ prompt: { kind: 'confirm', message, actionLabel }, settle }),
    );
  }

  /** Asks a question; resolves with the answer, or '' when the visitor declines (Escape). */
  ask({ question, options = [], allowFreeText = false }: AskRequest): Promise<string> {
    const prompt = { kind: 'ask', question, options, allowFreeText } as const;
    return new Promise((settle) => this.open({ prompt, settle }));
  }

  /**
   * Shows `note` and waits until the visitor continues (the Continue button, or Space / Enter
   * while focus is on nothing that takes those keys itself); resolves false when cancelled.
   * Escape does not stop the task here: during a pause the visitor is invited to use the page,
   * whose menus and dialogs close on Escape. The stop control ends the task.
   */
  pause({ note }: PauseRequest): Promise<boolean> {
    return new Promise((settle) => this.open({ prompt: { kind: 'pause', note }, settle }));
  }

  /** Lets the pending pause go on. */
  continue(): void {
    if (this.pending?.prompt.kind === 'pause') this.close(true);
  }

  /** Answers the pending confirm. */
  decide(allowed: boolean): void {
    if (this.pending?.prompt.kind === 'confirm') this.close(allowed);
  }

  /** Answers the pending ask. */
  respond(answer: string): void {
    if (this.pending?.prompt.kind === 'ask') this.close(answer);
  }

  /** Resolves an open confirm or pause with false and an open ask with ''. */
  cancelPending(): void {
    if (this.pending) this.close(declined(this.pending.prompt));
  }

  /** Cancels the open prompt only if it is a pause (the run it belonged to has ended). */
  cancelPause(): void {
    if (this.pending?.prompt.kind === 'pause') this.close(false);
  }

  requestStop(): void {
    this.options.onStop?.();
  }

  hostDisconnected(): void {
    // The element is leaving the page: nobody could answer, so nobody should wait.
    this.cancelPending();
    this.typewriter.reset();
    clearTimeout(this.hideTimer);
  }

  private setLine(line: Line): void {
    this.clearLine();
    this.typewriter.reset();
    this.line = line;
    this.host.requestUpdate();
  }

  private clearLine(): void {
    clearTimeout(this.hideTimer);
    this.line = undefined;
  }

  private announce(text: string): void {
    this.liveText = text;
    this.host.requestUpdate();
  }

  private open(next: Pending): void {
    if (this.pending) this.close(declined(this.pending.prompt), false);
    else this.returnFocusTo = deepActiveElement();
    this.pending = next;
    this.draft = '';
    const { prompt } = next;
    this.announce(prompt.kind === 'confirm' ? prompt.message : prompt.kind === 'ask' ? prompt.question : prompt.note);
    document.addEventListener('keydown', this.onKeyDown);
    void this.host.updateComplete.then(() => {
      if (this.pending !== next) return;
      this.host.renderRoot.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    });
  }

  private close(value: boolean | string, restoreFocus = true): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    document.removeEventListener('keydown', this.onKeyDown);
    if (restoreFocus) this.restoreFocus();
    this.host.requestUpdate();
    // The union guarantees the value matches the prompt kind; TypeScript cannot follow it here.
    (pending.settle as (value: boolean | string) => void)(value);
  }

  private restoreFocus(): void {
    const target = this.returnFocusTo;
    this.returnFocusTo = undefined;
    // Only take focus back from our own controls: if the visitor moved on, leave it where it is.
    const ours = this.host.shadowRoot?.activeElement != null;
    if (target?.isConnected && (ours || !deepActiveElement())) target.focus({ preventScroll: true });
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const pending = this.pending;
    if (!pending || event.defaultPrevented || event.isComposing) return;
    const { kind } = pending.prompt;
    const origin = event.composedPath()[0];
    const ours = origin instanceof Node && this.host.shadowRoot?.contains(origin) === true;
    if (event.key === 'Escape') {
      if (kind === 'pause') return;
      event.preventDefault();
      this.cancelPending();
      return;
    }
    if (kind === 'ask') {
      // Arrow keys walk the option buttons, as in a toolbar; Tab still works as everywhere.
      const next = ours ? optionAfterKey(this.host.renderRoot, origin as Element, event) : undefined;
      if (next) {
        event.preventDefault();
        next.focus();
      }
      return;
    }
    if (event.key !== 'Enter' && event.key !== ' ') return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // Our own buttons activate natively (Space on Cancel must cancel); the page's fields keep typing.
    if (ours) return;
    if (kind === 'confirm' ? isEditableTarget(origin) : takesActivationKeys(origin)) return;
    // A held key must not run through several pauses in a row.
    if (kind === 'pause' && event.repeat) return;
    event.preventDefault();
    if (kind === 'confirm') this.decide(true);
    else this.continue();
  };
}

/** The answer a prompt gets when the visitor declines or it is cancelled. */
function declined(prompt: SubtitlePrompt): boolean | string {
  return prompt.kind === 'ask' ? '' : false;
}
