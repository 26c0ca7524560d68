// One attempt at one task: a fresh browser context, the task's page, the request typed into the
// element as a visitor types it, the scripted visitor answering, and at the end the task's check
// on the page's state. Whatever goes wrong is an outcome of the attempt, never a crash of the run.
import { typeRequest } from '../e2e/support/demo-site.mjs';
import { openAttemptPage } from './attempt-page.mjs';
import { startVisitor } from './visitor.mjs';

/** How long the element may take to stop once asked, before the attempt is abandoned. */
const STOP_GRACE_MS = 5_000;

/**
 * @returns {Promise<AttemptResult>}
 * @typedef {object} AttemptResult
 * @property {string} task
 * @property {number} repeat
 * @property {boolean} ok               the check passed and the run ended by itself within its budgets
 * @property {string} outcome          'solved' | 'check failed' | 'step budget' | 'time limit' | 'run failed' | 'harness error'
 * @property {string} detail           what the check saw
 * @property {string | undefined} endStatus   the element's `done` status
 * @property {number} turns
 * @property {{ promptTokens: number, completionTokens: number, source: string }} usage
 * @property {number} timeMs         the whole attempt, page loads included
 * @property {number} modelMs        of which waiting for the model (or policy)
 * @property {string[]} errors
 * @property {object[]} visitor        what the visitor was asked and answered
 * @property {object | undefined} failure  for failed attempts: last page, tool results, last envelope
 */
export async function runAttempt({ browser, site, endpoint, task, repeat, policy }) {
  // Unique within a run, and the same in every run: the random policy seeds itself with it.
  const attemptId = `${task.id}#${repeat}`;
  const log = endpoint.open(attemptId, { task, policy: policy?.answer, policyName: policy?.name, maxSteps: task.maxSteps });
  const started = Date.now();
  const errors = [];
  let attempt;
  let visitor;
  let outcome = 'solved';
  let detail = '';
  let endStatus;
  try {
    attempt = await openAttemptPage(browser, { baseURL: site.url, attemptId });
    const { page } = attempt;
    await page.goto(task.start);
    if (task.seed) {
      // Seeded after the first load (the store belongs to the site's origin), then shown fresh.
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
      }, task.seed);
      await page.reload();
    }
    await page.waitForFunction(() => customElements.get('web-agent') !== undefined);
    if (task.ready) await page.locator(task.ready).waitFor({ state: 'attached' });
    visitor = startVisitor(attempt, task.visitor);
    const ended = waitForEvent(attempt, 'done');
    await typeRequest(page, task.prompt);
    const limit = timer(task.timeLimitMs);
    const finished = await Promise.race([ended.promise, limit.promise]);
    limit.cancel();
    if (finished === 'timeout') {
      outcome = 'time limit';
      await stopRun(page).catch(() => undefined);
      await Promise.race([ended.promise, sleep(STOP_GRACE_MS)]);
    }
    endStatus = attempt.events.find((event) => event.name === 'done')?.detail.status;
    await visitor.idle();
    const verdict = await checkSettled(task, { page, events: attempt.events, visitor: visitor.log, offsite: attempt.offsite }, site.url);
    detail = verdict.detail ?? '';
    if (log.overBudget) outcome = 'step budget';
    else if (outcome === 'solved' && !verdict.ok) outcome = endStatus === 'failed' ? 'run failed' : 'check failed';
  } catch (error) {
    outcome = 'harness error';
    errors.push(`harness: ${String(error?.message ?? error).split('\n')[0]}`);
  } finally {
    await attempt?.context.close().catch(() => undefined);
    endpoint.close(attemptId);
  }
  for (const event of attempt?.events ?? []) {
    if (event.name === 'error') errors.push(`element: ${event.detail.message ?? event.detail.code ?? 'error'}`);
  }
  errors.push(...(attempt?.problems ?? []), ...log.errors, ...(visitor?.log ?? []).filter((entry) => entry.kind === 'visitor-error').map((entry) => `visitor: ${entry.text}`));
  const ok = outcome === 'solved';
  return {
    task: task.id,
    repeat,
    ok,
    outcome,
    detail,
    endStatus,
    turns: log.turns,
    usage: { ...log.usage, source: log.usageSource },
    model: log.model,
    timeMs: Date.now() - started,
    modelMs: log.modelTimeMs,
    errors,
    visitor: visitor?.log ?? [],
    offsite: attempt?.offsite ?? [],
    failure: ok ? undefined : failureRecord(log, attempt),
  };
}

/**
 * Runs the check on a page at rest: a run can end while a page it set loading is still arriving,
 * and a page that left the site (blocked) is brought back to it, where the site's state lives.
 */
async function checkSettled(task, context, siteUrl) {
  const { page } = context;
  for (let attempt = 1; ; attempt++) {
    try {
      await page.waitForLoadState('load');
      if (new URL(page.url()).origin !== new URL(siteUrl).origin) await page.goto(task.start);
      return await task.check(context);
    } catch (error) {
      if (attempt >= 3 || !/context was destroyed|navigat/i.test(String(error?.message))) throw error;
    }
  }
}

/** What a reader needs to see why an attempt failed: the model's last view and last answer. */
function failureRecord(log, attempt) {
  const messages = log.lastRequest?.messages ?? [];
  const last = messages.at(-1);
  const lastPage = last?.role === 'user' ? textOf(last) : undefined;
  // The tool results since the task was typed: each is the runtime's report on one turn's actions.
  const toolResults = messages.filter((message) => message.role === 'tool').map(textOf);
  return {
    lastPage,
    toolResults,
    lastEnvelope: parseOrKeep(log.lastEnvelope),
    steps: (attempt?.events ?? []).filter((event) => event.name === 'step').map((event) => ({ action: event.detail.action, params: event.detail.params, ok: event.detail.result?.ok, message: event.detail.result?.message })),
  };
}

function textOf(message) {
  if (typeof message.content === 'string') return message.content;
  if (Array.isArray(message.content)) return message.content.map((part) => (part?.type === 'text' ? part.text : `[${part?.type}]`)).join('\n');
  return '';
}

function parseOrKeep(text) {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function waitForEvent(attempt, name) {
  let resolve;
  const promise = new Promise((done) => (resolve = done));
  attempt.onEvent((event) => {
    if (event.name === name) resolve(event);
  });
  return { promise };
}

function stopRun(page) {
  return page.evaluate(() => document.querySelector('web-agent')?.stop());
}

function timer(ms) {
  let handle;
  const promise = new Promise((resolve) => (handle = setTimeout(() => resolve('timeout'), ms)));
  return { promise, cancel: () => clearTimeout(handle) };
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
