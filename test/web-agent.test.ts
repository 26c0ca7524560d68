// End to end through the real element, the real `openai` client and the scripted model server.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId } from '../src/dom/index.js';
import { createLane, type Lane } from './support/model-lane.js';
import { mountAgent, nextEvent, pageSeen, subtitleText, waitFor } from './support/agent-fixture.js';

const done = (memory = 'finished') => ({ turn: { memory, todos_remaining: [], actions: [] } });

describe('<web-agent> end to end', () => {
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

  it('clicks a button and fills a field by the ids in the dump, and the page sees it', async () => {
    const page = await fixture<HTMLFormElement>(html`
      <form>
        <label>Title <input name="title" value="Draft" /></label>
        <button type="button">Publish</button>
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

  it('keeps the session and reports a clear error when the model keeps failing', async () => {
    // The client retries a 500 twice itself, so each failed call takes three scripted replies.
    await lane.script(...Array.from({ length: 6 }, () => ({ status: 500, message: 'upstream exploded' })));
    const agent = await mountAgent(lane, { maxErrors: 2 });
    const errors: string[] = [];
    agent.addEventListener('error', (event) => errors.push(event.detail.message));
    const finished = nextEvent(agent, 'done');
    await agent.run('Do something');
    expect((await finished).detail.status).to.equal('failed');
    expect(errors.join(' ')).to.include('500');
    expect(subtitleText(agent)).to.include('500');
    expect(agent.agent!.getSession()!.history[0]).to.deep.include({ role: 'user', content: 'Do something' });
  });
});

describe('<web-agent> configuration', () => {
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
    await waitFor(() => subtitleText(agent as never).includes('maxSteps'), 'the message in the bar');
  });

  it('reports JSON that does not parse', async () => {
    const errors: string[] = [];
    const listener = (event: Event) => errors.push((event as CustomEvent).detail.message);
    document.addEventListener('error', listener, true);
    await fixture(html`<web-agent endpoint="/x"><script type="application/json">{ nope </script></web-agent>`);
    document.removeEventListener('error', listener, true);
    expect(errors.join(' ')).to.include('not valid JSON');
  });
});

describe('<web-agent> stop', () => {
  it('stops mid-stream: nothing after the stop runs, the run ends as stopped and the session is kept', async () => {
    const lane = await createLane();
    const page = await fixture(html`<div><button type="button">Next</button></div>`);
    const button = page.querySelector('button')!;
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    await lane.script({
      turn: { memory: 'x', todos_remaining: ['y'], actions: [{ narrate: 'Working on it, one moment please.' }, { tool: 'click', args: { selector: `[${elementId(button)}]` } }] },
      holdAfterChars: 70,
    });
    const agent = await mountAgent(lane);
    const finished = nextEvent(agent, 'done');
    void agent.run('Press next');
    await waitFor(() => subtitleText(agent).startsWith('Working'), 'the narration to start');
    agent.stop();
    await lane.release();
    const event = await finished;
    expect(event.detail.status).to.equal('stopped');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(clicks).to.equal(0);
    expect(agent.agent!.isRunning()).to.equal(false);
    expect(agent.agent!.getSession()!.history[0]).to.deep.include({ role: 'user', content: 'Press next' });
  });
});
