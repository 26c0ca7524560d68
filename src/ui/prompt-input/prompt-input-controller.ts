import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TranscriptEntry } from '../../agent/agent-session.js';
import {
  matchesKeyboardShortcut,
  parseKeyboardShortcut,
  type KeyboardShortcut,
} from './keyboard-shortcut.js';

type PromptInputHost = ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode };

export interface PromptInputControllerOptions {
  /** Receives the trimmed task when the visitor submits a non-empty prompt. */
  onSubmit: (task: string) => void;
  /** The visitor closed the panel without sending anything (Escape, a click outside, the launcher). */
  onDismiss?: () => void;
  /** The panel opened: a task is likely on its way. */
  onOpen?: () => void;
  /** Opens the panel from anywhere in the page; `Mod` is Ctrl or ⌘. `null` disables it. */
  shortcut?: string | null;
  /** The conversation so far, read when the visitor asks for it (the history, ↑/↓ in the field). */
  readHistory?: () => readonly TranscriptEntry[];
}

export const DEFAULT_PROMPT_SHORTCUT = 'Mod+Shift+K';

/** State of the launcher button and its task panel. */
export class PromptInputController implements ReactiveController {
  /** Text currently in the field; kept here so re-renders never lose it. */
  value = '';
  private readonly host: PromptInputHost;
  private readonly onSubmit: (task: string) => void;
  private readonly onDismiss: (() => void) | undefined;
  private readonly onOpen: (() => void) | undefined;
  private shortcut: KeyboardShortcut | undefined;
  private readonly readHistory: () => readonly TranscriptEntry[];
  private isOpen = false;
  private isDisabled = false;
  private historyShown?: readonly TranscriptEntry[];
  /** Where ↑/↓ are in the visitor's earlier requests; their count means "the field's own text". */
  private recallIndex = Number.POSITIVE_INFINITY;
  private draftBeforeRecall = '';

  constructor(host: PromptInputHost, options: PromptInputControllerOptions) {
    this.host = host;
    this.onSubmit = options.onSubmit;
    this.onDismiss = options.onDismiss;
    this.onOpen = options.onOpen;
    this.setShortcut(options.shortcut);
    this.readHistory = options.readHistory ?? (() => []);
    host.addController(this);
  }

  get open(): boolean {
    return this.isOpen;
  }

  /** True while the agent waits for an answer elsewhere: the field cannot take a new task. */
  get disabled(): boolean {
    return this.isDisabled;
  }

  set disabled(value: boolean) {
    this.isDisabled = value;
    this.host.requestUpdate();
  }

  /** The conversation as it was when the visitor opened the history; undefined while it is closed. */
  get history(): readonly TranscriptEntry[] | undefined {
    return this.historyShown;
  }

  /** Shows or hides the conversation so far, read afresh each time it opens. */
  toggleHistory(): void {
    this.historyShown = this.historyShown ? undefined : [...this.readHistory()];
    this.host.requestUpdate();
    if (this.historyShown) {
      void this.host.updateComplete.then(() => {
        const list = this.query('[part~="history"]');
        if (list) list.scrollTop = list.scrollHeight;
      });
    }
  }

  /**
   * ↑ and ↓ in the field step through the visitor's earlier requests, like a shell. Returns false
   * (the key keeps its usual meaning) when there is nothing to step to.
   */
  recall(step: -1 | 1): boolean {
    const asked = this.readHistory().flatMap((entry) => (entry.from === 'visitor' ? [entry.text] : []));
    const current = Math.min(this.recallIndex, asked.length);
    const next = current + step;
    if (next < 0 || next > asked.length) return false;
    if (current === asked.length) this.draftBeforeRecall = this.value;
    this.recallIndex = next;
    this.value = next === asked.length ? this.draftBeforeRecall : asked[next]!;
    this.host.requestUpdate();
    return true;
  }

  /** Changes the shortcut: `undefined` is the default, `null` or "none" none. */
  setShortcut(spec: string | null | undefined): void {
    const shortcut = spec === undefined ? DEFAULT_PROMPT_SHORTCUT : spec;
    this.shortcut = shortcut === null || shortcut.trim().toLowerCase() === 'none' ? undefined : parseKeyboardShortcut(shortcut);
  }

  hostConnected(): void {
    document.addEventListener('keydown', this.onShortcut);
  }

  hostDisconnected(): void {
    document.removeEventListener('keydown', this.onShortcut);
    document.removeEventListener('pointerdown', this.onPointerDown, true);
    this.isOpen = false;
  }

  /** Opens the panel and puts the caret in the field. */
  show(): void {
    if (!this.isOpen) {
      this.isOpen = true;
      this.recallIndex = Number.POSITIVE_INFINITY;
      document.addEventListener('pointerdown', this.onPointerDown, true);
      this.host.requestUpdate();
      this.onOpen?.();
    }
    void this.host.updateComplete.then(() => this.query('[part~="prompt-input"]')?.focus());
  }

  /** Closes the panel; by default focus goes back to the launcher so keyboard users keep their place. */
  hide({ restoreFocus = true, submitted = false }: { restoreFocus?: boolean; submitted?: boolean } = {}): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.historyShown = undefined;
    if (!submitted) this.onDismiss?.();
    document.removeEventListener('pointerdown', this.onPointerDown, true);
    this.host.requestUpdate();
    if (restoreFocus) {
      void this.host.updateComplete.then(() => this.query('[part~="launcher"]')?.focus());
    }
  }

  toggle(): void {
    if (this.isOpen) this.hide();
    else this.show();
  }

  /** Hands the task to `onSubmit` and closes; an empty field or a disabled panel does nothing. */
  submit(): void {
    const task = this.value.trim();
    if (!task || this.isDisabled) return;
    this.value = '';
    this.hide({ submitted: true });
    this.onSubmit(task);
  }

  private query(selector: string): HTMLElement | null {
    return this.host.renderRoot.querySelector<HTMLElement>(selector);
  }

  private readonly onShortcut = (event: KeyboardEvent): void => {
    // A page that handles the same keys itself (and says so) keeps them.
    if (event.defaultPrevented || event.repeat || !this.shortcut) return;
    if (!matchesKeyboardShortcut(event, this.shortcut)) return;
    event.preventDefault();
    this.show();
  };

  /** Like a popover: pressing anywhere outside the element closes the panel, leaving focus alone. */
  private readonly onPointerDown = (event: PointerEvent): void => {
    if (!event.composedPath().includes(this.host)) this.hide({ restoreFocus: false });
  };
}
