import { later, now } from '../../dom/platform.js';

/** Polls `check` every 30 ms until it finds something, the time is up or the signal aborts. */
export function waitFor<T>(check: () => T | undefined, timeoutMs: number, signal: AbortSignal): Promise<T | undefined> {
  const start = now();
  return new Promise((resolve) => {
    const poll = () => {
      const found = check();
      if (found || signal.aborted || now() - start > timeoutMs) return resolve(found);
      later(poll, 30);
    };
    poll();
  });
}
