// The evaluation's report: JSON for machines (and for `compare`), Markdown for people. Per task and
// in total: success rate with its 95% interval, turns, prompt and completion tokens, time, errors;
// every failed attempt keeps the last page the model saw, the tool results and its last envelope.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mean, sum, wilson } from './stats.mjs';

export const REPORT_FORMAT = 'web-agent-eval/1';

/**
 * @param {{ results: object[], tasks: object[], run: object }} input  `run` describes the model and
 *   the options: { label, mode, policy?, endpoint?, model?, repeat, concurrency, startedAt, durationMs, commit? }
 */
export function buildReport({ results, tasks, run }) {
  const byTask = tasks.map((task) => ({ task, runs: results.filter((result) => result.task === task.id) })).filter((entry) => entry.runs.length);
  const categories = [...new Set(byTask.map(({ task }) => task.category))];
  return {
    format: REPORT_FORMAT,
    run: { ...run, model: run.model ?? commonest(results.map((result) => result.model)) },
    totals: summarize(results),
    categories: categories.map((name) => ({ name, ...rate(results.filter((result) => byTask.find(({ task }) => task.id === result.task)?.task.category === name)) })),
    tasks: byTask.map(({ task, runs }) => ({ id: task.id, title: task.title, category: task.category, checks: task.checks, maxSteps: task.maxSteps, timeLimitMs: task.timeLimitMs, ...summarize(runs), runs })),
  };
}

function rate(runs) {
  const solved = runs.filter((result) => result.ok).length;
  return { attempts: runs.length, solved, rate: runs.length ? solved / runs.length : 0, interval: wilson(solved, runs.length) };
}

function summarize(runs) {
  const outcomes = {};
  for (const result of runs) outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
  const sources = new Set(runs.map((result) => result.usage.source));
  return {
    ...rate(runs),
    turns: mean(runs.map((result) => result.turns)),
    promptTokens: mean(runs.map((result) => result.usage.promptTokens)),
    completionTokens: mean(runs.map((result) => result.usage.completionTokens)),
    totalPromptTokens: sum(runs.map((result) => result.usage.promptTokens)),
    totalCompletionTokens: sum(runs.map((result) => result.usage.completionTokens)),
    usage: sources.size === 1 ? [...sources][0] : 'partial',
    timeMs: mean(runs.map((result) => result.timeMs)),
    modelMs: mean(runs.map((result) => result.modelMs ?? 0)),
    errors: sum(runs.map((result) => result.errors.length)),
    outcomes,
  };
}

