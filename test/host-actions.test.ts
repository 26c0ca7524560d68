// The host runs actions itself (a hotkey, a command palette, a scripted test): el.actions lists
// them, el.executeAction runs one through the loop's own path, gates and events, without a model.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { WebAgentError } from '../src/agent/agent-error.js';
import { createLane, type Lane } from './support/model-lane.js';
import { mountAgent, nextEvent, realClick, shadow, subtitleText, waitFor } from './support/agent-fixture.js';
import { checkAccessibilityAfterEach } from './support/a11y.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';

async function loaded(lane: Lane, json: Record<string, unknown> = {}): Promise<WebAgentElement> {
  const agent = await mountAgent(lane, json);
  // Reading an action needs the core: any first call loads it.
  await agent.executeAction('wait', { seconds: 0 });
  return agent;
}

describe('direct actions', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('el.actions lists the registered actions read-only, with their arguments as JSON Schema', async () => {
    const agent = await loaded(lane);
    agent.registerAction({
      name: 'add_to_cart',
      description: 'Add a product to the cart.',
      parameters: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
      handler: () => ({ ok: true, message: 'added' }),
    });
    const actions = agent.actions!;
    expect(actions.names()).to.include.members(['click', 'fill_input', 'highlight', 'ask_user', 'add_to_cart']);
    const click = actions.get('click')!;
    expect(click.description).to.match(/click/i);
    expect((click.parameters.properties as Record<string, unknown>).selector).to.deep.include({ type: 'string' });
    expect(Object.keys(click)).to.have.members(['name', 'description', 'parameters']);
    expect(Object.isFrozen(click)).to.equal(true);
    expect(actions.get('add_to_cart')!.parameters).to.deep.equal({ type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] });
    expect(actions.get('nope')).to.equal(undefined);
    expect([...actions].map((action) => action.name)).to.deep.equal(actions.names());
    expect('register' in actions, 'the list cannot be written to').to.equal(false);
  });

  it('runs an action with no model call: the field changes, before-action and step arrive, the bar goes back to idle', async () => {
    const page = await fixture(html`<form><label>City <input name="city" /></label></form>`);
    const input = page.querySelector('input')!;
    const agent = await mountAgent(lane);
    const seen: string[] = [];
    agent.addEventListener('before-action', (event) => seen.push(`before:${event.detail.action}:${event.detail.target === input}`));
    agent.addEventListener('step', (event) => seen.push(`step:${event.detail.action}:${event.detail.result.ok}`));
    agent.addEventListener('status', (event) => seen.push(`status:${event.detail.status}`));
    const result = await agent.executeAction('fill_input', { value: 'Lisbon' }, { target: input });
    expect(result.ok, result.message).to.equal(true);
    expect(input.value).to.equal('Lisbon');
    expect(result.message).to.include('Lisbon');
    expect(seen).to.deep.equal(['status:executing', 'before:fill_input:true', 'step:fill_input:true', 'status:idle']);
    expect(await lane.requests()).to.have.length(0);
    expect(agent.agent!.isRunning()).to.equal(false);
  });

  it('takes elements inside the arguments too, and refuses bad arguments as the loop does', async () => {
    const page = await fixture(html`<div><button type="button">Step</button></div>`);
    const button = page.querySelector('button')!;
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    const agent = await mountAgent(lane);
    expect((await agent.executeAction('click', { selector: button })).ok).to.equal(true);
    expect(clicks).to.equal(1);
    const wrong = await agent.executeAction('click', { selector: 42 });
    expect(wrong).to.deep.include({ ok: false, reason: 'invalid-arguments' });
    const unknown = await agent.executeAction('teleport', {});
    expect(unknown).to.deep.include({ ok: false, reason: 'unknown-action' });
    expect(clicks).to.equal(1);
  });

  it('asks before a consequential action: the host approves through confirm-action', async () => {
    const page = await fixture(html`<div><button type="button">Delete order</button></div>`);
    const button = page.querySelector('button')!;
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    const agent = await mountAgent(lane);
    const asked: string[] = [];
    agent.addEventListener('confirm-action', (event) => {
      event.preventDefault();
      asked.push(event.detail.targetName ?? '');
      event.detail.decide(true);
    });
    const result = await agent.executeAction('click', {}, { target: button });
    expect(asked).to.deep.equal(['Delete order']);
    expect(result.ok).to.equal(true);
    expect(clicks).to.equal(1);
  });

  it('asks in the bar when no host takes the question; declining is a result, not an error', async () => {
    const page = await fixture(html`<div><button type="button">Remove item</button></div>`);
    const button = page.querySelector('button')!;
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    const agent = await mountAgent(lane);
    const errors: string[] = [];
    agent.addEventListener('error', (event) => errors.push(event.detail.message));
    const declined = agent.executeAction('click', {}, { target: button });
    await waitFor(() => !!shadow(agent, '[part~="button-primary"]'), 'the confirmation in the bar');
    expect(subtitleText(agent)).to.include('Remove item');
    // A real Escape: the confirmation ignores script-made keys (issue 13).
    await sendKeys({ press: 'Escape' });
    expect(await declined).to.deep.include({ ok: false, reason: 'rejected-by-user' });
    expect(clicks).to.equal(0);

    const approved = agent.executeAction('click', {}, { target: button });
    await waitFor(() => !!shadow(agent, '[part~="button-primary"]'), 'the second confirmation');
    await realClick(shadow(agent, '[part~="button-primary"]')!);
    expect((await approved).ok).to.equal(true);
    expect(clicks).to.equal(1);
    expect(errors).to.deep.equal([]);
  });

  it("a host action with requireConfirmation asks with the host's own words", async () => {
    const agent = await mountAgent(lane);
    const added: string[] = [];
    agent.registerAction({
      name: 'add_to_cart',
      description: 'Add a product to the cart.',
      parameters: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
      requireConfirmation: true,
      confirmationMessage: (params: Record<string, unknown>) => `Put ${params.sku} in your cart?`,
      handler: ({ sku }: Record<string, unknown>) => {
        added.push(String(sku));
        return { ok: true, message: `Added ${sku}.` };
      },
    });
    const pending = agent.executeAction('add_to_cart', { sku: 'SKU-42' });
    await waitFor(() => subtitleText(agent).includes('Put SKU-42 in your cart?'), 'the host’s question in the bar');
    await realClick(shadow(agent, '[part~="button-primary"]')!);
    expect(await pending).to.deep.include({ ok: true, message: 'Added SKU-42.' });
    expect(added).to.deep.equal(['SKU-42']);
  });

  it('ask_user reaches the visitor through the bar, and through a host that takes ask-user', async () => {
    const agent = await mountAgent(lane);
    const asking = agent.executeAction('ask_user', { question: 'Which size?' });
    await waitFor(() => !!shadow<HTMLInputElement>(agent, '[part~="input"]'), 'the question in the bar');
    const field = shadow<HTMLInputElement>(agent, '[part~="input"]')!;
    field.value = 'Large';
    field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await realClick(shadow(agent, '[part~="button-primary"]')!);
    expect((await asking).message).to.include('Large');

    const onAsk = (event: Event) => {
      event.preventDefault();
      (event as CustomEvent).detail.respond('Teal');
    };
    agent.addEventListener('ask-user', onAsk);
    const choice = await agent.executeAction('ask_user_choice', { question: 'Colour?', options: ['Teal', 'Red'] });
    agent.removeEventListener('ask-user', onAsk);
    expect(choice.message).to.equal('The user chose: Teal');
  });

  it('highlight stays up after the action; the cue on an acted-on element does not', async () => {
    const page = await fixture(html`<div><h2>Returns</h2><section aria-label="Returns">Sixty days.</section><button type="button">Next</button></div>`);
    const agent = await mountAgent(lane);
    const updates: number[] = [];
    agent.addEventListener('overlay-update', (event) => updates.push(event.detail.items.length));
    expect((await agent.executeAction('highlight', { label: 'Returns' }, { target: page.querySelector('section')! })).ok).to.equal(true);
    expect(updates.at(-1), 'the spotlight is still drawn').to.equal(1);
    await agent.executeAction('click', {}, { target: page.querySelector('button')! });
    expect(updates.at(-1), 'the guide is re-sent without the cue').to.equal(1);
  });

  it('refuses while a task runs, with a busy error the host can tell apart; the task carries on', async () => {
    const turn = { memory: 'm', todos_remaining: [], actions: [{ narrate: 'Working on it, one moment please.' }] };
    await lane.script({ turn, chunkChars: 4, holdAfterChars: 30 });
    const agent = await mountAgent(lane);
    const page = await fixture(html`<div><button type="button">Next</button></div>`);
    const codes: string[] = [];
    agent.addEventListener('error', (event) => codes.push(event.detail.code));
    const finished = nextEvent(agent, 'done');
    void agent.run('Do something');
    await waitFor(() => agent.agent?.isRunning() === true, 'the run to start');
    const refused = await agent.executeAction('click', {}, { target: page.querySelector('button')! }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(WebAgentError.isInstance(refused)).to.equal(true);
    expect((refused as WebAgentError).code).to.equal('busy');
    expect(codes).to.deep.equal(['busy']);
    await lane.release();
    expect((await finished).detail.status).to.equal('done');
  });

  it('a run started during a direct action is refused the same way', async () => {
    const agent = await mountAgent(lane);
    const onAsk = (event: Event) => event.preventDefault();
    agent.addEventListener('ask-user', onAsk);
    const asking = agent.executeAction('ask_user', { question: 'Which size?' });
    await waitFor(() => agent.agent?.isRunning() === true, 'the direct action to be waiting');
    const codes: string[] = [];
    agent.addEventListener('error', (event) => codes.push(event.detail.code));
    await agent.run('Something else');
    expect(codes).to.deep.equal(['busy']);
    agent.respond('M');
    expect((await asking).message).to.include('M');
    expect(await lane.requests()).to.have.length(0);
  });
});
