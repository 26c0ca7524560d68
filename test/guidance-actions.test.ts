// scroll_to and wait, run by the real element from scripted model turns; the results are read
// where the model reads them: the tool message of the next request.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId } from '../src/dom/index.js';
import { mountAgent, nextEvent } from './support/agent-fixture.js';
import { createLane, type Lane, type RecordedRequest, type ScriptedAction } from './support/model-lane.js';
import { checkAccessibilityAfterEach } from './support/a11y.js';

const id = (element: Element) => `[${elementId(element)}]`;
const end = { turn: { memory: 'done', todos_remaining: [], actions: [] } };

/** What the tool results of the first turn said, as the model reads them in the second request. */
function results(requests: RecordedRequest[]): string {
  return String(requests[1]?.body.messages?.find((message) => message.role === 'tool')?.content ?? '');
}

/**
 * Changes the page `afterMs` into the wait action, timed from its `before-action`: timed from the
 * test's start, the change could land before the wait began (mounting and the model call can take
 * longer than that on a loaded machine), and the wait would rightly find nothing to wait for.
 */
function duringWait(change: () => void, afterMs: number): void {
  const listener = (event: Event) => {
    if ((event as CustomEvent<{ action: string }>).detail.action !== 'wait') return;
    document.removeEventListener('before-action', listener);
    setTimeout(change, afterMs);
  };
  document.addEventListener('before-action', listener);
}

async function runTurn(lane: Lane, actions: ScriptedAction[]): Promise<string> {
  await lane.script({ turn: { memory: 'm', todos_remaining: ['look'], actions } }, end);
  const agent = await mountAgent(lane);
  await agent.run('Go');
  return results(await lane.requests());
}

describe('scroll_to', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });
  afterEach(() => window.scrollTo(0, 0));

  it('brings a tall section into view with its top below a fixed header', async () => {
    const root = await fixture(html`<div>
      <header style="position: fixed; top: 0; left: 0; right: 0; height: 90px; background: #eee; z-index: 5">Shop</header>
      <div style="height: 2400px"></div>
      <section style="height: 70vh; border: 1px solid">Shipping terms</section>
      <div style="height: 2400px"></div>
    </div>`);
    const header = root.querySelector('header')!;
    const section = root.querySelector('section')!;
    const said = await runTurn(lane, [{ tool: 'scroll_to', args: { selector: id(section) } }]);
    const top = section.getBoundingClientRect().top;
    expect(top, 'clear of the header').to.be.at.least(header.getBoundingClientRect().bottom);
    expect(top, 'near the top, where a reader starts').to.be.below(innerHeight / 3);
    expect(said).to.match(/1\. scroll_to: ok — Scrolled section .*is visible \(the page: screen \d+ of \d+\)/);
  });

  it('keeps an element clear of a sticky header inside its scrolling area', async () => {
    const root = await fixture(html`<div id="panel" style="height: 260px; overflow: auto; margin-top: 30px">
      <div style="position: sticky; top: 0; height: 60px; background: #def; z-index: 1">Columns</div>
      <div style="height: 900px"></div>
      <div id="row" style="height: 200px; border: 1px solid">Row 42</div>
      <div style="height: 900px"></div>
    </div>`);
    const panel = root as HTMLElement;
    const sticky = panel.firstElementChild!;
    const row = root.querySelector('#row')!;
    const said = await runTurn(lane, [{ tool: 'scroll_to', args: { selector: id(row) } }]);
    const rowTop = row.getBoundingClientRect().top;
    expect(rowTop).to.be.at.least(sticky.getBoundingClientRect().bottom);
    expect(row.getBoundingClientRect().top).to.be.below(panel.getBoundingClientRect().bottom - 100);
    expect(said).to.match(/Scrolled div is visible \(the scrolling area div: screen \d of 8/);
  });

  it('scrolls the page a screen at a time and says where the view is, down to the end', async () => {
    await fixture(html`<div style="height: ${Math.round(innerHeight * 3.5)}px">Long page</div>`);
    await lane.script(
      { turn: { memory: 'm', todos_remaining: ['read'], actions: [{ tool: 'scroll_to', args: { direction: 'down' } }] } },
      { turn: { memory: 'm', todos_remaining: ['read'], actions: [{ tool: 'scroll_to', args: { direction: 'bottom' } }, { tool: 'scroll_to', args: { direction: 'down' } }] } },
      end,
    );
    const agent = await mountAgent(lane);
    await agent.run('Read it all');
    const requests = await lane.requests();
    const first = String(requests[1]!.body.messages!.at(-2)!.content);
    const second = String(requests[2]!.body.messages!.at(-2)!.content);
    const screens = Math.ceil(document.documentElement.scrollHeight / innerHeight - 0.05);
    expect(first).to.include(`Scrolled the page down: now screen 2 of ${screens}.`);
    expect(second).to.include(`1. scroll_to: ok — Scrolled the page to the bottom: now at the bottom, screen ${screens} of ${screens}; there is nothing more below.`);
    expect(second).to.include('2. scroll_to: ok — The page is already at the bottom; nothing moved');
  });

  it('scrolls a named container, or the one around a named element', async () => {
    const root = await fixture(html`<ul style="height: 200px; overflow: auto; margin: 0">
      ${Array.from({ length: 40 }, (_, index) => html`<li style="height: 40px">Item ${index + 1}</li>`)}
    </ul>`);
    const list = root as HTMLElement;
    const said = await runTurn(lane, [
      { tool: 'scroll_to', args: { direction: 'down', container: id(list) } },
      { tool: 'scroll_to', args: { direction: 'down', container: id(list.children[3]!) } },
    ]);
    expect(list.scrollTop).to.equal(2 * Math.round(200 * 0.85));
    expect(window.scrollY).to.equal(0);
    expect(said).to.include('1. scroll_to: ok — Scrolled the scrolling area ul down: now screen 2 of 8.');
    expect(said).to.include('2. scroll_to: ok — Scrolled the scrolling area ul down: now screen 3 of 8.');
  });

  it('answers a bad call with a result the model can act on', async () => {
    const root = await fixture(html`<div><p hidden>Secret</p></div>`);
    const said = await runTurn(lane, [{ tool: 'scroll_to', args: { selector: id(root.querySelector('p')!) } }]);
    expect(said).to.include('failed (hidden)').and.to.include('not displayed');
    lane = await createLane();
    expect(await runTurn(lane, [{ tool: 'scroll_to', args: {} }])).to.include('failed (invalid-arguments) — Give selector');
  });
});

