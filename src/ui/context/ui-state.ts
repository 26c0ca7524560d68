import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AgentStatus, TranscriptEntry } from '../../agent/agent-session.js';
import { english } from '../i18n.js';
import { Typewriter } from '../subtitle-bar/typewriter.js';
import { OpenQuestion } from './open-question.js';
import { ReadingPace } from './reading-pace.js';
import { SnapshotProvider } from './snapshot-provider.js';
import { webAgentContext, type OverlayItem, type PendingQuestion, type SubtitleDisplay, type WebAgentContext } from './web-agent-context.js';
import { clearTimer, media, pageHidden, setTimer } from '../own.js';

export interface UiStateOptions {
  run(task: string): void;
  stop(): void;
  /** The conversation so far, read afresh when it may have changed. */
  readTranscript(): readonly TranscriptEntry[];
  /** The prompt opened: a task is likely on its way. */
  onPromptOpen?(): void;
  /** The prompt closed without a task. */
  onPromptDismiss?(): void;
}

export interface ConfirmRequest {
  message: string;
  actionLabel?: string;
  action?: string;
  params?: Record<string, unknown>;
  target?: Element;
  targetName?: string;
  effect?: Extract<PendingQuestion, { kind: 'confirm' }>['effect'];
}

export interface AskRequest {
  question: string;
  options?: readonly string[];
  /** With `options`, also offer a text field. Without options a text field is always shown. */
  allowFreeText?: boolean;
}

type Line = Exclude<SubtitleDisplay, { kind: 'narration' }>;
type Host = ReactiveControllerHost & HTMLElement;

export const DEFAULT_AUTO_HIDE_MS = 4000;
const RUNNING: ReadonlySet<AgentStatus> = new Set(['thinking', 'executing', 'waiting']);

/**
 * The one state of the element's UI, published as {@link WebAgentContext} snapshots to every
 * consumer: the built-in launcher, prompt, bar, confirmation and overlay, and whatever the host
 * puts in their slots. Agent events come in through the methods below (see AgentPresenter);
 * consumers act only through the snapshot's commands.
 */
export class UiState implements ReactiveController {
  #options: UiStateOptions;
  #provider: SnapshotProvider;
  #typewriter: Typewriter;
  #pace = new ReadingPace(({ id, text, final }) => this.#showNarration(id, text, final));
  /** The non-narration line, or undefined while the typewriter's narration is showing. */
  #line: Line | undefined = { kind: 'hidden' };
  #question = new OpenQuestion({ opened: (announcement) => this.#announce(announcement), closed: () => this.#publish() });
  #status: AgentStatus = 'idle';
  #announcement = '';
  #transcript: readonly TranscriptEntry[] = [];
  #promptOpen = false;
  #promptSent = false;
  #overlay: WebAgentContext['overlay'] = { items: [], cue: undefined };
  /** The narration the marks belong to; unset: the next one to come (see #showNarration). */
  #marksOf: string | undefined;
  /** Actions since the narration on the bar was shown; none shown in this turn yet: Infinity. */
  #acted = Infinity;
  #look: Pick<WebAgentContext, 'strings' | 'agentName' | 'dir'> = { strings: english, agentName: 'Assistant', dir: undefined };
  #hideTimer: number | undefined;
  /** A publish of streamed narration shown at once, due when this task ends. */
  #publishSoon: number | undefined;
  readonly #commands: Pick<WebAgentContext, 'run' | 'stop' | 'respond' | 'decide' | 'continue' | 'openPrompt' | 'closePrompt'>;

  constructor(host: Host, options: UiStateOptions) {
    this.#options = options;
    this.#typewriter = new Typewriter({ onChange: () => this.#publish(), onComplete: (text) => this.#announce(text) });
    this.#commands = {
      run: (task) => {
        this.#promptSent = true;
        this.closePrompt();
        options.run(task);
      },
      stop: () => options.stop(),
      respond: (answer) => this.#question.close('ask', answer),
      decide: (approved) => this.#question.close('confirm', approved),
      // The visitor moves on: from a pause, or from a narration the next one waits behind.
      continue: () => (this.#question.current?.kind === 'pause' ? this.#question.close('pause', true) : this.#pace.flush()),
      openPrompt: () => this.openPrompt(),
      closePrompt: () => this.closePrompt(),
    };
    this.#provider = new SnapshotProvider(host, { context: webAgentContext, initialValue: this.#snapshot() });
    host.addController(this);
  }