function commonest(values) {
  const counts = new Map();
  for (const value of values.filter(Boolean)) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Writes report.json and report.md into `dir`; returns their paths. */
export async function writeReport(report, dir) {
  await mkdir(dir, { recursive: true });
  const json = join(dir, 'report.json');
  const markdown = join(dir, 'report.md');
  await writeFile(json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(markdown, renderMarkdown(report));
  return { json, markdown };
}

// ---- Markdown ------------------------------------------------------------------------------------

export const percent = (value) => `${Math.round(value * 100)}%`;
export const interval = ([low, high]) => `${percent(low)}–${percent(high)}`;
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
export const tokens = (value) => Math.round(value).toLocaleString('en-US');
export const solvedText = (entry) => `${entry.solved}/${entry.attempts} (${percent(entry.rate)}, ${interval(entry.interval)})`;

export function describeModel(run) {
  if (run.mode === 'policy') return `the ${run.policy} policy (no model)`;
  return `${run.model ?? 'the page’s model'} at ${run.endpoint}`;
}

export function renderMarkdown(report) {
  const { run, totals } = report;
  const estimated = totals.usage === 'estimated' ? ' (estimated: a policy has no tokenizer)' : totals.usage === 'server' ? '' : ` (usage: ${totals.usage})`;
  const lines = [
    `# web-agent evaluation: ${describeModel(run)}`,
    '',
    `**${solvedText(totals)} solved** · ${totals.turns.toFixed(1)} turns an attempt · ${tokens(totals.promptTokens)} prompt + ${tokens(totals.completionTokens)} completion tokens an attempt${estimated} · ${seconds(totals.timeMs)} an attempt (${seconds(totals.modelMs)} waiting for the model) · ${totals.errors} errors`,
    '',
    `${run.startedAt} · ${run.repeat} ${run.repeat === 1 ? 'attempt' : 'attempts'} per task · ${run.concurrency} at once · ${seconds(run.durationMs)} in all${run.commit ? ` · commit ${run.commit}` : ''}. Intervals are 95% Wilson score intervals; tokens are the server’s \`usage\`, summed over the turns of an attempt.`,
    '',
    '## By category',
    '',
    '| category | solved |',
    '|---|---|',
    ...report.categories.map((category) => `| ${category.name} | ${solvedText(category)} |`),
    '',
    '## Tasks',
    '',
    '| task | solved | turns | prompt tokens | completion tokens | time | errors | outcomes |',
    '|---|---|---|---|---|---|---|---|',
    ...report.tasks.map((task) => `| ${task.id} | ${solvedText(task)} | ${task.turns.toFixed(1)} | ${tokens(task.promptTokens)} | ${tokens(task.completionTokens)} | ${seconds(task.timeMs)} | ${task.errors} | ${Object.entries(task.outcomes).map(([outcome, count]) => `${outcome} ${count}`).join(', ')} |`),
    '',
  ];
  const failures = report.tasks.flatMap((task) => task.runs.filter((result) => !result.ok).map((result) => ({ task, result })));
  lines.push('## Failures', '');
  if (!failures.length) lines.push('None.', '');
  for (const { task, result } of failures) lines.push(...renderFailure(task, result));
  lines.push('## What each task checks', '', '| task | what it asks | success means |', '|---|---|---|');
  for (const task of report.tasks) lines.push(`| ${task.id} | ${escapeCell(task.title)} | ${escapeCell(task.checks)} |`);
  return `${lines.join('\n')}\n`;
}

function renderFailure(task, result) {
  const { failure = {} } = result;
  const lines = [
    `### ${task.id}, attempt ${result.repeat}: ${result.outcome}`,
    '',
    `- The check saw: ${result.detail || '(nothing)'}`,
    `- ${result.turns} turns (budget ${task.maxSteps}), ${seconds(result.timeMs)}; the run ended ${result.endStatus ? `with status “${result.endStatus}”` : 'without a done event'}`,
  ];
  if (result.errors.length) lines.push(`- Errors: ${result.errors.map((error) => `“${error}”`).join('; ')}`);
  for (const entry of result.visitor ?? []) lines.push(`- The visitor was ${entry.kind === 'confirm' ? `asked to confirm “${entry.text}” and ${entry.answer} it` : entry.kind === 'question' ? `asked “${entry.text}” and answered “${entry.answer}”` : `${entry.kind}: ${entry.text}`}`);
  if (result.offsite?.length) lines.push(`- Requests to other sites (blocked): ${result.offsite.join(', ')}`);
  lines.push('');
  if (failure.steps?.length) lines.push(details('Actions run, in order', failure.steps.map((step) => `${step.ok ? 'ok    ' : 'FAILED'} ${step.action} ${JSON.stringify(step.params ?? {})} — ${step.message ?? ''}`).join('\n'), 'text'));
  if (failure.toolResults?.length) lines.push(details('Tool results the model got, turn by turn', failure.toolResults.join('\n\n'), 'text'));
  if (failure.lastEnvelope !== undefined) lines.push(details('The model’s last envelope', typeof failure.lastEnvelope === 'string' ? failure.lastEnvelope : JSON.stringify(failure.lastEnvelope, null, 2), 'json'));
  if (failure.lastPage) lines.push(details('The last page the model saw', failure.lastPage, 'text'));
  return lines;
}

function details(summary, body, language) {
  const fence = body.includes('```') ? '````' : '```';
  return `<details><summary>${summary}</summary>\n\n${fence}${language}\n${body}\n${fence}\n\n</details>\n`;
}

function escapeCell(text) {
  return String(text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
