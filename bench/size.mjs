// What pasting the tag costs. Reads the standalone build (dist/web-agent.js and its chunks),
// splits it into what loads with the page and what loads on the first task, gzips each, checks
// the budgets, and writes the table into README.md between the size markers.
// Usage: npm run build && npm run bench:size      (CI: fails when a budget is exceeded)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const entry = join(dist, 'web-agent.js');
// The initial load is what every visitor of a host page pays: it stays at 25 KB. The total is paid
// once a visitor asks for something: 69 → 90 KB when the action catalog grew from 4 actions to 14
// that work on React, Vue and ARIA widgets (key defaults, listbox handling, honest effect checks:
// about 16 KB gzip of the agent core, a third of it descriptions the model reads); 90 → 95 KB for
// the defences against hostile pages and leaks (text with no ink, text as the dump shows it for
// what actions report, card and code fields by name, the gate's look at the control itself and its
// words in eight languages: about 4 KB) and the prompt's history (about 1 KB).
const budgets = { initialGzip: 25 * 1024, totalGzip: 95 * 1024 };

if (!existsSync(entry)) {
  console.error('bench/size: dist/web-agent.js is missing; run `npm run build` first.');
  process.exit(1);
}

/** Follows import statements from a file: static ones load with the page, dynamic ones later. */
function importsOf(file) {
  const code = readFileSync(file, 'utf8');
  const found = { static: [], dynamic: [] };
  // Minified output quotes specifiers with ", ' or `.
  for (const match of code.matchAll(/\b(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.[^"'`]+)["'`]/g)) found.static.push(resolve(dirname(file), match[1]));
  for (const match of code.matchAll(/\bimport\(\s*["'`](\.[^"'`]+)["'`]\s*\)/g)) found.dynamic.push(resolve(dirname(file), match[1]));
  return found;
}

function closure(starts, kind) {
  const seen = new Set();
  const queue = [...starts];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const next = importsOf(file);
    queue.push(...next.static, ...(kind === 'all' ? next.dynamic : []));
  }
  return seen;
}

const measure = (files) => {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip, files: [...files].map((file) => relative(dist, file)) };
};

// A visitor's page fetches one language pack at most, so the packs are alternatives: the
// total counts the largest one, not all of them.
const isLocalePack = (file) => /\/locale-[\w-]+-[\w-]+\.js$/.test(file);
const initialFiles = closure([entry], 'static');
const allFiles = closure([entry], 'all');
const packs = [...allFiles].filter(isLocalePack).map((file) => ({ file, ...measure([file]) }));
const largestPack = packs.sort((a, b) => b.gzip - a.gzip)[0];
const lazyFiles = new Set([...allFiles].filter((file) => !initialFiles.has(file) && !isLocalePack(file)));
const initial = measure(initialFiles);
const isModelClient = (file) => /\/openai-[\w-]+\.js$/.test(file);
// The config check (zod and the schema) is fetched right after the tag connects, not on the first task.
const configEntry = [...lazyFiles].find((file) => /\/config-check-[\w-]+\.js$/.test(file));
const configFiles = configEntry ? closure([configEntry], 'static') : new Set();
const config = measure([...configFiles]);
const core = measure([...lazyFiles].filter((file) => !isModelClient(file) && !configFiles.has(file)));
const client = measure([...lazyFiles].filter(isModelClient));
const pack = measure(largestPack ? [largestPack.file] : []);
const total = measure([...initialFiles, ...lazyFiles, ...(largestPack ? [largestPack.file] : [])]);

// KB = 1024 bytes.
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [
  ['initial load (the tag, before any task)', initial, budgets.initialGzip],
  ['config check (zod, the schema), fetched right after the tag connects', config, undefined],
  ['agent core, loaded when the prompt opens or a task starts', core, undefined],
  ['model client (openai), loaded on the first model call', client, undefined],
  [`one language pack, if the page is not in English (largest of ${packs.length})`, pack, undefined],
  ['everything', total, budgets.totalGzip],
];
const table = [
  '| part | files | raw | gzip -9 | budget (gzip) |',
  '|---|---|---|---|---|',
  ...rows.map(([label, size, budget]) => `| ${label} | ${size.files.length} | ${kb(size.raw)} | ${kb(size.gzip)} | ${budget ? `${kb(budget)} ${size.gzip <= budget ? '✓' : '✗'}` : '—'} |`),
].join('\n');
console.log(table);

const failures = rows.filter(([, size, budget]) => budget && size.gzip > budget);
for (const [label, size, budget] of failures) console.error(`bench/size: ${label} is ${kb(size.gzip)} gzip, over its budget of ${kb(budget)}.`);

const readmePath = join(root, 'README.md');
if (existsSync(readmePath)) {
  const readme = readFileSync(readmePath, 'utf8');
  const updated = readme.replace(/(<!-- size:start -->\n)[\s\S]*?(\n<!-- size:end -->)/, `$1${table}$2`);
  if (updated !== readme) {
    if (process.env.CI) console.warn('bench/size: the README size table differs from this build; run `npm run build && npm run bench:size` and commit.');
    else writeFileSync(readmePath, updated);
  }
}
process.exit(failures.length ? 1 : 0);
