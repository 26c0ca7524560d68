// Prints `N passed, N failed[, N skipped]` as the very last line of a run, for CI to read. Above it,
// one `failed: <browser> <file> › <test>` line per failure, so the end of a long log names what
// failed, and one `failed file: <file>` line per file with a failure, for CI to run those again,
// each followed by `its passes: <n>`, the tests of that file that passed, which CI takes out of the
// total when the file's second run replaces its first (a file that crashed half-way has passes of
// its own that the count of failures does not show).
// The default reporter's totals live inside a progress bar, which is not a stable format.
// Above those, the slowest files: CI has a time limit, and the log should say where the time went.
import { writeSync } from 'node:fs';

const SLOWEST_SHOWN = 12;

export function summaryReporter() {
  let totals;
  let failures = [];
  let passesByFile = new Map();
  // Wall time per file: from the previous file's end (or the run's start) to its own. Exact when
  // files run one at a time (Firefox, WebKit); with two at once it is each file's share.
  const times = [];
  let lastEnd = Date.now();
  // The CLI redraws its progress bar after onTestRunFinished and after reporters' stop(), so the
  // only moment that is surely last is process exit (wtr exits as soon as the runner stops).
  // writeSync because nothing asynchronous runs inside an 'exit' handler.
  process.once('exit', (code) => {
    // A run that never finished (browser failed to start, config error) is still one failure.
    const line = totals ? format(totals) : `0 passed, ${code === 0 ? 0 : 1} failed`;
    const files = [...new Set(failures.map(({ file }) => file))].map(
      (file) => `failed file: ${file}\nits passes: ${passesByFile.get(file) ?? 0}\n`,
    );
    writeSync(1, slowest(times) + failures.map(({ what }) => `failed: ${what}\n`).join('') + files.join('') + `${line}\n`);
  });

  return {
    onTestRunStarted() {
      lastEnd = Date.now();
    },
    reportTestFileResults({ testFile }) {
      const now = Date.now();
      times.push({ file: relative(testFile), seconds: (now - lastEnd) / 1000 });
      lastEnd = now;
    },
    onTestRunFinished({ sessions }) {
      totals = { passed: 0, failed: 0, skipped: 0 };
      failures = [];
      passesByFile = new Map();
      for (const session of sessions) addSession(totals, session, failures, passesByFile);
    },
  };
}

function addSession(totals, session, failures, passesByFile) {
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
  passesByFile.set(file, (passesByFile.get(file) ?? 0) + counted.passed);
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

function slowest(times) {
  if (times.length === 0) return '';
  const total = times.reduce((sum, { seconds }) => sum + seconds, 0);
  const top = [...times].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_SHOWN);
  const rows = top.map(({ file, seconds }) => `  ${seconds.toFixed(1).padStart(6)} s  ${file}\n`);
  return `slowest files (of ${times.length}, ${Math.round(total)} s in all):\n${rows.join('')}`;
}

function format({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}
