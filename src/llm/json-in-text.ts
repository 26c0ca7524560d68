// Finding the tool arguments in a reply that came as text: servers that ignore `tools` still
// get the JSON from a model told to write it, sometimes bare, sometimes in a ```json fence,
// sometimes after a sentence of preamble.

/** How the start of a streamed reply reads, once enough of it has arrived to tell. */
export type TextStart =
  | { kind: 'undecided' }
  | { kind: 'not-json' }
  /** The reply opens with a JSON object (maybe inside a fence) whose `{` is at `offset`. */
  | { kind: 'json'; offset: number };

// Whitespace, then optionally an opening fence with its language tag, then the object's brace.
const OPENS_WITH_OBJECT = /^\s*(?:```[\w-]*\s*)?\{/;
// What could still become the above: nothing yet, or a fence that is still arriving.
const COULD_STILL_OPEN = /^\s*(?:`{1,2}|```[\w-]*\s*)?$/;

/** Classifies the text so far: stream it as arguments, keep buffering, or treat it as prose. */
export function classifyTextStart(text: string): TextStart {
  const opening = OPENS_WITH_OBJECT.exec(text);
  if (opening) return { kind: 'json', offset: opening[0].length - 1 };
  return COULD_STILL_OPEN.test(text) ? { kind: 'undecided' } : { kind: 'not-json' };
}

/**
 * Follows a JSON object as it streams, so that only the object is forwarded and a closing fence
 * or a trailing remark is not. Strings are tracked so braces inside them do not count.
 */
export class ObjectEndTracker {
  #depth = 0;
  #inString = false;
  #escaped = false;
  #closed = false;

  get closed(): boolean {
    return this.#closed;
  }

  /** Returns how many leading characters of `chunk` belong to the object (all, until it closes). */
  take(chunk: string): number {
    if (this.#closed) return 0;
    for (let i = 0; i < chunk.length; i++) {
      this.#step(chunk[i]!);
      if (this.#closed) return i + 1;
    }
    return chunk.length;
  }

  #step(ch: string): void {
    if (this.#inString) {
      if (this.#escaped) this.#escaped = false;
      else if (ch === '\\') this.#escaped = true;
      else if (ch === '"') this.#inString = false;
      return;
    }
    if (ch === '"') this.#inString = true;
    else if (ch === '{' || ch === '[') this.#depth++;
    else if (ch === '}' || ch === ']') {
      this.#depth--;
      if (this.#depth <= 0) this.#closed = true;
    }
  }
}

/**
 * The first balanced `{…}` in `text` that parses as JSON, as the exact characters the model
 * wrote. Fences and preamble fall away because only the braces are taken; a brace in prose that
 * does not start valid JSON is skipped for the next one.
 */
export function extractJsonObject(text: string): string | undefined {
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    const tracker = new ObjectEndTracker();
    const length = tracker.take(text.slice(start));
    // A run that never closes can still hide a valid object further on, as in `use { like {"a": 1}`.
    if (!tracker.closed) continue;
    const candidate = text.slice(start, start + length);
    if (parsesAsObject(candidate)) return candidate;
  }
  return undefined;
}

function parsesAsObject(candidate: string): boolean {
  try {
    const value: unknown = JSON.parse(candidate);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
