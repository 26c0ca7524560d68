// docs/reliability.md, generated from the test run itself: which faults, hostile pages and fuzzed
// inputs the reliability suites (test/reliability-*.test.ts) tried, per engine, and the figures
// they measured (heap growth, DOM counters, prompt sizes), next to their verdicts.
//
// Only one engine runs per wtr invocation, so each complete run stores its engine's results in
// bench/results/reliability-<engine>.json, and docs/reliability.md is rebuilt from every engine's
// file there. Tests never write tracked files: only `npm run docs` (WEB_AGENT_WRITE_DOCS=1) does,
// and not from a run that left out one of the reliability files (`--files` on a subset).
//
// The same factory gives the server commands the tests call through `executeServerCommand`:
// - `reliability-figure` { name, value, unit? }: a figure for the report;
// - `reliability-probe` { listeners? }: in Chromium, garbage-collects (CDP HeapProfiler) and
//   returns Memory.getDOMCounters + Runtime.getHeapUsage, and with `listeners` the event
//   listeners on window and document (DOMDebugger.getEventListeners); elsewhere `{ supported: false }`.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const FILE_PATTERN = /^reliability-.+\.test\.ts$/;
const ENGINES = ['chromium', 'firefox', 'webkit'];
/** What each file's cases count as in the total line; files not listed count as "other checks". */
const CATEGORIES = [
  { match: /model-faults|page-faults/, label: 'faults' },
  { match: /hostile-page/, label: 'hostile pages' },
  { match: /fuzz/, label: 'fuzz properties' },
];

export function reliabilityReport({ rootDir = process.cwd(), resultsDir = 'bench/results', docPath = 'docs/reliability.md' } = {}) {
  /** `${engine}\n${file}` → figures in the order reported. */
  const figures = new Map();
  const cdpSessions = new WeakMap();

  const plugin = {
    name: 'reliability-commands',
    async executeCommand({ command, payload, session }) {
      if (command === 'reliability-figure') {
        const key = `${engineOf(session.browser)}\n${fileOf(rootDir, session.testFile)}`;
        const list = figures.get(key) ?? [];
        const figure = { name: String(payload?.name), value: payload?.value, unit: payload?.unit ?? '' };
        const same = list.findIndex((entry) => entry.name === figure.name);
        if (same >= 0) list[same] = figure;
        else list.push(figure);
        figures.set(key, list);
        return true;
      }
      if (command === 'reliability-probe') return probe(session, payload ?? {}, cdpSessions);
      return undefined;
    },
  };

  const reporter = {
    onTestRunFinished({ sessions }) {
      try {
        writeReport({ rootDir, resultsDir, docPath, sessions, figures });
      } catch (error) {
        console.warn(`[reliability] could not write ${docPath}: ${error.message}`);
      }
    },
  };

  return { plugin, reporter };
}

async function probe(session, { listeners = false }, cdpSessions) {
  if (session.browser.type !== 'playwright' || engineOf(session.browser) !== 'chromium') {
    return { supported: false, reason: 'needs the Chrome DevTools Protocol (Chromium through Playwright)' };
  }
  const page = session.browser.getPage(session.id);
  let cdp = cdpSessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    cdpSessions.set(page, cdp);
  }
  // Twice: the first pass can leave objects that only the second finds unreachable (finalizers, weak maps).
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const counters = await cdp.send('Memory.getDOMCounters');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const result = { supported: true, nodes: counters.nodes, documents: counters.documents, jsEventListeners: counters.jsEventListeners, heapUsed: heap.usedSize, heapTotal: heap.totalSize };
  if (listeners) {
    result.listeners = {};
    for (const target of ['window', 'document']) {
      const { result: object } = await cdp.send('Runtime.evaluate', { expression: target, objectGroup: 'reliability' });
      const { listeners: found } = await cdp.send('DOMDebugger.getEventListeners', { objectId: object.objectId });
      result.listeners[target] = found.map((entry) => `${entry.type}${entry.useCapture ? ' (capture)' : ''}`).sort();
    }
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'reliability' });
  }
  return result;
}

function engineOf(browser) {
  const name = String(browser?.name ?? '').toLowerCase();
  if (name.includes('chrom')) return 'chromium';
  if (name.includes('firefox')) return 'firefox';
  return 'webkit';
}

function fileOf(rootDir, testFile) {
  return relative(rootDir, testFile).split(sep).join('/');
}

