/** Runs `work`, swallowing what it throws: for reporting that must not itself become a failure. */
export function quietly(work: () => void): void {
  try {
    work();
  } catch {
    // nothing left to tell it to
  }
}

const report = (error: unknown): void => quietly(() => console.error('[web-agent] The assistant could not be drawn:', error));

/**
 * Runs a render step of one of our elements; a throw (a page that broke Array.prototype, say) is
 * reported once on the console instead of surfacing as an unhandled rejection in the host page.
 * Returns whether it had failed before, for the caller to keep.
 */
export function drawQuietly<T>(step: () => T, failedBefore: boolean): { value?: T; failed: boolean } {
  try {
    return { value: step(), failed: failedBefore };
  } catch (error) {
    // Once: the typewriter asks for a frame at a time, and each would fail the same way.
    if (!failedBefore) report(error);
    return { failed: true };
  }
}

/**
 * `work` as a callback the browser calls (a listener on the page, a timer, a frame): what it throws
 * (a page that broke a getter or method the UI reads) is reported on the console, never thrown into
 * the host page as an uncaught error.
 */
export function guarded<A>(work: (arg: A) => void): (arg?: A) => void {
  return (arg) => {
    try {
      work(arg as A);
    } catch (error) {
      report(error);
    }
  };
}
