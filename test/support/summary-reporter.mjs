// Prints `N passed, N failed[, N skipped]` as the very last line of a run, for CI to read.
// The default reporter's totals live inside a progress bar, which is not a stable format.
import { writeSync } from 'node:fs';

export function summaryReporter() {
  let totals;
  // The CLI redraws its progress bar after onTestRunFinished and after reporters' stop(), so the
  // only moment that is surely last is process exit (wtr exits as soon as the runner stops).
  // writeSync because nothing asynchronous runs inside an 'exit' handler.
  process.once('exit', (code) => {
    // A run that never finished (browser failed to start, config error) is still one failure.
    const line = totals ? format(totals) : `0 passed, ${code === 0 ? 0 : 1} failed`;
    writeSync(1, `${line}\n`);
  });

  return {
    onTestRunFinished({ sessions }) {
      totals = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) addSession(totals, session);
    },
  };
}

function addSession(totals, session) {
  const counted = { passed: 0, failed: 0, skipped: 0 };
  if (session.testResults) addSuite(counted, session.testResults);
  // A file that failed to load, or failed outside any test (a hook, an uncaught error, a
  // timeout), has no failing test to show for it, but it must not pass silently.
  if (session.passed === false && counted.failed === 0) counted.failed = 1;
  totals.passed += counted.passed;
  totals.failed += counted.failed;
  totals.skipped += counted.skipped;
}

function addSuite(totals, suite) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) totals.skipped += 1;
    else if (test.passed) totals.passed += 1;
    else totals.failed += 1;
  }
  for (const child of suite.suites ?? []) addSuite(totals, child);
}

function format({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}
