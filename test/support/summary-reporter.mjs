// Prints `N passed, N failed[, N skipped]` as the very last line of a run, for CI to read. Above it,
// one `failed: <browser> <file> › <test>` line per failure, so the end of a long log names what
// failed, and one `failed file: <file>` line per file with a failure, for CI to run those again.
// The default reporter's totals live inside a progress bar, which is not a stable format.
import { writeSync } from 'node:fs';

export function summaryReporter() {
  let totals;
  let failures = [];
  // The CLI redraws its progress bar after onTestRunFinished and after reporters' stop(), so the
  // only moment that is surely last is process exit (wtr exits as soon as the runner stops).
  // writeSync because nothing asynchronous runs inside an 'exit' handler.
  process.once('exit', (code) => {
    // A run that never finished (browser failed to start, config error) is still one failure.
    const line = totals ? format(totals) : `0 passed, ${code === 0 ? 0 : 1} failed`;
    const files = [...new Set(failures.map(({ file }) => file))].map((file) => `failed file: ${file}\n`);
    writeSync(1, failures.map(({ what }) => `failed: ${what}\n`).join('') + files.join('') + `${line}\n`);
  });

  return {
    onTestRunFinished({ sessions }) {
      totals = { passed: 0, failed: 0, skipped: 0 };
      failures = [];
      for (const session of sessions) addSession(totals, session, failures);
    },
  };
}

function addSession(totals, session, failures) {
  const counted = { passed: 0, failed: 0, skipped: 0 };
  const file = relative(session.testFile);
  const where = `${session.browser?.name ?? ''} ${file}`.trim();
  if (session.testResults) addSuite(counted, session.testResults, [], (name) => failures.push({ file, what: `${where} › ${name}` }));
  // A file that failed to load, or failed outside any test (a hook, an uncaught error, a
  // timeout), has no failing test to show for it, but it must not pass silently.
  if (session.passed === false && counted.failed === 0) {
    counted.failed = 1;
    const why = session.errors?.[0]?.message?.split('\n')[0] ?? 'outside any test';
    failures.push({ file, what: `${where} (the file: ${why})` });
  }
  totals.passed += counted.passed;
  totals.failed += counted.failed;
  totals.skipped += counted.skipped;
}

function addSuite(totals, suite, path, onFailure) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) totals.skipped += 1;
    else if (test.passed) totals.passed += 1;
    else {
      totals.failed += 1;
      onFailure([...path, test.name].join(' › '));
    }
  }
  for (const child of suite.suites ?? []) addSuite(totals, child, [...path, child.name].filter(Boolean), onFailure);
}

function relative(file = '') {
  return file.startsWith(process.cwd()) ? file.slice(process.cwd().length + 1) : file;
}

function format({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}
