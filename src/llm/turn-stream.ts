import { parsePartialJson } from './partial-json.js';

/** What the loop learns while the `agent_turn` arguments are still arriving. */
export type TurnStreamEvent =
  | { type: 'narrate-delta'; index: number; text: string }
  | { type: 'item-complete'; index: number; item: unknown };

const BETWEEN_ITEMS = new Set([' ', '\t', '\n', '\r', ',']);

/**
 * Incremental reader of the agent_turn envelope: reports narration text as it grows and each
 * `actions[]` item as soon as its closing brace arrives, so the first action can run while the
 * model is still writing the second.
 *
 * Until the `actions` array opens, each chunk re-reads the (short) envelope head; from then on
 * only the item being written is parsed, from where it starts, so a long reply costs no more per
 * chunk than a short one.
 */
export class TurnStreamReader {
  #text = '';
  #completed = 0;
  #narrated = new Map<number, number>();
  /** Offset in the text where the next unfinished item (or the separator before it) begins. */
  #cursor = -1;

  get text(): string {
    return this.#text;
  }

  push(delta: string): TurnStreamEvent[] {
    this.#text += delta;
    if (this.#cursor < 0 && !this.#findActions()) return [];
    return this.#readItems();
  }

  #findActions(): boolean {
    const parsed = parsePartialJson(this.#text);
    if (!parsed || typeof parsed.value !== 'object' || parsed.value === null) return false;
    const start = parsed.offsets.get('actions');
    if (start === undefined || this.#text[start] !== '[') return false;
    this.#cursor = start + 1;
    return true;
  }

  #readItems(): TurnStreamEvent[] {
    const text = this.#text;
    const events: TurnStreamEvent[] = [];
    for (;;) {
      let start = this.#cursor;
      while (start < text.length && BETWEEN_ITEMS.has(text[start]!)) start++;
      if (start >= text.length || text[start] === ']') return events;
      const parsed = parsePartialJson(text, start);
      // Not JSON from here: nothing more can be read; the whole reply is judged when it ends.
      if (!parsed || parsed.value === undefined) return events;
      const index = this.#completed;
      const item = parsed.value;
      const narrate = typeof item === 'object' && item !== null ? (item as { narrate?: unknown }).narrate : undefined;
      if (typeof narrate === 'string' && narrate.length > (this.#narrated.get(index) ?? 0)) {
        this.#narrated.set(index, narrate.length);
        events.push({ type: 'narrate-delta', index, text: narrate });
      }
      if (!isClosed(item, parsed, text)) return events;
      events.push({ type: 'item-complete', index, item });
      this.#completed = index + 1;
      this.#cursor = parsed.end;
    }
  }
}

/** An object or array is closed once its bracket arrived; a bare value once a separator follows it. */
function isClosed(item: unknown, parsed: { open: WeakSet<object>; end: number }, text: string): boolean {
  if (typeof item === 'object' && item !== null) return !parsed.open.has(item);
  let next = parsed.end;
  while (next < text.length && BETWEEN_ITEMS.has(text[next]!) && text[next] !== ',') next++;
  return text[next] === ',' || text[next] === ']';
}
