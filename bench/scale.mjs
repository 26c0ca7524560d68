// How a snapshot scales with the page: synthetic admin pages (bench/scale/admin-page.mjs: a table
// with an Edit button per row, a sidebar of links, a form, nav) of about 1k, 5k, 10k, 30k and 100k
// elements, each measured capped (the default 12,000 characters) and uncapped, against
// `document.body.innerText` (the browser's own text walk, the reference) and page-agent's
// serializer where it finishes within the limit; then memory over 100 agent turns on the 30k page.
//
// Usage: npm run bench:scale               (a few minutes)
//        node bench/scale.mjs --quick      (smoke check: three sizes, fewer calls, 20 turns)
// Options: --sizes=1000,30000  --iterations=N  --page-agent-limit=SECONDS (default 60)
//          --turns=N (default 100)  --no-page-agent  --no-memory
//
// Measured, per page size, in one Chromium (system Chromium, headless, 1280×800):
//  - ms: median of the timed calls (after warm-ups), taken inside the page with performance.now()
//    around the call. Each call starts in a task of its own and is awaited, so a snapshot that
//    yields between slices is timed whole. Style and layout are flushed before each call, untimed.
//    innerText, capped and uncapped calls alternate round by round, so machine load hits all alike:
//    compare them by their ratio to innerText, measured in the same rounds.
//  - capped, nothing kept: the capped call after dropping what snapshots keep between turns (the
//    hit tests' answers, src/dom/page-generation.ts), as on a page that changed since the last one;
//    the plain capped call reuses them, as on a page that did not. Neither drops the list of paint a
//    hit test misses (src/dom/ghost-boxes.ts): it is kept up to date from the page's changes, each
//    costing what it touched; a page seen for the first time pays one pass over all its elements,
//    in slices (not in this table).
//  - longest task: the longest main-thread task between a call's start and end, from the Long
//    Tasks API (which reports tasks of 50 ms or more; "< 50" means it saw none); the table shows
//    the median over the calls, scale.json also the worst.
//  - chars: the length of the dump text (innerText: of the text; page-agent: of its content).
//  - page-agent (@page-agent/page-controller, `getBrowserState()` with its defaults) runs in a
//    browser of its own, smallest page first; a call that outlives the limit is abandoned (that
//    browser is closed) and larger pages are not tried.
//  - memory: JS heap used after a forced garbage collection (CDP HeapProfiler.collectGarbage, then
//    Runtime.getHeapUsage), and the compiled code in it (a heap snapshot's code nodes: V8 optimising
//    functions as turns repeat, which the target leaves out), on the 30k page with the built widget (a standalone build of src/) doing
//    N agent turns against the scripted model server (test/support/model-server.mjs); each turn
//    takes the page snapshot and runs a `wait` of 0 s. Measured before the first task, after turn
//    10 and after turn N, each while the next reply is held; the growth the target judges leaves out
//    the conversation the session keeps by design (twice its JSON length).
//
// Writes bench/results/scale.{json,svg} and (unless CI is set) the block between
// <!-- scale:start --> and <!-- scale:end --> in README.md.
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build as viteBuild } from 'vite';
import { startModelServer } from '../test/support/model-server.mjs';
import { adminPage } from './scale/admin-page.mjs';
import { lineChart } from './scale/chart.mjs';
import { readArgs } from './support/args.mjs';
import { bundle } from './support/bundle.mjs';
import { launchChromium } from './support/chromium.mjs';

