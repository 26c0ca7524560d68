// The report's arithmetic and wording, the comparison's verdicts, and the pieces that read what
// passes through the proxy, on made-up inputs whose right answers are known.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { compareReports } from './compare.mjs';
import { inFormat } from './policies/value-formats.mjs';
import { createReplyReader } from './reply-reader.mjs';
import { buildReport, renderMarkdown } from './report.mjs';
import { wilson } from './stats.mjs';
import { selectTasks, taskTable, TASKS } from './tasks/index.mjs';

const near = (actual, expected) => assert.ok(Math.abs(actual - expected) < 5e-4, `${actual} ≠ ${expected}`);

function result(task, ok, extra = {}) {
  return { task, repeat: 1, ok, outcome: ok ? 'solved' : 'check failed', detail: ok ? 'as expected' : 'name is "Sam", expected "Ada"', turns: 3, usage: { promptTokens: 1000, completionTokens: 100, source: 'server' }, model: 'gpt-test', timeMs: 2000, modelMs: 1500, errors: [], visitor: [], offsite: [], ...extra };
}

function report(outcomes, label) {
  const tasks = Object.keys(outcomes).map((id) => ({ id, title: id, category: id.split('/')[0], checks: 'something', maxSteps: 10, timeLimitMs: 1000 }));
  const results = Object.entries(outcomes).flatMap(([id, oks]) => oks.map((ok, index) => ({ ...result(id, ok), repeat: index + 1 })));
  return buildReport({ results, tasks, run: { label, mode: 'endpoint', endpoint: 'http://localhost:11434/v1', repeat: 5, concurrency: 1, startedAt: '2025-01-01T00:00:00Z', durationMs: 1 } });
}

describe('Wilson interval', () => {
  it('is wide at a few attempts and never collapses at 0/n or n/n', () => {
    const [low0, high0] = wilson(0, 10);
    near(low0, 0);
    near(high0, 0.2775);
    const [low10, high10] = wilson(10, 10);
    near(low10, 0.7225);
    near(high10, 1);
    const [lowHalf, highHalf] = wilson(5, 10);
    near(lowHalf, 0.2366);
    near(highHalf, 0.7634);
  });
});

