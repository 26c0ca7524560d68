// Page faults: the page changes under the agent (its target removed or re-rendered between the
// snapshot and the action, the URL changing by itself, a navigation or reload mid-stream), and the
// host tears the agent down mid-run (stop(), the core's destroy(), removing the element), or asks
// for a second run while one is going. The model must get a clear result and carry on; a torn-down
// agent must leave nothing behind: no calls, no timers, no overlay, no listeners.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId } from '../src/dom/index.js';
import { DEFAULT_AUTO_HIDE_MS } from '../src/ui/context/ui-state.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, pageSeen, shadow, subtitleText } from './support/agent-fixture.js';
import { createLane, type Lane, type RecordedRequest, type ScriptedTurn } from './support/model-lane.js';
import {
  end,
  expectCleanEnd,
  expectResumable,
  json,
  messagesOf,
  probe,
  reportFigure,
  runBounded,
  trackEachTest,
  until,
  watchAgent,
  watchPageProblems,
  type Probe,
} from './support/reliability-contract.js';
import { checkAccessibilityAfterEach } from './support/a11y.js';

const toolReply = (request: RecordedRequest) => String(messagesOf(request).filter((message) => message.role === 'tool').at(-1)?.content ?? '');
/** Streams the turn up to (not including) the item that starts with `marker`, then holds it there. */
const heldBefore = (turn: ScriptedTurn, marker: string) => ({ turn, chunkChars: 8, holdAfterChars: JSON.stringify(turn).indexOf(marker) });
const requestCount = async (lane: Lane) => (await lane.requests()).length;

async function savePage(): Promise<{ root: HTMLElement; save: HTMLButtonElement; id: string; clicks: () => number }> {
  const root = await fixture<HTMLElement>(html`<div><h2>Profile</h2><p>Your changes are not saved yet.</p><button type="button">Save</button></div>`);
  const save = root.querySelector('button')!;
  let clicks = 0;
  save.addEventListener('click', () => clicks++);
  return { root, save, id: `[${elementId(save)}]`, clicks: () => clicks };
}

describe('the target changes between snapshot and action', function () {
  checkAccessibilityAfterEach();
  this.timeout(30_000);
  const tracked = trackEachTest();

  it('the target is removed: the model reads that it is gone, and the task carries on', async () => {
    const lane = await createLane();
    const page = await savePage();
    const turn = { memory: 'saving', todos_remaining: ['check'], actions: [{ narrate: 'Saving your changes.' }, { tool: 'click', args: { selector: page.id } }] };
    await lane.script(heldBefore(turn, '{"tool"'), end('The Save button went away; nothing was clicked.'));
    const agent = await mountAgent(lane);
    const watch = tracked.watch(agent);
    const run = runBounded(agent, 'Save my changes');
    await until(async () => (await requestCount(lane)) === 1 && subtitleText(agent).startsWith('Saving'), 'the turn to be under way');
    expect(pageSeen((await lane.requests())[0]!)).to.include(page.id);
    page.save.remove();
    await lane.release();
    const { done } = await run;

    expect(done.status).to.equal('done');
    expect(page.clicks()).to.equal(0);
    expect(watch.steps.map((step) => [step.action, step.ok, step.reason])).to.deep.equal([['click', false, 'stale']]);
    expect(watch.errors, 'a stale target is data for the model, not an error').to.deep.equal([]);
    const requests = await lane.requests();
    expect(toolReply(requests[1]!)).to.include(page.id).and.to.include('no longer on the page');
    expect(subtitleText(agent)).to.include('nothing was clicked');
    expectCleanEnd(agent, tracked.problems);
    await expectResumable(agent, lane, { firstTask: 'Save my changes' });
  });

  it('the target is replaced by a clone (a re-render): stale for the old id, and the new id works', async () => {
    const lane = await createLane();
    const page = await savePage();
    const turn = { memory: 'saving', todos_remaining: ['check'], actions: [{ narrate: 'Saving your changes.' }, { tool: 'click', args: { selector: page.id } }] };
    await lane.script(heldBefore(turn, '{"tool"'));
    const agent = await mountAgent(lane);
    const watch = tracked.watch(agent);
    const run = runBounded(agent, 'Save my changes');
    await until(async () => (await requestCount(lane)) === 1, 'the first call');
    const clone = page.save.cloneNode(true) as HTMLButtonElement;
    let cloneClicks = 0;
    clone.addEventListener('click', () => cloneClicks++);
    page.save.replaceWith(clone);
    const cloneId = `[${elementId(clone)}]`;
    expect(cloneId).not.to.equal(page.id);
    // The model's next turn uses the id the new page shows it.
    await lane.script(
      { turn: { memory: 'retrying', todos_remaining: ['check'], actions: [{ tool: 'click', args: { selector: cloneId } }] } },
      end('Saved with the re-rendered button.'),
    );
    await lane.release();
    const { done } = await run;

    expect(done.status).to.equal('done');
    expect(page.clicks(), 'the detached original').to.equal(0);
    expect(cloneClicks, 'the re-rendered button').to.equal(1);
    expect(watch.steps.map((step) => [step.action, step.ok, step.reason ?? null])).to.deep.equal([['click', false, 'stale'], ['click', true, null]]);
    const requests = await lane.requests();
    expect(toolReply(requests[1]!)).to.include('re-rendered').and.to.include('latest page');
    expect(pageSeen(requests[1]!)).to.include(cloneId).and.not.to.include(page.id);
    expect(watch.errors).to.deep.equal([]);
    expectCleanEnd(agent, tracked.problems);
    await expectResumable(agent, lane, { firstTask: 'Save my changes' });
  });
});

