// What pasting the tag costs. Reads the standalone build (dist/web-agent.js and its chunks),
// splits it into what loads with the page and what loads later (bench/support/load-parts.mjs),
// gzips each, checks the budgets, and writes the table into README.md between the size markers.
// Usage: npm run build && npm run bench:size      (CI: fails when a budget is exceeded)
// What is inside each part, module by module: npm run bench:size:modules
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { partsOf } from './support/load-parts.mjs';

const root = resolve(import.meta.dirname, '..');
const entry = join(root, 'dist', 'web-agent.js');
// The initial load is what every visitor of a host page pays: it stays at 25 KB. The total is paid
// once a visitor asks for something: 69 → 90 KB when the action catalog grew from 4 actions to 14
// that work on React, Vue and ARIA widgets (key defaults, listbox handling, honest effect checks:
// about 16 KB gzip of the agent core, a third of it descriptions the model reads); 90 → 95 KB for
// the defences against hostile pages and leaks (text with no ink, text as the dump shows it for
// what actions report, card and code fields by name, the gate's look at the control itself and its
// words in eight languages: about 4 KB) and the prompt's history (about 1 KB).
const budgets = { initial: 25 * 1024, total: 95 * 1024 };

if (!existsSync(entry)) {
  console.error('bench/size: dist/web-agent.js is missing; run `npm run build` first.');
  process.exit(1);
}

const measure = (files) => {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip, count: files.size };
};
const gzipOf = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const rows = partsOf(entry, { sizeOf: gzipOf }).map((part) => ({ ...part, size: measure(part.files), budget: budgets[part.key] }));

// KB = 1024 bytes.
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const table = [
  '| part | files | raw | gzip -9 | budget (gzip) |',
  '|---|---|---|---|---|',
  ...rows.map(({ label, size, budget }) => `| ${label} | ${size.count} | ${kb(size.raw)} | ${kb(size.gzip)} | ${budget ? `${kb(budget)} ${size.gzip <= budget ? '✓' : '✗'}` : '—'} |`),
].join('\n');
console.log(table);

const failures = rows.filter(({ size, budget }) => budget && size.gzip > budget);
for (const { label, size, budget } of failures) console.error(`bench/size: ${label} is ${kb(size.gzip)} gzip, over its budget of ${kb(budget)}.`);

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
