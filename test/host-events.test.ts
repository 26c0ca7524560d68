// Each host event both ways: a host that takes it over with preventDefault(), and no host at all.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId } from '../src/dom/index.js';
import { createLane, type Lane } from './support/model-lane.js';
import { mountAgent, nextEvent, realClick, shadow, subtitleText, waitFor } from './support/agent-fixture.js';
import { checkAccessibilityAfterEach } from './support/a11y.js';

const end = { turn: { memory: 'done', todos_remaining: [], actions: [] } };

describe('host events', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('navigate: a host router takes over and the agent carries on on the "new page"', async () => {
    await lane.script({ turn: { memory: 'go', todos_remaining: ['look'], actions: [{ tool: 'navigate', args: { url: '/orders?tab=open' } }] } }, end);
    const agent = await mountAgent(lane);
    const paths: string[] = [];
    agent.addEventListener('navigate', (event) => {
      event.preventDefault();
      paths.push(event.detail.path);
    });
    const urlBefore = location.href;
    await agent.run('Open my orders');
    expect(paths).to.deep.equal(['/orders?tab=open']);
    expect(location.href).to.equal(urlBefore);
    const requests = await lane.requests();
    expect(requests).to.have.length(2);
    expect(String(requests[1]!.body.messages!.find((m) => m.role === 'tool')?.content)).to.include('Opened /orders?tab=open');
  });

  it('navigate: with no host, the page navigates itself and the task resumes on the next page', async () => {
    await lane.script(
      { turn: { memory: 'go to orders', todos_remaining: ['read orders'], actions: [{ narrate: 'Opening orders.' }, { tool: 'navigate', args: { url: 'shop-orders.html' } }] } },
      { turn: { memory: 'on orders', todos_remaining: [], actions: [{ narrate: 'Order 1042 totals $12.00.' }] } },
    );
    const frame = await fixture<HTMLIFrameElement>(html`<iframe style="width:600px;height:400px"></iframe>`);
    frame.src = `/test/fixtures/pages/shop-home.html?endpoint=${encodeURIComponent(lane.baseURL)}`;
    await waitFor(() => !!(frame.contentWindow as any)?.agentEvents, 'the first page');
    const first = frame.contentDocument!.querySelector('web-agent') as any;
    first.clearSession();
    void first.run('Tell me about my orders');
    await waitFor(() => frame.contentWindow!.location.pathname.endsWith('shop-orders.html') && !!(frame.contentWindow as any).agentEvents?.some((e: any) => e.name === 'done'), 'the task to finish on the orders page', 15_000);
    const events = (frame.contentWindow as any).agentEvents as Array<{ name: string; detail: string }>;
    expect(events.find((e) => e.name === 'done')?.detail).to.equal('done');
    const requests = await lane.requests();
    expect(requests).to.have.length(2);
    const lastMessage = String(requests[1]!.body.messages!.at(-1)!.content);
    expect(lastMessage).to.include('shop-orders.html').and.to.include('1042');
    // The resumed request continues the same conversation: task, first turn, its result.
    expect(requests[1]!.body.messages!.map((m) => m.role)).to.deep.equal(['system', 'user', 'assistant', 'tool', 'user']);
  });

  it('confirm-action: a host answers with its own dialog', async () => {
    const page = await fixture(html`<div><button type="button">Delete order</button></div>`);
    const button = page.querySelector('button')!;
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    await lane.script({ turn: { memory: 'delete', todos_remaining: [], actions: [{ tool: 'click', args: { selector: `[${elementId(button)}]` } }] } }, end);
    const agent = await mountAgent(lane);
    const asked: string[] = [];
    agent.addEventListener('confirm-action', (event) => {
      event.preventDefault();
      asked.push(event.detail.message);
      setTimeout(() => event.detail.decide(true), 20);
    });
    await agent.run('Delete the order');
    expect(asked).to.have.length(1);
    expect(asked[0]).to.include('Delete order');
    expect(clicks).to.equal(1);
    // The built-in bar never asked: the host had taken over.
    expect(shadow(agent, '[part~="button-primary"]')).to.equal(null);
  });

  it('confirm-action: with no host the bar asks; Allow runs the action', async () => {
    const page = await fixture(html`<div><button type="button">Remove item</button></div>`);
    const button = page.querySelector('button')!;
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    await lane.script({ turn: { memory: 'remove', todos_remaining: [], actions: [{ tool: 'click', args: { selector: `[${elementId(button)}]` } }] } }, end);
    const agent = await mountAgent(lane);
    const running = agent.run('Remove the item');
    await waitFor(() => !!shadow(agent, '[part~="button-primary"]'), 'the confirmation in the bar');
    expect(subtitleText(agent)).to.include('Remove item');
    expect(clicks).to.equal(0);
    // A real click: a script-made one (element.click()) no longer approves (issue 13, point 4).
    await realClick(shadow(agent, '[part~="button-primary"]')!);
    await running;
    expect(clicks).to.equal(1);
  });

  it('confirm-action: rejecting in the bar ends the run as stopped by user, not as an error', async () => {
    const page = await fixture(html`<div><button type="button">Delete account</button></div>`);
    const button = page.querySelector('button')!;
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    await lane.script({ turn: { memory: 'x', todos_remaining: [], actions: [{ tool: 'click', args: { selector: `[${elementId(button)}]` } }] } });
    const agent = await mountAgent(lane);
    const errors: unknown[] = [];
    agent.addEventListener('error', (event) => errors.push(event.detail));
    const finished = nextEvent(agent, 'done');
    void agent.run('Delete my account');
    await waitFor(() => !!shadow(agent, '[part~="button-primary"]'), 'the confirmation');
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    const event = await finished;
    expect(event.detail.status).to.equal('stopped');
    expect(event.detail.summary).to.equal('stopped by user');
    expect(clicks).to.equal(0);
    expect(errors).to.have.length(0);
  });

  it('ask-user: a host answers through detail.respond', async () => {
    await lane.script({ turn: { memory: 'ask', todos_remaining: ['colour'], actions: [{ tool: 'ask_user', args: { question: 'Which colour?' } }] } }, end);
    const agent = await mountAgent(lane);
    agent.addEventListener('ask-user', (event) => {
      event.preventDefault();
      expect(event.detail.question).to.equal('Which colour?');
      event.detail.respond('Teal');
    });
    await agent.run('Pick a colour');
    const requests = await lane.requests();
    expect(String(requests[1]!.body.messages!.find((m) => m.role === 'tool')?.content)).to.include('The user answered: Teal');
  });

  it('ask-user: a host with its own dialog can answer later through el.respond()', async () => {
    await lane.script({ turn: { memory: 'ask', todos_remaining: ['city'], actions: [{ tool: 'ask_user', args: { question: 'Which city?' } }] } }, end);
    const agent = await mountAgent(lane);
    agent.addEventListener('ask-user', (event) => {
      event.preventDefault();
      setTimeout(() => agent.respond('Lisbon'), 30);
    });
    await agent.run('Book a hotel');
    const requests = await lane.requests();
    expect(String(requests[1]!.body.messages!.find((m) => m.role === 'tool')?.content)).to.include('The user answered: Lisbon');
    expect(shadow(agent, '[part~="input"]')).to.equal(null);
  });

  it('ask-user: with no host the bar asks and the typed answer reaches the model', async () => {
    await lane.script({ turn: { memory: 'ask', todos_remaining: ['size'], actions: [{ tool: 'ask_user', args: { question: 'Which size?' } }] } }, end);
    const agent = await mountAgent(lane);
    const running = agent.run('Order a shirt');
    await waitFor(() => !!shadow<HTMLInputElement>(agent, '[part~="input"]'), 'the question in the bar');
    expect(subtitleText(agent)).to.include('Which size?');
    const field = shadow<HTMLInputElement>(agent, '[part~="input"]')!;
    field.value = 'Large';
    field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    shadow(agent, '[part~="button-primary"]')!.click();
    await running;
    const requests = await lane.requests();
    expect(String(requests[1]!.body.messages!.find((m) => m.role === 'tool')?.content)).to.include('The user answered: Large');
  });

  it('subtitle, status, step and done arrive as bubbling, composed DOM events', async () => {
    const page = await fixture(html`<div><button type="button">Next</button></div>`);
    const button = page.querySelector('button')!;
    await lane.script(
      { turn: { memory: 'x', todos_remaining: ['y'], actions: [{ narrate: 'Going next.' }, { tool: 'click', args: { selector: `[${elementId(button)}]` } }] } },
      end,
    );
    const agent = await mountAgent(lane);
    const seen: string[] = [];
    const record = (event: Event) => {
      expect(event.bubbles && event.composed).to.equal(true);
      const detail = (event as CustomEvent).detail;
      if (event.type === 'status') seen.push(`status:${detail.status}`);
      else if (event.type === 'subtitle' && detail.final) seen.push(`subtitle:${detail.text}`);
      else if (event.type === 'step') seen.push(`step:${detail.action}`);
      else if (event.type === 'done') seen.push(`done:${detail.status}`);
    };
    for (const name of ['status', 'subtitle', 'step', 'done']) document.addEventListener(name, record);
    await agent.run('Go next');
    for (const name of ['status', 'subtitle', 'step', 'done']) document.removeEventListener(name, record);
    expect(seen[0]).to.equal('status:thinking');
    expect(seen).to.include('subtitle:Going next.');
    expect(seen.indexOf('subtitle:Going next.')).to.be.lessThan(seen.indexOf('step:click'));
    expect(seen).to.include('done:done');
    expect(seen.at(-1)).to.equal('status:idle');
  });
});
