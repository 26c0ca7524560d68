import { clearTimer, setTimer } from '../own.js';
import { guarded } from '../quietly.js';

/** A glance, then a quick reader's pace; a long narration is paged by the visitor anyway. */
const GLANCE_MS = 200;
const PER_WORD_MS = 60;
const MAX_HOLD_MS = 5000;

/** How long a narration stays up at least, counted from when it first showed: by its length, bounded. */
export function readingHoldMs(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.min(MAX_HOLD_MS, GLANCE_MS + PER_WORD_MS * words);
}

interface Narration {
  id: string;
  text: string;
  final: boolean;
}

/**
 * Keeps each narration up long enough to read: the next one (another id) waits until the one on
 * screen has been shown for {@link readingHoldMs}, unless the visitor moves on ({@link flush}).
 * What waits is replaced as it streams, so it shows whole, at its latest text, when its turn comes.
 * A narration typed instantly (reduced motion) is held just the same: the hold is for reading.
 */
export class ReadingPace {
  #show: (narration: Narration) => void;
  #current: { id: string; text: string; since: number } | undefined;
  #waiting: Narration | undefined;
  #timer: number | undefined;
  #released: Array<() => void> = [];

  constructor(show: (narration: Narration) => void) {
    this.#show = show;
  }

  /** Another narration waits for the visitor to finish reading this one. */
  get holding(): boolean {
    return this.#waiting !== undefined;
  }

  /** Resolves once narration `id` is on screen, or at once when it does not wait (or was dropped). */
  whenShown(id: string): Promise<void> {
    if (this.#waiting?.id !== id) return Promise.resolve();
    return new Promise((resolve) => this.#released.push(resolve));
  }

  write(narration: Narration): void {
    const current = this.#current;
    const hold = current && current.id !== narration.id ? readingHoldMs(current.text) : 0;
    // Never longer than the hold itself, whatever the page did to its clock.
    const left = current ? Math.min(hold, current.since + hold - performance.now()) : 0;
    if (left <= 0 && !this.#waiting) return this.#apply(narration);
    this.#waiting = narration;
    this.#timer ??= setTimer(guarded(() => this.flush()), left); // a negative delay waits 0 ms
  }

  /** The visitor moved on, or the hold is over: what waits is shown now. */
  flush(): void {
    clearTimer(this.#timer);
    this.#timer = undefined;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    // Released first (they resume after this returns): showing the line may throw on a broken page.
    this.#release();
    if (waiting) this.#apply(waiting);
  }

  /** Something other than narration took the bar (a status, closing or error line): nothing is held. */
  reset(): void {
    clearTimer(this.#timer);
    this.#timer = undefined;
    this.#waiting = undefined;
    this.#current = undefined;
    this.#release();
  }

  #release(): void {
    const released = this.#released;
    this.#released = [];
    for (const resolve of released) resolve();
  }

  #apply(narration: Narration): void {
    if (this.#current?.id !== narration.id) this.#current = { id: narration.id, text: '', since: performance.now() };
    this.#current.text = narration.text;
    this.#show(narration);
  }
}
