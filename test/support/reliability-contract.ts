// What every reliability test holds the element to, whatever went wrong: the run ends in bounded
// time with a status the visitor can read in the subtitle bar, an `error` event where it was an
// error, nothing thrown into the host page, and a session that a follow-up run continues.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { DoneDetail, ErrorDetail } from '../../src/agent/agent-events.js';
import type { WebAgentElement } from '../../src/ui/web-agent-element.js';
import { subtitleText } from './agent-fixture.js';
import type { Lane, RecordedRequest } from './model-lane.js';

export const json = (value: unknown): string => JSON.stringify(value);
export const messagesOf = (request: RecordedRequest) => request.body.messages ?? [];
/** A last turn that ends the task with one narration. */
export const end = (narrate = 'All done.') => ({ turn: { memory: 'finished', todos_remaining: [] as string[], actions: [{ narrate }] } });

/** Exceptions and rejections that reach the page while watched: each must stay empty. */
export interface PageProblems {
  readonly list: string[];
  stop(): void;
}

export function watchPageProblems(target: Window = window): PageProblems {
  const list: string[] = [];
  const onError = (event: ErrorEvent) => list.push(`error: ${event.message || String(event.error)}`);
  const onRejection = (event: PromiseRejectionEvent) => list.push(`unhandledrejection: ${(event.reason as Error)?.message ?? String(event.reason)}`);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return {
    list,
    stop() {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    },
  };
}

/** What {@link trackEachTest} hands a describe. */
export interface Tracked {
  /** This test's watch on the page's uncaught problems. */
  readonly problems: PageProblems;
  /** The agent watch this test started last, if any. */
  readonly agent: AgentWatch | undefined;
  /** Starts watching `agent`; stopped after the test. */
  watch(agent: WebAgentElement): AgentWatch;
}

/** For a describe: a fresh watch on page problems for each test, and its agent watches, stopped after it. */
export function trackEachTest(): Tracked {
  let problems: PageProblems | undefined;
  const watches: AgentWatch[] = [];
  beforeEach(() => {
    problems = watchPageProblems();
  });
  afterEach(() => {
    problems?.stop();
    for (const watch of watches.splice(0)) watch.stop();
  });
  return {
    get problems() {
      return problems!;
    },
    get agent() {
      return watches.at(-1);
    },
    watch(agent) {
      const watch = watchAgent(agent);
      watches.push(watch);
      return watch;
    },
  };
}

/** Everything the element tells its host and shows the visitor during a test. */
export interface AgentWatch {
  readonly errors: Array<{ code: string; message: string }>;
  readonly statuses: string[];
  readonly steps: Array<{ action: string; ok: boolean; reason?: string; message: string }>;
  /** Each distinct text the subtitle bar showed, in order (typing shows up as growing prefixes), from the one up when the watch began. */
  readonly lines: string[];
  /** Agent events dispatched on the element, with when they came (performance.now()). */
  readonly events: Array<{ name: string; at: number }>;
  /** Shadow-root mutations, with when they came: a timer still firing shows up here. */
  readonly mutations: number[];
  readonly dones: DoneDetail[];
  stop(): void;
}

const WATCHED_EVENTS = ['status', 'subtitle', 'step', 'before-action', 'overlay-update', 'error', 'done', 'confirm-action', 'ask-user', 'pause-request', 'navigate'] as const;

export function watchAgent(agent: WebAgentElement): AgentWatch {
  const watch: AgentWatch & { stop(): void } = {
    errors: [],
    statuses: [],
    steps: [],
    lines: [],
    events: [],
    mutations: [],
    dones: [],
    stop: () => undefined,
  };
  const listeners: Array<[string, EventListener]> = [];
  for (const name of WATCHED_EVENTS) {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent).detail;
      watch.events.push({ name, at: performance.now() });
      if (name === 'error') watch.errors.push({ code: (detail as ErrorDetail).code, message: (detail as ErrorDetail).message });
      if (name === 'status') watch.statuses.push(detail.status);
      if (name === 'step') watch.steps.push({ action: detail.action, ok: detail.result.ok, reason: detail.result.reason, message: detail.result.message });
      if (name === 'done') watch.dones.push(detail);
    };
    agent.addEventListener(name, listener);
    listeners.push([name, listener]);
  }
  const record = () => {
    watch.mutations.push(performance.now());
    const text = subtitleText(agent);
    if (text && text !== watch.lines.at(-1)) watch.lines.push(text);
  };
  // The text already up when the watch starts counts as shown (a page that resumed a task may be talking).
  if (subtitleText(agent)) watch.lines.push(subtitleText(agent));
  const observer = new MutationObserver(record);
  observer.observe(agent.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
  watch.stop = () => {
    observer.disconnect();
    for (const [name, listener] of listeners) agent.removeEventListener(name, listener);
  };
  return watch;
}

