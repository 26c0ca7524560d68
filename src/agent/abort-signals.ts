import { listen } from '../dom/platform.js';

/**
 * A wait that someone else ends: `start` hands out `settle` (to a host event's detail, or to
 * respond()) and may return a clean-up; the first settle wins, and an abort settles with
 * `onAbort`, at once if the signal has already fired.
 */
export function settleOnce<T>(signal: AbortSignal, onAbort: T, start: (settle: (value: T) => void) => (() => void) | void): Promise<T> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(onAbort);
    let settled = false;
    let cleanUp: (() => void) | void;
    const settle = (value: T) => {
      if (settled) return;
      settled = true;
      unlisten();
      cleanUp?.();
      resolve(value);
    };
    const unlisten = listen(signal, 'abort', () => settle(onAbort), { once: true });
    cleanUp = start(settle);
  });
}
