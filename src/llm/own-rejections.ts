import { cancel, later, listen, own } from '../dom/platform.js';

/**
 * A model call that fails or is abandoned can leave promises inside the SDK rejected with nobody
 * waiting on them (an abort it passes on; more of them on a page that broke a built-in the SDK
 * uses, such as Promise.prototype.catch or WeakMap.prototype.has). What they carry is the agent's
 * own failure, which the run already reports as an `error` event: it must not reach the page's
 * `unhandledrejection` listeners (an error tracker would file it as the host's) nor its console.
 * Ours means an error of the SDK's own classes, or one a model request failed with. The listener
 * (capturing, so it comes before the page's at the window) is there from a call's start until a
 * second after the last call ended or was abandoned (the SDK's requests then settle on their own
 * time), or until the agent is destroyed: a stopped or removed agent leaves the page its listeners
 * as they were.
 */
export class OwnRejections {
  #ownError: Function;
  /** What the last model requests failed with, the latest 8 (`#next` is where the next one goes). */
  #failures: unknown[] = [];
  #next = 0;
  #calls = 0;
  #unlisten: (() => void) | undefined;
  #timer: number | undefined;

  /** `ownError`: the base class of every error the model client throws. */
  constructor(ownError: Function) {
    this.#ownError = ownError;
  }

  /** Said at a call's start; what it returns, at its end (or its abort). */
  calling(): () => void {
    this.#calls++;
    cancel(this.#timer);
    this.#unlisten ??= listen(window, 'unhandledrejection', this.#onRejection, true);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.#calls) return;
      cancel(this.#timer);
      this.#timer = later(() => this.close(), 1000);
    };
  }

  /** A request the SDK sent: handled here too (a page may have broken its catch), its failure kept as ours. */
  sent(reply: Promise<Response>): void {
    // Awaited, not .then(): the page's Promise.prototype.then may be broken, or zone.js's.
    void (async () => {
      try {
        await reply;
      } catch (reason) {
        this.#failures[this.#next++ % 8] = reason;
      }
    })();
  }

  /** Takes the listener away now (the agent is destroyed). */
  close(): void {
    cancel(this.#timer);
    this.#unlisten?.();
    this.#unlisten = undefined;
  }

  #onRejection = (event: Event): void => {
    const { reason } = event as PromiseRejectionEvent;
    let ours = reason instanceof this.#ownError;
    for (let at = 0; !ours && at < this.#failures.length; at++) ours = this.#failures[at] === reason;
    if (!ours) return;
    own(event, 'Event.preventDefault');
    own(event, 'Event.stopImmediatePropagation');
  };
}
