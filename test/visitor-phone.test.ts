// Phones (issue 16): at 360–414 px, also with an on-screen keyboard taking most of the height,
// the prompt, bar and confirmation stay whole on screen, every control is a 44 px target, and a
// double-tap on the bar says no, as the seed's touch gesture does.
import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, nextEvent, shadow, waitFor } from './support/agent-fixture.js';
import { restoreViewport, setViewport } from './support/viewport.js';
import { createLane, type Lane, type ScriptedAction } from './support/model-lane.js';

const turn = (actions: ScriptedAction[]) => ({ turn: { memory: 'm', todos_remaining: ['more'], actions } });

/** Every control of ours the visitor can tap: buttons and fields with a box on screen. */
function controls(agent: WebAgentElement): HTMLElement[] {
  return [...agent.shadowRoot!.querySelectorAll<HTMLElement>('button, input')].filter((control) => control.getClientRects().length > 0);
}

function expectTappableAndOnScreen(agent: WebAgentElement, state: string): void {
  const view = { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
  const found = controls(agent);
  expect(found.length, `${state}: controls shown`).to.be.greaterThan(0);
  for (const control of found) {
    const box = control.getBoundingClientRect();
    const name = `${state}: ${control.getAttribute('part')} "${control.textContent!.trim() || control.getAttribute('aria-label') || ''}"`;
    expect(Math.round(box.width), `${name} width`).to.be.at.least(44);
    expect(Math.round(box.height), `${name} height`).to.be.at.least(44);
    expect(box.top, `${name} top`).to.be.at.least(0);
    expect(box.left, `${name} left`).to.be.at.least(0);
    expect(box.bottom, `${name} bottom`).to.be.at.most(view.height + 0.5);
    expect(box.right, `${name} right`).to.be.at.most(view.width + 0.5);
  }
}

async function page() {
  return fixture<HTMLDivElement>(html`<div style="padding: 16px">
    <input id="name" aria-label="Your name" />
    <button id="delete" type="button">Delete my account</button>
  </div>`);
}

async function running(lane: Lane, actions: ScriptedAction[]): Promise<WebAgentElement> {
  await lane.script(turn(actions), { hang: true });
  const agent = await mountAgent(lane);
  void agent.run('Help me');
  return agent;
}

async function stop(agent: WebAgentElement): Promise<void> {
  if (!agent.agent?.isRunning()) return;
  const ended = nextEvent(agent, 'done');
  agent.stop();
  await ended;
}

/** Two real taps in a row on `element`, away from its controls. */
async function doubleTap(element: Element): Promise<void> {
  const { left, top, height } = element.getBoundingClientRect();
  const position: [number, number] = [Math.round(left + 12), Math.round(top + height / 2)];
  await sendMouse({ type: 'click', position });
  await sendMouse({ type: 'click', position });
  await resetMouse();
}

// Width × height with the keyboard closed, then the height a keyboard leaves.
const phones: Array<[number, number, number]> = [
  [360, 740, 360],
  [390, 844, 420],
  [414, 896, 460],
];

describe('phones', () => {
  after(async () => {
    await restoreViewport();
  });

  for (const [width, height, withKeyboard] of phones) {
    describe(`${width} px wide`, () => {
      before(async () => {
        await setViewport({ width, height });
      });

      for (const keyboard of [false, true]) {
        const size = () => setViewport({ width, height: keyboard ? withKeyboard : height });
        const when = keyboard ? 'with the keyboard open' : 'with the keyboard closed';

        it(`the prompt, ${when}`, async () => {
          await page();
          const lane = await createLane();
          const agent = await mountAgent(lane);
          await size();
          shadow(agent, '[part~="launcher"]')!.click();
          await waitFor(() => !!shadow(agent, '[part~="prompt-input"]'), 'the prompt');
          shadow<HTMLInputElement>(agent, '[part~="prompt-input"]')!.focus();
          // Measured where it comes to rest: the panel grows in from a slightly smaller scale.
          await Promise.all(shadow(agent, '[part~="prompt"]')!.getAnimations({ subtree: true }).map((animation) => animation.finished));
          expectTappableAndOnScreen(agent, 'prompt');
        });

        it(`a question with choices in the bar, ${when}`, async () => {
          await page();
          await size();
          const agent = await running(await createLane(), [
            { narrate: 'One question first.' },
            { tool: 'ask_user_choice', args: { question: 'Which account?', options: ['Personal', 'Work'], allow_free_text: true } },
          ]);
          // The first task of the file also loads the model client, which the dev server compiles then.
          await waitFor(() => !!shadow(agent, '[part~="option"]'), 'the choices', 15_000);
          expectTappableAndOnScreen(agent, 'question');
          await stop(agent);
        });

        it(`the confirmation, ${when}`, async () => {
          await page();
          await size();
          const agent = await running(await createLane(), [{ tool: 'click', args: { selector: '#delete' } }]);
          await waitFor(() => !!agent.shadowRoot!.querySelector('dialog[open]'), 'the confirmation');
          expectTappableAndOnScreen(agent, 'confirmation');
          await stop(agent);
        });
      }
    });
  }
});

describe('double-tap says no', () => {
  it('on the confirmation: the button is not pressed and the task stops', async () => {
    const root = await page();
    let pressed = false;
    root.querySelector('#delete')!.addEventListener('click', () => (pressed = true));
    const lane = await createLane();
    await lane.script(turn([{ tool: 'click', args: { selector: '#delete' } }]), { turn: { memory: 'm', todos_remaining: [], actions: [{ narrate: 'Left as it is.' }] } });
    const agent = await mountAgent(lane);
    const done = nextEvent(agent, 'done');
    void agent.run('Delete my account');
    await waitFor(() => !!agent.shadowRoot!.querySelector('dialog[open]'), 'the confirmation');
    await doubleTap(shadow(agent, 'dialog [part~="text"]')!);
    await done;
    expect(pressed).to.equal(false);
    expect(agent.shadowRoot!.querySelector('dialog[open]')).to.equal(null);
  });

  it('on a question in the bar: it is dismissed, and the model hears so', async () => {
    await page();
    const lane = await createLane();
    await lane.script(
      turn([{ tool: 'ask_user_choice', args: { question: 'Which account?', options: ['Personal', 'Work'] } }]),
      { turn: { memory: 'm', todos_remaining: [], actions: [{ narrate: 'Fine.' }] } },
    );
    const agent = await mountAgent(lane);
    const done = nextEvent(agent, 'done');
    void agent.run('Help me');
    await waitFor(() => !!shadow(agent, '[part~="option"]'), 'the choices');
    await doubleTap(shadow(agent, '[part~="bar"] [part~="text"]')!);
    await done;
    const requests = await lane.requests();
    expect(JSON.stringify(requests.at(-1))).to.include('dismissed the question');
  });

  it('a single tap on the bar does nothing', async () => {
    await page();
    const lane = await createLane();
    const agent = await running(lane, [{ tool: 'ask_user_choice', args: { question: 'Which account?', options: ['Personal', 'Work'] } }]);
    await waitFor(() => !!shadow(agent, '[part~="option"]'), 'the choices');
    const text = shadow(agent, '[part~="bar"] [part~="text"]')!;
    const { left, top, height } = text.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(left + 12), Math.round(top + height / 2)] });
    await resetMouse();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(shadow(agent, '[part~="option"]'), 'the question is still there').to.not.equal(null);
    await stop(agent);
  });
});
