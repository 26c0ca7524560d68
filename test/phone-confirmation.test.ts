// Issue 16: the confirmation (question, Allow and Cancel, the stop control) is taller than the
// narration bar the agent brought the button into view against, and grows with its question; as it
// actually renders it must leave the button it asks about in sight beside it, below the page's
// pinned header: phones (360×640, 375×667, 414×736) and a desktop (1280×800), the button in the
// middle, at the very end and at the very top of the page, a long (several-line) question, in every
// engine; the keyboard (a smaller visual viewport, through pinch zoom as in visitor-keyboard.test.ts)
// in Chromium only. Both rects are read from the page, as the visitor sees them.
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import { nothing } from 'lit';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, nextEvent, shadow, waitFor } from './support/agent-fixture.js';
import { restoreViewport, setViewport } from './support/viewport.js';
import { createLane } from './support/model-lane.js';

const HEADER = 56;
const FILLER = 1200;
const LONG_QUESTION =
  'Delete your account for good? Every order, saved address and stored card goes with it, your reviews are removed from the shop, gift card balances are lost, and none of it can be restored later by support.';

/** Four lines at a phone's width. */
const FOUR_LINES = 'Delete your account for good? Every order, saved address and stored card goes with it, and none of it can be restored.';

type Where = 'middle' | 'end' | 'start';

/** A page under a pinned header; the button (long name: a three-line question on a phone; `question`: the site's own) in its middle, at its end or at its start. */
async function page(where: Where, question?: string, tall = 80): Promise<HTMLButtonElement> {
  const before = where === 'start' ? 0 : FILLER;
  const after = where === 'end' ? 0 : FILLER;
  const root = await fixture<HTMLDivElement>(html`<div>
    <header style="position: fixed; inset: 0 0 auto 0; height: ${HEADER}px; background: #eee; z-index: 5">Shop</header>
    <p style="height: ${before}px; margin: 0; padding-top: ${HEADER}px">Terms and conditions.</p>
    <button id="delete" type="button" data-agent-confirm=${question ?? nothing} style="display: block; height: ${tall}px; margin: 0">Delete my account and every order, address and saved card with it</button>
    <p style="height: ${after}px; margin: 0">More.</p>
  </div>`);
  return root.querySelector('button')!;
}

async function confirming(where: Where, question?: string, tall?: number): Promise<{ agent: WebAgentElement; button: HTMLButtonElement }> {
  const button = await page(where, question, tall);
  const lane = await createLane();
  await lane.script({ turn: { memory: 'm', todos_remaining: ['more'], actions: [{ narrate: 'Deleting your account now.' }, { tool: 'click', args: { selector: '#delete' } }] } }, { hang: true });
  const agent = await mountAgent(lane);
  return { agent, button };
}