const started = performance.now();
const loadAtStart = loadavg()[0];
const repo = resolve(import.meta.dirname, '..');
const { flag, value } = readArgs();
const quick = Boolean(flag('quick'));
const sizes = (value('sizes', quick ? '1000,10000,30000' : '1000,5000,10000,30000,100000') ?? '').split(',').map(Number).filter((n) => n > 0);
const iterations = Number(value('iterations', quick ? 3 : 7));
const pageAgentLimitMs = Number(value('page-agent-limit', quick ? 10 : 60)) * 1000;
const turns = Number(value('turns', quick ? 20 : 100));
const withPageAgent = !flag('no-page-agent');
const withMemory = !flag('no-memory');
const CAP = 12_000;
const VIEWPORT = { width: 1280, height: 800 };
// Past this much time per series and page, fewer timed calls (but at least three).
const SERIES_BUDGET_MS = 6_000;
const TARGET_PAGE = 30_000;
const EARLY_TURN = 10;
const TARGETS = { innerTextRatio: 10, longestTaskMs: 50, flatRatio: 2, heapGrowth: 0.05 };

// ---------------------------------------------------------------------------------------------
// Code under test, and the page server

const src = (path) => JSON.stringify(join(repo, path));
// The agent takes its snapshot sliced (snapshotPageSliced): that is the one a visitor waits on.
const oursBundle = await bundle(
  `import { snapshotPageSliced } from ${src('src/dom/index.ts')};\nimport { forgetPaint } from ${src('src/dom/page-generation.ts')};\nwindow.__ours = { snapshotPage: snapshotPageSliced, forget: forgetPaint };`,
  { root: repo, label: 'ours' },
);
const theirsBundle = withPageAgent ? await bundle("import { PageController } from '@page-agent/page-controller';\nwindow.__theirs = { PageController };", { root: repo, label: 'theirs' }) : '';
const theirsVersion = JSON.parse(readFileSync(join(repo, 'node_modules/@page-agent/page-controller/package.json'), 'utf8')).version;
const harness = `window.__scaleCap = ${CAP};\n${readFileSync(join(repo, 'bench/scale/harness.js'), 'utf8')}`;
const BENCH_FILES = { '/__bench/ours.js': oursBundle, '/__bench/theirs.js': theirsBundle, '/__bench/harness.js': harness };

// The widget for the memory run: a standalone build of src/, as `npm run build` makes it.
const widgetDir = join(repo, 'node_modules/.cache/web-agent-scale-widget');
if (withMemory) {
  rmSync(widgetDir, { recursive: true, force: true });
  await viteBuild({ root: repo, configFile: join(repo, 'vite.config.ts'), mode: 'standalone', logLevel: 'warn', build: { outDir: widgetDir, emptyOutDir: true } });
}
const model = withMemory ? await startModelServer() : undefined;

const pages = new Map();
const pageHtml = (elements) => {
  if (!pages.has(elements)) pages.set(elements, adminPage(elements));
  return pages.get(elements);
};

/** The page with the widget tag, pointed at a model lane, as a host would paste it. */
function pageWithWidget(elements, lane) {
  const tag = `<web-agent endpoint="${model.url}/lanes/${lane}/v1" model="scripted" agent-name="Ava"><script type="application/json">{ "maxSteps": ${turns + 10} }</script></web-agent>\n<script type="module" src="/widget/web-agent.js"></script>`;
  return pageHtml(elements).replace('</body>', `${tag}</body>`);
}

