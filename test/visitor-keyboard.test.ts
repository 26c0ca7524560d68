// Phones with an on-screen keyboard open (issue 16): the keyboard shrinks the visual viewport and
// leaves the layout viewport as it was, so whatever is fixed to the layout viewport's bottom edge
// lies under the keys unless KeyboardInset lifts it. No engine here can open a keyboard; Chromium's
// pinch zoom (page scale, through the DevTools protocol) shrinks the visual viewport the same way
// and moves its offset, so the visual viewport is made smaller than the layout one that way, with
// its bottom part out of sight (or its top, as when Safari scrolls it down over a focused field).
// Chromium only: WebDriver (WebKit) and WebDriver BiDi (Firefox) have no pinch zoom, and resizing
// the window shrinks both viewports, which visitor-phone.test.ts covers in all three engines.
// Zoom also narrows the visual viewport, which a keyboard does not: widths are checked against
// the layout viewport, heights against the visual one.
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, nextEvent, shadow, waitFor } from './support/agent-fixture.js';
import { restoreViewport, setViewport } from './support/viewport.js';
import { createLane, type ScriptedAction } from './support/model-lane.js';

const turn = (actions: ScriptedAction[]) => ({ turn: { memory: 'm', todos_remaining: ['more'], actions } });

/** Visual viewport at this scale: 667 / 1.6 ≈ 417 px of the layout viewport's height stay in sight, as with a keyboard up. */
const SCALE = 1.6;

/** Shrinks the visual viewport; false where the engine has no honest way to. */
async function shrinkVisualViewport(): Promise<boolean> {
  if (!(await executeServerCommand<boolean, { scale: number }>('visual-viewport', { scale: SCALE }))) return false;
  await waitFor(() => visualViewport!.scale > SCALE - 0.01, 'the smaller visual viewport');
  return true;
}

/**
 * Puts the visual viewport's top at `top` within the layout viewport without scrolling the page,
 * as a keyboard leaves it (0: the bottom part is out of sight; the most: the top part is), wherever
 * focusing our field panned it to: zoom lets the browser pan to a field under the "keys", a keyboard does not.
 */
async function panTo(edge: 'top' | 'bottom'): Promise<void> {
  const wanted = edge === 'top' ? 0 : document.documentElement.clientHeight - visualViewport!.height;
  const pan = wanted - visualViewport!.offsetTop;
  // A wheel turns by screen pixels, which the zoom makes fewer CSS pixels.
  if (Math.abs(pan) >= 1) await executeServerCommand('visual-viewport', { pan: pan * visualViewport!.scale });
  await waitFor(() => Math.abs(visualViewport!.offsetTop - wanted) < 1, `the visual viewport at ${wanted}`);
  // KeyboardInset follows visualViewport's events, and styles apply at the next frame.
  for (let frame = 0; frame < 3; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** Measured where it comes to rest: pieces slide and grow in. */
async function expectInSight(element: Element, name: string): Promise<void> {
  await Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished));
  const view = visualViewport!;
  const box = element.getBoundingClientRect();
  expect(box.height, `${name} is shown`).to.be.greaterThan(0);
  expect(box.top, `${name} top`).to.be.at.least(view.offsetTop - 0.5);
  expect(box.bottom, `${name} bottom`).to.be.at.most(view.offsetTop + view.height + 0.5);
  expect(box.left, `${name} left`).to.be.at.least(0);
  expect(box.right, `${name} right`).to.be.at.most(document.documentElement.clientWidth + 0.5);
}

async function page() {
  return fixture<HTMLDivElement>(html`<div style="padding: 16px">
    <input id="name" aria-label="Your name" />
    <p style="height: 1400px">Terms and conditions.</p>
    <button id="delete" type="button">Delete my account</button>
    <p style="height: 1400px">More.</p>
  </div>`);
}

async function stop(agent: WebAgentElement): Promise<void> {
  if (!agent.agent?.isRunning()) return;
  const ended = nextEvent(agent, 'done');
  agent.stop();
  await ended;
}

