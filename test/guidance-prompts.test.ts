// pause and ask_user_choice as the visitor meets them in the subtitle bar (real keys, axe check),
// and as a host that takes the events over; the answers are read where the model reads them.
import { aTimeout, expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { elementId } from '../src/dom/index.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, nextEvent, shadow, subtitleText, waitFor } from './support/agent-fixture.js';
import { createLane, type Lane, type RecordedRequest, type ScriptedAction } from './support/model-lane.js';
import { checkAccessibilityAfterEach } from './support/a11y.js';

const id = (element: Element) => `[${elementId(element)}]`;
const end = { turn: { memory: 'done', todos_remaining: [], actions: [] } };
const press = (key: string) => sendKeys({ press: key });
const focused = (agent: WebAgentElement) => agent.shadowRoot!.activeElement;
const options = (agent: WebAgentElement) => [...agent.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="option"]')];

function results(requests: RecordedRequest[]): string {
  return String(requests[1]?.body.messages?.find((message) => message.role === 'tool')?.content ?? '');
}

/** axe measures colours as painted: let the bar's entry fade finish first. */
async function accessible(agent: WebAgentElement): Promise<void> {
  await agent.updateComplete;
  const animations = agent.shadowRoot!.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
  await Promise.all(animations.map((animation) => animation.finished));
  await expect(agent).to.be.accessible();
}

async function pageWithButton() {
  const root = await fixture(html`<div><input id="card" aria-label="Card number" /><button type="button">Next</button></div>`);
  const button = root.querySelector('button')!;
  const field = root.querySelector('input')!;
  let clicks = 0;
  button.addEventListener('click', () => clicks++);
  return { button, field, clicks: () => clicks };
}

async function start(lane: Lane, actions: ScriptedAction[], json: Record<string, unknown> = {}) {
  await lane.script({ turn: { memory: 'm', todos_remaining: ['finish'], actions } }, end);
  const agent = await mountAgent(lane, json);
  const running = agent.run('Go');
  return { agent, running };
}

describe('pause', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('shows the note and waits for Space; page fields keep their keys; then the next action runs', async () => {
    const page = await pageWithButton();
    const { agent, running } = await start(lane, [
      { tool: 'pause', args: { note: 'Type your card number, then continue.' } },
      { tool: 'click', args: { selector: id(page.button) } },
    ]);
    await waitFor(() => !!shadow(agent, '[part~="hint"]'), 'the pause');
    expect(subtitleText(agent)).to.equal('Type your card number, then continue.');
    expect(shadow(agent, '[part~="hint"]')!.textContent!.trim()).to.equal('Press Space to continue');
    expect(shadow(agent, '[part~="live"]')!.textContent!.trim()).to.equal('Type your card number, then continue.');
    expect(focused(agent)?.textContent?.trim()).to.equal('Continue');
    await accessible(agent);
    // The visitor types into the page: Space and Enter are theirs, Escape does not stop the task.
    page.field.focus();
    // No key twice in a row: WebKit's WebDriver merges repeated keys.
    await sendKeys({ type: '4921 5082' });
    await press('Enter');
    await press('Escape');
    await aTimeout(300);
    expect(page.field.value).to.equal('4921 5082');
    expect(page.clicks(), 'nothing after the pause has run').to.equal(0);
    expect(shadow(agent, '[part~="hint"]')).to.not.equal(null);
    // Back on the page itself, Space continues.
    page.field.blur();
    await sendKeys({ type: ' ' });
    await running;
    expect(page.clicks()).to.equal(1);
    const said = results(await lane.requests());
    expect(said).to.match(/1\. pause: ok — The visitor continued after \d+ s/);
    expect(said).to.include('2. click: ok');
  });

  it('continues from the Continue button, and shows only the hint when there is no note', async () => {
    const page = await pageWithButton();
    const { agent, running } = await start(lane, [{ tool: 'pause', args: {} }, { tool: 'click', args: { selector: id(page.button) } }]);
    await waitFor(() => !!shadow(agent, '[part~="hint"]'), 'the pause');
    expect(shadow(agent, '[part~="text"]')).to.equal(null);
    expect(shadow(agent, '[part~="bar"]')!.getAttribute('aria-labelledby')).to.equal(shadow(agent, '[part~="hint"]')!.id);
    await aTimeout(200);
    expect(page.clicks()).to.equal(0);
    shadow<HTMLButtonElement>(agent, '[part~="button-primary"]')!.click();
    await running;
    expect(page.clicks()).to.equal(1);
    expect(shadow(agent, '[part~="hint"]')).to.equal(null);
  });

  it('the stop control ends a pause without running what follows', async () => {
    const page = await pageWithButton();
    const { agent, running } = await start(lane, [{ tool: 'pause', args: { note: 'Check the total.' } }, { tool: 'click', args: { selector: id(page.button) } }]);
    const done = nextEvent(agent, 'done');
    await waitFor(() => !!shadow(agent, '[part~="hint"]'), 'the pause');
    shadow<HTMLButtonElement>(agent, '[part~="stop"]')!.click();
    expect((await done).detail.status).to.equal('stopped');
    await running;
    await agent.updateComplete;
    expect(page.clicks()).to.equal(0);
    expect(shadow(agent, '[part~="hint"]')).to.equal(null);
  });

  it('a host takes pause-request over and resumes through detail.resume(); the configured note is the default', async () => {
    const page = await pageWithButton();
    await lane.script({ turn: { memory: 'm', todos_remaining: ['x'], actions: [{ tool: 'pause' }, { tool: 'click', args: { selector: id(page.button) } }] } }, end);
    const agent = await mountAgent(lane, { defaultPauseNote: 'Take your time.' });
    const notes: string[] = [];
    let clicksWhenAsked = -1;
    agent.addEventListener('pause-request', (event) => {
      event.preventDefault();
      notes.push(event.detail.note);
      clicksWhenAsked = page.clicks();
      setTimeout(() => event.detail.resume(), 250);
    });
    const barShown = waitFor(() => !!shadow(agent, '[part~="hint"]'), 'a built-in pause', 600).then(() => true, () => false);
    await agent.run('Go');
    expect(notes).to.deep.equal(['Take your time.']);
    expect(clicksWhenAsked).to.equal(0);
    expect(page.clicks()).to.equal(1);
    expect(await barShown, 'the built-in bar stays out of it').to.equal(false);
  });
});

