// toolDefinitions: the host writes the tool list the model sees; only those tools can be called,
// with arguments that fit what the host wrote and what the action itself accepts.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId } from '../src/dom/index.js';
import { createLane, type Lane } from './support/model-lane.js';
import { mountAgent, nextEvent } from './support/agent-fixture.js';
import { toolReplies } from './fixtures/apps/agent-driver.js';

const end = { turn: { memory: 'done', todos_remaining: [], actions: [] } };

const definitions = [
  { name: 'click', description: 'Press a button of the checkout (ids from the page).' },
  {
    name: 'navigate',
    description: 'Open one of the shop pages.',
    parameters: { type: 'object', properties: { url: { type: 'string', enum: ['#cart', '#help'] } }, required: ['url'] },
  },
];

function systemPrompt(request: { body: { messages?: Array<{ role: string; content?: unknown }> } }): string {
  return String(request.body.messages?.[0]?.content ?? '');
}

describe('toolDefinitions', () => {
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('replaces the tool list the model reads: only the listed tools, as the host described them', async () => {
    await lane.script(end);
    const agent = await mountAgent(lane, { toolDefinitions: definitions, actionOverrides: { click: { appendDescription: 'Never the Delete button.' } } });
    await agent.run('Check out');
    const [request] = await lane.requests();
    const tools = systemPrompt(request!).split('# Tools')[1]!.split('# How to answer')[0]!;
    expect(tools.match(/^## \w+/gm)).to.deep.equal(['## click', '## navigate']);
    expect(tools).to.include('Press a button of the checkout (ids from the page).\nNever the Delete button.');
    expect(tools).to.include('"enum":["#cart","#help"]');
    // The built-in description and instructions are gone with the rest of the default list.
    expect(tools).not.to.include('pointer');
    expect(tools).not.to.include('## fill_input');
  });

  it('refuses a tool left out of the list, and arguments outside what the host allowed', async () => {
    const page = await fixture(html`<form><label>Name <input /></label><button type="button">Pay</button></form>`);
    const input = page.querySelector('input')!;
    await lane.script(
      { turn: { memory: 'm', todos_remaining: ['x'], actions: [{ tool: 'fill_input', args: { selector: `[${elementId(input)}]`, value: 'Ada' } }] } },
      { turn: { memory: 'm', todos_remaining: ['x'], actions: [{ tool: 'navigate', args: { url: '#admin' } }] } },
      { turn: { memory: 'm', todos_remaining: ['x'], actions: [{ tool: 'navigate', args: { url: '#help' } }] } },
      end,
    );
    const agent = await mountAgent(lane, { toolDefinitions: definitions });
    agent.addEventListener('navigate', (event) => event.preventDefault());
    await agent.run('Fill in my name');
    const replies = await toolReplies(lane);
    expect(replies[0]).to.include('failed (unknown-action)').and.include('There is no tool "fill_input". Available: click, navigate.');
    expect(input.value).to.equal('');
    expect(replies[1]).to.include('failed (invalid-arguments)').and.include('args.url should be one of "#cart", "#help"');
    expect(replies[2]).to.include('navigate: ok');
  });

  it('a host can still run any registered action itself', async () => {
    const page = await fixture(html`<form><label>Name <input /></label></form>`);
    const agent = await mountAgent(lane, { toolDefinitions: definitions });
    const result = await agent.executeAction('fill_input', { value: 'Ada' }, { target: page.querySelector('input')! });
    expect(result.ok).to.equal(true);
  });

  it('a malformed definition is a configuration error naming its path', async () => {
    const agent = document.createElement('web-agent');
    const errors: string[] = [];
    agent.addEventListener('error', (event) => errors.push(event.detail.message));
    agent.setAttribute('endpoint', lane.baseURL);
    agent.config = { toolDefinitions: [{ name: 'click', description: 'ok' }, { name: 'navigate', description: '', parameters: { type: 'array' } }] };
    const ready = nextEvent(agent, 'ready');
    document.body.append(agent);
    try {
      expect((await ready).detail.configured).to.equal(false);
      expect(errors[0]).to.include('"toolDefinitions.1.description" should be at least 1').and.include('"toolDefinitions.1.parameters"');
      await agent.run('Anything');
      expect(await lane.requests()).to.have.length(0);
    } finally {
      agent.remove();
    }
  });

  it('a definition naming no registered action stops the run before any model call, naming the entry', async () => {
    const agent = await mountAgent(lane, { toolDefinitions: [{ name: 'click', description: 'ok' }, { name: 'teleport', description: 'Go anywhere.' }] });
    const errors: Array<{ code: string; message: string }> = [];
    agent.addEventListener('error', (event) => errors.push(event.detail));
    await agent.run('Anything');
    expect(errors).to.have.length(1);
    expect(errors[0]!.code).to.equal('config');
    expect(errors[0]!.message).to.include('"toolDefinitions.1.name" is "teleport"');
    expect(await lane.requests()).to.have.length(0);
    // Registered later, it is found: the list is checked when a run starts.
    agent.registerAction({ name: 'teleport', description: 'x', parameters: { type: 'object', properties: {} }, handler: () => undefined });
    await lane.script(end);
    const finished = nextEvent(agent, 'done');
    await agent.run('Anything');
    expect((await finished).detail.status).to.equal('done');
  });
});