describe('an on-screen keyboard (visual viewport smaller than the layout viewport)', () => {
  before(async function () {
    await setViewport({ width: 375, height: 667 });
  });

  afterEach(async () => {
    await executeServerCommand('visual-viewport', { scale: 1 });
    scrollTo(0, 0);
  });

  after(async () => {
    await restoreViewport();
  });

  for (const [where, edge] of [
    ['its bottom part out of sight', 'top'],
    ['scrolled down, its top part out of sight', 'bottom'],
  ] as const) {
    describe(where, () => {
      it('the open prompt and the launcher', async function () {
        await page();
        const agent = await mountAgent(await createLane());
        if (!(await shrinkVisualViewport())) this.skip();
        shadow(agent, '[part~="launcher"]')!.click();
        await waitFor(() => !!shadow(agent, '[part~="prompt-input"]'), 'the prompt');
        await panTo(edge);
        await expectInSight(shadow(agent, '[part~="prompt"]')!, 'the prompt');
        await expectInSight(shadow(agent, '[part~="launcher"]')!, 'the launcher');
      });

      it('the bar with a question', async function () {
        await page();
        const lane = await createLane();
        await lane.script(turn([{ tool: 'ask_user_choice', args: { question: 'Which account?', options: ['Personal', 'Work'] } }]), { hang: true });
        const agent = await mountAgent(lane);
        if (!(await shrinkVisualViewport())) this.skip();
        void agent.run('Help me');
        await waitFor(() => !!shadow(agent, '[part~="option"]'), 'the choices', 15_000);
        await panTo(edge);
        await expectInSight(shadow(agent, '[part~="bar"]')!, 'the bar');
        await stop(agent);
      });

      it('the confirmation, and the button it asks about', async function () {
        const root = await page();
        const lane = await createLane();
        await lane.script(turn([{ tool: 'click', args: { selector: '#delete' } }]), { hang: true });
        const agent = await mountAgent(lane);
        if (!(await shrinkVisualViewport())) this.skip();
        // Cancel takes focus and the browser may pan to it: measured where the agent left things.
        await panTo(edge);
        void agent.run('Delete my account');
        await waitFor(() => !!agent.shadowRoot!.querySelector('dialog[open]'), 'the confirmation', 15_000);
        await expectInSight(shadow(agent, 'dialog[open] [part~="bar"]')!, 'the confirmation');
        const target = root.querySelector('#delete')!;
        await expectInSight(target, 'the button asked about');
        const bar = shadow(agent, 'dialog[open] [part~="bar"]')!.getBoundingClientRect();
        const button = target.getBoundingClientRect();
        expect(button.bottom <= bar.top || button.top >= bar.bottom, 'the button is not under the confirmation').to.equal(true);
        await stop(agent);
      });
    });
  }

  // A page no taller than the screen cannot scroll its subject clear of the bar: BarPlacement must
  // judge the edges of what is seen, not of the layout viewport (whose lower part is under the keys).
  it('the bar steps to the top of what is seen, off the button it would cover', async function () {
    const root = await fixture<HTMLDivElement>(html`<div style="height: 600px; overflow: hidden; padding: 0 16px">
      <input aria-label="Email" style="display: block; margin-top: 60px" />
      <button id="sign-in" type="button" style="display: block; margin-top: 190px; height: 44px">Sign in</button>
    </div>`);
    const lane = await createLane();
    await lane.script(turn([{ tool: 'highlight', args: { selector: '#sign-in', label: 'Here' } }, { narrate: 'This button signs you in.' }]), { hang: true });
    const agent = await mountAgent(lane);
    if (!(await shrinkVisualViewport())) this.skip();
    await panTo('top');
    void agent.run('Where do I sign in?');
    await waitFor(() => !!shadow(agent, '[part~="bar"]')?.textContent?.includes('signs you in'), 'the narration', 15_000);
    await panTo('top');
    const bar = shadow(agent, '[part~="bar"]')!;
    await expectInSight(bar, 'the bar');
    const button = root.querySelector('#sign-in')!;
    await expectInSight(button, 'the button');
    const [over, under] = [bar.getBoundingClientRect(), button.getBoundingClientRect()];
    expect(under.bottom <= over.top || under.top >= over.bottom, `the bar ${Math.round(over.top)}–${Math.round(over.bottom)} is off the button ${Math.round(under.top)}–${Math.round(under.bottom)}`).to.equal(true);
    await stop(agent);
  });
});
