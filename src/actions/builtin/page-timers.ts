// Timers the page sets while an action runs, due soon, are its reaction to the action: a debounced
// filter or search applies the words a moment after the last key, a date picker closes its calendar
// a moment after the pick. The action's report (and the next snapshot) waits for them, so it tells
// the page after that reaction, not before it.
const SOON_MS = 500;
// A timer whose callback sets a timer of its own source again is the page's own loop (a clock, a
// carousel): no reaction, and no action waits for its next tick once it is known (by its source).
const loops = new Set<string>();

/** Starts noting the page's short timers; what it returns stops that and waits for those pending. */
export function watchTimers(view: Window = window): (signal: AbortSignal) => Promise<void> {
  const { setTimeout: set, clearTimeout: clear } = view;
  const due = new Map<unknown, number>();
  const start = performance.now();
  let waiting = false;
  let firing: string | undefined;
  const noted = (handler: TimerHandler, ms?: number, ...rest: unknown[]): number => {
    // Bound functions all read alike ("[native code]"): no source to tell a loop by.
    const source = typeof handler === 'function' && !/\[native code\]/.test(String(handler)) ? String(handler) : undefined;
    if (source !== undefined && source === firing && loops.size < 100) loops.add(source);
    const soon = Number(ms) > 0 && Number(ms) <= SOON_MS && !(source !== undefined && loops.has(source));
    const run = soon && source !== undefined ? (...args: unknown[]) => {
      firing = source;
      try {
        (handler as (...args: unknown[]) => void).apply(view, args);
      } finally {
        firing = undefined;
      }
    } : handler;
    const id = set.call(view, run, ms, ...rest);
    const now = performance.now();
    if (soon && !waiting) due.set(id, now + Number(ms));
    // An action that threw before its report never stops the watch: it ends itself.
    if (now - start > 60_000) stop();
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
    // Watched on through the wait, though no longer waited for: a tick that re-arms there is a loop.
    waiting = true;
    const left = Math.max(0, ...due.values()) - performance.now();
    // Stopped by a timer of its own, after any the page had due by then (WebKit may run ours first).
    return new Promise<void>((resolve) => {
      if (left <= 0 || signal.aborted) return resolve();
      set.call(view, resolve, left);
      signal.addEventListener('abort', () => resolve(), { once: true });
    }).finally(() => set.call(view, stop, 0));
  };
}
