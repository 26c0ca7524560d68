// The overlay as a visitor sees it: the model outlines or spotlights an element through the real
// <web-agent> and the scripted model server, and the box keeps to its target while the page scrolls,
// resizes and reflows. The run is held open (the next model reply waits) so the overlay stays up.
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { elementId } from '../src/dom/index.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, shadow, waitFor } from './support/agent-fixture.js';
import { createLane, modelCalls, type Lane, type ScriptedAction } from './support/model-lane.js';
import { checkAccessibilityAfterEach } from './support/a11y.js';

const PADDING = 4;
const id = (element: Element) => `[${elementId(element)}]`;
const box = (agent: WebAgentElement) => shadow(agent, '[part~="overlay-box"]');
const spotlight = (agent: WebAgentElement) => shadow(agent, '[part~="overlay-spotlight"]');

/** The box is drawn PADDING px outside its target on every side: within 1 px of that. */
function expectAround(drawn: DOMRect, target: DOMRect, offset = { x: 0, y: 0 }): void {
  const sides = {
    top: drawn.top + PADDING - (target.top + offset.y),
    left: drawn.left + PADDING - (target.left + offset.x),
    bottom: drawn.bottom - PADDING - (target.bottom + offset.y),
    right: drawn.right - PADDING - (target.right + offset.x),
  };
  for (const [side, gap] of Object.entries(sides)) expect(Math.abs(gap), `${side} off by ${gap.toFixed(2)} px`).to.be.at.most(1);
}

async function frames(count = 3): Promise<void> {
  for (let i = 0; i < count; i++) await nextFrame();
}

/** Clip-path insets of a drawn box: [top, right, bottom, left] (the shorthand expanded as CSS does). */
function insets(element: HTMLElement): number[] {
  const match = /inset\(([^)]*)\)/.exec(element.style.clipPath);
  const [top = 0, right = top, bottom = top, left = right] = match ? match[1]!.trim().split(/\s+/).map((value) => parseFloat(value)) : [];
  return [top, right, bottom, left];
}

/**
 * Runs `actions` as the model's first turn and holds the second reply, so the run (and the overlay)
 * stays up until `finish()` releases it and waits for the end.
 */
async function showHeld(lane: Lane, actions: ScriptedAction[]): Promise<{ agent: WebAgentElement; finish: () => Promise<void> }> {
  await lane.script(
    { turn: { memory: 'showing', todos_remaining: ['explain'], actions } },
    { turn: { memory: 'done', todos_remaining: [], actions: [{ narrate: 'That is it.' }] }, holdAfterChars: 1 },
  );
  const agent = await mountAgent(lane);
  agent.addEventListener('step', (event) => {
    if (!event.detail.result.ok) console.warn(`${event.detail.action}: ${event.detail.result.message}`);
  });
  const running = agent.run('Show me');
  await modelCalls(lane, 2);
  return {
    agent,
    finish: async () => {
      await lane.release();
      await running;
    },
  };
}

