// Phones (issue 16): the confirmation (question, Allow and Cancel, the stop control) is taller than
// the narration bar the agent brought the button into view against; on a short screen, or with the
// keyboard open, it must still leave the button it asks about in sight beside it, below the page's
// pinned header. 360×640 and 375×667 in every engine; the keyboard (a smaller visual viewport,
// through pinch zoom as in visitor-keyboard.test.ts) in Chromium only.
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, nextEvent, shadow, waitFor } from './support/agent-fixture.js';
import { restoreViewport, setViewport } from './support/viewport.js';
import { createLane } from './support/model-lane.js';

const HEADER = 56;

/** A long page under a pinned header; the button sits in its middle, with a long name (a three-line question). */
async function page(): Promise<HTMLButtonElement> {
  const root = await fixture<HTMLDivElement>(html`<div>
    <header style="position: fixed; inset: 0 0 auto 0; height: ${HEADER}px; background: #eee; z-index: 5">Shop</header>
    <p style="height: 1200px; margin: 0">Terms and conditions.</p>
    <button id="delete" type="button" style="display: block; height: 80px">Delete my account and every order, address and saved card with it</button>
    <p style="height: 1200px; margin: 0">More.</p>
  </div>`);
  return root.querySelector('button')!;
}

async function confirming(): Promise<{ agent: WebAgentElement; button: HTMLButtonElement }> {
  const button = await page();
  const lane = await createLane();
  await lane.script({ turn: { memory: 'm', todos_remaining: ['more'], actions: [{ narrate: 'Deleting your account now.' }, { tool: 'click', args: { selector: '#delete' } }] } }, { hang: true });
  const agent = await mountAgent(lane);
  return { agent, button };
}

async function expectBesideTheConfirmation(agent: WebAgentElement, button: Element): Promise<void> {
  await waitFor(() => !!agent.shadowRoot!.querySelector('dialog[open]'), 'the confirmation', 15_000);
  const bar = shadow(agent, 'dialog[open] [part~="bar"]')!;
  await Promise.all(bar.getAnimations({ subtree: true }).map((animation) => animation.finished));
  for (let frame = 0; frame < 3; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
  const view = visualViewport!;
  const box = button.getBoundingClientRect();
  const confirmation = bar.getBoundingClientRect();
  const where = `button ${Math.round(box.top)}–${Math.round(box.bottom)}, confirmation ${Math.round(confirmation.top)}–${Math.round(confirmation.bottom)}, seen ${Math.round(view.offsetTop)}–${Math.round(view.offsetTop + view.height)}`;
  expect(box.bottom <= confirmation.top || box.top >= confirmation.bottom, `the button is not under the confirmation (${where})`).to.equal(true);
  expect(box.top, `below the pinned header (${where})`).to.be.at.least(Math.max(HEADER, view.offsetTop) - 0.5);
  expect(box.bottom, `in sight (${where})`).to.be.at.most(view.offsetTop + view.height + 0.5);
}

async function stop(agent: WebAgentElement): Promise<void> {
  if (!agent.agent?.isRunning()) return;
  const ended = nextEvent(agent, 'done');
  agent.stop();
  await ended;
}

describe('the confirmation beside the button it asks about', () => {
  afterEach(async () => {
    await executeServerCommand('visual-viewport', { scale: 1 });
    scrollTo(0, 0);
  });

  after(async () => {
    await restoreViewport();
  });

  for (const [width, height] of [
    [360, 640],
    [375, 667],
  ] as const) {
    it(`${width}×${height}`, async () => {
      await setViewport({ width, height });
      const { agent, button } = await confirming();
      void agent.run('Delete my account');
      await expectBesideTheConfirmation(agent, button);
      await stop(agent);
    });
  }

  it('375×667 with the keyboard open (Chromium: a smaller visual viewport)', async function () {
    await setViewport({ width: 375, height: 667 });
    const { agent, button } = await confirming();
    // 667 / 1.6 ≈ 417 px of the height stay in sight, as with a keyboard up.
    if (!(await executeServerCommand<boolean, { scale: number }>('visual-viewport', { scale: 1.6 }))) this.skip();
    await waitFor(() => visualViewport!.scale > 1.59, 'the smaller visual viewport');
    // The top part in sight, as a keyboard leaves it (zoom may have kept the viewport lower).
    const pan = visualViewport!.offsetTop;
    if (pan >= 1) await executeServerCommand('visual-viewport', { pan: -pan * visualViewport!.scale });
    await waitFor(() => visualViewport!.offsetTop < 1, 'the visual viewport at the top');
    void agent.run('Delete my account');
    await expectBesideTheConfirmation(agent, button);
    await stop(agent);
  });
});
