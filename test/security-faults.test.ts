// Pages that try to hang the agent or throw into their host: a DOM nested hundreds deep, built-ins
// the page replaced or broke, a model request that never settles and ignores its abort. Whatever
// the page does, the run ends within a bound: either the agent read the page regardless (it keeps
// its own references to the built-ins it relies on), or it fails with an `error` event and a line
// in the bar the visitor can read. Nothing is thrown into the page, and nothing is left running.
import { expect, fixture, html } from '@open-wc/testing';
import type { LLMProvider, StreamPart } from '../src/llm/types.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, pageSeen, subtitleText } from './support/agent-fixture.js';
import { createLane, type Lane } from './support/model-lane.js';
import { end, expectCleanEnd, runBounded, watchAgent, watchPageProblems } from './support/reliability-contract.js';

/** How long any of these runs may take, on a loaded machine, before it counts as hung. */
const BOUND_MS = 15_000;
const VISIBLE = 'Order history for Ada';

interface Outcome {
  status: string;
  errors: Array<{ code: string; message: string }>;
  bar: string;
  lines: string[];
  ms: number;
  lane: Lane;
  agent: WebAgentElement;
}

/** Mounts the agent on `markup`, breaks the page with `breakIt` (undone after), runs one task. */
async function runOn(markup: string, breakIt: () => () => void, config: Record<string, unknown> = {}): Promise<Outcome> {
  await fixture<HTMLElement>(html`<div>${''}</div>`).then((page) => (page.innerHTML = `<p>${VISIBLE}</p>${markup}`));
  const lane = await createLane();
  await lane.script(end('Here is your page.'));
  const agent = await mountAgent(lane, { maxErrors: 1, ...config });
  return brokenRun(agent, lane, breakIt, 'What is on this page?');
}

/** Breaks the page with `breakIt` (undone after) and runs `task`, watching what the host and the page get. */
async function brokenRun(agent: WebAgentElement, lane: Lane, breakIt: () => () => void, task: string): Promise<Outcome> {
  const watch = watchAgent(agent);
  const problems = watchPageProblems();
  let restore: (() => void) | undefined;
  try {
    restore = breakIt();
    const { done, ms } = await runBounded(agent, task, BOUND_MS);
    restore();
    restore = undefined;
    expectCleanEnd(agent, problems);
    return { status: done.status, errors: watch.errors, bar: subtitleText(agent), lines: watch.lines, ms, lane, agent };
  } finally {
    restore?.();
    problems.stop();
    watch.stop();
  }
}

/** The page was read anyway: the model got it whole. */
async function expectRead(outcome: Outcome, text = VISIBLE): Promise<void> {
  expect(outcome.status, `errors: ${JSON.stringify(outcome.errors)}`).to.equal('done');
  const [request] = await outcome.lane.requests();
  expect(pageSeen(request!)).to.include(text);
}

/** The run failed, said why in an `error` event, and the bar shows it in words. */
function expectFailedClearly(outcome: Outcome, code: string): void {
  expect(outcome.status).to.equal('failed');
  expect(outcome.errors.map((error) => error.code)).to.include(code);
  expect(outcome.lines.some((line) => /^(Ava cannot be reached right now|Something went wrong)\. /.test(line)), `the bar showed ${JSON.stringify(outcome.lines)}`).to.equal(true);
}

/**
 * Mounts the agent, runs one task on the intact page (its code loaded, its narration still up),
 * breaks the page with `breakIt` (undone after), and runs a second task at once.
 */
async function runAgainOn(breakIt: () => () => void): Promise<Outcome> {
  await fixture(html`<p>${VISIBLE}</p>`);
  const lane = await createLane();
  await lane.script(end('Here is your page.'));
  await lane.script(end('Here it is again.'));
  const agent = await mountAgent(lane, { maxErrors: 1 });
  expect((await runBounded(agent, 'What is on this page?', BOUND_MS)).done.status).to.equal('done');
  return brokenRun(agent, lane, breakIt, 'And now?');
}

