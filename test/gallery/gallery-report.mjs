// The README's gallery table, generated from the test run: each gallery case reports its outcome
// (`gallery-outcome`, sent by test/gallery/gallery-case.ts); a complete run of one engine stores
// them in bench/results/gallery-<engine>.json, and the table between `<!-- gallery:start -->` and
// `<!-- gallery:end -->` in README.md is rebuilt from every engine's file. Only `npm run docs`
// (WEB_AGENT_WRITE_DOCS=1) writes, and not from a run that left out a gallery file.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineOf, fileOf } from '../support/run-report.mjs';

const ENGINES = ['chromium', 'firefox', 'webkit'];
const GALLERY_DIR = 'test/gallery';
const FILE_PATTERN = /\.test\.ts$/;
const START = '<!-- gallery:start -->';
const END = '<!-- gallery:end -->';

export function galleryReport({ rootDir = process.cwd(), resultsDir = 'bench/results', readme = 'README.md' } = {}) {
  /** engine → `${library}/${key}` → outcome */
  const outcomes = new Map();
  return {
    record(session, payload) {
      const engine = engineOf(session.browser);
      if (!outcomes.has(engine)) outcomes.set(engine, new Map());
      outcomes.get(engine).set(`${payload.library}/${payload.key}`, { ...payload, file: fileOf(rootDir, session.testFile) });
    },
    reporter: {
      onTestRunFinished({ sessions }) {
        if (process.env.WEB_AGENT_WRITE_DOCS !== '1') return;
        try {
          writeReport({ rootDir, resultsDir, readme, sessions, outcomes });
        } catch (error) {
          console.warn(`[gallery] could not write ${readme}: ${error.message}`);
        }
      },
    },
  };
}

