// In-page side of bench/scale.mjs, injected after the bundles that define `window.__ours`
// (snapshotPage) and `window.__theirs` (page-agent's PageController). Each timed call starts in a
// task of its own and is awaited, so a snapshot that yields to the browser between slices is timed
// whole, and its longest task is what the Long Tasks API saw between its start and its end.
(() => {
  'use strict';

  // The Long Tasks API reports main-thread tasks of 50 ms or more, with their start and duration.
  const longTasks = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask', buffered: true });

  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  let controller = null;

  function flushLayout() {
    // Every call starts from clean style and layout, so none pays for what another left dirty.
    void document.documentElement.offsetHeight;
  }

  function cleanUpTheirs() {
    // page-agent draws numbered boxes into the page on every call; they go before anyone else looks.
    for (const cleanup of window._highlightCleanupFunctions || []) if (typeof cleanup === 'function') cleanup();
    window._highlightCleanupFunctions = [];
    document.getElementById('playwright-highlight-container')?.remove();
  }

  const calls = {
    innerText: () => ({ chars: document.body.innerText.length }),
    oursCapped: async () => summarize(await window.__ours.snapshotPage({ maxLength: window.__scaleCap })),
    // The same, with every answer a snapshot keeps between turns dropped first: a page that changed.
    oursCappedCold: async () => {
      window.__ours.forget();
      return summarize(await window.__ours.snapshotPage({ maxLength: window.__scaleCap }));
    },
    oursUncapped: async () => summarize(await window.__ours.snapshotPage({ maxLength: Infinity })),
    theirs: async () => {
      controller ??= new window.__theirs.PageController();
      const state = await controller.getBrowserState();
      return { chars: state.content.length };
    },
  };

  function summarize(snapshot) {
    return { chars: snapshot.text.length, truncated: snapshot.truncated, indexed: snapshot.indexedCount };
  }

  window.__scale = {
    elements: () => document.getElementsByTagName('*').length,

    /** One timed call of `which`: { ms, longestTaskMs (0: none of 50 ms or more), chars, … }. */
    async run(which) {
      flushLayout();
      await nextTask();
      const start = performance.now();
      const result = await calls[which]();
      const end = performance.now();
      // Let the observer hear about the task that just ended before reading what it saw.
      await nextTask();
      longTasks.push(...observer.takeRecords());
      const during = longTasks.filter((task) => task.startTime + task.duration > start && task.startTime < end);
      longTasks.length = 0;
      if (which === 'theirs') cleanUpTheirs();
      return { ms: end - start, longestTaskMs: Math.max(0, ...during.map((task) => task.duration)), ...result };
    },
  };
})();