/** Replaces `object[name]` for the duration of the run. */
function replace<T extends object>(object: T, name: string, value: unknown): () => void {
  const before = Object.getOwnPropertyDescriptor(object, name);
  Object.defineProperty(object, name, { value, configurable: true, writable: true });
  return () => (before ? Object.defineProperty(object, name, before) : delete (object as Record<string, unknown>)[name]);
}

describe('pages that try to hang or break the agent', function () {
  this.timeout(40_000);

  // The HTML parser stops nesting at 512; a script builds deeper. Chromium renders about 2,500
  // levels (deeper, its renderer crashes), Firefox lays out about 1,000 and WebKit fewer.
  for (const depth of [900, 1800]) {
    it(`a DOM ${depth.toLocaleString('en')} levels deep`, async () => {
      let bottom: Text | undefined;
      const outcome = await runOn('', () => {
        let parent: Element = document.querySelector('p')!.parentElement!;
        for (let level = 0; level < depth; level += 1) parent = parent.appendChild(document.createElement('div'));
        parent.innerHTML = '<button type="button">Deepest button</button>';
        bottom = parent.firstElementChild!.firstChild as Text;
        return () => undefined;
      });
      const range = document.createRange();
      range.selectNodeContents(bottom!);
      // What the browser renders at that depth reaches the model; what it does not, cannot.
      if (range.getBoundingClientRect().width > 0) await expectRead(outcome, 'Deepest button');
      else await expectRead(outcome);
    });
  }

  it('Element.prototype.getBoundingClientRect replaced with one that throws', async () => {
    const outcome = await runOn('<button type="button">Pay</button>', () => replace(Element.prototype, 'getBoundingClientRect', () => {
      throw new TypeError('boxes are off limits');
    }));
    await expectRead(outcome, 'Pay');
  });

  it('getComputedStyle replaced with one that throws', async () => {
    const outcome = await runOn('<button type="button">Pay</button>', () => replace(window, 'getComputedStyle', () => {
      throw new TypeError('styles are off limits');
    }));
    await expectRead(outcome, 'Pay');
  });

  it("an input's value getter that throws, a platform call read on every field", async () => {
    const outcome = await runOn('<label>Name <input value="Ada"></label>', () => {
      const prototype = HTMLInputElement.prototype;
      const before = Object.getOwnPropertyDescriptor(prototype, 'value')!;
      Object.defineProperty(prototype, 'value', { ...before, get() {
        throw new TypeError('values are off limits');
      } });
      return () => Object.defineProperty(prototype, 'value', before);
    });
    if (outcome.status === 'done') await expectRead(outcome, 'Name');
    else expectFailedClearly(outcome, 'page');
  });

  it('window.fetch replaced with one that ignores its abort signal and never settles', async () => {
    // The model call goes through the page's fetch, so a host's fetch wrapper still applies; one
    // that never settles is raced and left at llmTimeoutMs.
    const outcome = await runOn('', () => replace(window, 'fetch', () => new Promise(() => undefined)), { llmTimeoutMs: 1500 });
    expectFailedClearly(outcome, 'timeout');
    expect(outcome.ms).to.be.below(6000);
  });

  it("EventTarget.prototype.addEventListener dropping what is added to abort signals, with a fetch that never settles", async () => {
    // A page that wraps addEventListener (as zone.js and analytics scripts do) and loses the
    // listeners on objects it does not know: the agent's own abort wiring (the model call's
    // clock, the visitor's stop) must not depend on it.
    const outcome = await runOn('', () => {
      const prototype = EventTarget.prototype;
      const original = prototype.addEventListener;
      const restoreAdd = replace(prototype, 'addEventListener', function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
        if (this instanceof AbortSignal) return;
        original.apply(this, args);
      });
      const restoreFetch = replace(window, 'fetch', () => new Promise(() => undefined));
      return () => {
        restoreFetch();
        restoreAdd();
      };
    }, { llmTimeoutMs: 1500 });
    expectFailedClearly(outcome, 'timeout');
    expect(outcome.ms).to.be.below(6000);
  });

  it('window.setTimeout and clearTimeout replaced with ones that never call back, with a fetch that never settles', async () => {
    // The model call's clock must run on timers the page cannot stop.
    const outcome = await runOn('', () => {
      const restoreSet = replace(window, 'setTimeout', () => 0);
      const restoreClear = replace(window, 'clearTimeout', () => undefined);
      const restoreFetch = replace(window, 'fetch', () => new Promise(() => undefined));
      return () => {
        restoreFetch();
        restoreClear();
        restoreSet();
      };
    }, { llmTimeoutMs: 1500 });
    expectFailedClearly(outcome, 'timeout');
    expect(outcome.ms).to.be.below(6000);
  });

  it('JSON.stringify and JSON.parse replaced with ones that throw', async () => {
    const outcome = await runOn('', () => {
      const restoreStringify = replace(JSON, 'stringify', () => {
        throw new TypeError('no JSON for you');
      });
      const restoreParse = replace(JSON, 'parse', () => {
        throw new TypeError('no JSON for you');
      });
      return () => {
        restoreParse();
        restoreStringify();
      };
    });
    // The session store keeps working (its JSON comes from a fresh realm); counting the prompt and
    // the model client's requests need the page's JSON, so the task fails, and says so.
    expect(outcome.status).to.equal('failed');
    expect(outcome.errors.length, 'an error event').to.be.above(0);
    expect(outcome.lines.some((line) => /^(Ava cannot be reached right now|Something went wrong)\. /.test(line)), `the bar showed ${JSON.stringify(outcome.lines)}`).to.equal(true);
  });

  // Work the agent queues for later (a microtask, a timer) runs with nobody to catch what it
  // throws: a broken built-in there would throw into the page.
  it('Map.prototype.clear replaced with one that throws', async () => {
    const outcome = await runOn('<label>Password <input type="password" value="hunter2-Quokka"></label>', () => replace(Map.prototype, 'clear', () => {
      throw new TypeError('maps stay full');
    }));
    await expectRead(outcome, 'Password');
  });

  // The bar paces narration with timers, frames and a media query, and tells the host with events;
  // the agent starts and stops each run with an AbortController. The agent keeps its own references
  // to these: a page that replaced one had a narration's timer throw into the page and the run wait
  // forever for text that was never typed, or the run end with no `done` and no `error` at all.
  for (const name of ['requestAnimationFrame', 'matchMedia', 'CustomEvent'] as const) {
    it(`window.${name} replaced with one that throws, as the next task's narration waits its turn`, async () => {
      const outcome = await runAgainOn(() => replace(window, name, () => {
        throw new TypeError(`no ${name} here`);
      }));
      expect(outcome.status, `errors: ${JSON.stringify(outcome.errors)}`).to.equal('done');
      expect(outcome.errors).to.deep.equal([]);
      expect(outcome.lines.join(' ')).to.include('Here it is again.');
    });
  }

  // The model client (openai) times and stops its request with the page's setTimeout and
  // AbortController, so the run may fail there: it then says so. The bar's own timers and the
  // agent's start and stop must not throw into the page, or end the run without a word.
  for (const names of [['setTimeout', 'clearTimeout'], ['AbortController']]) {
    it(`window.${names.join(' and ')} replaced with one that throws, as the next task begins`, async () => {
      const outcome = await runAgainOn(() => {
        const restores = names.map((name) => replace(window, name, () => {
          throw new TypeError(`no ${name} here`);
        }));
        return () => restores.forEach((restore) => restore());
      });
      if (outcome.status !== 'done') expectFailedClearly(outcome, 'network');
    });
  }

  // The agent's clean-up after a run ended must not report an error for a run that went well.
  it('Set.prototype.clear replaced with one that throws, as the run ends', async () => {
    const outcome = await runAgainOn(() => replace(Set.prototype, 'clear', () => {
      throw new TypeError('sets stay full');
    }));
    expect(outcome.status).to.equal('done');
    expect(outcome.errors).to.deep.equal([]);
  });

  it('Math.floor replaced with one that throws, as the bar types the narration out', async () => {
    const outcome = await runOn('', () => replace(Math, 'floor', () => {
      throw new TypeError('no rounding down');
    }));
    await expectRead(outcome);
    // The narration still reaches the bar whole.
    expect(outcome.lines.join(' ')).to.include('Here is your page.');
  });

  // What breaks as a run begins, before its session is made, still ends the run: `done` reaches
  // the host and the bar, and the conversation the visitor already has is not written over.
  it('Date.prototype.toISOString replaced with one that throws, as a new session is made', async () => {
    await fixture(html`<p>${VISIBLE}</p>`);
    const lane = await createLane();
    await lane.script(end('Here is your page.'));
    await lane.script(end('Never asked for.'));
    // No continuity: the second task makes a session of its own, which dates itself.
    const agent = await mountAgent(lane, { maxErrors: 1, sessionContinuityMs: 0 });
    const first = await runBounded(agent, 'What is on this page?', BOUND_MS);
    expect(first.done.status).to.equal('done');
    const kept = agent.agent!.getSession()!;
    const watch = watchAgent(agent);
    const problems = watchPageProblems();
    const restore = replace(Date.prototype, 'toISOString', () => {
      throw new RangeError('dates are off limits');
    });
    try {
      const { done } = await runBounded(agent, 'And now?', BOUND_MS);
      expect(done.status).to.equal('failed');
    } finally {
      restore();
      problems.stop();
      watch.stop();
    }
    expectCleanEnd(agent, problems);
    expect(watch.errors.map((error) => error.code)).to.include('internal');
    expect(watch.lines.some((line) => /^Something went wrong\. /.test(line)), `the bar showed ${JSON.stringify(watch.lines)}`).to.equal(true);
    expect(agent.agent!.getSession()?.id, 'the session in memory').to.equal(kept.id);
    const stored = JSON.parse(sessionStorage.getItem(`test.${lane.id}`) ?? 'null');
    expect(stored?.id, 'the session saved for a reload').to.equal(kept.id);
    expect(await lane.requests(), 'no model call for the broken run').to.have.length(1);
    // The next run, on a mended page, goes as usual.
    const again = await runBounded(agent, 'And now?', BOUND_MS);
    expect(again.done.status).to.equal('done');
  });

  it('BroadcastChannel.prototype.postMessage replaced with one that throws, with cross-tab-sync', async () => {
    const outcome = await runOn('', () => replace(BroadcastChannel.prototype, 'postMessage', () => {
      throw new TypeError('no talking to other tabs');
    }), { crossTabSync: true });
    await expectRead(outcome);
  });

  // A page that breaks a method of Array.prototype breaks it for every script in the page, the
  // agent's and its UI library's included: no realm trick protects objects made in this one. What
  // holds is that the run ends and says so, and nothing is thrown at the page. The checks below
  // use no arrays while the method is broken.
  for (const method of ['map', 'join', 'includes', 'push'] as const) {
    it(`Array.prototype.${method} replaced with one that throws`, async () => {
      await fixture(html`<p>${VISIBLE}</p>`);
      const lane = await createLane();
      await lane.script(end('Here is your page.'));
      // A broken method can leave the model client's stream hanging: llmTimeoutMs bounds that.
      const agent = await mountAgent(lane, { maxErrors: 1, llmTimeoutMs: 2000 });
      let errors = 0;
      let done = '';
      let thrownAtPage = '';
      let messages = '';
      const onError = (event: Event) => ((errors += 1), (messages += ` ${(event as CustomEvent).detail?.message}`));
      const onDone = (event: Event) => (done = (event as CustomEvent).detail.status);
      const onProblem = (event: Event) => (thrownAtPage += ` ${(event as ErrorEvent).message ?? (event as PromiseRejectionEvent).reason}`);
      agent.addEventListener('error', onError);
      agent.addEventListener('done', onDone);
      window.addEventListener('error', onProblem);
      window.addEventListener('unhandledrejection', onProblem);
      const original = Object.getOwnPropertyDescriptor(Array.prototype, method)!;
      // The test runner forwards console output with the very Array methods broken here, slowly
      // and noisily; the agent's console lines are silenced while they are broken.
      const consoles = silenceConsole();
      Object.defineProperty(Array.prototype, method, { ...original, value: function broken() {
        throw new TypeError(`Array.prototype.${method} is broken`);
      } });
      const started = performance.now();
      let settled = false;
      try {
        const running = agent.run('What is on this page?').then(() => (settled = true));
        const bound = new Promise((resolve) => setTimeout(resolve, BOUND_MS));
        await Promise.race([running, bound]);
        while (!done && performance.now() - started < BOUND_MS) await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        Object.defineProperty(Array.prototype, method, original);
        consoles();
        window.removeEventListener('error', onProblem);
        window.removeEventListener('unhandledrejection', onProblem);
      }
      expect(settled, 'run() settled').to.equal(true);
      // The run ended and said so: done (failed when it reported an error), whatever broke. When
      // the agent itself could not be built, no run began: the error says so.
      if (agent.agent) expect(done, `done: ${done}, error events: ${errors}${messages}`).to.equal(errors > 0 ? 'failed' : 'done');
      else expect(messages).to.match(/Could not start the agent/);
      expect(thrownAtPage, 'exceptions that reached the page').to.equal('');
      expect(agent.agent?.isRunning() ?? false, 'the loop let go').to.equal(false);
    });
  }
});

