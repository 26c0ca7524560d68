// How a page loads the standalone build, part by part: what loads with the tag (static imports
// from web-agent.js), the config check fetched right after it connects, the agent core fetched
// when the prompt opens or a task starts, the model client fetched on the first model call, and
// one language pack. Shared by bench/size.mjs (budgets) and bench/size-modules.mjs (what is in each).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Follows import statements from a file: static ones load with it, dynamic ones later. */
function importsOf(file) {
  const code = readFileSync(file, 'utf8');
  const found = { static: [], dynamic: [] };
  // Minified output quotes specifiers with ", ' or `.
  for (const match of code.matchAll(/\b(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.[^"'`]+)["'`]/g)) found.static.push(resolve(dirname(file), match[1]));
  for (const match of code.matchAll(/\bimport\(\s*["'`](\.[^"'`]+)["'`]\s*\)/g)) found.dynamic.push(resolve(dirname(file), match[1]));
  return found;
}

function closure(starts, kind, skip = () => false) {
  const seen = new Set();
  const queue = [...starts];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file) || skip(file)) continue;
    seen.add(file);
    const next = importsOf(file);
    queue.push(...next.static, ...(kind === 'all' ? next.dynamic : []));
  }
  return seen;
}

// Code that only a host option loads, by the chunk its dynamic import starts: what a default tag
// loads leaves it out, and it is shown on its own. A chunk missing from this list counts as part
// of the core, so forgetting one can only make the total look bigger, never smaller.
const OPT_IN = [
  { chunk: /\/plan-task-[\w-]+\.js$/, label: 'the planner, only when the host sets `planner`' },
  { chunk: /\/planned-turn-[\w-]+\.js$/, label: "a plan's envelope and bookkeeping, only when a session has a plan (with `planner`)" },
  { chunk: /\/recording-paths-[\w-]+\.js$/, label: 'recording and replaying, only with `record`, `recordings` or `replay()`' },
  { chunk: /\/web-mcp-[\w-]+\.js$/, label: 'WebMCP, only in browsers that offer it' },
  { chunk: /\/page-tools-[\w-]+\.js$/, label: "the page's WebMCP tools, only when the page registers some" },
  { chunk: /\/host-sections-[\w-]+\.js$/, label: "the host's persona, brand and site map, only when the host sets one" },
  { chunk: /\/debug-log-[\w-]+\.js$/, label: 'the debug log, only with `debug`' },
  { chunk: /\/text-mode-[\w-]+\.js$/, label: 'JSON as text, only for a model server that takes no tools' },
  { chunk: /\/check-json-schema-[\w-]+\.js$/, label: 'the argument check of host actions declared as JSON Schema, with the first one run' },
  { chunk: /\/selection-[\w-]+\.js$/, label: "the visitor's selection in the request, with the first task asked about one" },
  { chunk: /\/host-api-[\w-]+\.js$/, label: "the host's direct actions and tool list, only with `executeAction()` or `toolDefinitions`" },
];

// Code only one built-in action reaches, by the chunk its dynamic import starts (src/actions/builtin/
// lazy-handler.ts): loaded with that action's first use, so the default total leaves it out; each has
// its row, and "a task that uses every action" adds them back. Missing here, a chunk counts as core.
const WITH_TASK = [
  { chunk: /\/press-key-[\w-]+\.js$/, label: "press_key's keys and what they do by default, with its first use (or as a reply names it)" },
  { chunk: /\/select-option-[\w-]+\.js$/, label: "select_option's lists and widgets, with its first use (or as a reply names it)" },
];

// A visitor's page fetches one language pack at most, so the packs are alternatives: the
// total counts the largest one, not all of them.
const isLocalePack = (file) => /\/locale-[\w-]+-[\w-]+\.js$/.test(file);
const isModelClient = (file) => /\/openai-[\w-]+\.js$/.test(file);
const isConfigCheck = (file) => /\/config-check-[\w-]+\.js$/.test(file);

/**
 * The parts of a standalone build whose entry is `entry`, each `{ key, label, files }` (absolute
 * paths). `pack` holds the largest language pack; `opt-in` parts what a host option loads; `total`
 * is everything a visitor can load from a tag with the default options.
 */
export function partsOf(entry, { sizeOf = (file) => readFileSync(file).length } = {}) {
  const initial = closure([entry], 'static');
  const everything = closure([entry], 'all');
  const optIns = OPT_IN.map(({ chunk, label }) => {
    const start = [...everything].find((file) => chunk.test(file));
    if (!start) throw new Error(`bench: no chunk matches ${chunk} any more; update OPT_IN in bench/support/load-parts.mjs.`);
    return { label, start };
  });
  const withTask = WITH_TASK.map(({ chunk, label }) => {
    const start = [...everything].find((file) => chunk.test(file));
    if (!start) throw new Error(`bench: no chunk matches ${chunk} any more; update WITH_TASK in bench/support/load-parts.mjs.`);
    return { label, start };
  });
  const isOptInStart = (file) => optIns.some((optIn) => optIn.start === file);
  const isTaskStart = (file) => withTask.some((part) => part.start === file);
  const all = closure([entry], 'all', (file) => isOptInStart(file) || isTaskStart(file));
  const packs = [...all].filter(isLocalePack).sort((a, b) => sizeOf(b) - sizeOf(a));
  const lazy = [...all].filter((file) => !initial.has(file) && !isLocalePack(file));
  const configEntry = lazy.find(isConfigCheck);
  const config = configEntry ? closure([configEntry], 'static') : new Set();
  const pack = new Set(packs.slice(0, 1));
  const ownFiles = (start) => new Set([...closure([start], 'all', (file) => file !== start && (isOptInStart(file) || isTaskStart(file)))].filter((file) => !all.has(file)));
  return [
    { key: 'initial', label: 'initial load (the tag, before any task)', files: initial },
    { key: 'config', label: 'config check (zod, the schema), fetched right after the tag connects', files: config },
    { key: 'core', label: 'agent core, loaded when the prompt opens or a task starts', files: new Set(lazy.filter((file) => !isModelClient(file) && !config.has(file))) },
    { key: 'client', label: 'model client (openai), loaded on the first model call', files: new Set(lazy.filter(isModelClient)) },
    { key: 'pack', label: `one language pack, if the page is not in English (largest of ${packs.length})`, files: pack },
    // Each action chunk's own files: the chunks it imports that the core has are counted there.
    ...withTask.map(({ label, start }) => ({ key: 'task', label, files: ownFiles(start) })),
    // Each option's own chunks: the other options' code, reachable through the core, is theirs.
    ...optIns.map(({ label, start }) => ({ key: 'opt-in', label, files: ownFiles(start) })),
    { key: 'total', label: "everything a tag loads with the default options, until a task uses press_key or select_option", files: new Set([...initial, ...lazy, ...pack]) },
    { key: 'every-action', label: 'a task that uses every action (default options)', files: new Set([...initial, ...lazy, ...pack, ...withTask.flatMap(({ start }) => [...ownFiles(start)])]) },
    { key: 'every-option', label: 'everything, with every option that loads code turned on', files: new Set([...everything].filter((file) => !isLocalePack(file) || pack.has(file))) },
  ];
}
