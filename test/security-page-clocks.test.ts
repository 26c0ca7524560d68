// Pages that stop or turn back what the agent keeps time and draws with, or silence its events,
// after it loaded: requestAnimationFrame or setTimeout made a no-op (a background tab stops frames
// much the same way), performance.now frozen at a time before the last narration, and
// EventTarget.prototype.dispatchEvent made a no-op. Nothing throws, so nothing reports a failure:
// a wait that trusted the page's clock or frames would simply never end. The run ends within a
// bound all the same, the model reads the page, and the host still hears how the run ended. And pages
// that make a getter or method the agent's UI reads throw (an Event member, document.body,
// visibilityState, isConnected, assignedSlot) while a run highlights and the visitor presses keys:
// the run ends on time, the host hears it, and nothing is thrown into the page. And pages that break
// a JavaScript built-in the agent or its model client uses (Date.now, WeakMap, Promise.prototype's
// catch and then): the run ends as failed at once, the host hears it, and the client's own
// rejections stay out of the page.
import { expect, fixture, html } from '@open-wc/testing';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, pageSeen, subtitleText } from './support/agent-fixture.js';
import { createLane, type Lane, type Reply } from './support/model-lane.js';
import { end, expectCleanEnd, runBounded, watchPageProblems } from './support/reliability-contract.js';

/**
 * How long a run may take, on a loaded machine, before it counts as hung: a narration the bar
 * cannot show is waited for 8 s and 30 ms a character (src/agent/run-loop.ts), then the run goes on.
 */
const BOUND_MS = 20_000;
// Taken before any case breaks Date.now.
const wallClock = Date.now;
const VISIBLE = 'Order history for Ada';

/** Makes `object`'s getter or method `name` throw, until the returned function puts it back. */
function breakMember(object: object, name: string): () => void {
  const before = Object.getOwnPropertyDescriptor(object, name)!;
  const thrower = () => {
    throw new Error(`the page broke ${name}`);
  };
  Object.defineProperty(object, name, before.get ? { ...before, get: thrower } : { ...before, value: thrower });
  return () => Object.defineProperty(object, name, before);
}

/** Replaces `object[name]` until the returned function puts it back. */
function replace<T extends object>(object: T, name: string, value: unknown): () => void {
  const before = Object.getOwnPropertyDescriptor(object, name);
  Object.defineProperty(object, name, { value, configurable: true, writable: true });
  return () => (before ? Object.defineProperty(object, name, before) : delete (object as Record<string, unknown>)[name]);
}

interface Outcome {
  status: string;
  ms: number;
  lane: Lane;
  agent: WebAgentElement;
}

interface SecondRun {
  /** The model's replies to the second task (default: one closing narration). */
  second?: Reply[];
  /** Called once the second task has started: what the visitor does meanwhile. */
  during?: () => void;
  /** How long to keep watching the page for what reaches it after the run ended (default 0). */
  settleMs?: number;
}

/**
 * Mounts the agent, runs a first task on the intact page (a narration is up when the page strikes,
 * and the agent's modules are loaded), breaks the page with `breakIt`, and runs a second task.
 */
async function secondRunOn(breakIt: () => () => void, { second = [end('Your order history is on this page.')], during, settleMs = 0 }: SecondRun = {}): Promise<Outcome> {
  await fixture<HTMLElement>(html`<div><p>${VISIBLE}</p><button id="pay">Pay</button></div>`);
  const lane = await createLane();
  await lane.script(end('Here is your page.'), ...second);
  const agent = await mountAgent(lane, { maxErrors: 1 });
  await runBounded(agent, 'What is on this page?', BOUND_MS);
  const problems = watchPageProblems();
  let restore: (() => void) | undefined;
  try {
    restore = breakIt();
    // Timed by Date as the page had it (one case freezes performance.now, another breaks Date.now).
    const started = wallClock();
    const running = runBounded(agent, 'And now?', BOUND_MS);
    during?.();
    const { done } = await running;
    const ms = wallClock() - started;
    restore();
    restore = undefined;
    if (settleMs) await new Promise((resolve) => setTimeout(resolve, settleMs));
    expectCleanEnd(agent, problems);
    return { status: done.status, ms, lane, agent };
  } finally {
    restore?.();
    problems.stop();
  }
}