const server = createServer((request, response) => {
  const url = new URL(request.url, 'http://x');
  const path = decodeURIComponent(url.pathname);
  const send = (type, body) => {
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
    response.end(body);
  };
  if (BENCH_FILES[path] !== undefined) return send('text/javascript', BENCH_FILES[path]);
  const page = /^\/admin-(\d+)\.html$/.exec(path);
  if (page) return send('text/html; charset=utf-8', url.searchParams.has('lane') ? pageWithWidget(Number(page[1]), url.searchParams.get('lane')) : pageHtml(Number(page[1])));
  const file = path.startsWith('/widget/') ? resolve(widgetDir, `.${path.slice('/widget'.length)}`) : '';
  if (file.startsWith(widgetDir + sep) && existsSync(file)) return send(extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream', readFileSync(file));
  response.writeHead(404, { 'content-type': 'text/plain' });
  response.end('not found');
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${server.address().port}`;

async function openPage(browser, elements, scripts) {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  await context.route('**/*', (route) => (route.request().url().startsWith(`${origin}/`) ? route.continue() : route.abort()));
  const page = await context.newPage();
  await page.goto(`${origin}/admin-${elements}.html`, { waitUntil: 'load', timeout: 120_000 });
  for (const script of scripts) await page.addScriptTag({ url: `${origin}/__bench/${script}.js` });
  return { context, page };
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Medians over the timed calls, of the time and of each call's longest task (a task's length is
 * wall-clock time too, so other work on the machine stretches it like the call), plus the worst.
 */
function aggregate(timed) {
  return {
    ms: median(timed.map((sample) => sample.ms)),
    longestTaskMs: median(timed.map((sample) => sample.longestTaskMs)),
    worstTaskMs: Math.max(...timed.map((sample) => sample.longestTaskMs)),
    chars: timed.at(-1).chars,
    calls: timed.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Ours and innerText, one page at a time, calls alternating round by round

const SERIES = ['innerText', 'oursCapped', 'oursCappedCold', 'oursUncapped'];
const browser = await launchChromium('bench/scale');
const browserVersion = browser.version();
const rows = [];
for (const size of sizes) {
  const { context, page } = await openPage(browser, size, ['ours', 'harness']);
  const elements = await page.evaluate(() => window.__scale.elements());
  const samples = Object.fromEntries(SERIES.map((which) => [which, []]));
  const planned = Object.fromEntries(SERIES.map((which) => [which, iterations + 2]));
  const warmups = Object.fromEntries(SERIES.map((which) => [which, 2]));
  for (let round = 0; SERIES.some((which) => samples[which].length < planned[which]); round++) {
    for (const which of round % 2 ? [...SERIES].reverse() : SERIES) {
      if (samples[which].length >= planned[which]) continue;
      const result = await page.evaluate((w) => window.__scale.run(w), which);
      samples[which].push(result);
      if (samples[which].length === 1 && result.ms * (iterations + 1) > SERIES_BUDGET_MS) {
        // Slow enough that one warm-up is plenty and fewer calls still give a fair median.
        warmups[which] = 1;
        planned[which] = 1 + Math.max(3, Math.min(iterations, Math.floor(SERIES_BUDGET_MS / result.ms)));
      }
    }
  }
  const row = { target: size, elements };
  for (const which of SERIES) {
    const timed = samples[which].slice(warmups[which]);
    const last = timed.at(-1);
    row[which] = { ...aggregate(timed), truncated: last.truncated };
  }
  rows.push(row);
  console.log(
    `${elements.toLocaleString('en').padStart(8)} elements: innerText ${fmtMs(row.innerText.ms)} | capped ${fmtMs(row.oursCapped.ms)} (${ratio(row.oursCapped.ms, row.innerText.ms)}, longest task ${fmtTask(row.oursCapped.longestTaskMs)}, ${row.oursCapped.chars.toLocaleString('en')} chars) | ` +
      `capped, nothing kept ${fmtMs(row.oursCappedCold.ms)} (${ratio(row.oursCappedCold.ms, row.innerText.ms)}, longest task ${fmtTask(row.oursCappedCold.longestTaskMs)}) | ` +
      `uncapped ${fmtMs(row.oursUncapped.ms)} (longest task ${fmtTask(row.oursUncapped.longestTaskMs)}, ${row.oursUncapped.chars.toLocaleString('en')} chars)`,
  );
  await context.close();
}
await browser.close();

// ---------------------------------------------------------------------------------------------
// page-agent: a browser of its own, so a call that outlives the limit can be abandoned

let pageAgentStoppedAt;
if (withPageAgent) {
  for (const row of rows) {
    if (pageAgentStoppedAt) {
      row.theirs = { skipped: true };
      continue;
    }
    const theirsBrowser = await launchChromium('bench/scale');
    const { page } = await openPage(theirsBrowser, row.target, ['theirs', 'harness']);
    const timed = [];
    let over = false;
    for (let call = 0; call < 1 + iterations && !over; call++) {
      let timer;
      const limit = new Promise((done) => (timer = setTimeout(() => done(undefined), pageAgentLimitMs)));
      // Once abandoned, the call fails when its browser closes: that is expected, not an error.
      const evaluation = page.evaluate(() => window.__scale.run('theirs')).catch(() => undefined);
      const result = await Promise.race([evaluation, limit]);
      clearTimeout(timer);
      if (!result) over = true;
      else {
        timed.push(result);
        // One warm-up when calls are quick; a slow first call is a sample, and the only one past 10 s.
        if (call === 0 && result.ms < 1000) timed.length = 0;
        if (result.ms > 10_000 || (result.ms >= 1000 && timed.length >= 3)) break;
      }
    }
    await theirsBrowser.close();
    if (over) {
      pageAgentStoppedAt = row.elements;
      row.theirs = { over: true, limitMs: pageAgentLimitMs };
    } else {
      row.theirs = aggregate(timed);
    }
    console.log(`${row.elements.toLocaleString('en').padStart(8)} elements: page-agent ${row.theirs.over ? `over ${pageAgentLimitMs / 1000} s, abandoned` : `${fmtMs(row.theirs.ms)} (${row.theirs.calls} call${row.theirs.calls > 1 ? 's' : ''})`}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Memory: agent turns with the built widget on the 30k page

let memory;
if (withMemory) memory = await measureMemory();
model?.close();
server.close();

async function measureMemory() {
  const call = async (path, method = 'GET', body) => {
    const response = await fetch(`${model.url}${path}`, { method, headers: body === undefined ? undefined : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`model server: ${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const memoryBrowser = await launchChromium('bench/scale');
  const context = await memoryBrowser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    return url.startsWith(`${origin}/`) || url.startsWith(`${model.url}/`) ? route.continue() : route.abort();
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error.message)));
  const { id: lane } = await call('/lanes', 'POST', {});
  await page.goto(`${origin}/admin-${TARGET_PAGE}.html?lane=${lane}`, { waitUntil: 'load', timeout: 120_000 });
  const elements = await page.evaluate(async () => {
    await customElements.whenDefined('web-agent');
    await document.querySelector('web-agent').updateComplete;
    return document.getElementsByTagName('*').length;
  });
  const cdp = await context.newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  // Compiled code in the heap (a heap snapshot's `code` nodes): it grows while V8 optimises more of
  // the functions the turns repeat, the engine warming up rather than anything the agent keeps.
  const compiledCode = async () => {
    const chunks = [];
    const onChunk = (event) => chunks.push(event.chunk);
    cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
    const { snapshot, nodes } = JSON.parse(chunks.join(''));
    const fields = snapshot.meta.node_fields;
    const code = snapshot.meta.node_types[0].indexOf('code');
    const [type, size] = [fields.indexOf('type'), fields.indexOf('self_size')];
    let bytes = 0;
    for (let at = 0; at < nodes.length; at += fields.length) if (nodes[at + type] === code) bytes += nodes[at + size];
    return bytes;
  };
  // The session keeps the whole conversation by design (the prompt caps it, the store keeps it):
  // its growth is told apart from what caches and ids hold. JSON characters, two bytes each in V8.
  const sessionBytes = () => page.evaluate(() => 2 * JSON.stringify(document.querySelector('web-agent').agent?.getSession() ?? null).length);
  const turn = (n) => ({ turn: { memory: `Turn ${n}: still looking.`, todos_remaining: ['keep going'], actions: [{ tool: 'wait', args: { seconds: 0 } }] }, chunkChars: 4000 });
  const last = { turn: { memory: 'Done.', todos_remaining: [], actions: [] }, chunkChars: 4000 };
  /** Waits until `count` requests have reached the lane (the newest one held at its first byte). */
  const requestsReach = async (count) => {
    for (const deadline = Date.now() + 10 * 60_000; ; await new Promise((done) => setTimeout(done, 200))) {
      const { length } = await call(`/lanes/${lane}/requests`);
      if (length >= count) return;
      if (Date.now() > deadline) throw new Error(`bench/scale: only ${length} of ${count} turns reached the model (${errors.join('; ')})`);
    }
  };
  const early = Math.min(EARLY_TURN, turns);
  // Reply i answers request i + 1. Two are held at their first byte, so the page sits idle while
  // the heap is read: the one after turn `early`, and the closing one after the last turn.
  const replies = Array.from({ length: turns }, (_, index) => turn(index + 1));
  replies.push(last);
  replies[early].holdAfterChars = 0;
  replies[turns].holdAfterChars = 0;
  await call(`/lanes/${lane}/script`, 'POST', { replies });
  const before = await heap();
  const startedAt = performance.now();
  const running = page.evaluate(() => document.querySelector('web-agent').run('Look through the customers.').then(() => 'done', (error) => String(error)));
  await requestsReach(early + 1);
  const afterEarly = await heap();
  const codeEarly = await compiledCode();
  const sessionEarly = await sessionBytes();
  await call(`/lanes/${lane}/release`, 'POST');
  await requestsReach(turns + 1);
  const afterAll = await heap();
  const codeAfter = await compiledCode();
  const sessionAfter = await sessionBytes();
  const seconds = (performance.now() - startedAt) / 1000;
  await call(`/lanes/${lane}/release`, 'POST');
  const outcome = await running;
  await memoryBrowser.close();
  if (outcome !== 'done' || errors.length) console.warn(`bench/scale: the memory run ended with ${outcome}${errors.length ? `; page errors: ${errors.join('; ')}` : ''}`);
  const result = { elements, turns, earlyTurn: early, heapBefore: before, heapEarly: afterEarly, heapAfter: afterAll, codeEarly, codeGrowth: codeAfter - codeEarly, sessionGrowth: sessionAfter - sessionEarly, seconds };
  console.log(`memory on ${elements.toLocaleString('en')} elements: heap ${fmtMB(before)} before the task, ${fmtMB(afterEarly)} after turn ${early}, ${fmtMB(afterAll)} after turn ${turns}, of which the session's own conversation grew ${(result.sessionGrowth / 1024).toFixed(0)} KB and compiled code ${(result.codeGrowth / 1024).toFixed(0)} KB (${seconds.toFixed(0)} s for the turns)`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Targets, table, chart, README

function fmtMs(ms) {
  if (!Number.isFinite(ms)) return '—';
  return ms >= 100 ? `${Math.round(ms).toLocaleString('en')} ms` : `${ms.toFixed(ms >= 10 ? 1 : 2)} ms`;
}
function fmtTask(ms) {
  return ms > 0 ? `${Math.round(ms)} ms` : '< 50 ms';
}
function fmtMB(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
function ratio(ms, reference) {
  return `${(ms / reference).toFixed(1)}×`;
}

const target = rows.reduce((best, row) => (Math.abs(row.target - TARGET_PAGE) < Math.abs(best.target - TARGET_PAGE) ? row : best), rows[0]);
const truncatedRows = rows.filter((row) => row.oursCapped.truncated);
const firstCut = truncatedRows[0];
const largest = rows.at(-1);
const checks = [];
if (target) {
  const innerTextRatio = target.oursCapped.ms / target.innerText.ms;
  checks.push({
    ok: innerTextRatio <= TARGETS.innerTextRatio,
    text: `capped snapshot on the ${target.elements.toLocaleString('en')}-element page ≤ ${TARGETS.innerTextRatio}× innerText's time: ${fmtMs(target.oursCapped.ms)} vs ${fmtMs(target.innerText.ms)} = ${innerTextRatio.toFixed(1)}× on a page that did not change (after a change, nothing kept: ${fmtMs(target.oursCappedCold.ms)} = ${ratio(target.oursCappedCold.ms, target.innerText.ms)})`,
  });
  checks.push({
    ok: target.oursCapped.longestTaskMs > 0 ? target.oursCapped.longestTaskMs <= TARGETS.longestTaskMs : true,
    text: `longest main-thread task of a capped snapshot on that page ≤ ${TARGETS.longestTaskMs} ms: ${fmtTask(target.oursCapped.longestTaskMs)}`,
  });
}
if (firstCut && largest !== firstCut) {
  const flat = largest.oursCapped.ms / firstCut.oursCapped.ms;
  checks.push({
    ok: flat <= TARGETS.flatRatio,
    text: `capped curve flat beyond the cap: ${largest.elements.toLocaleString('en')} elements ${fmtMs(largest.oursCapped.ms)} vs ${firstCut.elements.toLocaleString('en')} (the smallest page the cap cuts) ${fmtMs(firstCut.oursCapped.ms)} = ${flat.toFixed(1)}× for a ${(largest.elements / firstCut.elements).toFixed(0)}× larger page (target ≤ ${TARGETS.flatRatio}×; nothing kept: ${fmtMs(largest.oursCappedCold.ms)} vs ${fmtMs(firstCut.oursCappedCold.ms)} = ${(largest.oursCappedCold.ms / firstCut.oursCappedCold.ms).toFixed(1)}×)`,
  });
}
if (memory) {
  const grown = memory.heapAfter - memory.heapEarly;
  // What is left once the conversation the session keeps by design and the engine's compiled code
  // are taken out: caches and ids (runs before this measure left compiled code in).
  const codeGrowth = memory.codeGrowth ?? 0;
  const growth = (grown - memory.sessionGrowth - codeGrowth) / (memory.heapEarly - (memory.codeEarly ?? 0));
  const perTurn = (bytes) => `${(bytes / 1024 / (memory.turns - memory.earlyTurn)).toFixed(1)} KB a turn`;
  checks.push({
    ok: growth <= TARGETS.heapGrowth,
    text:
      `memory flat over ${memory.turns} turns on the ${memory.elements.toLocaleString('en')}-element page: heap after GC ${fmtMB(memory.heapEarly)} after turn ${memory.earlyTurn}, ${fmtMB(memory.heapAfter)} after turn ${memory.turns} (${perTurn(grown)}, ` +
      `of which the session's conversation ${perTurn(memory.sessionGrowth)} and compiled code ${perTurn(codeGrowth)}); the rest, of the heap without compiled code, ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}% (target ≤ +${TARGETS.heapGrowth * 100}%)`,
  });
}
const checkLines = checks.map((check) => `- ${check.ok ? '✅' : '❌'} ${check.text}`);

const theirsCell = (row) => {
  if (!row.theirs) return 'not run';
  if (row.theirs.skipped) return `not run (over ${pageAgentLimitMs / 1000} s at ${pageAgentStoppedAt.toLocaleString('en')})`;
  if (row.theirs.over) return `over ${pageAgentLimitMs / 1000} s (abandoned)`;
  return `${fmtMs(row.theirs.ms)}, ${row.theirs.chars.toLocaleString('en')} chars`;
};
const table = [
  '| elements | innerText | ours, capped (12k) | × innerText | longest task | chars | capped, nothing kept | × innerText | longest task | ours, uncapped | longest task | chars | page-agent |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map((row) =>
    [
      row.elements.toLocaleString('en'),
      fmtMs(row.innerText.ms),
      fmtMs(row.oursCapped.ms),
      ratio(row.oursCapped.ms, row.innerText.ms),
      fmtTask(row.oursCapped.longestTaskMs),
      row.oursCapped.chars.toLocaleString('en'),
      fmtMs(row.oursCappedCold.ms),
      ratio(row.oursCappedCold.ms, row.innerText.ms),
      fmtTask(row.oursCappedCold.longestTaskMs),
      fmtMs(row.oursUncapped.ms),
      fmtTask(row.oursUncapped.longestTaskMs),
      row.oursUncapped.chars.toLocaleString('en'),
      theirsCell(row),
    ].join(' | '),
  ).map((line) => `| ${line} |`),
].join('\n');

const point = (row, which) => ({ x: row.elements, y: row[which].ms });
const series = [
  { key: 'oursCapped', label: 'ours, capped (12k)', points: rows.map((row) => point(row, 'oursCapped')) },
  { key: 'oursCappedCold', label: 'ours, capped, nothing kept', points: rows.map((row) => point(row, 'oursCappedCold')) },
  { key: 'oursUncapped', label: 'ours, uncapped', points: rows.map((row) => point(row, 'oursUncapped')) },
  { key: 'innerText', label: 'body.innerText', points: rows.map((row) => point(row, 'innerText')) },
];
const theirsRows = rows.filter((row) => row.theirs && !row.theirs.skipped);
if (theirsRows.length) {
  series.push({
    key: 'theirs',
    label: 'page-agent',
    points: theirsRows.map((row) => (row.theirs.over ? { x: row.elements, y: row.theirs.limitMs, over: `> ${row.theirs.limitMs / 1000} s` } : { x: row.elements, y: row.theirs.ms })),
  });
}
const chart = lineChart({
  title: 'Snapshot time by page size (median, log–log)',
  xLabel: 'elements on the page',
  yLabel: 'ms',
  series,
  targets: [{ label: `target: ${TARGETS.innerTextRatio}× innerText`, points: rows.map((row) => ({ x: row.elements, y: row.innerText.ms * TARGETS.innerTextRatio })) }],
});

const cores = availableParallelism();
const loadAtEnd = loadavg()[0];
const date = new Date().toISOString().slice(0, 10);
const header =
  `Scaling benchmark (${date}): synthetic admin pages (bench/scale/admin-page.mjs), Chromium ${browserVersion} headless, 1280×800, ` +
  `median of up to ${iterations} calls after warm-ups${withPageAgent ? `, page-agent @page-agent/page-controller ${theirsVersion} (abandoned past ${pageAgentLimitMs / 1000} s)` : ''}; ` +
  `load average ${loadAtStart.toFixed(1)} → ${loadAtEnd.toFixed(1)} on ${cores} cores (other work shares the machine: read times against innerText, measured in the same rounds). ` +
  'The page does not change between calls, so a capped snapshot reuses the hit tests of the one before (src/dom/page-generation.ts), as a turn on a page that did not change does; "nothing kept" drops them first, as after any change (the list of paint a hit test misses, src/dom/ghost-boxes.ts, is kept up to date from the changes themselves; the first snapshot of a page builds it in slices, not timed here).';
const block = [
  header,
  '',
  '![Snapshot time by page size](bench/results/scale.svg)',
  '',
  table,
  '',
  ...checkLines,
].join('\n');

const resultsDir = join(repo, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'scale.svg'), chart);
writeFileSync(join(resultsDir, 'scale.json'), `${JSON.stringify({ date, browserVersion, cap: CAP, iterations, pageAgent: withPageAgent ? { version: theirsVersion, limitMs: pageAgentLimitMs } : null, loadAverage: [loadAtStart, loadAtEnd], cores, rows, memory, checks }, (key, number) => (typeof number === 'number' && !Number.isInteger(number) ? Number(number.toFixed(2)) : number), 2)}\n`);

const readme = join(repo, 'README.md');
if (!process.env.CI && existsSync(readme) && !quick) {
  const text = readFileSync(readme, 'utf8');
  const start = text.indexOf('<!-- scale:start -->');
  const end = text.indexOf('<!-- scale:end -->');
  if (start !== -1 && end > start) {
    writeFileSync(readme, `${text.slice(0, start)}<!-- scale:start -->\n${block}\n${text.slice(end)}`);
    console.log('README.md: scale block updated');
  }
}

console.log(`\n${table}\n\n${checkLines.join('\n')}`);
console.log(`\nWrote bench/results/scale.json and scale.svg. Run time ${((performance.now() - started) / 1000).toFixed(0)} s.`);
