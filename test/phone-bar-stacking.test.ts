// Phones (issue 16): when the agent points at something at the very end of a page, the bar steps
// away to the top edge (BarPlacement); there it must not lie over the launcher or the open prompt,
// which may step up there too, nor at the bottom over a prompt opened during the task; every
// control stays a 44 px target that a tap reaches, at 360×640 and 375×667.
import { expect, fixture, html } from '@open-wc/testing';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, nextEvent, shadow, waitFor } from './support/agent-fixture.js';
import { restoreViewport, setViewport } from './support/viewport.js';
import { createLane } from './support/model-lane.js';

interface Box {
  name: string;
  rect: DOMRect;
}

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Our shown boxes, each named: the bar, the prompt, the launcher. */
function boxes(agent: WebAgentElement): Box[] {
  return [...agent.shadowRoot!.querySelectorAll('[part~="bar"], [part~="prompt"], [part~="launcher"]')]
    .map((piece) => ({ name: piece.getAttribute('part')!, rect: piece.getBoundingClientRect() }))
    .filter(({ rect }) => rect.width > 0 && rect.height > 0);
}

function expectApartAndTappable(agent: WebAgentElement, target: Element, state: string): void {
  const shown = boxes(agent);
  for (const [index, one] of shown.entries()) {
    for (const other of shown.slice(index + 1)) {
      expect(overlaps(one.rect, other.rect), `${state}: the ${one.name} ${JSON.stringify(one.rect)} lies over the ${other.name} ${JSON.stringify(other.rect)}`).to.equal(false);
    }
    expect(overlaps(one.rect, target.getBoundingClientRect()), `${state}: the ${one.name} lies over the target`).to.equal(false);
  }
  const view = document.documentElement;
  for (const control of agent.shadowRoot!.querySelectorAll<HTMLElement>('button, input')) {
    const box = control.getBoundingClientRect();
    if (!box.width && !box.height) continue;
    const name = `${state}: ${control.getAttribute('part')} "${control.textContent!.trim() || control.getAttribute('aria-label') || ''}"`;
    expect(Math.round(box.width), `${name} width`).to.be.at.least(44);
    expect(Math.round(box.height), `${name} height`).to.be.at.least(44);
    expect(box.top >= 0 && box.left >= 0 && box.bottom <= view.clientHeight + 0.5 && box.right <= view.clientWidth + 0.5, `${name} on screen`).to.equal(true);
    // Tappable: nothing of ours lies over its middle.
    const inner = agent.shadowRoot!.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    expect(inner === control || control.contains(inner), `${name} is what a tap on it reaches`).to.equal(true);
  }
}

async function settled(agent: WebAgentElement): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await Promise.all(agent.shadowRoot!.getAnimations().map((animation) => animation.finished));
}

/** The target is the page's last line (no scroll brings it above the bar at the bottom) or its first, full width. */
async function page(at: 'end' | 'start') {
  const filler = html`<div style="height: 1500px">Long page.</div>`;
  return fixture<HTMLDivElement>(html`<div>
    ${at === 'end' ? filler : ''}
    <button id="target" type="button" style="display: block; width: 100%; height: 60px; margin: 0">Last action</button>
    ${at === 'start' ? filler : ''}
  </div>`);
}

