// Where the bytes of the standalone build come from: builds it once more with source maps (into
// node_modules/.cache, dist/ is left alone), attributes every byte of every minified chunk to the
// source module it came from, and prints, per part of the load (as bench/size.mjs splits it), the
// modules and folders that weigh most. The gzip column is each module's marginal cost: how much
// smaller its chunk's gzip gets with that module's bytes taken out (gzip shares redundancy across
// modules, so these do not add up to the chunk's gzip exactly).
// Usage: npm run bench:size:modules [-- --top=40] [-- --json=path]
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { readArgs } from './support/args.mjs';
import { partsOf } from './support/load-parts.mjs';

const { value } = readArgs();
const top = Number(value('top', 30));
const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'node_modules/.cache/web-agent-size-modules');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
// 'error': the CSS-template minifier keeps no source map, which moves columns inside those files
// but not which file their bytes belong to, the only thing counted here.
await build({ root, mode: 'standalone', logLevel: 'error', build: { outDir, emptyOutDir: true, sourcemap: true } });

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = Object.fromEntries([...BASE64].map((char, index) => [char, index]));

/** Decodes one source-map `mappings` string into [line][{ column, source }] (source may be -1: unmapped). */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line ? line.split(',') : []) {
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = DIGIT[char];
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      segments.push({ column, source: fields.length > 1 ? source : -1 });
      // Fields 2–4 (original line, column, name) are not needed to attribute bytes.
    }
    lines.push(segments);
  }
  return lines;
}

/**
 * Byte ranges of a chunk per source file. A segment runs until the next one, across line ends:
 * the lines inside a multi-line template literal carry no segment of their own.
 */
function rangesBySource(code, map) {
  const lines = code.split('\n');
  const decoded = decodeMappings(map.mappings);
  const ranges = new Map();
  let offset = 0;
  let current = '(unmapped)';
  lines.forEach((line, index) => {
    const segments = decoded[index] ?? [];
    // Minified output is ASCII but for string contents; columns are UTF-16 units, as are JS strings.
    push(current, offset, offset + (segments.length ? segments[0].column : line.length + 1));
    segments.forEach((segment, at) => {
      const end = at + 1 < segments.length ? segments[at + 1].column : line.length + 1;
      current = segment.source >= 0 ? map.sources[segment.source] : '(unmapped)';
      push(current, offset + segment.column, offset + end);
    });
    offset += line.length + 1;
  });
  return ranges;

  function push(name, start, end) {
    if (end <= start) return;
    const list = ranges.get(name) ?? [];
    list.push([start, end]);
    ranges.set(name, list);
  }
}

/** node_modules/openai/resources/x.mjs → openai/resources/x.mjs; src/ files stay as they are. */
function moduleName(chunkFile, source) {
  if (source === '(unmapped)') return source;
  const path = relative(root, resolve(outDir, join(chunkFile, '..'), source));
  const inPackage = path.lastIndexOf('node_modules/');
  return inPackage >= 0 ? path.slice(inPackage + 'node_modules/'.length) : path;
}

const gzip = (text) => gzipSync(text, { level: 9 }).length;
const chunkFiles = readdirSync(outDir, { recursive: true }).filter((file) => file.endsWith('.js'));
const modules = [];
for (const file of chunkFiles) {
  const code = readFileSync(join(outDir, file), 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, '');
  const mapFile = join(outDir, `${file}.map`);
  // A chunk with no code of its own (only re-exports) gets no map: its bytes are all glue.
  const map = existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')) : { sources: [], mappings: '' };
  const whole = gzip(code);
  for (const [source, ranges] of rangesBySource(code, map)) {
    let without = '';
    let last = 0;
    let raw = 0;
    for (const [start, end] of ranges.sort((a, b) => a[0] - b[0])) {
      without += code.slice(last, start);
      last = end;
      raw += end - start;
    }
    without += code.slice(last);
    modules.push({ chunk: join(outDir, file), module: moduleName(file, source), raw, gzip: whole - gzip(without) });
  }
}

const parts = partsOf(join(outDir, 'web-agent.js'));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const folderOf = (name) => (name.startsWith('src/') ? name.split('/').slice(0, 3).join('/').replace(/\.ts$/, '') : name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/'));
const report = [];
for (const part of parts.filter((entry) => !['total', 'every-option', 'every-action'].includes(entry.key))) {
  const inPart = modules.filter((entry) => part.files.has(entry.chunk));
  if (!inPart.length) continue;
  const gzipTotal = [...part.files].reduce((sum, file) => sum + gzip(readFileSync(file)), 0);
  console.log(`\n## ${part.label}: ${kb(gzipTotal)} gzip\n`);
  const folders = new Map();
  for (const entry of inPart) {
    const folder = folderOf(entry.module);
    const sum = folders.get(folder) ?? { raw: 0, gzip: 0 };
    sum.raw += entry.raw;
    sum.gzip += entry.gzip;
    folders.set(folder, sum);
  }
  console.log('| folder / package | raw | gzip (marginal) |\n|---|---:|---:|');
  for (const [folder, sum] of [...folders].sort((a, b) => b[1].gzip - a[1].gzip)) console.log(`| ${folder} | ${kb(sum.raw)} | ${kb(sum.gzip)} |`);
  console.log(`\n| module (top ${top}) | raw | gzip (marginal) |\n|---|---:|---:|`);
  for (const entry of inPart.sort((a, b) => b.gzip - a.gzip).slice(0, top)) console.log(`| ${entry.module} | ${kb(entry.raw)} | ${kb(entry.gzip)} |`);
  report.push({ part: part.label, gzip: gzipTotal, modules: inPart.map(({ module, raw, gzip }) => ({ module, raw, gzip })) });
}
const jsonPath = value('json');
if (jsonPath) writeFileSync(jsonPath, `${JSON.stringify(report, null, 1)}\n`);