  get snapshot(): WebAgentContext {
    return this.#provider.value;
  }

  /** Streams narration `id`; call again with the longer text as it arrives, `final` on the last. */
  narrate(id: string, textSoFar: string, final: boolean): void {
    const holding = this.#pace.holding;
    this.#pace.write({ id, text: textSoFar, final });
    if (this.#pace.holding !== holding) this.#publish();
  }

  /** Resolves when narration `id` is on screen, final and typed out, or at once if it is done or gone. */
  async whenTyped(id: string): Promise<void> {
    await this.#pace.whenShown(id);
    return this.#typewriter.whenTyped(id);
  }

  showStatus(text: string): void {
    this.#announcement = text;
    this.#setLine({ kind: 'status', text });
  }

  /** The closing line; hides itself after `autoHideMs` (default 4000; 0 keeps it). */
  showFinal(text: string, { autoHideMs = DEFAULT_AUTO_HIDE_MS }: { autoHideMs?: number } = {}): void {
    const line = { kind: 'final', text } as const;
    this.#announcement = text;
    this.#setLine(line);
    if (autoHideMs > 0) this.#hideTimer = setTimer(() => this.#line === line && this.hide(), autoHideMs);
  }

  /** Errors are announced by the bar's own `role=alert`, not the polite region. */
  showError(text: string): void {
    this.#setLine({ kind: 'error', text });
  }

  hide(): void {
    this.#setLine({ kind: 'hidden' });
  }

  setStatus(status: AgentStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    if (status === 'thinking') this.#acted = Infinity;
    this.#publish();
  }

  /** Asks the visitor to allow an action. A newer question cancels this one. */
  confirm({ message, actionLabel, action = '', params = {}, target, targetName, effect }: ConfirmRequest): Promise<boolean> {
    return this.#question.open({ kind: 'confirm', message, actionLabel, action, params, target, targetName, effect }, message);
  }

  /** Asks a question; resolves with the answer, or '' when the visitor declines. */
  ask({ question, options = [], allowFreeText = false }: AskRequest): Promise<string> {
    return this.#question.open({ kind: 'ask', question, options, allowFreeText }, question);
  }

  /** Shows `note` and waits until the visitor continues; resolves false when cancelled. */
  pause({ note }: { note: string }): Promise<boolean> {
    return this.#question.open({ kind: 'pause', note }, note);
  }

  /** Resolves an open confirm or pause with false and an open ask with ''. */
  cancelPending(): void {
    this.#question.cancel();
  }

  /** Cancels the pending question only if it is a pause (the run it belonged to has ended). */
  cancelPause(): void {
    this.#question.close('pause', false);
  }

  openPrompt(): void {
    if (this.#promptOpen) return;
    this.#promptOpen = true;
    this.#promptSent = false;
    this.#transcript = fresh(this.#transcript, this.#options.readTranscript());
    this.#publish();
    this.#options.onPromptOpen?.();
  }

  closePrompt(): void {
    if (!this.#promptOpen) return;
    this.#promptOpen = false;
    this.#publish();
    if (!this.#promptSent) this.#options.onPromptDismiss?.();
  }

  /** Replaces the marks (an empty list clears them) and drops the cue. */
  showOverlay(items: readonly OverlayItem[]): void {
    // Right after a sentence (only its own action between): that sentence's; otherwise the next one's.
    this.#marksOf = this.#acted > 1 ? undefined : this.#typewriter.id;
    this.#setOverlay({ items: [...items], cue: undefined });
  }

  /** The element the current action works on; `undefined` removes the cue. The marks stay. */
  cue(target: Element | undefined): void {
    this.#acted++;
    this.#setOverlay({ items: this.#overlay.items, cue: target });
  }

  clearOverlay(): void {
    this.#setOverlay({ items: [], cue: undefined });
  }

  /** Reads the conversation again; publishes only when it changed. */
  refreshTranscript(): void {
    const transcript = fresh(this.#transcript, this.#options.readTranscript());
    if (transcript === this.#transcript) return;
    this.#transcript = transcript;
    this.#publish();
  }

  /** The strings, name and direction the UI speaks with; publishes only when one changed. */
  setLook(look: Pick<WebAgentContext, 'strings' | 'agentName' | 'dir'>): void {
    if (JSON.stringify(look) === JSON.stringify(this.#look)) return;
    this.#look = look;
    this.#publish();
  }

  hostDisconnected(): void {
    // The element is leaving the page: nobody could answer, so nobody should wait.
    this.cancelPending();
    this.#pace.reset();
    this.#typewriter.reset();
    clearTimer(this.#hideTimer);
    this.#promptOpen = false;
    // The snapshot an element put back starts from; its subscribers (all gone from the page) are dropped.
    this.#publish();
    this.#provider.clearCallbacks();
  }

  #snapshot(): WebAgentContext {
    const typewriter = this.#typewriter;
    const display: SubtitleDisplay = this.#line ?? {
      kind: 'narration',
      id: typewriter.id ?? '',
      text: typewriter.text,
      shown: typewriter.shown,
      final: typewriter.final,
      waiting: this.#pace.holding,
    };
    return {
      status: this.#status,
      running: RUNNING.has(this.#status),
      display,
      pending: this.#question.current,
      announcement: this.#announcement,
      transcript: this.#transcript,
      promptOpen: this.#promptOpen,
      overlay: this.#overlay,
      ...this.#look,
      ...this.#commands,
    };
  }

  #publish(): void {
    clearTimer(this.#publishSoon);
    this.#publishSoon = undefined;
    this.#provider.setValue(this.#snapshot());
  }

  /**
   * A narration takes the bar once the one before it was up long enough to read (ReadingPace),
   * and takes away the marks of the sentence before: a mark belongs to the sentence it follows
   * directly (narrate, then highlight), or else to the next one (border, then narrate).
   */
  #showNarration(id: string, text: string, final: boolean): void {
    // The same line growing as it streams: the bar is drawn (and measured) once a frame at most.
    const growing = id === this.#typewriter.id && !this.#line && !final && !this.#typewriter.final;
    this.#clearLine();
    if (id !== this.#typewriter.id) {
      this.#acted = 0;
      if ((this.#marksOf ??= id) !== id) this.#overlay = { items: [], cue: this.#overlay.cue };
    }
    const instant = media('(prefers-reduced-motion: reduce)').matches || pageHidden();
    this.#typewriter.write(id, text, final, instant);
    // Typed out, the typewriter's next frame publishes what grew; shown at once, one task's deltas
    // are published together (a reply in one-character deltas drew the bar ten thousand times).
    if (!growing) this.#publish();
    else if (instant) this.#publishSoon ??= setTimer(() => ((this.#publishSoon = undefined), this.#publish()));
  }

  #setLine(line: Line): void {
    this.#pace.reset();
    this.#clearLine();
    // An error line interrupts a narration without forgetting it: a retry that says the same words
    // continues the line where the visitor stopped reading instead of typing it again.
    if (line.kind !== 'error') this.#typewriter.reset();
    this.#line = line;
    this.#publish();
  }

  #clearLine(): void {
    clearTimer(this.#hideTimer);
    this.#line = undefined;
  }

  #announce(text: string): void {
    this.#announcement = text;
    this.#publish();
  }

  #setOverlay(overlay: WebAgentContext['overlay']): void {
    this.#overlay = overlay;
    this.#publish();
  }
}

/** `current` when `read` holds the same entries, else a copy of `read` (the session's array changes in place). */
function fresh(current: readonly TranscriptEntry[], read: readonly TranscriptEntry[]): readonly TranscriptEntry[] {
  return JSON.stringify(current) === JSON.stringify(read) ? current : [...read];
}
