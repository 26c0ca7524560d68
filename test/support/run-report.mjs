// Documents generated from the test run itself (docs/reliability.md, docs/security.md): which
// cases a family of test files (`test/<family>-*.test.ts`) tried, per engine, and how each ended.
//
// Only one engine runs per wtr invocation, so each complete run stores its engine's results in
// bench/results/<family>-<engine>.json, and the document is rebuilt from every engine's file there.
// Tests never write tracked files: only `npm run docs` (WEB_AGENT_WRITE_DOCS=1) does, and not from
// a run that left out one of the family's files (`--files` on a subset). WEB_AGENT_WRITE_DOCS=files
// is for a change to a few files: their results replace those stored for the engine, every other
// file's stay as their last complete run left them, and the document says which files were
// updated when.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

/**
 * A wtr reporter for one family of test files. `render(records, onDisk)` returns the document from
 * every engine's stored record (`{ engine, browser, generatedAt, files: { [file]: { loaded,
 * errors, cases: [{ describe, name, outcome }], ...extra(engine, file) } } }`).
 */
export function runReport({ family, docPath, render, extra = () => ({}), rootDir = process.cwd(), resultsDir = 'bench/results' }) {
  const pattern = new RegExp(`^${family}-.+\\.test\\.ts$`);
  return {
    onTestRunFinished({ sessions }) {
      try {
        write({ family, pattern, docPath, render, extra, rootDir, resultsDir, sessions });
      } catch (error) {
        console.warn(`[${family}] could not write ${docPath}: ${error.message}`);
      }
    },
  };
}

export function engineOf(browser) {
  const name = String(browser?.name ?? '').toLowerCase();
  if (name.includes('chrom')) return 'chromium';
  if (name.includes('firefox')) return 'firefox';
  return 'webkit';
}

export function fileOf(rootDir, testFile) {
  return relative(rootDir, testFile).split(sep).join('/');
}

function write({ family, pattern, docPath, render, extra, rootDir, resultsDir, sessions }) {
  const mode = process.env.WEB_AGENT_WRITE_DOCS;
  if (mode !== '1' && mode !== 'files') return;
  const onDisk = readdirSync(join(rootDir, 'test')).filter((name) => pattern.test(name)).map((name) => `test/${name}`).sort();
  const ours = sessions.filter((session) => pattern.test(fileOf(rootDir, session.testFile).replace(/^test\//, '')));
  if (!ours.length || !onDisk.length) return;
  const byEngine = new Map();
  for (const session of ours) {
    const engine = engineOf(session.browser);
    if (!byEngine.has(engine)) byEngine.set(engine, []);
    byEngine.get(engine).push(session);
  }
  let wrote = false;
  for (const [engine, engineSessions] of byEngine) {
    const ran = new Set(engineSessions.map((session) => fileOf(rootDir, session.testFile)));
    const missing = onDisk.filter((file) => !ran.has(file));
    const stored = mode === 'files' ? readRecord(join(rootDir, resultsDir, `${family}-${engine}.json`)) : undefined;
    if (mode === 'files' && !stored) {
      console.log(`[${family}] ${engine}: not updating ${docPath}: no complete run is stored to update.`);
      continue;
    }
    if (missing.length && mode !== 'files') {
      console.log(`[${family}] ${engine}: not updating ${docPath}: this run left out ${missing.join(', ')}.`);
      continue;
    }
    const files = {};
    for (const session of engineSessions) {
      const file = fileOf(rootDir, session.testFile);
      const cases = [];
      if (session.testResults) collectCases(session.testResults, [], cases);
      files[file] = {
        loaded: session.testResults !== undefined && !(session.passed === false && cases.every((entry) => entry.outcome !== 'failed')),
        errors: (session.errors ?? []).map((error) => error.message).slice(0, 5),
        cases,
        ...extra(engine, file),
      };
    }
    const now = new Date().toISOString();
    const record = stored
      ? { ...stored, updated: { ...stored.updated, ...Object.fromEntries(Object.keys(files).map((file) => [file, now])) }, files: { ...stored.files, ...files } }
      : { engine, browser: engineSessions[0].browser.name, generatedAt: now, files };
    mkdirSync(join(rootDir, resultsDir), { recursive: true });
    writeFileSync(join(rootDir, resultsDir, `${family}-${engine}.json`), `${JSON.stringify(record, null, 2)}\n`);
    wrote = true;
  }
  if (!wrote) return;
  const records = ENGINES.map((engine) => readRecord(join(rootDir, resultsDir, `${family}-${engine}.json`))).filter(Boolean);
  writeFileSync(join(rootDir, docPath), render(records, onDisk, resultsDir));
  console.log(`[${family}] wrote ${docPath} (${records.map((record) => record.engine).join(', ')})`);
}

function collectCases(suite, path, cases) {
  const here = suite.name ? [...path, suite.name] : path;
  for (const test of suite.tests ?? []) {
    cases.push({ describe: here.join(' › ') || '(top level)', name: test.name, outcome: test.skipped ? 'skipped' : test.passed ? 'passed' : 'failed' });
  }
  for (const child of suite.suites ?? []) collectCases(child, here, cases);
}

function readRecord(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Every describe the records hold for `file`, in the order the engines ran them. */
export function describesOf(records, file) {
  const describes = [];
  for (const record of records) {
    for (const entry of record.files[file]?.cases ?? []) if (!describes.includes(entry.describe)) describes.push(entry.describe);
  }
  return describes;
}

/** "- chromium: Chromium, run 2026-11-23 14:58 UTC" per engine, and the engines not run yet. */
export function engineLines(records) {
  const when = (iso) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
  const lines = records.map((record) => {
    const updated = Object.entries(record.updated ?? {}).map(([file, at]) => `${file.replace(/^test\//, '')} ${when(at)}`);
    return `- ${record.engine}: ${record.browser}, run ${when(record.generatedAt)}${updated.length ? `; updated since: ${updated.join(', ')}` : ''}`;
  });
  const missing = ENGINES.filter((engine) => !records.some((record) => record.engine === engine));
  if (missing.length) lines.push(`- not run yet: ${missing.join(', ')}`);
  return lines;
}
