// The prompt panel's history of the conversation, ↑/↓ recall, and the UI's writing direction.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { checkAccessibilityAfterEach, expectAccessible } from './support/a11y.js';
import { createLane, type Lane } from './support/model-lane.js';
import { mountAgent, shadow, waitFor } from './support/agent-fixture.js';

const say = (text: string) => ({ turn: { memory: text, todos_remaining: [], actions: [{ narrate: text }] } });

const part = (agent: WebAgentElement, name: string) => shadow(agent, `[part~="${name}"]`);
const field = (agent: WebAgentElement) => shadow<HTMLInputElement>(agent, '[part~="prompt-input"]')!;
const historyLines = (agent: WebAgentElement) =>
  [...agent.shadowRoot!.querySelectorAll('[part~="history"] li')].map((item) => item.textContent!.replace(/\s+/g, ' ').trim());

async function openPrompt(agent: WebAgentElement): Promise<void> {
  shadow<HTMLButtonElement>(agent, '[part~="launcher"]')!.click();
  await agent.updateComplete;
  await waitFor(() => agent.shadowRoot!.activeElement === field(agent), 'the prompt field focused');
}

describe('prompt history', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('shows the conversation so far on demand: requests, answers and how each run ended', async () => {
    await lane.script(say('You have 3 open orders.'), say('Order 1042 ships tomorrow.'));
    const agent = await mountAgent(lane);
    agent.clearSession();
    await agent.run('How many open orders?');
    await agent.run('When does 1042 ship?');
    await openPrompt(agent);
    const toggle = shadow<HTMLButtonElement>(agent, '[part~="history-toggle"]')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(part(agent, 'history')).to.equal(null);

    toggle.click();
    await agent.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(historyLines(agent)).to.deep.equal([
      'You How many open orders?',
      'Ava You have 3 open orders.',
      '✓ Done',
      'You When does 1042 ship?',
      'Ava Order 1042 ships tomorrow.',
      '✓ Done',
    ]);
    await expectAccessible(agent);

    toggle.click();
    await agent.updateComplete;
    expect(part(agent, 'history')).to.equal(null);
  });

  it('reads the history from the session: a new element on the reloaded page shows it too', async () => {
    await lane.script(say('Done: the title is now "Annual Report".'));
    const key = `test.history.${lane.id}`;
    const first = await mountAgent(lane, { sessionStorageKey: key });
    first.clearSession();
    await first.run('Change the title to Annual Report');
    first.remove();

    const second = await mountAgent(lane, { sessionStorageKey: key });
    expect(second.agent, 'the core is not loaded yet').to.equal(undefined);
    await openPrompt(second);
    shadow<HTMLButtonElement>(second, '[part~="history-toggle"]')!.click();
    await second.updateComplete;
    expect(historyLines(second)).to.deep.equal(['You Change the title to Annual Report', 'Ava Done: the title is now "Annual Report".', '✓ Done']);
  });

  it('says so when nothing has been asked yet, in the page language', async () => {
    const agent = await fixture<WebAgentElement>(html`<web-agent endpoint=${lane.baseURL} locale="de" agent-name="Ava"
      ><script type="application/json">${JSON.stringify({ sessionStorageKey: `test.empty.${lane.id}` })}</script></web-agent
    >`);
    await waitFor(() => agent.strings.history === 'Verlauf', 'the German strings');
    await openPrompt(agent);
    const toggle = shadow<HTMLButtonElement>(agent, '[part~="history-toggle"]')!;
    expect(toggle.textContent!.trim()).to.equal('Verlauf');
    toggle.click();
    await agent.updateComplete;
    expect(historyLines(agent)).to.deep.equal(['In diesem Gespräch wurde noch nichts angefragt.']);
    expect(part(agent, 'history')!.getAttribute('aria-label')).to.equal('Verlauf');
  });

  it('↑ and ↓ in the field step through earlier requests and back to what was typed', async () => {
    await lane.script(say('One.'), say('Two.'));
    const agent = await mountAgent(lane);
    agent.clearSession();
    await agent.run('first request');
    await agent.run('second request');
    await openPrompt(agent);
    await sendKeys({ type: 'draft' });
    await sendKeys({ press: 'ArrowUp' });
    await agent.updateComplete;
    expect(field(agent).value).to.equal('second request');
    await sendKeys({ press: 'ArrowUp' });
    await agent.updateComplete;
    expect(field(agent).value).to.equal('first request');
    await sendKeys({ press: 'ArrowUp' });
    await agent.updateComplete;
    expect(field(agent).value, 'nothing older').to.equal('first request');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await agent.updateComplete;
    expect(field(agent).value).to.equal('draft');
  });
});

describe('writing direction', () => {
  checkAccessibilityAfterEach();
  const launcherOnLeft = (agent: WebAgentElement) => part(agent, 'launcher')!.getBoundingClientRect().right < innerWidth / 2;

  it('follows a right-to-left page when the host did not choose a language', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div dir="rtl"><web-agent endpoint="/llm" agent-name="Ava"></web-agent></div>`);
    const agent = wrapper.querySelector('web-agent')!;
    await agent.updateComplete;
    expect(launcherOnLeft(agent)).to.equal(true);
  });

  it('reads right to left in a right-to-left locale on a left-to-right page, and a dir on the element wins', async () => {
    const agent = await fixture<WebAgentElement>(html`<web-agent endpoint="/llm" agent-name="Ava" locale="ar-EG"
      ><script type="application/json">${JSON.stringify({ strings: { launcherLabel: 'اسأل {agentName}' } })}</script></web-agent
    >`);
    await agent.updateComplete;
    expect(launcherOnLeft(agent)).to.equal(true);
    expect(part(agent, 'launcher')!.getAttribute('aria-label')).to.equal('اسأل Ava');
    agent.setAttribute('dir', 'ltr');
    await agent.updateComplete;
    expect(launcherOnLeft(agent)).to.equal(false);
  });

  it('stays left to right for a left-to-right locale inside a right-to-left page', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div dir="rtl"><web-agent endpoint="/llm" locale="en"></web-agent></div>`);
    const agent = wrapper.querySelector('web-agent')!;
    await agent.updateComplete;
    expect(launcherOnLeft(agent)).to.equal(false);
  });
});
