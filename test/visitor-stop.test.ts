// Stop means stop (issue 16): Escape stops a running task unless the visitor is typing in the
// page or a question takes the key; the bar says so; the stop control is easy to hit on a phone.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, nextEvent, shadow, subtitleText, waitFor } from './support/agent-fixture.js';
import { restoreViewport, setViewport } from './support/viewport.js';
import { createLane } from './support/model-lane.js';

const liveText = (agent: WebAgentElement) => shadow(agent, '[part~="live"]')?.textContent?.trim() ?? '';
const end = (text: string) => ({ turn: { memory: 'done', todos_remaining: [], actions: [{ narrate: text }] } });

async function runningAgent(): Promise<WebAgentElement> {
  const lane = await createLane();
  // The first call never answers: the task runs until something stops it.
  await lane.script({ hang: true }, end('Should never be shown.'));
  const agent = await mountAgent(lane);
  void agent.run('Find my latest order');
  await waitFor(() => !!shadow(agent, '[part~="stop"]'), 'the stop control');
  return agent;
}

describe('stop means stop', () => {
  afterEach(async () => {
    await restoreViewport();
  });

  it('Escape from the page stops the task and the bar says it stopped', async () => {
    const agent = await runningAgent();
    const done = nextEvent(agent, 'done');
    (document.activeElement as HTMLElement | null)?.blur();
    await sendKeys({ press: 'Escape' });
    expect((await done).detail.status).to.equal('stopped');
    await waitFor(() => subtitleText(agent) === 'Stopped.', 'the closing line');
    expect(liveText(agent)).to.equal('Stopped.');
    expect(shadow(agent, '[part~="stop"]')).to.equal(null);
  });

  it('Escape in a page field is the field\'s: the task goes on', async () => {
    const page = await fixture<HTMLDivElement>(html`<div><input id="q" /><div contenteditable="true" id="notes">x</div></div>`);
    const agent = await runningAgent();
    let ended = false;
    agent.addEventListener('done', () => (ended = true));
    for (const field of [page.querySelector<HTMLElement>('#q')!, page.querySelector<HTMLElement>('#notes')!]) {
      field.focus();
      await sendKeys({ press: 'Escape' });
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ended).to.equal(false);
    expect(agent.agent!.isRunning()).to.equal(true);
    // From the page itself (focus on nothing), the same key stops it.
    (document.activeElement as HTMLElement | null)?.blur();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => ended, 'the task to stop');
  });

  it('the stop control shows its name and is a 44 px target on a phone', async function () {
    await setViewport({ width: 375, height: 667 });
    const agent = await runningAgent();
    const stop = shadow(agent, '[part~="stop"]')!;
    expect(stop.textContent).to.include('Stop');
    const box = stop.getBoundingClientRect();
    expect(box.width).to.be.at.least(44);
    expect(box.height).to.be.at.least(44);
    expect(box.bottom).to.be.at.most(667);
    stop.click();
    await waitFor(() => subtitleText(agent) === 'Stopped.', 'the closing line');
  });

  it('the phone sizes follow the viewport, whether or not the element is on the page then', async () => {
    const stopHeight = (agent: WebAgentElement) => shadow(agent, '[part~="stop"]')!.getBoundingClientRect().height;
    // On the page while the window narrows: the stop control grows to 44 px, the bar stands above the launcher.
    await setViewport({ width: 1280, height: 800 });
    let agent = await runningAgent();
    expect(stopHeight(agent)).to.be.below(44);
    await setViewport({ width: 375, height: 667 });
    await waitFor(() => stopHeight(agent) >= 44, 'a 44 px stop control');
    const bar = shadow(agent, '[part~="bar"]')!.getBoundingClientRect();
    const launcher = shadow(agent, '[part~="launcher"]')!.getBoundingClientRect();
    expect(bar.bottom, 'the bar above the launcher').to.be.at.most(launcher.top);
    // Off the page while it widens again (the sheets were last used at the phone's size): desktop sizes.
    agent.stop();
    agent.remove();
    await setViewport({ width: 1280, height: 800 });
    agent = await runningAgent();
    expect(stopHeight(agent)).to.be.below(44);
    agent.stop();
  });
});
