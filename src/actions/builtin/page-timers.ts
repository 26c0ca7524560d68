import { later, listen, now } from '../../dom/platform.js';

// Timers the page sets while an action runs, due soon, are its reaction to the action: a debounced
// filter or search applies the words a moment after the last key, a date picker closes its calendar
// a moment after the pick. The action's report (and the next snapshot) waits for them, so it tells
// the page after that reaction, not before it.
const SOON_MS = 500;

/** Starts noting the page's short timers; what it returns stops that and waits for those pending. */
export function watchTimers(view: Window = window): (signal: AbortSignal) => Promise<void> {
  const { setTimeout: set, clearTimeout: clear } = view;
  const due = new Map<unknown, number>();
  const start = now();
  const noted = (handler: TimerHandler, ms?: number, ...rest: unknown[]): number => {
    const id = set.call(view, handler, ms, ...rest);
    const at = now();
    if (Number(ms) > 0 && Number(ms) <= SOON_MS) due.set(id, at + Number(ms));
    // An action that threw before its report never stops the watch: it ends itself.
    if (at - start > 60_000) stop();
    return id;
  };
  const cleared = (id?: number): void => {
    due.delete(id);
    clear.call(view, id);
  };
  // Put back only what is still ours: a script may have wrapped them again meanwhile.
  const stop = () => {
    if (view.setTimeout === noted) view.setTimeout = set;
    if (view.clearTimeout === cleared) view.clearTimeout = clear;
  };
  view.setTimeout = noted as typeof setTimeout;
  view.clearTimeout = cleared;
  return (signal) => {
    stop();
    const left = Math.max(0, ...due.values()) - now();
    return new Promise((resolve) => {
      if (left <= 0 || signal.aborted) return resolve();
      later(resolve, left);
      listen(signal, 'abort', () => resolve(), { once: true });
    });
  };
}
