// A page often reacts to an action a moment later, by a timer it sets in its handler: a filter
// debounced while the visitor types, a date picker that closes its calendar after the pick (as
// PrimeVue's does, 150 ms later). The action's report waits for such timers, so it says what the
// visitor sees after the reaction. Hand-written pages, driven through the agent.
import { expect, fixture, html } from '@open-wc/testing';
import { createLane, type Lane } from './support/model-lane.js';
import { idOf, runAction } from './fixtures/apps/agent-driver.js';

describe('actions whose page reacts by a short timer', () => {
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('fill_input reports what a debounced filter shows once it applies', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <label>Make <input></label>
      <p role="status">4 results</p>
      <ul><li>Skoda Octavia</li><li>Ford Focus</li><li>Volvo XC90</li><li>Fiat Panda</li></ul>
    </div>`);
    const input = page.querySelector('input')!;
    let pending: ReturnType<typeof setTimeout> | undefined;
    input.addEventListener('input', () => {
      clearTimeout(pending);
      pending = setTimeout(() => {
        const items = [...page.querySelectorAll('li')];
        for (const item of items) item.hidden = !item.textContent!.toLowerCase().includes(input.value.toLowerCase());
        const shown = items.filter((item) => !item.hidden).length;
        page.querySelector('[role=status]')!.textContent = `${shown} result${shown === 1 ? '' : 's'}`;
      }, 300);
    });
    const step = await runAction(lane, 'fill_input', { selector: idOf(input), value: 'Skoda' });
    expect(step.ok, step.message).to.equal(true);
    expect(step.message).to.include('the page says "1 result"');
  });

  it('click reports a popup the page closes a moment after the pick', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <div role="dialog" aria-label="Choose date"><button>14</button></div>
      <p>Check-in: <span>none</span></p>
    </div>`);
    const day = page.querySelector('button')!;
    day.addEventListener('click', () => {
      page.querySelector('span')!.textContent = '14';
      setTimeout(() => page.querySelector('[role=dialog]')!.remove(), 150);
    });
    const step = await runAction(lane, 'click', { selector: idOf(day) });
    expect(step.ok, step.message).to.equal(true);
    expect(step.message).to.include('dialog "Choose date" closed');
  });
});