function writeReport({ rootDir, resultsDir, docPath, sessions, figures }) {
  if (process.env.WEB_AGENT_WRITE_DOCS !== '1') return;
  const onDisk = readdirSync(join(rootDir, 'test')).filter((name) => FILE_PATTERN.test(name)).map((name) => `test/${name}`).sort();
  const ours = sessions.filter((session) => FILE_PATTERN.test(fileOf(rootDir, session.testFile).replace(/^test\//, '')));
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
    if (missing.length) {
      console.log(`[reliability] ${engine}: not updating ${docPath}: this run left out ${missing.join(', ')}.`);
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
        figures: figures.get(`${engine}\n${file}`) ?? [],
      };
    }
    const record = { engine, browser: engineSessions[0].browser.name, generatedAt: new Date().toISOString(), files };
    mkdirSync(join(rootDir, resultsDir), { recursive: true });
    writeFileSync(join(rootDir, resultsDir, `reliability-${engine}.json`), `${JSON.stringify(record, null, 2)}\n`);
    wrote = true;
  }
  if (!wrote) return;
  const records = ENGINES.map((engine) => readRecord(join(rootDir, resultsDir, `reliability-${engine}.json`))).filter(Boolean);
  writeFileSync(join(rootDir, docPath), renderDoc(records, onDisk, resultsDir));
  console.log(`[reliability] wrote ${docPath} (${records.map((record) => record.engine).join(', ')})`);
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

/** The whole document, from every engine's stored record; `onDisk` lists the files a complete run has. */
export function renderDoc(records, onDisk, resultsDir = 'bench/results') {
  const engines = records.map((record) => record.engine);
  const files = [...new Set([...onDisk, ...records.flatMap((record) => Object.keys(record.files))])].sort();
  const lines = [
    '# Reliability under fire',
    '',
    '<!-- Generated by test/support/reliability-reporter.mjs; do not edit by hand. -->',
    '',
    'What the reliability suites (`test/reliability-*.test.ts`) throw at `<web-agent>` — model faults at the',
    'wire, page faults, long sessions, fuzzed model replies, hostile pages — and what came out, per engine.',
    'Each engine runs in its own `web-test-runner` invocation, so a run that includes every reliability file',
    `stores that engine's results in \`${resultsDir}/reliability-<engine>.json\`, and this page is rebuilt from`,
    'all engines\' files. Nothing is written under `CI` or by a run of only some of the files. To refresh it:',
    '',
    '```sh',
    "npm test -- --files 'test/reliability-*.test.ts'",
    "npm run test:firefox -- --files 'test/reliability-*.test.ts'",
    "npm run test:webkit -- --files 'test/reliability-*.test.ts'",
    '```',
    '',
  ];
  for (const record of records) lines.push(`- ${record.engine}: ${record.browser}, run ${record.generatedAt.slice(0, 16).replace('T', ' ')} UTC`);
  const missingEngines = ENGINES.filter((engine) => !engines.includes(engine));
  if (missingEngines.length) lines.push(`- not run yet: ${missingEngines.join(', ')}`);
  lines.push('', '## Total', '', totalLine(records, files), '');

  for (const file of files) {
    lines.push(`## \`${file}\``, '');
    const describes = [];
    for (const record of records) {
      for (const entry of record.files[file]?.cases ?? []) if (!describes.includes(entry.describe)) describes.push(entry.describe);
    }
    lines.push(`| describe | ${engines.map((engine) => `${engine}: tried / passed / failed / skipped`).join(' | ')} |`);
    lines.push(`| --- | ${engines.map(() => '---').join(' | ')} |`);
    for (const describe of describes) {
      const cells = records.map((record) => {
        const result = record.files[file];
        if (!result) return 'not run';
        const cases = result.cases.filter((entry) => entry.describe === describe);
        const count = (outcome) => cases.filter((entry) => entry.outcome === outcome).length;
        return `${cases.length} / ${count('passed')} / ${count('failed')} / ${count('skipped')}`;
      });
      lines.push(`| ${describe} | ${cells.join(' | ')} |`);
    }
    for (const record of records) {
      const result = record.files[file];
      if (result && !result.loaded) lines.push('', `⚠️ ${record.engine}: the file failed outside its tests: ${result.errors.join('; ') || 'see the run log'}.`);
    }
    const failing = records.flatMap((record) => (record.files[file]?.cases ?? []).filter((entry) => entry.outcome === 'failed').map((entry) => `${record.engine}: ${entry.describe} › ${entry.name}`));
    if (failing.length) lines.push('', 'Failing:', '', ...failing.map((entry) => `- ${entry}`));
    const names = [];
    for (const record of records) for (const figure of record.files[file]?.figures ?? []) if (!names.includes(figure.name)) names.push(figure.name);
    if (names.length) {
      lines.push('', `| figure | ${engines.join(' | ')} |`, `| --- | ${engines.map(() => '---:').join(' | ')} |`);
      for (const name of names) {
        const cells = records.map((record) => {
          const figure = (record.files[file]?.figures ?? []).find((entry) => entry.name === name);
          return figure ? formatFigure(figure) : '—';
        });
        lines.push(`| ${name} | ${cells.join(' | ')} |`);
      }
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function totalLine(records, files) {
  const counts = new Map();
  let failing = 0;
  let notRun = 0;
  for (const file of files) {
    const label = CATEGORIES.find((category) => category.match.test(file))?.label ?? 'other checks';
    const cases = new Map();
    for (const record of records) {
      const result = record.files[file];
      if (!result) {
        notRun += 1;
        continue;
      }
      if (!result.loaded) failing += 1;
      for (const entry of result.cases) {
        const key = `${entry.describe}\n${entry.name}`;
        cases.set(key, [...(cases.get(key) ?? []), entry.outcome]);
      }
    }
    const tried = [...cases.values()].filter((outcomes) => outcomes.some((outcome) => outcome !== 'skipped'));
    failing += tried.filter((outcomes) => outcomes.includes('failed')).length;
    counts.set(label, (counts.get(label) ?? 0) + tried.length);
  }
  const order = [...CATEGORIES.map((category) => category.label), 'other checks'];
  const singular = { faults: 'fault', 'hostile pages': 'hostile page', 'fuzz properties': 'fuzz property', 'other checks': 'other check' };
  const parts = order.filter((label) => counts.get(label)).map((label) => `${counts.get(label)} ${counts.get(label) === 1 ? singular[label] : label} tried`);
  const engines = records.map((record) => record.engine).join(', ');
  const verdict = failing ? `${failing} failing` : notRun ? 'all passing where run' : 'all passing';
  return `${parts.join(', ')} (each in ${engines}), ${verdict}.`;
}

function formatFigure({ value, unit }) {
  if (typeof value === 'number') {
    const shown = Number.isInteger(value) ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
    return unit ? `${shown} ${unit}` : shown;
  }
  return unit ? `${value} ${unit}` : String(value);
}
