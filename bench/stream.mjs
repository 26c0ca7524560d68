// Benchmark of the stream reader (src/llm/turn-stream.ts): how its cost grows with the reply when a
// model streams it one character at a time. Work per chunk should be proportional to the chunk, so
// the time per character stays flat from 30 KB to 300 KB; a reader that re-reads what it already
// saw costs time per character proportional to the reply (10× from 30 KB to 300 KB).
//
// Usage: npm run bench:stream               (30, 100, 300 KB)
//        node bench/stream.mjs --sizes=30,100 --limit-s=20
// Options: --sizes=KB,...  --chunk-chars=1  --limit-s=N (a case that outlives it is stopped and
//          reported as such, with how far it got)  --source=FILE (another reader module, e.g. an older
//          version checked out elsewhere, for a before/after comparison)
//
// Cases, each one reply with two actions:
//  - narrate: the first item's `narrate` string is the size (narration grows across every chunk);
//  - args: a tool item whose `args.value` is the size (nested object, nothing narrated);
//  - head: a `memory` string of the size before the `actions` key (the envelope head).
// The reader is bundled from src/ with esbuild and run in this Node process (no browser): the
// figures are the reader's own CPU time. Machine load scales every case alike, so compare the
// µs per character between sizes of the same run, not between runs.
import { build } from 'esbuild';
import { performance } from 'node:perf_hooks';
import { relative, resolve } from 'node:path';
import { readArgs } from './support/args.mjs';

const { value } = readArgs();
const root = resolve(import.meta.dirname, '..');
const sizes = value('sizes', '30,100,300').split(',').map(Number);
const chunkChars = Number(value('chunk-chars', '1'));
const limitMs = Number(value('limit-s', '20')) * 1000;
const source = resolve(root, value('source', 'src/llm/turn-stream.ts'));

const bundled = await build({ entryPoints: [source], bundle: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'silent' });
const { TurnStreamReader } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);

/** Text of the size with what real replies carry: quotes, backslashes, non-ASCII and \u escapes. */
function filler(chars) {
  const unit = 'Lorem "ipsum" dolor \\ sit amet, é ✓ 👩🏽‍💻 \u0007 [a1] {b} ';
  return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
}

const CASES = {
  narrate: (text) => ({ memory: 'm', todos_remaining: [], actions: [{ narrate: text }, { tool: 'click', args: { selector: '[a1]' } }] }),
  args: (text) => ({ memory: 'm', todos_remaining: [], actions: [{ tool: 'fill_input', args: { selector: '[a1]', value: text } }, { narrate: 'Done.' }] }),
  head: (text) => ({ memory: text, todos_remaining: [], actions: [{ narrate: 'Hi' }, { tool: 'click', args: { selector: '[a1]' } }] }),
};

function run(reply) {
  const reader = new TurnStreamReader();
  let events = 0;
  const started = performance.now();
  for (let at = 0; at < reply.length; at += chunkChars) {
    events += reader.push(reply.slice(at, at + chunkChars)).length;
    if ((at / chunkChars) % 1000 === 0 && performance.now() - started > limitMs) {
      return { ms: performance.now() - started, read: at + chunkChars, stopped: true, events };
    }
  }
  return { ms: performance.now() - started, read: reply.length, stopped: false, events };
}

const rows = [];
for (const [name, make] of Object.entries(CASES)) {
  for (const kb of sizes) {
    const reply = JSON.stringify(make(filler(kb * 1000)));
    run(reply.slice(0, 20_000)); // warm-up: the JIT compiles the reader before the timed run
    const result = run(reply);
    rows.push({ case: name, kb, chars: reply.length, ...result, usPerChar: (result.ms * 1000) / result.read });
  }
}

console.log(`Stream reader, ${chunkChars}-character chunks (${relative(root, source)}):`);
console.log('| case | reply | time | µs per char | events |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) {
  const time = row.stopped ? `> ${(limitMs / 1000).toFixed(0)} s (stopped at ${((100 * row.read) / row.chars).toFixed(0)}%)` : `${row.ms.toFixed(0)} ms`;
  console.log(`| ${row.case} | ${(row.chars / 1000).toFixed(0)} KB | ${time} | ${row.usPerChar.toFixed(2)} | ${row.stopped ? '–' : row.events} |`);
}
for (const name of Object.keys(CASES)) {
  const own = rows.filter((row) => row.case === name && !row.stopped);
  const first = own[0];
  const last = own.at(-1);
  if (first && last && first !== last) {
    console.log(`${name}: µs per char grew ×${(last.usPerChar / first.usPerChar).toFixed(1)} from ${first.kb} to ${last.kb} KB (flat is linear; ×${(last.kb / first.kb).toFixed(0)} is quadratic)`);
  }
}
