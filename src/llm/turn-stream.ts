import { parsePartialJson } from './partial-json.js';

/** What the loop learns while the `agent_turn` arguments are still arriving. */
export type TurnStreamEvent =
  | { type: 'narrate-delta'; index: number; text: string }
  | { type: 'item-complete'; index: number; item: unknown };

/**
 * Incremental reader of the agent_turn envelope: reports narration text as it grows and each
 * `actions[]` item as soon as its closing brace arrives, so the first action can run while the
 * model is still writing the second.
 */
export class TurnStreamReader {
  #text = '';
  #completed = 0;
  #narrated = new Map<number, number>();

  get text(): string {
    return this.#text;
  }

  push(delta: string): TurnStreamEvent[] {
    this.#text += delta;
    const parsed = parsePartialJson(this.#text);
    if (!parsed || typeof parsed.value !== 'object' || parsed.value === null) return [];
    const actions = (parsed.value as { actions?: unknown }).actions;
    if (!Array.isArray(actions)) return [];
    const events: TurnStreamEvent[] = [];
    for (let index = this.#completed; index < actions.length; index++) {
      const item = actions[index];
      const narrate = typeof item === 'object' && item !== null ? (item as { narrate?: unknown }).narrate : undefined;
      if (typeof narrate === 'string' && narrate.length > (this.#narrated.get(index) ?? 0)) {
        this.#narrated.set(index, narrate.length);
        events.push({ type: 'narrate-delta', index, text: narrate });
      }
      const isLastOfOpenArray = index === actions.length - 1 && parsed.open.has(actions);
      const closed = typeof item === 'object' && item !== null ? !parsed.open.has(item) : !isLastOfOpenArray;
      if (!closed) break;
      events.push({ type: 'item-complete', index, item });
      this.#completed = index + 1;
    }
    return events;
  }
}
