#!/usr/bin/env node
// `npm run eval`: the task suite through the built element in headless Chromium, against the
// endpoint the environment names (OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL, as for the demo)
// or, with none, against the oracle policy. `npm run eval:compare -- A.json B.json` puts two
// reports side by side. See docs/eval.md.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { upstreamFromEnv } from '../demo/server/upstream-proxy.mjs';
import { root } from './build.mjs';
import { compareReports } from './compare.mjs';
import { POLICIES, policyNamed } from './policies/index.mjs';
import { createProgress } from './progress.mjs';
import { buildReport, describeModel, seconds, solvedText, writeReport } from './report.mjs';
import { runSuite } from './run-suite.mjs';
import { selectTasks, taskTable } from './tasks/index.mjs';

const USAGE = `Usage:
  npm run eval [-- options]                 run the suite (an endpoint from the environment, else the oracle policy)
  npm run eval:compare -- A.json B.json     two reports side by side (Markdown on stdout)

Options:
  --tasks <list>        ids, categories or globs, comma-separated (e.g. "demo/*,hostile"); default: all
  --repeat <n>          attempts per task (default 1)
  --concurrency <n>     attempts at once (default 2)
  --out <dir>           where report.json and report.md go (default: eval-results/<time>-<model>/)
  --policy <name>       play the model with a policy instead: ${Object.keys(POLICIES).join(', ')}
  --list                print the tasks as a Markdown table and exit
Environment: OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL (as for \`npm start\`), CHROME_PATH.`;

const argv = process.argv.slice(2);
try {
  process.exitCode = argv[0] === 'compare' ? await compare(argv.slice(1)) : await evaluate(argv);
} catch (error) {
  console.error(`eval: ${error?.message ?? error}`);
  process.exitCode = 2;
}

async function evaluate(args) {
  const { values } = parseArgs({
    args,
    options: {
      tasks: { type: 'string' },
      repeat: { type: 'string', default: '1' },
      concurrency: { type: 'string', default: '2' },
      out: { type: 'string' },
      policy: { type: 'string' },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const tasks = selectTasks(values.tasks);
  if (values.list) {
    console.log(taskTable(tasks));
    return 0;
  }
  const repeat = positive(values.repeat, '--repeat');
  const concurrency = positive(values.concurrency, '--concurrency');

  const upstream = values.policy ? undefined : upstreamFromEnv(process.env);
  if (upstream && 'error' in upstream) throw new Error(upstream.error);
  const policy = upstream ? undefined : policyNamed(values.policy ?? 'oracle');
  const run = {
    label: policy ? policy.name : slug(upstream.model ?? upstream.host),
    mode: policy ? 'policy' : 'endpoint',
    policy: policy?.name,
    endpoint: upstream?.display,
    model: upstream?.model,
    repeat,
    concurrency,
    startedAt: new Date().toISOString(),
    commit: commit(),
  };
  console.log(`Evaluating ${describeModel(run)}: ${tasks.length} tasks × ${repeat}, ${concurrency} at once.`);
  if (upstream && !upstream.model) console.log('OPENAI_MODEL is not set: each page asks for its own model (gpt-4.1-mini). Local servers need OPENAI_MODEL.');

  const progress = createProgress();
  const started = Date.now();
  const results = await runSuite({ tasks, repeat, concurrency, policy, upstream, onStart: progress.start, onResult: progress.result, log: (line) => console.log(line) });
  progress.finish();
  run.durationMs = Date.now() - started;

  const report = buildReport({ results, tasks, run });
  const out = values.out ?? join(root, 'eval-results', `${run.startedAt.replace(/[:.]/g, '-').slice(0, 19)}-${run.label}`);
  const written = await writeReport(report, out);
  console.log(`\n${solvedText(report.totals)} solved, ${seconds(report.totals.timeMs)} an attempt, ${report.totals.errors} errors.`);
  const failedTasks = report.tasks.filter((task) => task.solved < task.attempts);
  if (failedTasks.length) console.log(`Not always solved: ${failedTasks.map((task) => `${task.id} (${task.solved}/${task.attempts})`).join(', ')}`);
  if (upstream && results.every((result) => result.errors.some((error) => /^The endpoint answered [45]\d\d/.test(error)))) {
    console.log(`Every attempt got an error from ${upstream.display}: ${results[0].errors.find((error) => error.startsWith('The endpoint'))}. Check OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL.`);
  }
  console.log(`Report: ${relative(process.cwd(), written.markdown)} and ${relative(process.cwd(), written.json)}`);
  // The line CI counts (.ci/run): one per attempt.
  console.log(`${report.totals.solved} passed, ${report.totals.attempts - report.totals.solved} failed`);
  // The oracle proves the harness, so it must solve everything; a model's failures are its score.
  return policy?.name === 'oracle' && report.totals.solved < report.totals.attempts ? 1 : 0;
}

async function compare(args) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { out: { type: 'string' } } });
  if (positionals.length !== 2) throw new Error(`compare takes two report.json files.\n${USAGE}`);
  const [a, b] = await Promise.all(positionals.map(async (path) => JSON.parse(await readFile(path, 'utf8'))));
  const markdown = compareReports(a, b);
  if (values.out) await writeFile(values.out, markdown);
  process.stdout.write(markdown);
  return 0;
}

function positive(text, name) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of 1 or more, not "${text}".`);
  return value;
}

function slug(text) {
  return String(text).toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-|-$/g, '');
}

function commit() {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return dirty ? `${hash} (with uncommitted changes)` : hash;
  } catch {
    return undefined;
  }
}
