/**
 * Resolves once the page's own deferred and module scripts have run (DOMContentLoaded fires after
 * them), at once if that has happened. A task resumed on a new page must read the page its
 * scripts render, not the bare HTML: our own script is one of those module scripts, and the
 * browser lets our dynamic imports finish between them.
 */
export function pageScriptsRan(): Promise<void> {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  // `domContentLoadedEventStart` is set as the event starts, so a call from inside one of its
  // listeners (where a new listener would never run) resolves at once too.
  if (document.readyState === 'complete' || (navigation?.domContentLoadedEventStart ?? 0) > 0) return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}
