/** Aborts when any of `signals` does. AbortSignal.any is too new for some engines we support (WebKitGTK, older Safari). */
export function anySignal(signals: AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true, signal: controller.signal });
  }
  return controller.signal;
}

/** `signal`, or `ms` passing, whichever comes first (a TimeoutError reason means the latter). */
export function withTimeout(signal: AbortSignal, ms: number): AbortSignal {
  return anySignal([signal, AbortSignal.timeout(ms)]);
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
