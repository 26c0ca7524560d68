/** What the loop learns while the `agent_turn` arguments are still arriving. */
export type TurnStreamEvent =
  | { type: 'narrate-delta'; index: number; text: string }
  | { type: 'item-complete'; index: number; item: unknown };

/** What a container expects next: just opened, a key, the colon after one, a value, a comma or its end. */
type Expect = 'first' | 'key' | 'colon' | 'value' | 'next';

interface Frame {
  array: boolean;
  expect: Expect;
  /** An object's last key: tells the envelope's `actions` and an item's `narrate` apart. */
  key: string;
  actions?: boolean;
}

const WHITESPACE = ' \t\n\r';
const SCALAR_CHAR = /[\w.+-]/;
const SCALAR = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/;
const HEX_DIGIT = /[\da-fA-F]/;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Incremental reader of the agent_turn envelope: reports narration text as it grows and each
 * `actions[]` item as soon as its closing brace arrives, so the first action can run while the
 * model is still writing the second.
 *
 * Each character is looked at once: a JSON scanner keeps its state (the open containers, the
 * string or number being read) between chunks, so a reply streamed one character at a time costs
 * no more in all than one arriving whole (bench/stream.mjs). The scanner checks the grammar as it
 * goes; from the first character that cannot be JSON nothing more is reported (no item of a
 * malformed reply runs past that point), and the whole reply is judged when it ends.
 */
export class TurnStreamReader {
  #text = '';
  #stack: Frame[] = [];
  /** The actions array closed, or the text cannot be JSON: nothing more to report. */
  #done = false;
  #inString = false;
  /** -1 outside an escape; 0 just after a backslash; 1 while reading a `\u` escape's four hex digits (#hex). */
  #escape = -1;
  #hex = '';
  /** The number or literal being read, until the character after it arrives. */
  #scalar: string | undefined;
  /** Which decoded string text is kept: a key's (always) or an item's narration. */
  #collect: 'key' | 'narrate' | undefined;
  #key = '';
  /** The item being read: its index, its text so far, and where it starts in the current chunk. */
  #index = 0;
  #itemText: string | undefined;
  #itemFrom = 0;
  /** A finished bare (non-object) item: reported once the comma or bracket after it arrives. */
  #pending: { item: unknown } | undefined;
  #narration = '';
  #narrated = 0;

  get text(): string {
    return this.#text;
  }