async function expectReadAndEnded(outcome: Outcome): Promise<void> {
  expect(outcome.status).to.equal('done');
  const requests = await outcome.lane.requests();
  expect(requests).to.have.length(2);
  expect(pageSeen(requests[1]!)).to.include(VISIBLE);
}

describe('pages that stop the clocks and frames the agent waits on', function () {
  this.timeout(60_000);

  it('requestAnimationFrame replaced with a no-op: the bar can type nothing, and the run still ends', async () => {
    const outcome = await secondRunOn(() => replace(window, 'requestAnimationFrame', () => 0));
    await expectReadAndEnded(outcome);
  });

  it('setTimeout replaced with a no-op: the reading hold and the bar wait on nothing that comes, and the run still ends', async () => {
    const outcome = await secondRunOn(() => replace(window, 'setTimeout', () => 0));
    await expectReadAndEnded(outcome);
  });

  it('performance.now frozen at 5 ms (before the last narration showed): no hold stretches to the page\'s age', async () => {
    const outcome = await secondRunOn(() => replace(Performance.prototype, 'now', () => 5));
    await expectReadAndEnded(outcome);
    // The last narration is held for its own reading time (well under a second here), not for the
    // page's age, and not until the bar's wait for it runs out (9 s).
    expect(outcome.ms, 'how long the run took').to.be.below(5_000);
  });

  it('EventTarget.prototype.dispatchEvent replaced with a no-op: the host still hears the narration and the end', async () => {
    const heard: string[] = [];
    const outcome = await secondRunOn(() => {
      const agent = document.querySelector('web-agent')!;
      const onSubtitle = (event: Event) => heard.push((event as CustomEvent).detail.text);
      agent.addEventListener('subtitle', onSubtitle);
      const restore = replace(EventTarget.prototype, 'dispatchEvent', () => true);
      return () => {
        restore();
        agent.removeEventListener('subtitle', onSubtitle);
      };
    });
    await expectReadAndEnded(outcome);
    expect(heard.join(' ')).to.include('Your order history is on this page.');
  });
});

// Found by making each member of Element, Node, Document, HTMLElement and Event.prototype throw in
// turn while a run went on: these threw from the agent's own listeners, frames and timers into the
// page as uncaught errors, and a broken Event.prototype.cancelable kept every event from the host
// and held the run on its narrations. The UI's callbacks now report what they throw on the console,
// and the members the run depends on are read by the browser's own getters.
describe("pages that break a getter or method the agent's UI reads", function () {
  this.timeout(60_000);
  const highlight = { turn: { memory: 'm', todos_remaining: [] as string[], actions: [{ narrate: 'Here is the button.' }, { tool: 'highlight', args: { selector: '#pay' } }] } };
  const keys = () => {
    // On the root element: one case breaks document.body.
    for (const key of ['Shift', 'k']) document.documentElement.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }));
    document.documentElement.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    document.documentElement.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  };
  const cases: Array<[string, object, string]> = [
    ['Event.prototype.cancelable', Event.prototype, 'cancelable'],
    ['Event.prototype.defaultPrevented', Event.prototype, 'defaultPrevented'],
    ['Event.prototype.composedPath', Event.prototype, 'composedPath'],
    ['Document.prototype.visibilityState', Document.prototype, 'visibilityState'],
    ['Document.prototype.body', Document.prototype, 'body'],
    ['Node.prototype.isConnected', Node.prototype, 'isConnected'],
    ['Element.prototype.assignedSlot', Element.prototype, 'assignedSlot'],
  ];
  for (const [label, object, name] of cases) {
    it(`${label} throws: the run ends, the host hears it, nothing is thrown into the page`, async () => {
      let heard = 0;
      const outcome = await secondRunOn(
        () => {
          const agent = document.querySelector('web-agent')!;
          const onDone = () => heard++;
          agent.addEventListener('done', onDone);
          const restore = breakMember(object, name);
          return () => {
            restore();
            agent.removeEventListener('done', onDone);
          };
        },
        { second: [highlight, end('Your order history is on this page.')], during: keys },
      );
      expect(['done', 'failed'], 'how the run ended').to.include(outcome.status);
      expect(heard, 'done events the host heard').to.equal(1);
      // Not held by a narration the bar could not show (8 s and more each).
      expect(outcome.ms, 'how long the run took').to.be.below(8_000);
    });
  }
});