describe('report', () => {
  it('sums attempts per task and in total, and keeps what a failure needs to be understood', () => {
    const failure = { lastPage: '# Current page\n<page-dom>\n[a1]<input name=name value="Sam">\n</page-dom>', toolResults: ['2. fill_input: ok — "Full name" now holds "Sam".'], lastEnvelope: { memory: 'm', todos_remaining: [], actions: [] }, steps: [] };
    const built = buildReport({
      tasks: [{ id: 'demo/rename', title: 'Rename', category: 'demo', checks: 'the name is Ada', maxSteps: 8, timeLimitMs: 1 }, { id: 'forms/register', title: 'Register', category: 'forms', checks: 'registered', maxSteps: 8, timeLimitMs: 1 }],
      results: [result('demo/rename', true), result('demo/rename', false, { repeat: 2, failure, errors: ['element: boom'] }), result('forms/register', true)],
      run: { label: 'x', mode: 'endpoint', endpoint: 'http://x/v1', repeat: 2, concurrency: 1, startedAt: 'now', durationMs: 1 },
    });
    assert.equal(built.totals.attempts, 3);
    assert.equal(built.totals.solved, 2);
    assert.equal(built.totals.totalPromptTokens, 3000);
    assert.equal(built.totals.errors, 1);
    assert.equal(built.run.model, 'gpt-test');
    assert.deepEqual(built.tasks.map((task) => [task.id, task.solved, task.attempts]), [['demo/rename', 1, 2], ['forms/register', 1, 1]]);
    const markdown = renderMarkdown(built);
    assert.match(markdown, /\*\*2\/3 \(67%, 21%–94%\) solved\*\*/);
    assert.match(markdown, /### demo\/rename, attempt 2: check failed/);
    assert.match(markdown, /The check saw: name is "Sam", expected "Ada"/);
    assert.match(markdown, /\[a1\]<input name=name value="Sam">/);
    assert.match(markdown, /"todos_remaining": \[\]/);
    assert.match(markdown, /Errors: “element: boom”/);
  });
});

describe('compare', () => {
  it('calls a change better or worse only when the intervals do not overlap', () => {
    const before = report({ 'demo/rename': [false, false, false, false, false], 'forms/register': [true, false, true, false, true] }, 'before');
    const after = report({ 'demo/rename': [true, true, true, true, true], 'forms/register': [true, true, false, true, true] }, 'after');
    const markdown = compareReports(before, after);
    assert.match(markdown, /^# before vs after/);
    assert.match(markdown, /\| demo\/rename \| 0\/5 \(0%, 0%–43%\) \| 5\/5 \(100%, 57%–100%\) \| \*\*better\*\* \+100% \|/);
    assert.match(markdown, /\| forms\/register \| 3\/5 .* \| 4\/5 .* \| ~ \+20% \|/);
  });

  it('refuses a file that is not a report', () => {
    assert.throws(() => compareReports({ tasks: [] }, report({ 'demo/rename': [true] }, 'b')), /Not an evaluation report/);
  });
});

describe('reading replies through the proxy', () => {
  it('takes the envelope and the usage from a stream cut at any byte', () => {
    const envelope = JSON.stringify({ memory: 'é', todos_remaining: [], actions: [] });
    const events = [
      { model: 'gpt-x', choices: [{ delta: { tool_calls: [{ index: 0, id: 'c', function: { name: 'agent_turn', arguments: '' } }] } }], usage: null },
      { choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: envelope.slice(0, 9) } }] } }], usage: null },
      { choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: envelope.slice(9) } }] } }], usage: null },
      { choices: [], usage: { prompt_tokens: 1234, completion_tokens: 56, total_tokens: 1290 } },
    ];
    const bytes = Buffer.from(`${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')}data: [DONE]\n\n`);
    const reader = createReplyReader();
    for (let at = 0; at < bytes.length; at += 7) reader.push(bytes.subarray(at, at + 7));
    assert.deepEqual(reader.finish(), { model: 'gpt-x', usage: { promptTokens: 1234, completionTokens: 56 }, envelope, text: '', error: undefined });
  });

  it('reports the error of a whole JSON reply', () => {
    const reader = createReplyReader();
    reader.push(JSON.stringify({ error: { message: 'Incorrect API key provided.' } }));
    assert.equal(reader.finish().error, 'Incorrect API key provided.');
  });
});

describe('values in the format a page asks for', () => {
  it('rewrites dates and phone numbers only when the page names a format', () => {
    assert.equal(inFormat('10 December 1815', 'Write the date of birth as YYYY-MM-DD, e.g. 1990-07-31.'), '1815-12-10');
    assert.equal(inFormat('December 10, 1815', 'Date (DD/MM/YYYY)'), '10/12/1815');
    assert.equal(inFormat('+44 20 7946 0018', 'Use digits only for the phone number'), '442079460018');
    assert.equal(inFormat('10 December 1815', 'Date of birth'), '10 December 1815');
  });
});

describe('tasks', () => {
  it('are chosen by id, category or glob, and a pattern that names nothing is an error', () => {
    assert.deepEqual(selectTasks('demo/rename,hostile/support-email').map((task) => task.id), ['demo/rename', 'hostile/support-email']);
    assert.ok(selectTasks('hostile').every((task) => task.category === 'hostile'));
    assert.ok(selectTasks('demo/*').length >= 8);
    assert.throws(() => selectTasks('demo/nope'), /matches no task/);
  });

  it('cover what users ask of the widget', () => {
    const categories = new Set(TASKS.map((task) => task.category));
    for (const category of ['demo', 'forms', 'journeys', 'questions', 'confirmations', 'hostile', 'gallery']) assert.ok(categories.has(category), category);
    assert.equal(new Set(TASKS.map((task) => task.id)).size, TASKS.length);
  });

  it('are all listed in docs/eval.md as `npm run eval -- --list` prints them', async () => {
    const docs = await readFile(resolve(import.meta.dirname, '../docs/eval.md'), 'utf8');
    assert.ok(docs.includes(taskTable()), 'docs/eval.md is out of date: paste the output of `npm run eval -- --list` into it');
  });
});