describe('overlay geometry', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });
  afterEach(() => window.scrollTo(0, 0));

  it('stays on its target through window scrolling, and never restyles the page', async () => {
    const page = await fixture(html`<div style="padding-top: 500px; height: 3000px">
      <button id="target" style="width: 140px; height: 40px" class="plain">Invoices</button>
    </div>`);
    const target = page.querySelector('button')!;
    const { agent, finish } = await showHeld(lane, [{ tool: 'border', args: { selectors: [id(target)], label: 'Here' } }]);
    try {
      await waitFor(() => !!box(agent), 'the outline');
      expectAround(box(agent)!.getBoundingClientRect(), target.getBoundingClientRect());
      expect(shadow(agent, '[part~="overlay-label"]')!.textContent!.trim()).to.equal('Here');
      for (const y of [120, 377, 40]) {
        window.scrollTo(0, y);
        await frames();
        expectAround(box(agent)!.getBoundingClientRect(), target.getBoundingClientRect());
      }
      expect(target.getAttribute('style')).to.equal('width: 140px; height: 40px');
      expect(target.className).to.equal('plain');
      expect(getComputedStyle(shadow(agent, '[part~="overlay"]')!).pointerEvents).to.equal('none');
    } finally {
      await finish();
    }
  });

  it('follows scrolling inside a container, clips at its edge and hides when scrolled out', async () => {
    const page = await fixture(html`<div style="padding: 40px">
      <div id="list" style="height: 150px; overflow: auto; border: 1px solid">
        <div style="height: 100px"></div>
        <button style="display: block; width: 160px; height: 50px">Row 7</button>
        <div style="height: 600px"></div>
      </div>
    </div>`);
    const list = page.querySelector<HTMLElement>('#list')!;
    const target = page.querySelector('button')!;
    const { agent, finish } = await showHeld(lane, [{ tool: 'border', args: { selectors: [id(target)] } }]);
    try {
      await waitFor(() => !!box(agent), 'the outline');
      list.scrollTop = 30;
      await frames();
      expectAround(box(agent)!.getBoundingClientRect(), target.getBoundingClientRect());
      expect(insets(box(agent)!)).to.deep.equal([0, 0, 0, 0]);
      // Half of the row is above the list's top edge now: the outline is cut there, not drawn over the page.
      list.scrollTop = 125;
      await frames();
      const drawn = box(agent)!.getBoundingClientRect();
      expectAround(drawn, target.getBoundingClientRect());
      const [clipTop] = insets(box(agent)!);
      const listTop = list.getBoundingClientRect().top + list.clientTop;
      expect(drawn.top + clipTop!).to.be.within(listTop - PADDING - 3, listTop);
      list.scrollTop = 400;
      await frames();
      expect(box(agent), 'hidden while out of its container').to.equal(null);
      list.scrollTop = 60;
      await frames();
      expectAround(box(agent)!.getBoundingClientRect(), target.getBoundingClientRect());
    } finally {
      await finish();
    }
  });

  it('follows a layout shift above the target and a change of the target\'s own size', async () => {
    const page = await fixture(html`<div><p>Intro</p><button style="width: 120px; height: 36px">Pay</button></div>`);
    const target = page.querySelector('button')!;
    const { agent, finish } = await showHeld(lane, [{ tool: 'highlight', args: { selector: id(target) } }]);
    try {
      await waitFor(() => !!spotlight(agent), 'the spotlight');
      expectAround(spotlight(agent)!.getBoundingClientRect(), target.getBoundingClientRect());
      const banner = document.createElement('div');
      banner.style.height = '137px';
      page.prepend(banner);
      await frames();
      expectAround(spotlight(agent)!.getBoundingClientRect(), target.getBoundingClientRect());
      target.style.width = '260px';
      target.style.height = '58px';
      await frames();
      expectAround(spotlight(agent)!.getBoundingClientRect(), target.getBoundingClientRect());
    } finally {
      await finish();
    }
  });

  it('follows a target in a frame when the frame resizes and scrolls', async () => {
    const frame = await fixture<HTMLIFrameElement>(html`<iframe
      style="width: 500px; height: 300px; border: 3px solid; padding: 5px; margin-left: 30px"
      srcdoc="<body style='margin:0;height:1200px'><div style='margin:60px auto 0;width:50%'><button style='width:100%;height:40px'>Inside</button></div></body>"
    ></iframe>`);
    await waitFor(() => !!frame.contentDocument?.querySelector('button'), 'the frame content');
    const target = frame.contentDocument!.querySelector('button')!;
    const inFrame = () => {
      const rect = frame.getBoundingClientRect();
      return { x: rect.left + 3 + 5, y: rect.top + 3 + 5 };
    };
    const { agent, finish } = await showHeld(lane, [{ tool: 'border', args: { selectors: [id(target)] } }]);
    try {
      await waitFor(() => !!box(agent), 'the outline');
      expectAround(box(agent)!.getBoundingClientRect(), target.getBoundingClientRect(), inFrame());
      frame.style.width = '340px';
      await frames(4);
      expectAround(box(agent)!.getBoundingClientRect(), target.getBoundingClientRect(), inFrame());
      frame.contentWindow!.scrollTo(0, 30);
      await frames();
      expectAround(box(agent)!.getBoundingClientRect(), target.getBoundingClientRect(), inFrame());
      frame.contentWindow!.scrollTo(0, 400);
      await frames();
      expect(box(agent), 'hidden once scrolled out of the frame').to.equal(null);
    } finally {
      await finish();
    }
  });

  // CSS zoom on a region or on the whole body (an old way to fit a page): the outline is drawn where
  // the target is painted, and a target below the fold is brought into view, in every engine.
  // WebKit without currentCSSZoom reads a zoomed element's boxes in its own space, so the outline
  // was drawn at 2/3 of the target's place and size there, and the scroll that reveals it overshot.
  // Judged by hit tests, which work in the page's space everywhere: the drawn box's inner corners
  // land on the target, points just beyond its edges do not.
  for (const [where, zoom] of [['a region', '1.5'], ['the whole body', '0.8']] as const) {
    it(`outlines and brings into view a target under CSS zoom on ${where}`, async () => {
      const region = where === 'a region';
      const page = await fixture(html`<div style="padding-top: 1400px; height: 3000px">
        <div style="zoom: ${region ? zoom : '1'}; margin-left: 60px">
          <p>Orders</p>
          <button id="target" style="width: 160px; height: 40px; margin-left: 30px">Open orders</button>
        </div>
      </div>`);
      if (!region) document.body.style.zoom = zoom;
      const target = page.querySelector('button')!;
      const lands = (x: number, y: number) => document.elementsFromPoint(x, y).includes(target);
      const { agent, finish } = await showHeld(lane, [{ tool: 'border', args: { selectors: [id(target)] } }]);
      try {
        await waitFor(() => !!box(agent), 'the outline');
        await frames();
        const drawn = box(agent)!.getBoundingClientRect();
        const [left, top, right, bottom] = [drawn.left + PADDING, drawn.top + PADDING, drawn.right - PADDING, drawn.bottom - PADDING];
        expect(top, 'the target is in view').to.be.within(0, innerHeight - 20);
        for (const [x, y] of [[left + 3, top + 3], [right - 3, top + 3], [left + 3, bottom - 3], [right - 3, bottom - 3]] as const) {
          expect(lands(x, y), `the drawn box's inner corner (${x.toFixed(0)}, ${y.toFixed(0)}) is on the target`).to.equal(true);
        }
        const middle = (top + bottom) / 2;
        expect(lands(right + 6, middle), 'just past its right edge is not the target').to.equal(false);
        expect(lands(left - 6, middle), 'just before its left edge is not the target').to.equal(false);
      } finally {
        document.body.style.zoom = '';
        await finish();
      }
    });
  }

  it('follows its target when the window itself is resized', async function () {
    const page = await fixture(html`<div style="display: flex; justify-content: center; padding-top: 80px">
      <button style="width: 30vw; height: 40px">Centred</button>
    </div>`);
    const target = page.querySelector('button')!;
    try {
      await setViewport({ width: 900, height: 640 });
    } catch {
      this.skip(); // WebDriver cannot resize the viewport; the frame test above covers a resizing window.
    }
    const { agent, finish } = await showHeld(lane, [{ tool: 'border', args: { selectors: [id(target)] } }]);
    try {
      await waitFor(() => !!box(agent), 'the outline');
      const before = target.getBoundingClientRect().left;
      await setViewport({ width: 700, height: 600 });
      await frames(4);
      expect(target.getBoundingClientRect().left).to.not.be.closeTo(before, 5);
      expectAround(box(agent)!.getBoundingClientRect(), target.getBoundingClientRect());
    } finally {
      await finish();
      await setViewport({ width: 800, height: 600 });
    }
  });
});