async function settled(agent: WebAgentElement): Promise<HTMLElement> {
  await waitFor(() => !!agent.shadowRoot!.querySelector('dialog[open]'), 'the confirmation', 15_000);
  const bar = shadow(agent, 'dialog[open] [part~="bar"]')!;
  // Its slide-in, and any step to the other edge, finish before it is looked at.
  for (let round = 0; round < 3; round++) {
    await Promise.all(bar.getAnimations({ subtree: true }).map((animation) => animation.finished));
    for (let frame = 0; frame < 3; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return shadow(agent, 'dialog[open] [part~="bar"]')!;
}

/** The button's and the confirmation's boxes as the page paints them, what is seen, and all three in words. */
async function looked(agent: WebAgentElement, button: Element) {
  const bar = await settled(agent);
  const view = visualViewport!;
  const seen = { top: view.offsetTop, bottom: view.offsetTop + view.height };
  const box = button.getBoundingClientRect();
  const confirmation = bar.getBoundingClientRect();
  const where = `${innerWidth}×${innerHeight}, button ${Math.round(box.top)}–${Math.round(box.bottom)}, confirmation ${Math.round(confirmation.top)}–${Math.round(confirmation.bottom)}, seen ${Math.round(seen.top)}–${Math.round(seen.bottom)}`;
  expect(confirmation.top, `the confirmation in sight (${where})`).to.be.at.least(seen.top - 0.5);
  expect(confirmation.bottom, `the confirmation in sight (${where})`).to.be.at.most(seen.bottom + 0.5);
  expect(box.top, `the button's top below the pinned header (${where})`).to.be.at.least(Math.max(HEADER, seen.top) - 0.5);
  return { bar, box, confirmation, seen, where };
}

async function expectBesideTheConfirmation(agent: WebAgentElement, button: Element): Promise<void> {
  const { box, confirmation, seen, where } = await looked(agent, button);
  expect(box.bottom <= confirmation.top || box.top >= confirmation.bottom, `the button is not under the confirmation (${where})`).to.equal(true);
  expect(box.bottom, `in sight (${where})`).to.be.at.most(seen.bottom + 0.5);
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
    [414, 736],
    [1280, 800],
  ] as const) {
    for (const where of ['middle', 'end', 'start'] as const) {
      for (const question of [undefined, LONG_QUESTION]) {
        it(`${width}×${height}, the button at the ${where} of the page${question ? ', a long question' : ''}`, async () => {
          await setViewport({ width, height });
          const { agent, button } = await confirming(where, question);
          void agent.run('Delete my account');
          if (question) expect((await settled(agent)).textContent).to.include('none of it can be restored');
          await expectBesideTheConfirmation(agent, button);
          await stop(agent);
        });
      }
    }
  }

  /** Makes the visual viewport smaller, as a keyboard does, its top part in sight; false where the engine cannot. */
  async function keyboardOpen(): Promise<boolean> {
    await setViewport({ width: 375, height: 667 });
    // 667 / 1.6 ≈ 417 px of the height stay in sight, as with a keyboard up.
    if (!(await executeServerCommand<boolean, { scale: number }>('visual-viewport', { scale: 1.6 }))) return false;
    await waitFor(() => visualViewport!.scale > 1.59, 'the smaller visual viewport');
    // The top part in sight, as a keyboard leaves it (zoom may have kept the viewport lower).
    const pan = visualViewport!.offsetTop;
    if (pan >= 1) await executeServerCommand('visual-viewport', { pan: -pan * visualViewport!.scale });
    await waitFor(() => visualViewport!.offsetTop < 1, 'the visual viewport at the top');
    return true;
  }

  for (const where of ['middle', 'end', 'start'] as const) {
    for (const question of [undefined, FOUR_LINES]) {
      it(`375×667 with the keyboard open, the button at the ${where} of the page${question ? ', a four-line question' : ''} (Chromium: a smaller visual viewport)`, async function () {
        const { agent, button } = await confirming(where, question);
        if (!(await keyboardOpen())) this.skip();
        void agent.run('Delete my account');
        await expectBesideTheConfirmation(agent, button);
        await stop(agent);
      });
    }
  }

  // Nothing can make both fit: the button's start is what is shown, clear of the confirmation, and
  // the question names it and the outline stays on it.
  for (const keyboard of [false, true]) {
    it(`a button taller than the room the confirmation leaves${keyboard ? ', keyboard open (Chromium)' : ' (360×640)'}: its start in sight, named and outlined`, async function () {
      const { agent, button } = await confirming('middle', undefined, keyboard ? 300 : 480);
      if (!keyboard) await setViewport({ width: 360, height: 640 });
      else if (!(await keyboardOpen())) this.skip();
      void agent.run('Delete my account');
      const { bar, box, confirmation, seen, where } = await looked(agent, button);
      expect(bar.textContent).to.include('Delete my account and every order');
      // Its first 20 px (a line of its label) are clear of the confirmation.
      expect(box.top + 20 <= confirmation.top || box.top >= confirmation.bottom, `its start not under the confirmation (${where})`).to.equal(true);
      const outline = shadow(agent, '[part~="overlay-cue"]')?.getBoundingClientRect();
      expect(outline, 'outlined').to.not.equal(undefined);
      expect(outline!.top <= box.top + 1 && outline!.bottom >= Math.min(box.bottom, seen.bottom) - 1, `the outline around it (${Math.round(outline!.top)}–${Math.round(outline!.bottom)}; ${where})`).to.equal(true);
      await stop(agent);
    });
  }

  it('keeps Allow and Cancel reachable by keyboard and the dialog announced after making room (375×667, button at the end)', async () => {
    await setViewport({ width: 375, height: 667 });
    const { agent, button } = await confirming('end', LONG_QUESTION);
    void agent.run('Delete my account');
    await expectBesideTheConfirmation(agent, button);
    const dialog = shadow(agent, 'dialog[open]')!;
    expect(dialog.matches(':modal'), 'modal').to.equal(true);
    const label = agent.shadowRoot!.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(label?.textContent).to.include('none of it can be restored');
    const focused = () => agent.shadowRoot!.activeElement;
    expect(focused()?.textContent?.trim(), 'Cancel has focus').to.match(/cancel/i);
    await sendKeys({ press: 'ArrowLeft' });
    expect(focused()?.getAttribute('part'), 'arrow keys reach Allow').to.include('button-primary');
    await sendKeys({ press: 'ArrowRight' });
    expect(focused()?.textContent?.trim()).to.match(/cancel/i);
    const ended = nextEvent(agent, 'done');
    await sendKeys({ press: 'Enter' });
    await ended;
    expect(agent.shadowRoot!.querySelector('dialog[open]'), 'Cancel closed it').to.equal(null);
  });
});