describe('wait', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('waits until a text appears, and the next action runs only after it', async () => {
    const root = await fixture(html`<div><p id="status">Saving…</p><button type="button">Next</button></div>`);
    const button = root.querySelector('button')!;
    let textWhenClicked = '';
    button.addEventListener('click', () => (textWhenClicked = root.querySelector('#status')!.textContent!));
    duringWait(() => (root.querySelector('#status')!.textContent = 'Order placed'), 400);
    const said = await runTurn(lane, [
      { tool: 'wait', args: { until_text: 'order PLACED', seconds: 5 } },
      { tool: 'click', args: { selector: id(button) } },
    ]);
    expect(textWhenClicked).to.equal('Order placed');
    expect(said).to.match(/1\. wait: ok — After \d+(\.\d)? s, "order PLACED" is on the page\./);
  });

  it('waits until a text goes away', async () => {
    const root = await fixture(html`<div><p>Loading…</p></div>`);
    duringWait(() => root.querySelector('p')!.remove(), 300);
    const said = await runTurn(lane, [{ tool: 'wait', args: { until_gone: 'Loading…' } }]);
    expect(said).to.match(/wait: ok — After \d+(\.\d)? s, "Loading…" is gone\./);
  });

  it('gives up at the timeout and skips the rest of the batch', async () => {
    const root = await fixture(html`<div><button type="button">Pay</button></div>`);
    let clicks = 0;
    root.querySelector('button')!.addEventListener('click', () => clicks++);
    const started = performance.now();
    const said = await runTurn(lane, [
      { tool: 'wait', args: { until_text: 'Never shown', seconds: 0.5 } },
      { tool: 'click', args: { selector: id(root.querySelector('button')!) } },
    ]);
    expect(performance.now() - started).to.be.below(4000);
    expect(clicks).to.equal(0);
    expect(said).to.include('1. wait: failed (failed) — Waited 0.5 s for "Never shown" to appear, but it did not happen.');
    expect(said).to.include('2. click: failed (skipped)');
  });

  it('stops waiting at once when the run is stopped', async () => {
    await lane.script({ turn: { memory: 'm', todos_remaining: ['x'], actions: [{ tool: 'wait', args: { seconds: 600 } }] } }, end);
    const agent = await mountAgent(lane);
    const done = nextEvent(agent, 'done');
    const waiting = nextEvent(agent, 'before-action');
    void agent.run('Wait a long time');
    await waiting;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = performance.now();
    agent.stop();
    expect((await done).detail.status).to.equal('stopped');
    expect(performance.now() - stoppedAt).to.be.below(500);
  });

  it('reads text inside web components but not our own bar', async () => {
    const { pageShows } = await import('../src/actions/builtin/wait.js');
    const root = await fixture(html`<div><span id="host"></span></div>`);
    root.querySelector('#host')!.attachShadow({ mode: 'open' }).innerHTML = '<p>Payment   received</p>';
    expect(pageShows('payment received')).to.equal(true);
    expect(pageShows('payment refused')).to.equal(false);
    lane = await createLane();
    const agent = await mountAgent(lane);
    agent.shadowRoot!.querySelector('[part~="live"]')!.textContent = 'Only in our bar';
    expect(pageShows('Only in our bar')).to.equal(false);
  });
});