describe('the page navigates by itself mid-turn (a page in a frame)', function () {
  checkAccessibilityAfterEach();
  this.timeout(40_000);
  let frame: HTMLIFrameElement;
  let lane: Lane;
  let key: string;
  const frameWindow = () => frame.contentWindow as (Window & { agentEvents?: Array<{ name: string; detail: string }> }) | null;
  const frameAgent = () => frame.contentDocument?.querySelector('web-agent') as WebAgentElement | null;
  const frameEvents = () => frameWindow()?.agentEvents ?? [];
  const openPage = async (file: string) => {
    frame.src = `/test/fixtures/pages/${file}?endpoint=${encodeURIComponent(lane.baseURL)}&key=${key}`;
    await until(() => !!frameWindow()?.agentEvents && !!frameAgent(), `${file} to load`);
  };

  beforeEach(async () => {
    lane = await createLane();
    key = `test.page-faults.${lane.id}`;
    frame = await fixture<HTMLIFrameElement>(html`<iframe style="width:600px;height:400px"></iframe>`);
  });

  const longTurn = { memory: 'reading', todos_remaining: ['answer'], actions: [{ narrate: 'Reading the page for you, this sentence takes a while to arrive.' }] };

  for (const change of [
    { name: 'the fragment changes (location.hash)', apply: (view: Window) => void (view.location.hash = '#reviews'), url: '#reviews' },
    // URLs resolve against the caller's document, so the frame's own is passed explicitly.
    { name: 'the app routes (history.pushState)', apply: (view: Window) => view.history.pushState({}, '', new URL('shop-pushed.html?tab=1', view.location.href).href), url: 'shop-pushed.html' },
  ]) {
    it(`${change.name}: the turn finishes and the next call sees the new URL`, async () => {
      await lane.script({ turn: longTurn, chunkChars: 8, holdAfterChars: 60 }, end('Here is what the page says.'));
      await openPage('shop-home.html');
      const agent = frameAgent()!;
      const problems = watchPageProblems(frameWindow()!);
      const watch = watchAgent(agent);
      const finished = new Promise<string>((resolve) => agent.addEventListener('done', (event) => resolve(event.detail.status), { once: true }));
      void agent.run('What does this page say?');
      await until(async () => (await requestCount(lane)) === 1, 'the first call');
      change.apply(frameWindow()!);
      await lane.release();
      expect(await finished).to.equal('done');
      const requests = await lane.requests();
      expect(requests).to.have.length(2);
      expect(pageSeen(requests[0]!)).not.to.include(change.url);
      expect(pageSeen(requests[1]!), 'the page the second call shows').to.include(change.url);
      expect(frameEvents().filter((event) => event.name === 'error')).to.deep.equal([]);
      // The answer stays up for its reading time, then gives way to the closing line: on a loaded
      // machine the checks above can outlast it, so this asserts what the bar showed.
      expect(watch.lines.some((line) => line.includes('Here is what the page says.')), `the bar showed ${json(watch.lines)}`).to.equal(true);
      expect(problems.list).to.deep.equal([]);
      problems.stop();
      watch.stop();
    });
  }

  for (const change of [
    { name: 'a reload', go: (view: Window) => view.location.reload(), page: 'shop-home.html', heading: 'Shop home' },
    { name: 'a full same-origin navigation', go: (view: Window) => view.location.assign(new URL(`shop-orders.html${view.location.search}`, view.location.href).href), page: 'shop-orders.html', heading: 'Orders' },
  ]) {
    it(`${change.name} mid-stream: the next page resumes the task, nothing of the cut reply recorded`, async () => {
      await lane.script(
        { turn: { memory: 'first', todos_remaining: ['second'], actions: [{ narrate: 'First part done.' }] } },
        // The page goes away while this reply streams: none of it may count.
        { turn: { memory: 'lost', todos_remaining: ['second'], actions: [{ narrate: 'This reply never completes because the page goes away.' }] }, chunkChars: 8, holdAfterChars: 50 },
        end('Finished on the next page.'),
      );
      await openPage('shop-home.html');
      const first = frameAgent()!;
      void first.run('Do the two-part task');
      await until(async () => (await requestCount(lane)) === 2, 'the second call to be streaming', 15_000);
      const oldWindow = frameWindow()!;
      change.go(oldWindow);
      await until(() => frameWindow() !== oldWindow || frameAgent() !== first, 'the page to change');
      await until(() => !!frameWindow()?.agentEvents && !!frameAgent()?.shadowRoot, 'the next page to load');
      const problems = watchPageProblems(frameWindow()!);
      const watch = watchAgent(frameAgent()!);
      await until(() => frameEvents().some((event) => event.name === 'done'), 'the task to finish on the next page', 15_000);
      await lane.release();

      expect(frameEvents().find((event) => event.name === 'done')!.detail).to.equal('done');
      expect(frameEvents().filter((event) => event.name === 'error')).to.deep.equal([]);
      const requests = await lane.requests();
      expect(requests).to.have.length(3);
      // The resumed call repeats the interrupted one's conversation exactly, on the new page.
      expect(messagesOf(requests[2]!).slice(0, -1).map(json)).to.deep.equal(messagesOf(requests[1]!).slice(0, -1).map(json));
      expect(pageSeen(requests[2]!)).to.include(change.page).and.to.include(change.heading);
      const session = JSON.parse(sessionStorage.getItem(key)!);
      expect(session.state).to.equal('done');
      expect(json(session.history)).not.to.include('never completes');
      // The answer stays up for its reading time only: the checks above can outlast it under load.
      await until(() => watch.lines.some((line) => line.includes('Finished on the next page.')), `the closing narration on the new page, among ${json(watch.lines)}`);
      expect(problems.list).to.deep.equal([]);
      problems.stop();
      watch.stop();
    });
  }
});

