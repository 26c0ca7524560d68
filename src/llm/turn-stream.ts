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
  /** The envelope closed, or the text cannot be JSON: nothing more to read. */
  #done = false;
  /** The actions array closed: no more items (a second `actions` key is not read as one). */
  #actionsClosed = false;
  #inString = false;
  /** The escape being read in a string, from its backslash (`\n`, `\u00e9`). */
  #escape: string | undefined;
  /** The number or literal being read, until the character after it arrives. */
  #scalar: string | undefined;
  /** Which decoded string text is kept: a key's (always) or an item's narration. */
  #collect: 'key' | 'narrate' | undefined;
  #key = '';
  /** The text so far of the value being kept (an item, a member of the envelope), and where it starts in this chunk. */
  #valueText: string | undefined;
  #valueFrom = 0;
  /** The envelope's members and actions that arrived whole (the item being read is the next one): what a record of a cut-off reply keeps. */
  readonly #members: Record<string, unknown> = Object.create(null);
  readonly #items: unknown[] = [];
  /** A finished bare (non-object) item: reported once the comma or bracket after it arrives. */
  #pending: { value: unknown } | undefined;
  #narration = '';
  #narrated = 0;

  get text(): string {
    return this.#text;
  }

  /** The envelope as far as it arrived whole: complete members, and `actions` with the items that closed. */
  get received(): Record<string, unknown> & { actions: unknown[] } {
    return { ...this.#members, actions: [...this.#items] };
  }

  push(delta: string): TurnStreamEvent[] {
    this.#text += delta;
    const events: TurnStreamEvent[] = [];
    this.#valueFrom = 0;
    for (let at = 0; at < delta.length && !this.#done; at++) at = this.#step(delta, at, events);
    if (this.#valueText !== undefined) this.#valueText += delta.slice(this.#valueFrom);
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
      const scalar = parsed(this.#scalar);
      this.#scalar = undefined;
      if (!scalar) return this.#fail();
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
    const actions = char === '[' && this.#stack.length === 1 && frame.key === 'actions' && !this.#actionsClosed;
    if (frame.actions || (this.#stack.length === 1 && !actions)) {
      this.#valueText = '';
      this.#valueFrom = at;
      this.#narration = '';
      this.#narrated = 0;
    }
    if (char === '{' || char === '[') {
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
    if (this.#escape !== undefined) {
      const escape = (this.#escape += delta[at]);
      if (escape[1] === 'u' && escape.length < 6) return at;
      // JSON.parse decodes it, and refuses an escape JSON does not have.
      const decoded = parsed(`"${escape}"`);
      if (!decoded) return this.#fail();
      this.#escape = undefined;
      this.#keep(decoded.value as string);
      return at;
    }
    let end = at;
    for (let code = delta.charCodeAt(end); end < delta.length && code !== 34 && code !== 92 && code >= 32; code = delta.charCodeAt(++end));
    this.#keep(delta.slice(at, end));
    if (end === delta.length) return end - 1;
    const code = delta.charCodeAt(end);
    if (code < 32) return this.#fail(); // a raw control character: JSON.parse would refuse the reply
    if (code === 92) {
      this.#escape = '\\';
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
    if (this.#stack.pop()!.actions) {
      this.#report(events);
      this.#actionsClosed = true;
    }
    this.#valueEnd(delta, at + 1, events);
    return at;
  }

  /** A value ended just before `end` in this chunk: its container expects a separator next. */
  #valueEnd(delta: string, end: number, events: TurnStreamEvent[]): void {
    const frame = this.#stack.at(-1);
    if (!frame) {
      this.#done = true; // the envelope closed: the reply is whole
      return;
    }
    frame.expect = 'next';
    if (this.#valueText === undefined || (!frame.actions && this.#stack.length > 1)) return;
    const value = parsed(this.#valueText + delta.slice(this.#valueFrom, end));
    this.#valueText = undefined;
    if (!value) {
      this.#fail();
      return;
    }
    const item = value.value;
    if (!frame.actions) {
      this.#members[frame.key] = item;
      return;
    }
    this.#pending = value;
    // An object or array is finished at its bracket; a bare value once a separator follows it.
    if (typeof item === 'object' && item !== null) this.#report(events);
  }

  /** Reports the narration that grew since the last report, and the finished item if there is one. */
  #report(events: TurnStreamEvent[]): void {
    this.#say(events);
    if (!this.#pending) return;
    const item = this.#pending.value;
    events.push({ type: 'item-complete', index: this.#items.length, item });
    this.#items.push(item);
    this.#pending = undefined;
  }

  #say(events: TurnStreamEvent[]): void {
    if (this.#narration.length <= this.#narrated) return;
    this.#narrated = this.#narration.length;
    events.push({ type: 'narrate-delta', index: this.#items.length, text: this.#narration });
  }

  #fail(): number {
    this.#done = true;
    this.#valueText = undefined;
    this.#pending = undefined;
    return Number.MAX_SAFE_INTEGER;
  }
}

function parsed(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}