for (const [width, height] of [
  [360, 640],
  [375, 667],
] as const) {
  describe(`the bar beside the launcher and the prompt, ${width}×${height}`, () => {
    before(async () => {
      await setViewport({ width, height });
    });
    after(async () => {
      await restoreViewport();
      scrollTo(0, 0);
    });

    /** A task pointing at the target, with the bar at `edge` once it narrates. */
    async function pointing(at: 'end' | 'start', edge: 'top' | 'bottom') {
      const root = await page(at);
      const lane = await createLane();
      await lane.script({ turn: { memory: 'm', todos_remaining: ['more'], actions: [{ tool: 'highlight', args: { selector: '#target', label: 'This one' } }, { narrate: 'This is the button you asked about.' }] } }, { hang: true });
      const agent = await mountAgent(lane);
      void agent.run('Where is it?');
      await waitFor(() => shadow(agent, '[part~="bar"]')?.dataset.edge === edge && !!shadow(agent, '[part~="bar"]')?.textContent?.includes('you asked about'), `the bar at the ${edge}`, 15_000);
      await settled(agent);
      return { agent, target: root.querySelector('#target')! };
    }

    async function openPrompt(agent: WebAgentElement): Promise<void> {
      shadow(agent, '[part~="launcher"]')!.click();
      await waitFor(() => !!shadow(agent, '[part~="prompt"]'), 'the prompt');
      await settled(agent);
    }

    async function stop(agent: WebAgentElement): Promise<void> {
      const ended = nextEvent(agent, 'done');
      agent.stop();
      await ended;
    }

    it('clear of the launcher, which stepped up too', async () => {
      const { agent, target } = await pointing('end', 'top');
      expect(shadow(agent, '[part~="launcher"]')!.dataset.edge, 'the launcher stepped away from the target').to.equal('top');
      expectApartAndTappable(agent, target, 'running');
      await stop(agent);
    });

    it('clear of the prompt opened during the task, at the top', async () => {
      const { agent, target } = await pointing('end', 'top');
      await openPrompt(agent);
      expect(shadow(agent, '[part~="prompt"]')!.dataset.edge, 'the prompt stepped away from the target').to.equal('top');
      expectApartAndTappable(agent, target, 'the prompt open');
      await stop(agent);
    });

    it('clear of the prompt opened during the task, at the bottom', async () => {
      const { agent, target } = await pointing('start', 'bottom');
      await openPrompt(agent);
      expectApartAndTappable(agent, target, 'the prompt open');
      await stop(agent);
    });
  });
}

// The open prompt's height keeps the bar off it only at the edge the prompt is at: on a desktop the
// prompt stays in its corner at the bottom while the bar steps to the top off a target it would
// cover, and there the bar stands at the top edge, not a prompt's height below it (it did).
describe('the bar at the top, the prompt open at the bottom, 1280×800', () => {
  before(async () => {
    await setViewport({ width: 1280, height: 800 });
  });
  after(async () => {
    await restoreViewport();
    scrollTo(0, 0);
  });

  it('the bar is at the top edge, clear of the target and the prompt', async () => {
    const root = await fixture<HTMLDivElement>(html`<div>
      <div style="height: 1500px">Long page.</div>
      <button id="target" type="button" style="display: block; width: 400px; height: 60px; margin: 0 0 0 400px">Last action</button>
    </div>`);
    const lane = await createLane();
    await lane.script({ turn: { memory: 'm', todos_remaining: ['more'], actions: [{ tool: 'highlight', args: { selector: '#target', label: 'This one' } }, { narrate: 'This is the button you asked about.' }] } }, { hang: true });
    const agent = await mountAgent(lane);
    void agent.run('Where is it?');
    await waitFor(() => shadow(agent, '[part~="bar"]')?.dataset.edge === 'top' && !!shadow(agent, '[part~="bar"]')?.textContent?.includes('you asked about'), 'the bar at the top', 15_000);
    shadow(agent, '[part~="launcher"]')!.click();
    await waitFor(() => !!shadow(agent, '[part~="prompt"]'), 'the prompt');
    await settled(agent);
    expect(shadow(agent, '[part~="prompt"]')!.dataset.edge, 'the prompt stays at the bottom').to.equal('bottom');
    const bar = shadow(agent, '[part~="bar"]')!.getBoundingClientRect();
    expect(bar.top, 'the bar at the top edge').to.be.at.most(24.5);
    expect(overlaps(bar, root.querySelector('#target')!.getBoundingClientRect()), 'the bar off the target').to.equal(false);
    expect(overlaps(bar, shadow(agent, '[part~="prompt"]')!.getBoundingClientRect()), 'the bar off the prompt').to.equal(false);
    const ended = nextEvent(agent, 'done');
    agent.stop();
    await ended;
  });
});
