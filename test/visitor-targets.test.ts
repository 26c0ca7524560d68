// Targets clear of our own UI (issue 16): whatever the agent clicks, fills, scrolls to, outlines or
// asks about ends up whole in view, not under the page's pinned header or footer, nor under the
// agent's bar, prompt or launcher, on phones and desktops alike.
import { expect, fixture, html } from '@open-wc/testing';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, nextEvent, shadow, waitFor } from './support/agent-fixture.js';
import { restoreViewport, setViewport } from './support/viewport.js';
import { createLane, type ScriptedAction } from './support/model-lane.js';

interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const plain = ({ top, bottom, left, right }: Rect): Rect => ({ top: Math.round(top), bottom: Math.round(bottom), left: Math.round(left), right: Math.round(right) });

/** What the visitor sees of ours: every shown bar (the confirmation's too), the prompt and the launcher. */
function ourBoxes(agent: WebAgentElement): Rect[] {
  const pieces = agent.shadowRoot!.querySelectorAll('[part~="bar"], [part~="prompt"], [part~="launcher"]');
  return [...pieces].map((piece) => piece.getBoundingClientRect()).filter((rect) => rect.width > 0 && rect.height > 0);
}

/** A page with a header and a cookie line pinned to the top and a footer pinned to the bottom. */
async function pinnedPage() {
  return fixture<HTMLDivElement>(html`
    <div>
      <header data-pinned style="position: fixed; top: 0; left: 0; right: 0; height: 56px; background: #234; color: white; z-index: 10">Shop</header>
      <div data-pinned style="position: sticky; top: 56px; height: 30px; background: #fe8; z-index: 9">We use cookies</div>
      <main style="padding: 70px 16px 80px">
        <button id="top-target" style="height: 40px">Top action</button>
        <div style="height: 1600px"></div>
        <label>Note <input id="field" /></label>
        <div style="height: 200px"></div>
        <button id="delete">Delete my account</button>
        <div style="height: 40px"></div>
        <button id="bottom-target" style="height: 40px">Bottom action</button>
      </main>
      <footer data-pinned style="position: fixed; bottom: 0; left: 0; right: 0; height: 48px; background: #234; color: white; z-index: 10">© Shop</footer>
    </div>
  `);
}

/** The target, our UI and the page's pinned boxes, measured when `seen` holds; then the task is stopped. */
async function measured(actions: ScriptedAction[], target: string, seen: (agent: WebAgentElement, element: HTMLElement) => boolean, scrollFirst: 'top' | 'bottom') {
  const page = await pinnedPage();
  const element = page.querySelector<HTMLElement>(target)!;
  const lane = await createLane();
  await lane.script({ turn: { memory: 'working', todos_remaining: ['finish'], actions } }, { hang: true });
  const agent = await mountAgent(lane);
  window.scrollTo({ top: scrollFirst === 'top' ? 0 : document.documentElement.scrollHeight, behavior: 'instant' as ScrollBehavior });
  void agent.run('Do it');
  // The first task of the file also loads the model client, which the dev server compiles then.
  await waitFor(() => seen(agent, element), 'the action on the target', 15_000);
  // The layout after the action's own frame: what the visitor is looking at.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const result = {
    target: plain(element.getBoundingClientRect()),
    ours: ourBoxes(agent).map(plain),
    pinned: [...page.querySelectorAll('[data-pinned]')].map((box) => plain(box.getBoundingClientRect())),
    view: { height: document.documentElement.clientHeight, width: document.documentElement.clientWidth },
  };
  const ended = nextEvent(agent, 'done');
  agent.stop();
  await ended;
  return result;
}

function expectClear({ target, ours, pinned, view }: Awaited<ReturnType<typeof measured>>): void {
  expect(ours.length, 'our bar and launcher are on screen').to.be.at.least(1);
  expect(target.top, 'the top of the target is on screen').to.be.at.least(0);
  expect(target.bottom, 'the bottom of the target is on screen').to.be.at.most(view.height);
  for (const box of ours) expect(overlaps(target, box), `target ${JSON.stringify(target)} under our ${JSON.stringify(box)}`).to.equal(false);
  for (const box of pinned) expect(overlaps(target, box), `target ${JSON.stringify(target)} under the page's ${JSON.stringify(box)}`).to.equal(false);
}

