import type { ReactiveController } from 'lit';
import type { PendingQuestion } from '../context/web-agent-context.js';
import type { UiPiece } from '../context/ui-piece.js';
import { deepActiveElement } from './deep-active-element.js';
import { guarded } from '../quietly.js';

type Kind = PendingQuestion['kind'];

export interface KeyPress<K extends Kind> {
  event: KeyboardEvent;
  question: Extract<PendingQuestion, { kind: K }>;
  /** The key was pressed inside `<web-agent>`: its shadow tree or a piece the host slotted in. */
  ours: boolean;
  origin: EventTarget | undefined;
}

/**
 * Focus and keys while a piece shows a question: remembers where focus was when the question
 * appeared, moves it to the piece's `[data-autofocus]` control, listens to the keyboard of the
 * whole document only while the question is shown, and gives focus back when it goes.
 * One per piece, for the kinds that piece draws: a piece a host replaced is gone, and so are its keys.
 */
export class QuestionController<K extends Kind> implements ReactiveController {
  #piece: UiPiece;
  #kinds: readonly K[];
  #onKey: (press: KeyPress<K>) => void;
  #shown: Extract<PendingQuestion, { kind: K }> | undefined;
  #returnFocusTo: HTMLElement | undefined;

  constructor(piece: UiPiece, kinds: readonly K[], onKey: (press: KeyPress<K>) => void) {
    this.#piece = piece;
    this.#kinds = kinds;
    this.#onKey = onKey;
    piece.addController(this);
  }

  /** The question this piece shows, if any. */
  get shown(): Extract<PendingQuestion, { kind: K }> | undefined {
    return this.#shown;
  }

  /** Follows the snapshot's pending question; called before the piece renders it. */
  follow(pending: PendingQuestion | undefined): void {
    const mine = pending && (this.#kinds as readonly Kind[]).includes(pending.kind) ? (pending as Extract<PendingQuestion, { kind: K }>) : undefined;
    if (mine === this.#shown) return;
    const before = this.#shown;
    this.#shown = mine;
    if (!mine) {
      document.removeEventListener('keydown', this.#onKeyDown);
      // Once the question is drawn away: a modal one keeps the page inert, and unfocusable, until then.
      void this.#piece.updateComplete.then(() => this.#shown || this.#restoreFocus());
      return;
    }
    // A question replacing another keeps the place focus is to go back to.
    if (!before) this.#returnFocusTo = deepActiveElement();
    document.addEventListener('keydown', this.#onKeyDown);
    void this.#piece.updateComplete.then(() => {
      if (this.#shown === mine) this.#piece.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    });
  }

  hostDisconnected(): void {
    document.removeEventListener('keydown', this.#onKeyDown);
    this.#shown = undefined;
    this.#returnFocusTo = undefined;
  }

  #restoreFocus(): void {
    const target = this.#returnFocusTo;
    this.#returnFocusTo = undefined;
    // Only take focus back from our own controls: if the visitor moved on, leave it where it is.
    const root = this.#piece.getRootNode();
    const ours = root instanceof ShadowRoot && root.activeElement != null;
    if (target?.isConnected && (ours || !deepActiveElement())) target.focus({ preventScroll: true });
  }

  readonly #onKeyDown = guarded((event: KeyboardEvent): void => {
    const question = this.#shown;
    if (!question || event.defaultPrevented || event.isComposing) return;
    const origin = event.composedPath()[0];
    const root = this.#piece.getRootNode();
    const ours = root instanceof ShadowRoot && event.composedPath().includes(root.host);
    this.#onKey({ event, question, ours, origin });
  });
}