describe('teardown mid-run', function () {
  checkAccessibilityAfterEach();
  this.timeout(40_000);
  const tracked = trackEachTest();

  /** A run paused mid-stream with a border drawn round Save and the narration typing. */
  async function midRun(lane: Lane, page: { id: string }): Promise<{ agent: WebAgentElement; run: Promise<void>; mounted: Probe; during: Probe }> {
    const turn = {
      memory: 'showing',
      todos_remaining: ['click save'],
      actions: [{ tool: 'border', args: { selectors: [page.id], label: 'Save' } }, { narrate: 'This is the Save button; I will press it once I have explained what it does.' }, { tool: 'click', args: { selector: page.id } }],
    };
    await lane.script({ turn, chunkChars: 8, holdAfterChars: JSON.stringify(turn).indexOf('explained') }, end('Never sent.'));
    const agent = await mountAgent(lane);
    await agent.updateComplete;
    const mounted = await probe({ listeners: true });
    tracked.watch(agent);
    const run = agent.run('Show me how to save');
    await until(() => !!shadow(agent, '[part~="overlay-box"]') && subtitleText(agent).startsWith('This is the Save'), 'the border and the narration');
    const during = await probe({ listeners: true });
    if (during.supported) {
      // The drawn border follows scrolling: the probe sees those listeners, so it would see them stay.
      expect(during.listeners!.window.length, 'listeners while the border is drawn').to.be.greaterThan(mounted.listeners!.window.length);
    }
    return { agent, run, mounted, during };
  }

  /**
   * After the teardown: no more model calls, no agent events, no UI changes (timers), no overlay, the
   * page's listeners back to `baseline` (Chromium), for a quiet period long enough for a backoff,
   * a retry, a typewriter or a poll to show itself.
   */
  async function expectNothingLeft(agent: WebAgentElement, lane: Lane, baseline: Probe, { clicks }: { clicks: () => number }) {
    const watch = tracked.agent!;
    await until(() => watch.dones.length === 1, 'the done event', 5000);
    expect(watch.dones[0]!.status).to.equal('stopped');
    // Let the last synchronous UI updates land, then watch a quiet period.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const calls = await requestCount(lane);
    await lane.release();
    const quietFrom = performance.now();
    const events = watch.events.length;
    const mutations = watch.mutations.length;
    const lines = watch.lines.length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await requestCount(lane), 'model calls after the teardown').to.equal(calls);
    expect(watch.events.slice(events).map((event) => event.name), 'agent events after the teardown').to.deep.equal([]);
    // The closing line hides itself DEFAULT_AUTO_HIDE_MS after `done` (the bar's own timer, set
    // after the host heard `done`). On a loaded machine the steps above can take that long, so
    // that one change may land in the quiet period: it is allowed then and only then, and it may
    // only take the line away. Anything earlier, or any new text, is a timer the teardown missed.
    const doneAt = watch.events.find((event) => event.name === 'done')!.at;
    const early = watch.mutations.slice(mutations).filter((at) => at < doneAt + DEFAULT_AUTO_HIDE_MS);
    expect(early.map((at) => Math.round(at - doneAt)), 'UI changes after the teardown (ms after done)').to.deep.equal([]);
    expect(watch.lines.slice(lines), 'text the bar showed after the teardown').to.deep.equal([]);
    if (watch.mutations.length > mutations) expect(subtitleText(agent), 'the closing line, hidden on time').to.equal('');
    expect(clicks(), 'actions after the teardown').to.equal(0);
    expect(shadow(agent, '[part~="overlay-box"]'), 'the border').to.equal(null);
    // Removal lets go of the core altogether; otherwise it is idle.
    expect(agent.agent?.isRunning() ?? false).to.equal(false);
    expect(tracked.problems.list).to.deep.equal([]);
    expect(performance.now() - quietFrom).to.be.at.least(1900);
    const after = await probe({ listeners: true });
    if (!baseline.supported || !after.supported) return; // reason: listener lists need CDP (Chromium)
    expect(after.listeners, 'window and document listeners after the teardown').to.deep.equal(baseline.listeners);
    await reportFigure('listeners on window + document after teardown (equal to before)', after.listeners!.window.length + after.listeners!.document.length);
  }

  it('stop(): stopped, the border cleared, no call, timer or listener left, and the session continues', async () => {
    const lane = await createLane();
    const page = await savePage();
    const { agent, run, mounted } = await midRun(lane, page);
    agent.stop();
    await run;
    // What the visitor reads when the run ends (the line hides itself after DEFAULT_AUTO_HIDE_MS).
    await until(() => subtitleText(agent) === 'Stopped.', 'the closing line');
    // Back to the idle element's listeners: the overlay's scroll/resize ones must be gone.
    await expectNothingLeft(agent, lane, mounted, { clicks: page.clicks });
    expect(tracked.agent!.lines.at(-1), 'the last text the bar showed').to.equal('Stopped.');
    expect(agent.agent!.getSession()!.state).to.equal('stopped');
    await expectResumable(agent, lane, { firstTask: 'Show me how to save' });
  });

  it("the core's destroy(): the same teardown, and nothing more is reported", async () => {
    const lane = await createLane();
    const page = await savePage();
    const { agent, run, mounted } = await midRun(lane, page);
    agent.agent!.destroy();
    await run;
    await expectNothingLeft(agent, lane, mounted, { clicks: page.clicks });
    expect(JSON.parse(sessionStorage.getItem(`test.${lane.id}`)!).state).to.equal('stopped');
  });

  it('removing the element mid-run: everything torn down, the page back to its listeners before the element came', async () => {
    const lane = await createLane();
    const page = await savePage();
    const before = await probe({ listeners: true });
    const { agent, run } = await midRun(lane, page);
    agent.remove();
    await run;
    await expectNothingLeft(agent, lane, before, { clicks: page.clicks });
    expect(JSON.parse(sessionStorage.getItem(`test.${lane.id}`)!).state).to.equal('stopped');
  });

  it('run() while a run is going: a clear busy error at once, and the first run is unaffected', async () => {
    const lane = await createLane();
    const page = await savePage();
    const turn = { memory: 'saving', todos_remaining: ['check'], actions: [{ narrate: 'Saving your changes now, one moment.' }, { tool: 'click', args: { selector: page.id } }] };
    await lane.script(heldBefore(turn, '{"tool"'), end('Saved.'));
    const agent = await mountAgent(lane);
    const watch = tracked.watch(agent);
    const first = runBounded(agent, 'Save my changes');
    await until(async () => (await requestCount(lane)) === 1, 'the first call');

    const started = performance.now();
    await agent.run('Something else entirely');
    expect(performance.now() - started, 'the second run() returns at once').to.be.below(2000);
    expect(watch.errors).to.have.length(1);
    expect(watch.errors[0]!.code).to.equal('busy');
    expect(watch.errors[0]!.message).to.include('already running').and.to.include('stop()');
    // The visitor reads why nothing new started, in their language; the running task goes on.
    expect(subtitleText(agent)).to.equal('Still busy with the last request: stop it first, or wait until it is done.');

    await lane.release();
    const { done } = await first;
    expect(done.status).to.equal('done');
    expect(page.clicks()).to.equal(1);
    const requests = await lane.requests();
    expect(requests).to.have.length(2);
    expect(json(requests.map(messagesOf))).not.to.include('Something else entirely');
    expect(json(agent.agent!.getSession()!.history)).not.to.include('Something else entirely');
    expectCleanEnd(agent, tracked.problems);
    await expectResumable(agent, lane, { firstTask: 'Save my changes' });
  });
});