/**
 * Runs a task and waits for its `done`, failing the test if that takes longer than `withinMs`
 * (a hung loop). Resolves with the done detail and how long it took.
 */
// The test's own clock, taken before any test replaces the page's timers (security-faults does).
const { setTimeout: testTimeout, clearTimeout: clearTestTimeout } = window;

export async function runBounded(agent: WebAgentElement, task: string, withinMs = 20_000): Promise<{ done: DoneDetail; ms: number }> {
  const started = performance.now();
  let timer: number | undefined;
  const finished = new Promise<DoneDetail>((resolve) => agent.addEventListener('done', (event) => resolve(event.detail), { once: true }));
  const timeout = new Promise<never>((_, reject) => {
    timer = testTimeout(() => reject(new Error(`The run "${task}" did not end within ${withinMs} ms: the loop hung.`)), withinMs);
  });
  try {
    const [done] = await Promise.race([Promise.all([finished, agent.run(task)]), timeout]);
    return { done, ms: performance.now() - started };
  } finally {
    clearTestTimeout(timer);
  }
}

/** The session as the next page load would read it from sessionStorage. */
export function storedSession(agent: WebAgentElement): { id: string; state: string; history: unknown[] } {
  const key = JSON.parse(agent.querySelector('script')!.textContent!).sessionStorageKey as string;
  return JSON.parse(sessionStorage.getItem(key)!);
}

/**
 * The session survived: stored as in memory, and a follow-up run in the same session sends the
 * model every earlier message unchanged, then the follow-up task. Returns the follow-up request.
 */
export async function expectResumable(agent: WebAgentElement, lane: Lane, { firstTask }: { firstTask: string }): Promise<RecordedRequest> {
  const session = agent.agent!.getSession()!;
  expect(session.history[0], 'the first task opens the history').to.deep.include({ role: 'user', content: firstTask });
  const earlier = session.history.map(json);
  const stored = storedSession(agent);
  expect(stored.id).to.equal(session.id);
  expect(stored.history.map(json), 'sessionStorage holds the same history').to.deep.equal(earlier);
  expect(stored.state, 'the stored run is over').to.be.oneOf(['done', 'failed', 'stopped']);

  const before = (await lane.requests()).length;
  await lane.reset();
  await lane.script(end('Follow-up answered.'));
  const followUp = 'And one more thing?';
  const { done } = await runBounded(agent, followUp);
  expect(done.status, 'the follow-up run').to.equal('done');
  expect(agent.agent!.getSession()!.id, 'the follow-up continues the same session').to.equal(session.id);
  const requests = await lane.requests();
  expect(requests.length, 'the follow-up made one call').to.equal(1);
  const messages = messagesOf(requests[0]!);
  expect(messages.slice(1, 1 + earlier.length).map(json), 'the follow-up call carries every earlier message').to.deep.equal(earlier);
  expect(messages[1 + earlier.length]).to.deep.include({ role: 'user', content: followUp });
  expect(before).to.be.greaterThan(0);
  return requests[0]!;
}

/** Nothing reached the page, the loop let go, and the bar says something. */
export function expectCleanEnd(agent: WebAgentElement, problems: PageProblems): void {
  expect(problems.list, 'exceptions that reached the host page').to.deep.equal([]);
  expect(agent.agent?.isRunning() ?? false, 'the loop is still running').to.equal(false);
}

/** A figure for docs/reliability.md (test/support/reliability-reporter.mjs). */
export async function reportFigure(name: string, value: number | string, unit = ''): Promise<void> {
  await executeServerCommand('reliability-figure', { name, value, unit });
}

export interface Probe {
  supported: boolean;
  reason?: string;
  nodes?: number;
  documents?: number;
  jsEventListeners?: number;
  heapUsed?: number;
  heapTotal?: number;
  listeners?: { window: string[]; document: string[] };
}

/** Chromium only (CDP): garbage-collects, then DOM counters, heap usage and optionally window/document listeners. */
export function probe(options: { listeners?: boolean } = {}): Promise<Probe> {
  return executeServerCommand('reliability-probe', options) as Promise<Probe>;
}

/** Elements in the document, counting every open shadow root's too (the element's UI lives in one). */
export function countElements(root: Document | ShadowRoot = document): number {
  let count = 0;
  for (const element of root.querySelectorAll('*')) {
    count += 1;
    if (element.shadowRoot) count += countElements(element.shadowRoot);
  }
  return count;
}

/** Waits until `check` holds, polling; `what` names it in the failure. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
