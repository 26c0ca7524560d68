// What the overlay shows over a run: explicit border/highlight from the model, the cue on the
// element an action works on, what replaces what, when it all clears, what the host hears, and
// motion. Real element, real `openai` client, the scripted model server; nothing of ours is mocked.
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { LitElement } from 'lit';
import { elementId } from '../src/dom/index.js';
import { OverlayController } from '../src/ui/overlay-layer/overlay-controller.js';
import { renderOverlayLayer } from '../src/ui/overlay-layer/overlay-layer.js';
import { overlayLayerStyles } from '../src/ui/overlay-layer/overlay-layer.styles.js';
import { themeStyles } from '../src/ui/theme.styles.js';
import type { WebAgentEventMap } from '../src/ui/events.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, waitFor } from './support/agent-fixture.js';
import { createLane, modelCalls, type Lane, type Reply } from './support/model-lane.js';
import { checkAccessibilityAfterEach } from './support/a11y.js';

const id = (element: Element) => `[${elementId(element)}]`;
const all = (agent: WebAgentElement, part: string) => [...agent.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${part}"]`)];
const end: Reply = { turn: { memory: 'done', todos_remaining: [], actions: [{ narrate: 'Done.' }] } };
const turn = (actions: Array<Record<string, unknown>>): Reply => ({ turn: { memory: 'm', todos_remaining: ['more'], actions: actions as never } });
/** A reply that waits at its first character until the lane is released. */
const held = (reply: Reply): Reply => ({ ...reply, holdAfterChars: 1 }) as Reply;

/** The outline drawn around `element`, if any (matched by position, as a visitor would). */
function outlineOf(agent: WebAgentElement, element: Element, part = 'overlay-box'): HTMLElement | undefined {
  const target = element.getBoundingClientRect();
  return all(agent, part).find((drawn) => {
    const rect = drawn.getBoundingClientRect();
    return Math.abs(rect.left + 4 - target.left) <= 1 && Math.abs(rect.top + 4 - target.top) <= 1;
  });
}

async function page() {
  const root = await fixture(html`<div style="display: grid; gap: 16px; padding: 24px; width: 300px">
    <button id="a" type="button">Profile</button>
    <button id="b" type="button">Orders</button>
    <button id="c" type="button">Help</button>
  </div>`);
  const [a, b, c] = [...root.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement, HTMLButtonElement];
  return { a, b, c };
}

describe('overlay layers', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('a new border replaces a highlight; the host hears every overlay-update; the run end clears it', async () => {
    const { a, b, c } = await page();
    await lane.script(
      turn([{ tool: 'highlight', args: { selector: id(a), label: 'Your profile' } }]),
      held(turn([{ tool: 'border', args: { selectors: [id(b), id(c)], label: 'Lists' } }])),
      held(end),
    );
    const agent = await mountAgent(lane);
    const updates: WebAgentEventMap['overlay-update']['detail'][] = [];
    agent.addEventListener('overlay-update', (event) => updates.push(event.detail));
    const running = agent.run('Where is my profile?');
    await modelCalls(lane, 2);
    await waitFor(() => !!outlineOf(agent, a, 'overlay-spotlight'), 'the spotlight on Profile');
    expect(all(agent, 'overlay-label').map((label) => label.textContent!.trim())).to.deep.equal(['Your profile']);
    await lane.release();
    await modelCalls(lane, 3);
    await waitFor(() => all(agent, 'overlay-box').length === 2, 'two outlines');
    expect(all(agent, 'overlay-spotlight'), 'the highlight is gone').to.have.length(0);
    expect(outlineOf(agent, b)).to.not.equal(undefined);
    expect(outlineOf(agent, c)).to.not.equal(undefined);
    expect(all(agent, 'overlay-label').map((label) => label.textContent!.trim())).to.deep.equal(['Lists']);
    await lane.release();
    await running;
    await agent.updateComplete;
    expect(all(agent, 'overlay-box'), 'cleared at the end').to.have.length(0);
    expect(all(agent, 'overlay-spotlight')).to.have.length(0);
    // The host saw the same story, with the elements themselves.
    expect(updates.map((update) => update.items.map((item) => [item.kind, item.target.id, item.label]))).to.deep.equal([
      [['highlight', 'a', 'Your profile']],
      [['border', 'b', 'Lists'], ['border', 'c', undefined]],
      [],
    ]);
    expect(updates[0]!.items[0]!.target).to.equal(a);
  });

  it('the cue on a clicked element leaves a highlight asked for earlier in the batch in place', async () => {
    const { a, b } = await page();
    let clicks = 0;
    b.addEventListener('click', () => clicks++);
    await lane.script(
      turn([{ tool: 'highlight', args: { selector: id(a) } }, { tool: 'click', args: { selector: id(b) } }]),
      held(end),
    );
    const agent = await mountAgent(lane);
    const running = agent.run('Open orders but keep my profile in view');
    await modelCalls(lane, 2);
    try {
      expect(clicks).to.equal(1);
      await waitFor(() => !!outlineOf(agent, b, 'overlay-cue'), 'the cue on Orders');
      expect(outlineOf(agent, a, 'overlay-spotlight'), 'the spotlight stays').to.not.equal(undefined);
    } finally {
      await lane.release();
      await running;
    }
  });

  it('a host-handled navigation clears the overlay while the run goes on', async () => {
    const { a } = await page();
    await lane.script(
      turn([{ tool: 'border', args: { selectors: [id(a)] } }, { tool: 'navigate', args: { url: '/orders' } }]),
      held(end),
    );
    const agent = await mountAgent(lane);
    let outlinedBeforeNavigation = false;
    agent.addEventListener('navigate', (event) => {
      event.preventDefault();
      outlinedBeforeNavigation = !!outlineOf(agent, a);
    });
    const running = agent.run('Show profile, then go to orders');
    await modelCalls(lane, 2);
    try {
      await agent.updateComplete;
      expect(outlinedBeforeNavigation).to.equal(true);
      expect(all(agent, 'overlay-box')).to.have.length(0);
    } finally {
      await lane.release();
      await running;
    }
  });

  describe('motion', () => {
    async function movedOutline(): Promise<{ frame: HTMLElement; finish: () => Promise<void> }> {
      const { a, b } = await page();
      await lane.script(
        turn([{ tool: 'border', args: { selectors: [id(a)] } }, { tool: 'border', args: { selectors: [id(b)] } }]),
        held(end),
      );
      const agent = await mountAgent(lane);
      const running = agent.run('Show profile then orders');
      await modelCalls(lane, 2);
      await agent.updateComplete;
      const finish = () => lane.release().then(() => running);
      // Found by count, not position: a gliding outline is still on its way to Orders.
      const boxes = all(agent, 'overlay-box');
      if (boxes.length !== 1) {
        await finish();
        throw new Error(`expected one outline, found ${boxes.length}`);
      }
      return { frame: boxes[0]!.parentElement!, finish };
    }

    it('glides from one target to the next', async () => {
      const moving = await movedOutline();
      try {
        expect(moving.frame.classList.contains('animate')).to.equal(true);
        expect(parseFloat(getComputedStyle(moving.frame).transitionDuration)).to.be.greaterThan(0);
      } finally {
        await moving.finish();
      }
    });

    it('does not glide or fade under prefers-reduced-motion', async function () {
      try {
        await emulateMedia({ reducedMotion: 'reduce' });
      } catch {
        this.skip(); // Only Playwright emulates it here; the seam test below covers the decision everywhere.
      }
      try {
        expect(matchMedia('(prefers-reduced-motion: reduce)').matches).to.equal(true);
        const still = await movedOutline();
        try {
          expect(still.frame.classList.contains('animate')).to.equal(false);
          expect(getComputedStyle(still.frame).transitionDuration).to.equal('0s');
          expect(still.frame.getAnimations({ subtree: true })).to.have.length(0);
        } finally {
          await still.finish();
        }
      } finally {
        await emulateMedia({ reducedMotion: 'no-preference' });
      }
    });

    it('asks the reduced-motion preference at each move (the seam every engine can drive)', async () => {
      let reduce = true;
      class MotionHost extends LitElement {
        static override styles = [themeStyles, overlayLayerStyles];
        overlay = new OverlayController(this, { prefersReducedMotion: () => reduce });
        override render() {
          return renderOverlayLayer(this.overlay);
        }
      }
      customElements.define('overlay-motion-host', MotionHost);
      const { a, b } = await page();
      const host = await fixture<MotionHost>(html`<overlay-motion-host></overlay-motion-host>`);
      const frame = () => host.shadowRoot!.querySelector<HTMLElement>('.frame')!;
      host.overlay.border(a);
      await host.updateComplete;
      host.overlay.border(b);
      await host.updateComplete;
      expect(frame().classList.contains('animate')).to.equal(false);
      expect(getComputedStyle(frame()).transitionDuration).to.equal('0s');
      reduce = false;
      host.overlay.border(a);
      await host.updateComplete;
      expect(frame().classList.contains('animate')).to.equal(true);
      await nextFrame();
    });
  });
});