const clicked = new WeakSet<Element>();
document.addEventListener('click', (event) => clicked.add(event.target as Element), true);

const sizes: Array<[number, number]> = [
  [375, 667],
  [1280, 800],
  [360, 640],
];

describe('targets clear of our own UI', () => {
  after(async () => {
    await restoreViewport();
    window.scrollTo(0, 0);
  });

  for (const [width, height] of sizes) {
    describe(`at ${width}×${height}`, () => {
      before(async () => {
        await setViewport({ width, height });
      });

      it('a click near the bottom of the page happens in view, above the bar and the footer', async () => {
        expectClear(await measured([{ narrate: 'Pressing it.' }, { tool: 'click', args: { selector: '#bottom-target' } }], '#bottom-target', (_, element) => clicked.has(element), 'top'));
      });

      it('a click near the top of the page happens below the pinned header', async () => {
        expectClear(await measured([{ tool: 'click', args: { selector: '#top-target' } }], '#top-target', (_, element) => clicked.has(element), 'bottom'));
      });

      it('a field filled in mid-page', async () => {
        expectClear(await measured([{ narrate: 'Writing the note.' }, { tool: 'fill_input', args: { selector: '#field', value: 'Hello' } }], '#field', (_, element) => (element as HTMLInputElement).value === 'Hello', 'top'));
      });

      it('scroll_to brings the target clear of the bar', async () => {
        let done = false;
        const result = await measured(
          [{ tool: 'scroll_to', args: { selector: '#bottom-target' } }, { narrate: 'Here it is.' }],
          '#bottom-target',
          (agent) => (done ||= agent.shadowRoot!.textContent!.includes('Here it is')),
          'top',
        );
        expectClear(result);
      });

      it('an outline drawn near the bottom is around a target in the clear', async () => {
        expectClear(
          await measured(
            [{ narrate: 'This one.' }, { tool: 'highlight', args: { selector: '#bottom-target', label: 'Here' } }],
            '#bottom-target',
            (agent) => !!shadow(agent, '[part~="overlay-spotlight"], [part~="overlay-box"]'),
            'top',
          ),
        );
      });

      it('with the prompt open, a host-driven outline near the bottom is clear of the prompt and the launcher', async () => {
        const page = await pinnedPage();
        const element = page.querySelector<HTMLElement>('#bottom-target')!;
        const agent = await mountAgent(await createLane());
        window.scrollTo({ top: 0, behavior: 'instant' as ScrollBehavior });
        shadow(agent, '[part~="launcher"]')!.click();
        await waitFor(() => !!shadow(agent, '[part~="prompt-input"]'), 'the prompt');
        await Promise.all(shadow(agent, '[part~="prompt"]')!.getAnimations({ subtree: true }).map((animation) => animation.finished));
        const result = await agent.executeAction('border', { selectors: ['#bottom-target'] });
        expect(result.ok, result.message).to.equal(true);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        expect(shadow(agent, '[part~="prompt-input"]'), 'the prompt is still open').to.not.equal(null);
        expectClear({
          target: plain(element.getBoundingClientRect()),
          ours: ourBoxes(agent).map(plain),
          pinned: [...page.querySelectorAll('[data-pinned]')].map((box) => plain(box.getBoundingClientRect())),
          view: { height: document.documentElement.clientHeight, width: document.documentElement.clientWidth },
        });
      });

      it('the confirmation asks about a button it brought clear of itself', async () => {
        const result = await measured(
          [{ tool: 'click', args: { selector: '#delete' } }],
          '#delete',
          (agent) => !!agent.shadowRoot!.querySelector('dialog[open]'),
          'top',
        );
        expectClear(result);
      });
    });
  }
});
