// A whole task with the keyboard alone: reach the launcher, open the prompt, type the request,
// accept a confirmation, answer a question, and end where focus started. Real key presses
// (sendKeys), no clicks and no synthetic events.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { elementId } from '../src/dom/index.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { checkAccessibilityAfterEach, expectAccessible } from './support/a11y.js';
import { createLane } from './support/model-lane.js';
import { subtitleText, waitFor } from './support/agent-fixture.js';
import { typeText } from './support/keys.js';

const focusedPart = (agent: WebAgentElement) => agent.shadowRoot!.activeElement?.getAttribute('part') ?? '';

describe('keyboard only', () => {
  checkAccessibilityAfterEach();

  it('opens, types, confirms and answers without a pointer, and focus comes back each time', async () => {
    const lane = await createLane();
    const page = await fixture<HTMLDivElement>(html`<div>
      <label>Draft title <input id="title" value="Q3 notes" /></label>
      <button type="button" id="delete">Delete draft</button>
      <p id="reason">No reason given.</p>
      <web-agent endpoint=${lane.baseURL} model="test-model" agent-name="Ava" site-name="Test Shop" locale="en"
        ><script type="application/json">${JSON.stringify({ sessionStorageKey: `test.keys.${lane.id}` })}</script></web-agent
      >
    </div>`);
    const agent = page.querySelector('web-agent')!;
    const deleteButton = page.querySelector<HTMLButtonElement>('#delete')!;
    let deletions = 0;
    deleteButton.addEventListener('click', () => deletions++);
    await lane.script(
      {
        turn: {
          memory: 'deleting the draft',
          todos_remaining: ['ask why'],
          actions: [{ narrate: 'Deleting the draft.' }, { tool: 'click', args: { selector: `[${elementId(deleteButton)}]` } }],
        },
      },
      { turn: { memory: 'deleted', todos_remaining: ['record the reason'], actions: [{ tool: 'ask_user', args: { question: 'Why delete it?' } }] } },
      { turn: { memory: 'done', todos_remaining: [], actions: [{ narrate: 'Deleted, reason noted.' }] } },
    );
    await agent.updateComplete;

    // From the last page control, Tab reaches the launcher; Enter opens the prompt with the caret in it.
    deleteButton.focus();
    await sendKeys({ press: 'Tab' });
    expect(focusedPart(agent)).to.equal('launcher');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => focusedPart(agent) === 'prompt-input', 'the caret in the prompt');
    await expectAccessible(agent);

    const done = new Promise<string>((resolve) => agent.addEventListener('done', (event) => resolve(event.detail.status), { once: true }));
    await typeText('Delete this draft');
    await sendKeys({ press: 'Enter' });

    // The confirmation takes focus on Cancel (a reflexive Enter must not approve a deletion);
    // an arrow key (or Shift+Tab) reaches Allow, and Enter there accepts.
    await waitFor(() => focusedPart(agent) === 'button' && subtitleText(agent).includes('Delete draft'), 'the confirmation with focus', 15_000);
    await expectAccessible(agent);
    expect(deletions).to.equal(0);
    await sendKeys({ press: 'ArrowLeft' });
    expect(focusedPart(agent)).to.equal('button button-primary');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deletions === 1, 'the click after Enter');

    // The question takes focus in its field; typing and Enter answer it.
    await waitFor(() => focusedPart(agent) === 'input' && subtitleText(agent).includes('Why delete it?'), 'the question with focus', 15_000);
    await expectAccessible(agent);
    await typeText('It was a duplicate');
    await sendKeys({ press: 'Enter' });

    expect(await done).to.equal('done');
    const requests = await lane.requests();
    expect(String(requests[0]!.body.messages![1]!.content)).to.include('Delete this draft');
    expect(requests).to.have.length(3);
    expect(String(requests[2]!.body.messages!.filter((m) => m.role === 'tool').at(-1)?.content)).to.include('It was a duplicate');
    expect(deletions).to.equal(1);
    // The agent's click focused the button, as a visitor's click would; the question then gave
    // focus back to it, where it was when the question took it.
    await waitFor(() => document.activeElement === deleteButton && !agent.shadowRoot!.activeElement, 'focus back on the page button');
  });

  it('Escape declines a confirmation and closes the prompt, and Tab never gets stuck in the bar', async () => {
    const lane = await createLane();
    const page = await fixture<HTMLDivElement>(html`<div>
      <button type="button" id="wipe">Delete everything</button>
      <web-agent endpoint=${lane.baseURL} model="test-model" agent-name="Ava" locale="en"
        ><script type="application/json">${JSON.stringify({ sessionStorageKey: `test.keys2.${lane.id}` })}</script></web-agent
      >
    </div>`);
    const agent = page.querySelector('web-agent')!;
    const wipe = page.querySelector<HTMLButtonElement>('#wipe')!;
    let wipes = 0;
    wipe.addEventListener('click', () => wipes++);
    await lane.script({ turn: { memory: 'wipe', todos_remaining: [], actions: [{ tool: 'click', args: { selector: `[${elementId(wipe)}]` } }] } });
    await agent.updateComplete;

    wipe.focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => focusedPart(agent) === 'prompt-input', 'the caret in the prompt');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => focusedPart(agent) === 'launcher', 'the prompt closed, focus on the launcher');
    expect(agent.shadowRoot!.querySelector('[part~="prompt"]')).to.equal(null);

    await sendKeys({ press: 'Enter' });
    await waitFor(() => focusedPart(agent) === 'prompt-input', 'the prompt open again');
    const done = new Promise<string>((resolve) => agent.addEventListener('done', (event) => resolve(event.detail.status), { once: true }));
    await typeText('Wipe it all');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => focusedPart(agent) === 'button', 'the confirmation with focus on Cancel', 15_000);
    // Tab moves on through the bar's controls (Cancel, then stop) instead of trapping the visitor.
    await sendKeys({ press: 'Tab' });
    expect(focusedPart(agent)).to.equal('stop');
    await sendKeys({ press: 'Escape' });
    expect(await done).to.equal('stopped');
    expect(wipes).to.equal(0);
    await waitFor(() => subtitleText(agent) === 'Stopped.', 'the closing line');
  });
});