/** Replaces the console's methods with silent ones; returns what puts them back. */
function silenceConsole(): () => void {
  const names = ['log', 'info', 'debug', 'warn', 'error'] as const;
  const saved = names.map((name) => console[name]);
  for (const name of names) console[name] = () => undefined;
  return () => names.forEach((name, index) => (console[name] = saved[index]!));
}

/** A host's own model provider whose stream never settles and ignores its abort signal. */
function stuckProvider(before: StreamPart[] = []): LLMProvider {
  return {
    model: 'stuck',
    async *streamTurn() {
      yield* before;
      await new Promise(() => undefined);
    },
  };
}

describe('a model request that never settles', function () {
  this.timeout(40_000);

  for (const [name, provider] of [
    ['a provider whose reply never starts and ignores the abort', stuckProvider()],
    ['a provider that goes silent mid-reply and ignores the abort', stuckProvider([{ type: 'arguments-delta', delta: '{"memory":"m","todos_remaining":[],"actions":[{"narrate":"Let me' }])],
  ] as const) {
    it(name, async () => {
      const lane = await createLane();
      await fixture(html`<p>${VISIBLE}</p>`);
      const agent = await mountAgent(lane, { maxErrors: 2, llmTimeoutMs: 1000 });
      agent.config = { llm: provider };
      await agent.updateComplete;
      const watch = watchAgent(agent);
      const problems = watchPageProblems();
      const { done, ms } = await runBounded(agent, 'Anything?', BOUND_MS);
      expect(done.status).to.equal('failed');
      expect(watch.errors.map((error) => error.code)).to.deep.equal(['timeout', 'timeout']);
      expect(ms, 'two tries of about a second, and a pause between').to.be.below(6000);
      // Plain words in the bar (issue 16); the timeouts are in the error events above.
    expect(subtitleText(agent)).to.equal('Ava cannot be reached right now. Please try again in a moment.');
      expectCleanEnd(agent, problems);
      problems.stop();
      watch.stop();
    });
  }
});
