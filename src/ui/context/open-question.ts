import type { PendingQuestion } from './web-agent-context.js';

/**
 * The one question the UI has open (a confirmation, a question, a pause) and how it settles: a
 * newer one, or a cancel, settles it as declined. Consumers hear first that it is gone.
 */
export class OpenQuestion {
  #pending: { question: PendingQuestion; settle(value: boolean | string): void } | undefined;
  #opened: (announcement: string) => void;
  #closed: () => void;

  /** `opened` announces a new question, `closed` publishes that it is gone; both publish the state. */
  constructor({ opened, closed }: { opened(announcement: string): void; closed(): void }) {
    this.#opened = opened;
    this.#closed = closed;
  }

  get current(): PendingQuestion | undefined {
    return this.#pending?.question;
  }

  open<T extends boolean | string>(question: PendingQuestion, announcement: string): Promise<T> {
    if (this.#pending) this.close(this.#pending.question.kind, declined(this.#pending.question), false);
    return new Promise<T>((settle) => {
      this.#pending = { question, settle: settle as (value: boolean | string) => void };
      this.#opened(announcement);
    });
  }

  /** Settles the open question if it is of `kind`. */
  close(kind: PendingQuestion['kind'], value: boolean | string, publish = true): void {
    const pending = this.#pending;
    if (pending?.question.kind !== kind) return;
    this.#pending = undefined;
    if (publish) this.#closed();
    pending.settle(value);
  }

  /** Resolves an open confirm or pause with false and an open ask with ''. */
  cancel(): void {
    if (this.#pending) this.close(this.#pending.question.kind, declined(this.#pending.question));
  }
}

/** The answer a question gets when the visitor declines or it is cancelled. */
function declined(question: PendingQuestion): boolean | string {
  return question.kind === 'ask' ? '' : false;
}
