import { quietly } from '../quietly.js';
import { dropFrame, onFrame } from '../own.js';

/** One animation frame at the 60 Hz the typing speed is expressed in. */
const FRAME_MS = 1000 / 60;
/** Far behind, type an eighth of the backlog per frame, so a long burst catches up in ~½ s. */
const CATCH_UP_DIVISOR = 8;
/**
 * A fragment up to this size is how a streaming model talks (a token or a few): it is shown whole
 * on the next frame, so the bar never lags the stream. Only a larger burst (a reply that arrived in
 * one piece) is typed out, which is where the animation helps the eye follow.
 */
const STREAMED_FRAGMENT_CHARS = 32;
/**
 * Every frame adds at least a frame's time worth of characters to the budget, so a character is
 * typed at least every 17 ms of frame time. This long with text left and nothing typed means the
 * pacing's arithmetic is broken (a page that made Math.floor a no-op yields NaN, which throws
 * nothing), and the rest of the text is shown at once, as when it throws. Measured in frame time,
 * not frames: an engine may call back many times within one frame's time (WebKit repeats timestamps).
 */
const STALLED_MS = 500;

export interface TypewriterOptions {
  /** Called whenever more text becomes visible. */
  onChange: () => void;
  /** Called once per narration, when its final text is fully shown. */
  onComplete: (text: string) => void;
}

/**
 * Shows one streamed narration as it arrives: small fragments appear whole on the next frame;
 * a burst is typed at ~60 characters per second, faster when far behind. Time-based rather than
 * per-frame, so 120 Hz screens type no faster.
 */
export class Typewriter {
  id: string | undefined = undefined;
  text = '';
  #typed = 0;
  final = false;
  /** Text up to here arrived in small fragments and is shown on the next frame. */
  #streamed = 0;
  readonly #options: TypewriterOptions;
  #frame = 0;
  #lastTick = 0;
  #budget = 0;
  #progressAt = 0;
  #completed = false;
  #instant = false;
  #waiters: Array<() => void> = [];

  constructor(options: TypewriterOptions) {
    this.#options = options;
  }

  /** The part of the text already typed. */
  get shown(): string {
    return this.text.slice(0, this.#typed);
  }

  /** Same `id` continues the narration; a new `id` replaces it. `instant` skips the animation. */
  write(id: string, textSoFar: string, final: boolean, instant: boolean): void {
    if (id !== this.id) {
      this.reset();
      this.id = id;
    } else {
      // A stream only appends, but if earlier text ever changes, retype from where it diverges.
      const kept = commonPrefixLength(this.text, textSoFar);
      this.#typed = Math.min(this.#typed, kept);
      this.#streamed = Math.min(this.#streamed, kept);
    }
    if (textSoFar.length - this.text.length <= STREAMED_FRAGMENT_CHARS) this.#streamed = textSoFar.length;
    this.text = textSoFar;
    this.final = final;
    // Without animation a sentence still should not assemble under the reader's eyes as the stream
    // brings it: the text shows a whole sentence at a time, the rest when the narration is final.
    this.#instant = instant;
    if (instant) this.#typed = final ? textSoFar.length : Math.max(this.#typed, wholeSentences(textSoFar));
    this.#advance();
  }

  /** Resolves when narration `id` is final and fully shown, or at once if it is done or gone. */
  whenTyped(id: string): Promise<void> {
    if (id !== this.id || (this.final && this.#typed >= this.text.length)) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Forgets the narration; anyone waiting on it is released, since it will never finish. */
  reset(): void {
    dropFrame(this.#frame);
    this.#frame = 0;
    this.id = undefined;
    this.text = '';
    this.#typed = 0;
    this.#streamed = 0;
    this.final = false;
    this.#budget = 0;
    this.#progressAt = 0;
    this.#lastTick = 0;
    this.#completed = false;
    this.#instant = false;
    this.#release();
  }

  #advance(): void {
    if (this.#typed < this.text.length) {
      if (!this.#instant) this.#frame ||= onFrame(this.#tick);
      return;
    }
    // Caught up: the next chunk of the stream starts a fresh clock instead of "catching up" on the
    // idle time spent waiting for it.
    this.#lastTick = 0;
    this.#progressAt = 0;
    this.#budget = 0;
    if (!this.final || this.#completed) return;
    this.#completed = true;
    this.#release();
    this.#options.onComplete(this.text);
  }

  // A frame's callback has nobody to catch what it throws but the page: a page that broke a
  // built-in the pacing uses (Math.floor, say) gets the rest of the text shown at once, and the
  // narration still completes, so nothing waiting on it hangs. So does one whose broken built-in
  // throws nothing and only stops the typing (STALLED_MS).
  readonly #tick = (now: number): void => {
    this.#frame = 0;
    try {
      const frames = this.#lastTick ? (now - this.#lastTick) / FRAME_MS : 1;
      this.#lastTick = now;
      this.#budget += Math.max(1, (this.text.length - this.#typed) / CATCH_UP_DIVISOR) * frames;
      const step = Math.floor(this.#budget);
      this.#budget -= step;
      const next = splitSafe(this.text, Math.min(this.text.length, Math.max(this.#typed + step, this.#streamed)));
      if (next > this.#typed) {
        this.#typed = next;
        this.#progressAt = now;
        this.#options.onChange();
      } else if (this.#typed < this.text.length && now - (this.#progressAt ||= now) > STALLED_MS) throw 0;
      this.#advance();
    } catch {
      this.#typed = this.text.length;
      quietly(() => this.#advance());
    }
  };

  #release(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve();
  }
}

function commonPrefixLength(a: string, b: string): number {
  // A stream only appends: the native comparison answers that case without a loop per character.
  if (b.startsWith(a)) return a.length;
  let index = 0;
  while (index < a.length && a[index] === b[index]) index++;
  return index;
}

/**
 * How much of a narration still streaming is whole sentences: up to the last sentence end (any
 * script's, by its Unicode property) followed by a space, a line break, or a full-width stop that
 * needs none. A stop at the very end is not yet one: "3." may become "3.5".
 */
function wholeSentences(text: string): number {
  return /^[\s\S]*(?:\p{Sentence_Terminal}[\p{Pe}\p{Pf}"']*\s|[\u3002\uff01\uff1f\uff61]|\n)/u.exec(text)?.[0].length ?? 0;
}

/** Never cut between the two halves of a surrogate pair, which would flash a broken glyph. */
function splitSafe(text: string, index: number): number {
  const code = text.charCodeAt(index - 1);
  return code >= 0xd800 && code <= 0xdbff ? index + 1 : index;
}