describe('ask_user_choice', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('offers the options as buttons; arrow keys move between them and Enter picks one', async () => {
    const { agent, running } = await start(lane, [{ tool: 'ask_user_choice', args: { question: 'Which colour?', options: ['Red', 'Blue', 'Green'] } }]);
    await waitFor(() => options(agent).length === 3, 'the options');
    expect(subtitleText(agent)).to.equal('Which colour?');
    expect(options(agent).every((option) => option.localName === 'button')).to.equal(true);
    expect(shadow(agent, '[part~="input"]'), 'no free text unless allowed').to.equal(null);
    expect(focused(agent)).to.equal(options(agent)[0]);
    await accessible(agent);
    await press('ArrowRight');
    expect(focused(agent)).to.equal(options(agent)[1]);
    await press('ArrowLeft');
    await press('ArrowLeft');
    expect(focused(agent), 'wraps around').to.equal(options(agent)[2]);
    await press('Home');
    await press('ArrowDown');
    await press('Enter');
    await running;
    expect(results(await lane.requests())).to.include('1. ask_user_choice: ok — The user chose: Blue');
  });

  it('with free text allowed, a typed answer reaches the model, matched to an option when it is one', async () => {
    const { agent, running } = await start(lane, [
      { tool: 'ask_user_choice', args: { question: 'Which size?', options: ['Small', 'Large'], allow_free_text: true } },
    ]);
    await waitFor(() => !!shadow(agent, '[part~="input"]'), 'the free-text field');
    const field = shadow<HTMLInputElement>(agent, '[part~="input"]')!;
    expect(field.placeholder).to.equal('Or type another answer…');
    await accessible(agent);
    field.focus();
    await sendKeys({ type: 'Medium please' });
    await press('Enter');
    await running;
    expect(results(await lane.requests())).to.include('1. ask_user_choice: ok — The user answered in their own words: Medium please');

    lane = await createLane();
    const again = await start(lane, [{ tool: 'ask_user_choice', args: { question: 'Which size?', options: ['Small', 'Large'], allow_free_text: true } }]);
    await waitFor(() => !!shadow(again.agent, '[part~="input"]'), 'the free-text field');
    shadow<HTMLInputElement>(again.agent, '[part~="input"]')!.focus();
    await sendKeys({ type: ' larGe ' });
    await press('Enter');
    await again.running;
    expect(results(await lane.requests())).to.include('1. ask_user_choice: ok — The user chose: Large');
  });

  it('a host picker gets the options and may answer with the option number', async () => {
    await lane.script({ turn: { memory: 'm', todos_remaining: ['x'], actions: [{ tool: 'ask_user_choice', args: { question: 'Ship how?', options: ['Standard', 'Express', 'Express'] } }] } }, end);
    const agent = await mountAgent(lane);
    const asked: unknown[] = [];
    agent.addEventListener('ask-user', (event) => {
      event.preventDefault();
      asked.push({ question: event.detail.question, options: event.detail.options, allowFreeText: event.detail.allowFreeText });
      event.detail.respond('2');
    });
    await agent.run('Ship it');
    expect(asked).to.deep.equal([{ question: 'Ship how?', options: ['Standard', 'Express'], allowFreeText: false }]);
    expect(results(await lane.requests())).to.include('1. ask_user_choice: ok — The user chose: Express');
    expect(options(agent)).to.have.length(0);
  });

  it('Escape dismisses the question: the model hears so and the rest of the batch is skipped', async () => {
    const page = await pageWithButton();
    const { agent, running } = await start(lane, [
      { tool: 'ask_user_choice', args: { question: 'Keep going?', options: ['Yes', 'No'] } },
      { tool: 'click', args: { selector: id(page.button) } },
    ]);
    await waitFor(() => options(agent).length === 2, 'the options');
    await press('Escape');
    await running;
    expect(page.clicks()).to.equal(0);
    const said = results(await lane.requests());
    expect(said).to.include('1. ask_user_choice: failed (rejected-by-user) — The user dismissed the question without choosing.');
    expect(said).to.include('2. click: failed (skipped)');
  });

  it('refuses options that are not really a choice', async () => {
    await start(lane, [{ tool: 'ask_user_choice', args: { question: 'Sure?', options: ['Yes', ' yes '] } }]).then(({ running }) => running);
    expect(results(await lane.requests())).to.include('failed (invalid-arguments) — Give at least two different options.');
  });
});
