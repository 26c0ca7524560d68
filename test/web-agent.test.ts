// End to end through the real element, the real `openai` client and the scripted model server.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId } from '../src/dom/index.js';
import { createLane, type Lane } from './support/model-lane.js';
import { mountAgent, nextEvent, pageSeen, shadow, subtitleText, waitFor } from './support/agent-fixture.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { checkAccessibilityAfterEach } from './support/a11y.js';

const done = (memory = 'finished') => ({ turn: { memory, todos_remaining: [], actions: [] } });

describe('<web-agent> end to end', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('shows the first words of a narration while the model is still holding back the rest', async () => {
    const narration = 'Hello there, I am looking at your page right now and will help.';
    await lane.script({ turn: { memory: 'greeted', todos_remaining: [], actions: [{ narrate: narration }] }, chunkChars: 8, holdAfterChars: 90 });
    const agent = await mountAgent(lane);
    const finished = nextEvent(agent, 'done');
    void agent.run('Say hello');
    await waitFor(() => subtitleText(agent).startsWith('Hello'), 'the first words in the subtitle bar');
    // The server still holds the rest of the reply: the bar cannot know the end of the sentence yet.
    expect(subtitleText(agent)).not.to.include('will help');
    await lane.release();
    await waitFor(() => subtitleText(agent) === narration || subtitleText(agent).includes('Done'), 'the whole narration');
    const event = await finished;
    expect(event.detail.status).to.equal('done');
  });

  it('a narration of only spaces leaves the line before it up instead of blanking the bar', async () => {
    await lane.script({
      turn: { memory: 'm', todos_remaining: ['x'], actions: [{ narrate: 'Looking at your orders.' }, { narrate: '   \n ' }, { tool: 'wait', args: { seconds: 3 } }] },
    });
    const agent = await mountAgent(lane);
    void agent.run('Check my orders');
    await waitFor(() => agent.agent?.status === 'executing', 'the wait after both narrations', 15_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(subtitleText(agent)).to.equal('Looking at your orders.');
    agent.stop();
    await waitFor(() => subtitleText(agent) === 'Stopped.', 'the closing line');
  });

  it('clicks a button and fills a field by the ids in the dump, and the page sees it', async () => {
    const page = await fixture<HTMLFormElement>(html`
      <form>
        <label>Title <input name="title" value="Draft" /></label>
        <button type="button">Save</button>
      </form>
    `);
    const input = page.querySelector('input')!;
    const button = page.querySelector('button')!;
    const seen: string[] = [];
    input.addEventListener('input', () => seen.push(`input:${input.value}`));
    input.addEventListener('change', () => seen.push(`change:${input.value}`));
    button.addEventListener('click', () => seen.push('click'));
    const inputId = `[${elementId(input)}]`;
    const buttonId = `[${elementId(button)}]`;
    await lane.script(
      {
        turn: {
          memory: 'renaming',
          todos_remaining: ['publish'],
          actions: [
            { tool: 'fill_input', args: { selector: inputId, value: 'Annual Report' } },
            { tool: 'click', args: { selector: buttonId } },
          ],
        },
      },
      { turn: { memory: 'done', todos_remaining: [], actions: [{ narrate: 'Renamed and published.' }] } },
    );
    const agent = await mountAgent(lane);
    const steps: string[] = [];
    agent.addEventListener('step', (event) => steps.push(`${event.detail.action}:${event.detail.result.ok}`));
    const finished = nextEvent(agent, 'done');
    await agent.run('Change the title to "Annual Report" and publish');
    expect((await finished).detail.status).to.equal('done');
    expect(input.value).to.equal('Annual Report');
    expect(seen).to.deep.equal(['input:Annual Report', 'change:Annual Report', 'click']);
    expect(steps).to.deep.equal(['fill_input:true', 'click:true']);

    const requests = await lane.requests();
    expect(requests).to.have.length(2);
    const [first, second] = requests;
    expect(pageSeen(first!)).to.include(inputId).and.to.include('Draft');
    expect(pageSeen(second!)).to.include('Annual Report');
    // History carries no page dump: only the last message holds the page.
    const history = second!.body.messages!.slice(1, -1);
    expect(history.some((message) => String(message.content ?? '').includes('<page-dom>'))).to.equal(false);
    expect(String(second!.body.messages!.at(-1)!.content)).to.include(inputId);
    // The tool reply tells the model what happened.
    const toolReply = second!.body.messages!.find((message) => message.role === 'tool');
    expect(String(toolReply?.content)).to.include('Annual Report');
    // No key is ever sent from the page.
    expect(first!.headers.authorization ?? '').not.to.include('sk-');
  });

  it('sends the system prompt with identity, date, tools, envelope and page rules, and forces agent_turn', async () => {
    await lane.script(done());
    const agent = await mountAgent(lane, { persona: 'Speak as "we" at Test Shop.', appendSystemPrompt: 'HOST RULE: be brief.' });
    await agent.run('hi');
    const [request] = await lane.requests();
    const system = String(request!.body.messages![0]!.content);
    expect(system).to.include('You are Ava').and.to.include('Test Shop');
    expect(system).to.match(/Today is \d{4}-\d{2}-\d{2}/);
    expect(system).to.include('# Tools').and.to.include('## click').and.to.include('## fill_input');
    expect(system).to.include('Speak as "we"').and.to.include('HOST RULE: be brief.');
    expect(system.indexOf('# Tools')).to.be.lessThan(system.indexOf('HOST RULE'));
    expect(request!.body.tool_choice).to.deep.equal({ type: 'function', function: { name: 'agent_turn' } });
    expect(request!.body.stream).to.equal(true);
  });

  it("sends the host's persona name, brand and site map in the system prompt, and none of their sections without them", async () => {
    await lane.script(done(), done());
    const hosted = await mountAgent(lane, {
      persona: { name: 'Mia', speakAs: 'we' },
      brand: { name: 'Test Shop', facts: ['Free returns within 30 days.'] },
      sitemap: [{ path: '/orders', description: 'orders and returns' }],
    });
    await hosted.run('hi');
    hosted.remove();
    const plain = await mountAgent(lane);
    await plain.run('hi');
    const [withHost, without] = (await lane.requests()).map((request) => String(request.body.messages![0]!.content));
    expect(withHost).to.match(/^You are Mia, /);
    expect(withHost).to.include('# About Test Shop\n').and.to.include('- Free returns within 30 days.');
    expect(withHost).to.include('# Sitemap (where things are)\n- /orders — orders and returns');
    expect(without).to.match(/^You are Ava, /);
    for (const heading of ['# Who you are', '# About', '# Sitemap']) expect(without).not.to.include(heading);
  });

  it('reports an unknown element id back to the model instead of failing', async () => {
    await lane.script(
      { turn: { memory: 'try', todos_remaining: ['click'], actions: [{ tool: 'click', args: { selector: '[zzzz]' } }] } },
      done(),
    );
    const agent = await mountAgent(lane);
    const step = nextEvent(agent, 'step');
    await agent.run('Click the thing');
    expect((await step).detail.result.ok).to.equal(false);
    const second = (await lane.requests())[1]!;
    const toolReply = second.body.messages!.find((message) => message.role === 'tool');
    expect(String(toolReply?.content)).to.include('No element [zzzz]');
  });
});

