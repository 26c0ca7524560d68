/** Runs `work`, swallowing what it throws: for reporting that must not itself become a failure. */
export function quietly(work: () => void): void {
  try {
    work();
  } catch {
    // nothing left to tell it to
  }
}

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
    if (!failedBefore) quietly(() => console.error('[web-agent] The assistant could not be drawn:', error));
    return { failed: true };
  }
}
