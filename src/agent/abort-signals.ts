/** A signal with a clock: `dispose()` once the work it guards is over. */
export interface TimedSignal {
  readonly signal: AbortSignal;
  /** Stops the clock and lets go of the parent signal. */
  dispose(): void;
}

/**
 * `signal`, or `ms` passing, whichever comes first (a TimeoutError reason means the latter).
 * Not AbortSignal.timeout: its timer keeps the signal, and every listener the SDK hung on it, alive
 * for the whole `ms` after the call ended; a long session then holds a model call's worth of
 * objects for every call of the last minute.
 */
export function withTimeout(signal: AbortSignal, ms: number): TimedSignal {
  const controller = new AbortController();
  const forward = () => controller.abort(signal.reason);
  const timer = setTimeout(() => controller.abort(new DOMException(`Timed out after ${ms} ms.`, 'TimeoutError')), ms);
  const dispose = () => {
    clearTimeout(timer);
    signal.removeEventListener('abort', forward);
  };
  if (signal.aborted) forward();
  else signal.addEventListener('abort', forward, { once: true });
  controller.signal.addEventListener('abort', dispose, { once: true });
  return { signal: controller.signal, dispose };
}

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
      signal.removeEventListener('abort', abort);
      cleanUp?.();
      resolve(value);
    };
    const abort = () => settle(onAbort);
    signal.addEventListener('abort', abort, { once: true });
    cleanUp = start(settle);
  });
}