function writeReport({ rootDir, resultsDir, readme, sessions, outcomes }) {
  const onDisk = readdirSync(join(rootDir, GALLERY_DIR)).filter((name) => FILE_PATTERN.test(name)).map((name) => `${GALLERY_DIR}/${name}`);
  const ours = sessions.filter((session) => fileOf(rootDir, session.testFile).startsWith(`${GALLERY_DIR}/`));
  let wrote = false;
  for (const engine of new Set(ours.map((session) => engineOf(session.browser)))) {
    const engineSessions = ours.filter((session) => engineOf(session.browser) === engine);
    const ran = new Set(engineSessions.map((session) => fileOf(rootDir, session.testFile)));
    const missing = onDisk.filter((file) => !ran.has(file));
    if (missing.length) {
      console.log(`[gallery] ${engine}: not updating ${readme}: this run left out ${missing.join(', ')}.`);
      continue;
    }
    const cases = [...(outcomes.get(engine)?.values() ?? [])];
    // A test that failed before it could report (an exception, a timeout) still shows, as an error.
    for (const session of engineSessions) {
      for (const failed of failedTests(session.testResults)) {
        if (!cases.some((entry) => entry.file === fileOf(rootDir, session.testFile) && failed.name === `${entry.widget}: ${entry.task}`)) {
          cases.push({ file: fileOf(rootDir, session.testFile), library: failed.suite, key: failed.name, widget: failed.name, task: '', outcome: 'error', detail: failed.error });
        }
      }
    }
    const record = { engine, browser: engineSessions[0].browser.name, generatedAt: new Date().toISOString(), cases };
    mkdirSync(join(rootDir, resultsDir), { recursive: true });
    writeFileSync(join(rootDir, resultsDir, `gallery-${engine}.json`), `${JSON.stringify(record, null, 2)}\n`);
    wrote = true;
  }
  if (!wrote) return;
  const records = ENGINES.map((engine) => readRecord(join(rootDir, resultsDir, `gallery-${engine}.json`))).filter(Boolean);
  const path = join(rootDir, readme);
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${readme} has no ${START} … ${END} block`);
  writeFileSync(path, `${text.slice(0, start + START.length)}\n${renderTable(records)}\n${text.slice(end)}`);
  console.log(`[gallery] wrote the table in ${readme} (${records.map((record) => record.engine).join(', ')})`);
}

function failedTests(suite, path = [], found = []) {
  if (!suite) return found;
  const here = suite.name ? [...path, suite.name] : path;
  for (const test of suite.tests ?? []) {
    if (!test.passed && !test.skipped) found.push({ suite: here.join(' › '), name: test.name, error: test.error?.message?.split('\n')[0] ?? 'failed' });
  }
  for (const child of suite.suites ?? []) failedTests(child, here, found);
  return found;
}

function readRecord(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The Markdown between the markers: a summary line, the table, and the failure classes with their evidence. */
export function renderTable(records) {
  const engines = records.map((record) => record.engine);
  const rows = new Map();
  for (const record of records) {
    for (const entry of record.cases) {
      const id = `${entry.library}/${entry.key}`;
      if (!rows.has(id)) rows.set(id, { entry, by: {} });
      rows.get(id).by[record.engine] = entry;
    }
  }
  const classes = new Map();
  const lines = [
    '<!-- Generated by test/gallery/gallery-report.mjs from `npm run docs`; do not edit by hand. -->',
    '',
    summary(records),
    '',
    `| Library | Widget | Task | ${engines.map(title).join(' | ')} |`,
    `| --- | --- | --- | ${engines.map(() => ':---:').join(' | ')} |`,
  ];
  const byOrder = (a, b) => (a.entry.order?.[0] ?? 99) - (b.entry.order?.[0] ?? 99) || (a.entry.order?.[1] ?? 99) - (b.entry.order?.[1] ?? 99);
  for (const { entry, by } of [...rows.values()].sort(byOrder)) {
    const cells = engines.map((engine) => {
      const result = by[engine];
      if (!result) return '—';
      const waits = result.waits ? ' †' : '';
      if (result.outcome === 'works') return `✅ works${result.confirmations?.length ? ' ¹' : ''}${waits}`;
      if (result.outcome === 'error') return '⚠️ error';
      const name = result.failure?.key ?? 'unexpected';
      if (!classes.has(name)) classes.set(name, { text: result.failure?.text ?? 'not in the manifest: see the run log', cases: new Map() });
      const label = `${result.libraryTitle ?? result.library} › ${result.widget}`;
      const seen = classes.get(name).cases;
      if (!seen.has(label)) seen.set(label, { engines: [], detail: result.detail });
      seen.get(label).engines.push(engine);
      return `❌ \`${name}\`${waits}`;
    });
    lines.push(`| ${escapeCell(entry.libraryTitle ?? entry.library)} | ${escapeCell(entry.widget)} | ${escapeCell(entry.task)} | ${cells.join(' | ')} |`);
  }
  const packages = [...new Map([...rows.values()].sort(byOrder).map(({ entry }) => [entry.libraryTitle ?? entry.library, entry.packages])).entries()];
  lines.push(
    '',
    `Versions: ${packages.map(([name, versions]) => `${name} (${versions ?? '?'})`).join(', ')}.`,
    '',
    '¹ The agent asked the visitor to confirm a step (removing an item), and the visitor agreed.',
    '† The snapshot after the action can land inside the widget\'s animation (snapshots wait at most about a second for animations, and some widgets animate by script), so the policy waits two seconds once when the dump shows the widget opening or closing without its content, as a careful model would.',
  );
  if (classes.size) {
    lines.push('', 'How the failing cases fail (what the dump showed, what the action did), with the first evidence of each:', '');
    for (const [name, { text, cases }] of classes) {
      const [first, { engines: firstEngines, detail }] = [...cases][0];
      const list = [...cases].map(([label, { engines: where }]) => `${label} (${where.map(title).join(', ')})`).join('; ');
      lines.push(`- \`${name}\`: ${escapeText(text)}.`, `  Cases: ${escapeText(list)}.`, `  Evidence (${escapeText(first)}, ${title(firstEngines[0])}): ${escapeText(detail)}`);
    }
  }
  return lines.join('\n');
}

function summary(records) {
  const parts = records.map((record) => {
    const works = record.cases.filter((entry) => entry.outcome === 'works').length;
    return `${title(record.engine)} ${works} of ${record.cases.length}`;
  });
  const libraries = new Set(records.flatMap((record) => record.cases.map((entry) => entry.library))).size;
  const date = records.map((record) => record.generatedAt.slice(0, 10)).sort().at(-1);
  return `Gallery run (${date}): ${libraries} libraries, tasks that work per engine: ${parts.join(', ')}.`;
}

function title(engine) {
  return { chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit' }[engine] ?? engine;
}

/** Page words and tags as text: `<td>` must not become a table cell of the README. */
function escapeText(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\*/g, '\\*').replace(/\n/g, ' ');
}

function escapeCell(text) {
  return escapeText(text).replace(/\|/g, '\\|');
}