describe('<web-agent> configuration', () => {
  checkAccessibilityAfterEach();
  // The schema is a lazy chunk: the element renders at once and checks its configuration
  // asynchronously. `await el.updateComplete` (and so `fixture`) waits for the check.

  /** Mounts a <web-agent> the way a host page does, listening before it connects. */
  async function mount(setup: (element: WebAgentElement) => void) {
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const element = document.createElement('web-agent') as WebAgentElement;
    setup(element);
    const events: string[] = [];
    const thrown: unknown[] = [];
    const onThrow = (event: ErrorEvent | PromiseRejectionEvent) => thrown.push('reason' in event ? event.reason : event.error);
    window.addEventListener('error', onThrow);
    window.addEventListener('unhandledrejection', onThrow);
    element.addEventListener('ready', (event) => events.push(`ready:${event.detail.configured}`));
    element.addEventListener('error', (event) => events.push(`error:${event.detail.message}`));
    container.append(element);
    const ready = nextEvent(element, 'ready');
    return {
      element,
      events,
      thrown,
      ready,
      done() {
        window.removeEventListener('error', onThrow);
        window.removeEventListener('unhandledrejection', onThrow);
      },
    };
  }

  it('names the bad field, dispatches error and throws nothing into the page', async () => {
    const errors: string[] = [];
    const listener = (event: Event) => errors.push((event as CustomEvent).detail.message);
    document.addEventListener('error', listener, true);
    const agent = await fixture(html`
      <web-agent endpoint="/x">
        <script type="application/json">{ "maxSteps": "many", "persnoa": "typo" }</script>
      </web-agent>
    `);
    document.removeEventListener('error', listener, true);
    expect(errors.join(' ')).to.include('"maxSteps" should be a number').and.to.include('unknown option "persnoa"');
    // Plain words in the bar (issue 16); the field's name is in the event above and the console.
    await waitFor(() => subtitleText(agent as never) === 'Assistant cannot be reached right now. Please try again in a moment.', 'the message in the bar');
  });

  it('reports JSON that does not parse', async () => {
    const errors: string[] = [];
    const listener = (event: Event) => errors.push((event as CustomEvent).detail.message);
    document.addEventListener('error', listener, true);
    await fixture(html`<web-agent endpoint="/x"><script type="application/json">{ nope </script></web-agent>`);
    document.removeEventListener('error', listener, true);
    expect(errors.join(' ')).to.include('not valid JSON');
  });

  it('fires ready once, after the check, with configured true; the error comes first when it is false', async () => {
    await customElements.whenDefined('web-agent');
    const good = await mount((element) => element.setAttribute('endpoint', '/x'));
    expect((await good.ready).detail.configured).to.equal(true);
    good.element.setAttribute('model', 'other');
    await good.element.updateComplete;
    good.done();
    expect(good.events).to.deep.equal(['ready:true']);
    expect(good.thrown).to.deep.equal([]);

    const bad = await mount((element) => {
      element.setAttribute('endpoint', '/x');
      element.setAttribute('max-steps', '0');
    });
    expect((await bad.ready).detail.configured).to.equal(false);
    bad.done();
    expect(bad.events).to.have.length(2);
    expect(bad.events[0]).to.match(/^error:.*"maxSteps" should be at least 1/);
    expect(bad.events[1]).to.equal('ready:false');
    expect(bad.thrown).to.deep.equal([]);
    // Plain words in the bar (issue 16); the field's name is in the event above and the console.
    await waitFor(() => /^\S+ cannot be reached right now\.( |$)/.test(subtitleText(bad.element)), 'the message in the bar');
  });

  it('renders the agent name from the attributes at the first render, before the check has finished', async () => {
    const mounted = await mount((element) => {
      element.setAttribute('endpoint', '/x');
      element.setAttribute('agent-name', 'Ava');
      element.setAttribute('locale', 'en');
    });
    // Lit renders a microtask after connecting; the check needs its chunk first.
    const launcher = () => shadow(mounted.element, '[part~="launcher"]');
    await waitFor(() => !!launcher(), 'the first render');
    expect(launcher()!.getAttribute('aria-label')).to.equal('Ask Ava');
    await mounted.ready;
    mounted.done();
    expect(launcher()!.getAttribute('aria-label')).to.equal('Ask Ava');
  });

  it('run() right after the element is created waits for the check and runs the task', async () => {
    const lane = await createLane();
    await lane.script(done());
    const mounted = await mount((element) => {
      element.setAttribute('endpoint', lane.baseURL);
      element.setAttribute('model', 'test-model');
      element.config = { sessionStorageKey: `test.${lane.id}` };
    });
    const finished = nextEvent(mounted.element, 'done');
    await mounted.element.run('Right away');
    mounted.done();
    expect((await finished).detail.status).to.equal('done');
    expect(mounted.events).to.deep.equal(['ready:true']);
    expect(await lane.requests()).to.have.length(1);
  });

  it('re-checks on attribute changes and on el.config, and run() uses the latest check', async () => {
    const lane = await createLane();
    await lane.script(done());
    const mounted = await mount((element) => {
      element.setAttribute('endpoint', lane.baseURL);
      element.setAttribute('model', 'test-model');
      element.config = { sessionStorageKey: `test.${lane.id}` };
    });
    await mounted.ready;
    const { element, events } = mounted;

    element.setAttribute('agent-name', '');
    await element.updateComplete;
    expect(events.at(-1)).to.match(/^error:.*"agentName" should be at least 1 characters long/);
    element.setAttribute('agent-name', 'Bob');
    element.config = { sessionStorageKey: `test.${lane.id}`, maxSteps: 'lots' } as never;
    await element.updateComplete;
    expect(events.at(-1)).to.match(/^error:.*"maxSteps" should be a number/);
    // The option's name is for the developer (event, console); the visitor reads plain words (issue 16).
    expect(subtitleText(element)).not.to.include('maxSteps');
    expect(subtitleText(element)).to.equal('Bob cannot be reached right now. Please try again in a moment.');

    // A run started while a fixed configuration is still being checked runs with it.
    element.config = { sessionStorageKey: `test.${lane.id}` };
    const finished = nextEvent(element, 'done');
    await element.run('After the fix');
    mounted.done();
    expect((await finished).detail.status).to.equal('done');
    expect(events.filter((event) => event.startsWith('ready'))).to.deep.equal(['ready:true']);
    expect(shadow(element, '[part~="launcher"]')!.getAttribute('aria-label')).to.equal('Ask Bob');
    expect(mounted.thrown).to.deep.equal([]);
  });
});