  push(delta: string): TurnStreamEvent[] {
    this.#text += delta;
    const events: TurnStreamEvent[] = [];
    this.#itemFrom = 0;
    for (let at = 0; at < delta.length && !this.#done; at++) at = this.#step(delta, at, events);
    if (this.#itemText !== undefined) this.#itemText += delta.slice(this.#itemFrom);
    if (!this.#done) this.#say(events);
    return events;
  }

  /** Reads the character at `at` (and, inside a string, the plain run after it); returns the last index read. */
  #step(delta: string, at: number, events: TurnStreamEvent[]): number {
    if (this.#inString) return this.#stringPart(delta, at, events);
    const char = delta[at]!;
    if (this.#scalar !== undefined) {
      if (SCALAR_CHAR.test(char)) {
        this.#scalar += char;
        return at;
      }
      const scalar = this.#scalar;
      this.#scalar = undefined;
      if (!SCALAR.test(scalar)) return this.#fail();
      this.#valueEnd(delta, at, events);
      if (this.#done) return at;
    }
    if (WHITESPACE.includes(char)) return at;
    const frame = this.#stack.at(-1);
    if (!frame) {
      // The envelope must be an object; anything else has no actions to read.
      if (char !== '{') return this.#fail();
      this.#stack.push({ array: false, expect: 'first', key: '' });
      return at;
    }
    if (frame.expect === 'colon') {
      if (char !== ':') return this.#fail();
      frame.expect = 'value';
      return at;
    }
    if (frame.expect === 'next' || frame.expect === 'first') {
      if (char === (frame.array ? ']' : '}')) return this.#close(delta, at, events);
      if (frame.expect === 'next') {
        if (char !== ',') return this.#fail();
        if (frame.actions) this.#report(events);
        frame.expect = frame.array ? 'value' : 'key';
        return at;
      }
    }
    if (!frame.array && frame.expect !== 'value') {
      if (char !== '"') return this.#fail();
      this.#inString = true;
      this.#collect = 'key';
      this.#key = '';
      return at;
    }
    return this.#valueStart(frame, delta, at);
  }

  #valueStart(frame: Frame, delta: string, at: number): number {
    const char = delta[at]!;
    if (frame.actions) {
      this.#itemText = '';
      this.#itemFrom = at;
      this.#narration = '';
      this.#narrated = 0;
    }
    if (char === '{' || char === '[') {
      const actions = char === '[' && this.#stack.length === 1 && frame.key === 'actions';
      this.#stack.push({ array: char === '[', expect: 'first', key: '', actions });
    } else if (char === '"') {
      this.#inString = true;
      const parent = this.#stack[this.#stack.length - 2];
      this.#collect = parent?.actions && !frame.array && frame.key === 'narrate' ? 'narrate' : undefined;
      if (this.#collect) this.#narration = '';
    } else if (SCALAR_CHAR.test(char)) {
      this.#scalar = char;
    } else {
      return this.#fail();
    }
    return at;
  }

  /** Inside a string: one escape character, or the plain run up to the next quote or backslash. */
  #stringPart(delta: string, at: number, events: TurnStreamEvent[]): number {
    if (this.#escape >= 0) {
      const char = delta[at]!;
      let decoded: string | undefined;
      if (this.#escape === 0 && char === 'u') {
        this.#escape = 1;
        this.#hex = '';
        return at;
      } else if (this.#escape === 0) {
        decoded = ESCAPES[char];
        if (decoded === undefined) return this.#fail();
      } else {
        if (!HEX_DIGIT.test(char)) return this.#fail();
        this.#hex += char;
        if (this.#hex.length < 4) return at;
        decoded = String.fromCharCode(parseInt(this.#hex, 16));
      }
      this.#escape = -1;
      this.#keep(decoded);
      return at;
    }
    let end = at;
    for (let code = delta.charCodeAt(end); end < delta.length && code !== 34 && code !== 92 && code >= 32; code = delta.charCodeAt(++end));
    this.#keep(delta.slice(at, end));
    if (end === delta.length) return end - 1;
    const code = delta.charCodeAt(end);
    if (code < 32) return this.#fail(); // a raw control character: JSON.parse would refuse the reply
    if (code === 92) {
      this.#escape = 0;
      return end;
    }
    this.#inString = false;
    if (this.#collect === 'key') {
      const frame = this.#stack.at(-1)!;
      frame.key = this.#key;
      frame.expect = 'colon';
    } else {
      this.#valueEnd(delta, end + 1, events);
    }
    this.#collect = undefined;
    return end;
  }

  #keep(decoded: string): void {
    if (this.#collect === 'key') this.#key += decoded;
    else if (this.#collect === 'narrate') this.#narration += decoded;
  }

  #close(delta: string, at: number, events: TurnStreamEvent[]): number {
    const frame = this.#stack.pop()!;
    if (frame.actions) {
      this.#report(events);
      this.#done = true;
    } else {
      this.#valueEnd(delta, at + 1, events);
    }
    return at;
  }

  /** A value ended just before `end` in this chunk: its container expects a separator next. */
  #valueEnd(delta: string, end: number, events: TurnStreamEvent[]): void {
    const frame = this.#stack.at(-1);
    if (!frame) {
      this.#done = true; // the envelope closed without an actions array
      return;
    }
    frame.expect = 'next';
    if (!frame.actions) return;
    const text = this.#itemText! + delta.slice(this.#itemFrom, end);
    this.#itemText = undefined;
    let item: unknown;
    try {
      item = JSON.parse(text);
    } catch {
      this.#fail();
      return;
    }
    this.#pending = { item };
    // An object or array is finished at its bracket; a bare value once a separator follows it.
    if (typeof item === 'object' && item !== null) this.#report(events);
  }

  /** Reports the narration that grew since the last report, and the finished item if there is one. */
  #report(events: TurnStreamEvent[]): void {
    this.#say(events);
    if (!this.#pending) return;
    events.push({ type: 'item-complete', index: this.#index, item: this.#pending.item });
    this.#pending = undefined;
    this.#index++;
  }

  #say(events: TurnStreamEvent[]): void {
    if (this.#narration.length <= this.#narrated) return;
    this.#narrated = this.#narration.length;
    events.push({ type: 'narrate-delta', index: this.#index, text: this.#narration });
  }

  #fail(): number {
    this.#done = true;
    this.#itemText = undefined;
    this.#pending = undefined;
    return Number.MAX_SAFE_INTEGER;
  }
}