// Found by making each member of the JavaScript built-ins (Array, String, Object, Promise, JSON,
// Math, Number, RegExp, Map, Set, WeakMap, Reflect, Date, iterators, and window functions such as
// fetch and structuredClone) throw, and then do nothing, in turn while a run highlighted and
// narrated (Chromium; a probe, not in CI). A broken Date.now kept the run from starting or ending
// (no `done`: the session's times are now read by the browser's own clock); the model client's
// own promises, rejected when a broken WeakMap or Promise.prototype.catch failed the call, reached
// the page's unhandledrejection listeners just after the run ended; and a Promise.prototype.then made a no-op held the turn
// until llmTimeoutMs (a minute by default). Math.floor and Math.min made no-ops left the bar typing
// nothing, and each narration held the run for its bound.
describe('pages that break a JavaScript built-in the agent or its model client uses', function () {
  this.timeout(60_000);

  const failedCalls: Array<[string, () => () => void]> = [
    // The model client reads Date.now for each request, so its call fails; before, the run never ended.
    ['Date.now throws', () => breakMember(Date, 'now')],
    ['WeakMap.prototype.has throws', () => breakMember(WeakMap.prototype, 'has')],
    ['Promise.prototype.catch does nothing', () => replace(Promise.prototype, 'catch', () => undefined)],
  ];
  for (const [label, breakIt] of failedCalls) {
    it(`${label}: the model call fails, the host hears it, and the client's rejections stay out of the page`, async () => {
      const errors: string[] = [];
      const outcome = await secondRunOn(() => {
        const agent = document.querySelector('web-agent')!;
        const onError = (event: Event) => errors.push((event as CustomEvent).detail.message);
        agent.addEventListener('error', onError);
        const restore = breakIt();
        return () => {
          restore();
          agent.removeEventListener('error', onError);
        };
      }, { settleMs: 500 });
      expect(outcome.status, 'how the run ended').to.equal('failed');
      expect(errors.join(' '), 'the error the host heard').to.include('model');
    });
  }

  // Nothing throws here: the bar's typing pace came out NaN and typed nothing, so each narration
  // was waited for its bound (8 s and more) before the run went on.
  it('Math.floor and Math.min return nothing: the bar shows the narration whole, and the run does not wait on it', async () => {
    const shown = new Set<string>();
    let watch: ReturnType<typeof setInterval> | undefined;
    const outcome = await secondRunOn(
      () => {
        const floor = replace(Math, 'floor', () => undefined);
        const min = replace(Math, 'min', () => undefined);
        return () => {
          min();
          floor();
        };
      },
      { during: () => (watch = setInterval(() => shown.add(subtitleText(document.querySelector('web-agent')!)), 20)) },
    );
    clearInterval(watch);
    await expectReadAndEnded(outcome);
    expect(outcome.ms, 'how long the run took').to.be.below(5_000);
    expect([...shown], 'what the bar showed').to.include('Your order history is on this page.');
  });

  it('Promise.prototype.then does nothing: the turn ends at once, not after llmTimeoutMs', async () => {
    await fixture<HTMLElement>(html`<div><p>${VISIBLE}</p></div>`);
    const lane = await createLane();
    await lane.script(end('Here is your page.'), end('Your order history is on this page.'));
    const agent = await mountAgent(lane, { maxErrors: 1 });
    await runBounded(agent, 'What is on this page?', BOUND_MS);
    let status: string | undefined;
    agent.addEventListener('done', (event) => (status = event.detail.status), { once: true });
    const started = wallClock();
    // Waited for by polling, as Promise.all and race call the broken then. The model client fails
    // inside, and its own promises reject unhandled: not counted here.
    const restore = replace(Promise.prototype, 'then', () => undefined);
    try {
      void agent.run('And now?');
      while (status === undefined && wallClock() - started < BOUND_MS) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      restore();
    }
    expect(status, 'how the run ended').to.equal('failed');
    expect(wallClock() - started, 'how long the run took').to.be.below(8_000);
  });
});
