// Within one turn's actions[], a navigation, a big re-render or a modal dialog stops the rest: they
// are reported to the model as not run, and they really do not run. A small change does not.
import { expect, fixture, html } from '@open-wc/testing';
import { createLane, type Lane } from './support/model-lane.js';
import { pageSeen } from './support/agent-fixture.js';
import { idOf, runTurns, toolReplies } from './fixtures/apps/agent-driver.js';

describe('a batch of actions and page changes', () => {
  let lane: Lane;
  const home = location.pathname + location.search;
  beforeEach(async () => {
    lane = await createLane();
  });
  afterEach(() => history.replaceState(null, '', home));

  it('a navigation stops the batch: later actions are reported as not run and do nothing', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <nav><a href="#/orders">Orders</a></nav>
        <section id="view"><label>Search <input /></label><button>Apply</button></section>
      </div>
    `);
    const view = page.querySelector('#view')!;
    // A hash router: the view changes with the URL.
    const route = () => {
      if (location.hash === '#/orders') view.innerHTML = '<h2>Your orders</h2><p>No orders yet.</p>';
    };
    window.addEventListener('hashchange', route);
    const input = page.querySelector('input')!;
    let applied = 0;
    page.querySelector('button')!.addEventListener('click', () => applied++);
    const steps = await runTurns(lane, [[
      { tool: 'click', args: { selector: idOf(page.querySelector('a')!) } },
      { tool: 'fill_input', args: { selector: idOf(input), value: 'shoes' } },
      { tool: 'click', args: { selector: idOf(page.querySelector('button')!) } },
    ]]);
    window.removeEventListener('hashchange', route);
    expect(steps[0]!.ok).to.equal(true);
    expect(steps[0]!.endsBatch).to.equal(true);
    expect(steps[0]!.message).to.include('the page moved to').and.to.include('#/orders');
    expect(steps.slice(1).map((step) => step.reason)).to.deep.equal(['skipped', 'skipped']);
    expect(input.value).to.equal('');
    expect(applied).to.equal(0);
    const [reply] = await toolReplies(lane);
    expect(reply).to.include('2. fill_input: failed (skipped) — Not run');
    // The next prompt shows the new page.
    expect(pageSeen((await lane.requests())[1]!)).to.include('Your orders');
  });

  it('a re-render that replaces most of the page stops the batch', async () => {
    const page = await fixture<HTMLElement>(html`<div><button id="load">Show report</button><ul id="rows"></ul><button id="next">Next</button></div>`);
    const rows = page.querySelector('#rows')!;
    const fill = (label: string) => (rows.innerHTML = Array.from({ length: 120 }, (_, index) => `<li><span>${label} ${index}</span></li>`).join(''));
    fill('Draft');
    page.querySelector('#load')!.addEventListener('click', () => fill('Final'));
    let next = 0;
    page.querySelector('#next')!.addEventListener('click', () => next++);
    const steps = await runTurns(lane, [[
      { tool: 'click', args: { selector: idOf(page.querySelector('#load')!) } },
      { tool: 'click', args: { selector: idOf(page.querySelector('#next')!) } },
    ]]);
    expect(steps[0]!.endsBatch).to.equal(true);
    expect(steps[0]!.message).to.match(/\d+% of the page was replaced/);
    expect(steps[1]!.reason).to.equal('skipped');
    expect(next).to.equal(0);
  });

  it('a modal dialog opening stops the batch and is named', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <button id="open">Settings</button><button id="after">Help</button>
        <dialog aria-label="Account settings"><button>Close</button></dialog>
      </div>
    `);
    const dialog = page.querySelector('dialog')!;
    page.querySelector('#open')!.addEventListener('click', () => dialog.showModal());
    let help = 0;
    page.querySelector('#after')!.addEventListener('click', () => help++);
    const steps = await runTurns(lane, [[
      { tool: 'click', args: { selector: idOf(page.querySelector('#open')!) } },
      { tool: 'click', args: { selector: idOf(page.querySelector('#after')!) } },
    ]]);
    dialog.close();
    expect(steps[0]!.message).to.include('dialog "Account settings" opened');
    expect(steps[0]!.endsBatch).to.equal(true);
    expect(steps[1]!.reason).to.equal('skipped');
    expect(help).to.equal(0);
  });

  it('a small change does not stop the batch', async () => {
    const page = await fixture<HTMLElement>(html`<div><button id="add">Add line</button><ul><li>One</li></ul><label>Note <input /></label></div>`);
    page.querySelector('#add')!.addEventListener('click', () => page.querySelector('ul')!.insertAdjacentHTML('beforeend', '<li>Two</li>'));
    const input = page.querySelector('input')!;
    const steps = await runTurns(lane, [[
      { tool: 'click', args: { selector: idOf(page.querySelector('#add')!) } },
      { tool: 'fill_input', args: { selector: idOf(input), value: 'ok' } },
    ]]);
    expect(steps.map((step) => step.ok)).to.deep.equal([true, true]);
    expect(steps[0]!.endsBatch).to.equal(false);
    expect(input.value).to.equal('ok');
  });
});
