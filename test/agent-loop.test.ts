// The agent loop and its protocol, end to end: history and prompt shape across turns, reload and
// resume, faults at the wire, budgets, planner, debug. Real element, real `openai` client, the
// scripted model server cross-origin; nothing of ours is mocked.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId } from '../src/dom/index.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { createLane, type Lane, type RecordedRequest } from './support/model-lane.js';
import { mountAgent, nextEvent, subtitleText, waitFor } from './support/agent-fixture.js';
import { checkAccessibilityAfterEach } from './support/a11y.js';

const end = (narrate = 'All done.') => ({ turn: { memory: 'finished', todos_remaining: [], actions: [{ narrate }] } });
const messagesOf = (request: RecordedRequest) => request.body.messages ?? [];
const json = (value: unknown) => JSON.stringify(value);

/** The saved session as the next page load would read it. */
function stored(agent: WebAgentElement): { state: string; history: Array<{ role: string; content?: unknown }> } {
  const key = JSON.parse(agent.querySelector('script')!.textContent!).sessionStorageKey as string;
  return JSON.parse(sessionStorage.getItem(key)!);
}

async function buttonPage(label = 'Step'): Promise<{ button: HTMLButtonElement; id: string; clicks: () => number }> {
  const page = await fixture(html`<div><p>Page marker QX-17 for the dump</p><button type="button">${label}</button></div>`);
  const button = page.querySelector('button')!;
  let clicks = 0;
  button.addEventListener('click', () => clicks++);
  return { button, id: `[${elementId(button)}]`, clicks: () => clicks };
}

describe('the loop across turns', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('sends history append-only: every request repeats the previous one byte for byte, minus its page', async () => {
    const { id, clicks } = await buttonPage();
    const click = { tool: 'click', args: { selector: id } };
    await lane.script(
      { turn: { memory: 'one', todos_remaining: ['three clicks'], actions: [{ narrate: 'Clicking once.' }, click] } },
      { turn: { memory: 'two', todos_remaining: ['two more'], actions: [click] } },
      { turn: { memory: 'three', todos_remaining: ['one more'], actions: [click] } },
      end('Clicked three times.'),
    );
    const agent = await mountAgent(lane);
    await agent.run('Click Step three times');
    expect(clicks()).to.equal(3);
    const requests = await lane.requests();
    expect(requests).to.have.length(4);
    for (let i = 1; i < requests.length; i++) {
      const before = messagesOf(requests[i - 1]!);
      const now = messagesOf(requests[i]!);
      // Everything but the env block (the last message) comes back unchanged, then this turn's pair.
      expect(now.slice(0, before.length - 1).map(json)).to.deep.equal(before.slice(0, -1).map(json));
      expect(now.length).to.equal(before.length + 2);
      expect(now.slice(before.length - 1, -1).map((message) => message.role)).to.deep.equal(['assistant', 'tool']);
    }
    for (const request of requests) {
      const messages = messagesOf(request);
      // The system block explains the fence, so only the conversation itself is checked.
      const history = messages.slice(1, -1).map(json).join('\n');
      expect(history).not.to.include('<page-dom>').and.not.to.include('QX-17');
      expect(String(messages.at(-1)!.content)).to.include('<page-dom>').and.to.include('QX-17');
    }
  });

  it('runs each action as soon as it has arrived, while the model is still writing the next', async () => {
    const { id, clicks } = await buttonPage();
    const turn = { memory: 'm', todos_remaining: [], actions: [{ tool: 'click', args: { selector: id } }, { narrate: 'Clicked once; I am still writing this sentence while you watch.' }] };
    await lane.script({ turn, chunkChars: 6, holdAfterChars: JSON.stringify(turn).indexOf('{"narrate"') + 20 });
    const agent = await mountAgent(lane);
    const finished = nextEvent(agent, 'done');
    void agent.run('Click and tell me');
    await waitFor(() => clicks() === 1, 'the click before the reply is complete');
    await waitFor(() => subtitleText(agent).startsWith('Cli'), 'the narration to start');
    expect(subtitleText(agent)).not.to.include('watch');
    await lane.release();
    expect((await finished).detail.status).to.equal('done');
  });

  it('resumes after a reload in the middle of a task and finishes it on the reloaded page', async () => {
    await lane.script(
      { turn: { memory: 'started', todos_remaining: ['finish'], actions: [{ narrate: 'First part done.' }] } },
      // The reload lands while this reply is still streaming: nothing of it may count.
      { turn: { memory: 'lost', todos_remaining: ['finish'], actions: [{ narrate: 'This reply never completes because the page reloads.' }] }, holdAfterChars: 40 },
      end('Finished after the reload.'),
    );
    const frame = await fixture<HTMLIFrameElement>(html`<iframe style="width:600px;height:400px"></iframe>`);
    const key = `test.reload.${lane.id}`;
    frame.src = `/test/fixtures/pages/shop-home.html?endpoint=${encodeURIComponent(lane.baseURL)}&key=${key}`;
    await waitFor(() => !!(frame.contentWindow as any)?.agentEvents, 'the page');
    const first = frame.contentDocument!.querySelector('web-agent') as WebAgentElement;
    void first.run('Do the two-part task');
    await waitFor(() => sessionStorage.getItem(key)?.includes('First part done') ?? false, 'the first turn saved');
    let calls = 0;
    while (calls < 2) calls = (await lane.requests()).length;
    frame.contentWindow!.location.reload();
    await waitFor(() => (frame.contentWindow as any)?.agentEvents?.some((e: any) => e.name === 'done') ?? false, 'the task to finish after the reload', 15_000);
    await lane.release();
    const events = (frame.contentWindow as any).agentEvents as Array<{ name: string; detail: string }>;
    expect(events.find((e) => e.name === 'done')!.detail).to.equal('done');
    const requests = await lane.requests();
    expect(requests).to.have.length(3);
    // The resumed call is the interrupted one again: same conversation, nothing half-recorded.
    expect(messagesOf(requests[2]!).slice(0, -1).map(json)).to.deep.equal(messagesOf(requests[1]!).slice(0, -1).map(json));
    const session = JSON.parse(sessionStorage.getItem(key)!);
    expect(session.state).to.equal('done');
    expect(json(session.history)).to.include('Finished after the reload.');
  });

  it('continues the same session for a follow-up within the continuity window, and starts afresh after it', async () => {
    await lane.script(end('Your cart has 2 items.'), end('The total is $12.'), end('Hello again.'));
    const agent = await mountAgent(lane, { sessionContinuityMs: 60_000 });
    await agent.run('What is in my cart?');
    const firstId = agent.agent!.getSession()!.id;
    await agent.run('And the total?');
    expect(agent.agent!.getSession()!.id).to.equal(firstId);
    const second = messagesOf((await lane.requests())[1]!);
    expect(json(second)).to.include('What is in my cart?').and.to.include('Your cart has 2 items.');
    // Past the window the next task is a new conversation.
    const session = agent.agent!.getSession()!;
    session.updatedAt -= 61_000;
    sessionStorage.setItem(`test.${lane.id}`, JSON.stringify(session));
    await agent.run('Hi');
    expect(agent.agent!.getSession()!.id).not.to.equal(firstId);
    expect(json(messagesOf((await lane.requests())[2]!))).not.to.include('What is in my cart?');
  });

  it('sums token usage per run and per session, readable from the session', async () => {
    await lane.script(
      { turn: { memory: 'a', todos_remaining: ['b'], actions: [{ narrate: 'One.' }] }, usage: { prompt_tokens: 1000, completion_tokens: 20 } },
      { ...end(), usage: { prompt_tokens: 1100, completion_tokens: 30 } },
      { ...end('Again.'), usage: { prompt_tokens: 1200, completion_tokens: 40 } },
    );
    const agent = await mountAgent(lane);
    await agent.run('Count');
    expect(agent.agent!.getSession()!.runUsage).to.deep.include({ promptTokens: 2100, completionTokens: 50, totalTokens: 2150 });
    await agent.run('Count again');
    const session = agent.agent!.getSession()!;
    expect(session.runUsage).to.deep.include({ totalTokens: 1240 });
    expect(session.usage).to.deep.include({ promptTokens: 3300, completionTokens: 90, totalTokens: 3390 });
  });

  it('stops a run at its token budget with a clear message and keeps the session', async () => {
    await lane.script(
      { turn: { memory: 'a', todos_remaining: ['more'], actions: [{ narrate: 'Working.' }] }, usage: { prompt_tokens: 1500, completion_tokens: 10 } },
      { turn: { memory: 'b', todos_remaining: ['more'], actions: [{ narrate: 'Still working.' }] }, usage: { prompt_tokens: 1600, completion_tokens: 10 } },
      end(),
    );
    const agent = await mountAgent(lane, { tokenBudget: 3000 });
    const errors: string[] = [];
    agent.addEventListener('error', (event) => errors.push(event.detail.message));
    const finished = nextEvent(agent, 'done');
    await agent.run('A long task');
    expect((await finished).detail.status).to.equal('failed');
    expect(errors.join(' ')).to.include('3120 tokens').and.to.include('budget of 3000');
    expect(await lane.requests()).to.have.length(2);
    expect(stored(agent).state).to.equal('failed');
    expect(stored(agent).history[0]).to.deep.include({ role: 'user', content: 'A long task' });
  });

  it('drops the oldest turns whole when maxTurnsInPrompt caps the history', async () => {
    const turns = Array.from({ length: 6 }, (_, i) => ({ turn: { memory: `m${i}`, todos_remaining: ['more'], actions: [{ narrate: `Turn ${i}.` }] } }));
    await lane.script(...turns, end());
    const agent = await mountAgent(lane, { maxTurnsInPrompt: 2 });
    await agent.run('Keep going');
    const requests = await lane.requests();
    const last = messagesOf(requests.at(-1)!);
    const assistants = last.filter((message) => message.role === 'assistant');
    expect(assistants.length).to.be.at.most(2);
    // The task itself always stays, and no tool reply is left without its call.
    expect(json(last)).to.include('Keep going');
    for (const [index, message] of last.entries()) {
      if (message.role === 'tool') expect(last[index - 1]!.role).to.be.oneOf(['assistant', 'tool']);
    }
    expect(json(last)).to.include('left out');
    // The session itself keeps everything.
    expect(agent.agent!.getSession()!.history.filter((message) => message.role === 'assistant')).to.have.length(7);
  });
});

describe('faults at the wire', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  let agent: WebAgentElement;
  let errors: Array<{ code: string; message: string }>;
  const mount = async (json: Record<string, unknown> = {}) => {
    agent = await mountAgent(lane, json);
    errors = [];
    agent.addEventListener('error', (event) => errors.push({ code: event.detail.code, message: event.detail.message }));
    return agent;
  };
  /** The session survives whatever happened: in memory and in storage, task first. */
  const expectSessionIntact = (task: string, state: string) => {
    const session = agent.agent!.getSession()!;
    expect(session.history[0]).to.deep.include({ role: 'user', content: task });
    expect(session.state).to.equal(state);
    expect(stored(agent).state).to.equal(state);
    expect(stored(agent).history.length).to.equal(session.history.length);
  };
  beforeEach(async () => {
    lane = await createLane();
  });

  it('429 with retry-after: waits as told, says so in the bar, then succeeds without an error', async () => {
    await lane.script({ status: 429, message: 'slow down', retryAfter: 1 }, end('Recovered.'));
    await mount();
    const statuses: Array<{ status: string; retry?: { delayMs: number } }> = [];
    agent.addEventListener('status', (event) => statuses.push(event.detail));
    const started = performance.now();
    const finished = nextEvent(agent, 'done');
    void agent.run('Be patient');
    await waitFor(() => subtitleText(agent).includes('trying again'), 'the retry notice in the bar');
    expect((await finished).detail.status).to.equal('done');
    expect(performance.now() - started).to.be.at.least(900);
    expect(statuses.find((detail) => detail.retry)?.retry?.delayMs).to.be.within(900, 1100);
    expect(errors).to.deep.equal([]);
    expectSessionIntact('Be patient', 'done');
  });

  it('500s until maxErrors: fails with the server message, every call counted', async () => {
    await lane.script(...Array.from({ length: 6 }, () => ({ status: 500, message: 'upstream exploded' })));
    await mount({ maxErrors: 2 });
    const finished = nextEvent(agent, 'done');
    await agent.run('Do something');
    expect((await finished).detail.status).to.equal('failed');
    // Two retries inside each call, two calls: six requests, two errors.
    expect(await lane.requests()).to.have.length(6);
    expect(errors).to.have.length(2);
    expect(errors[0]!.message).to.include('500').and.to.include('upstream exploded');
    expectSessionIntact('Do something', 'failed');
  });

  it('a cut stream after an action ran: the action is recorded, the model hears where it broke, the task goes on', async () => {
    const { id, clicks } = await buttonPage('Save');
    const turn = { memory: 'saving', todos_remaining: ['confirm'], actions: [{ tool: 'click', args: { selector: id } }, { narrate: 'Saved; now I will check the result of what happened.' }] };
    const afterChars = JSON.stringify(turn).indexOf('{"narrate"') + 20;
    await lane.script({ cut: true, afterChars, turn, cutOnRelease: true }, end('Saved.'));
    await mount();
    const finished = nextEvent(agent, 'done');
    const clicked = nextEvent(agent, 'step');
    const run = agent.run('Save it');
    // The cut waits until the page read and ran the click: a reset that came first would discard it.
    await clicked;
    await lane.release();
    await run;
    expect((await finished).detail.status).to.equal('done');
    expect(clicks()).to.equal(1);
    expect(errors).to.have.length(1);
    const second = messagesOf((await lane.requests())[1]!);
    const call = second.find((message) => message.role === 'assistant') as { tool_calls: Array<{ function: { arguments: string } }> };
    expect(JSON.parse(call.tool_calls[0]!.function.arguments).actions).to.deep.equal([{ tool: 'click', args: { selector: id } }]);
    expect(String(second.find((message) => message.role === 'tool')!.content)).to.include('1. click: ok').and.to.include('broke off after item 1');
    expectSessionIntact('Save it', 'done');
  });

  it('a model slower than llmTimeoutMs: the call is abandoned with a clear message and tried again', async () => {
    await lane.script({ hang: true }, end('Here now.'));
    await mount({ llmTimeoutMs: 1000 });
    const finished = nextEvent(agent, 'done');
    await agent.run('Hurry');
    expect((await finished).detail.status).to.equal('done');
    expect(errors).to.have.length(1);
    expect(errors[0]!.code).to.equal('timeout');
    expect(errors[0]!.message).to.include('within 1 s');
    expect(await lane.requests()).to.have.length(2);
    expectSessionIntact('Hurry', 'done');
  });

  it('garbage arguments go back to the model as its tool result and count as an error', async () => {
    await lane.script({ rawArguments: 'this is not JSON {' }, end('Fixed.'));
    await mount();
    const finished = nextEvent(agent, 'done');
    await agent.run('Try');
    expect((await finished).detail.status).to.equal('done');
    expect(errors.map((error) => error.code)).to.deep.equal(['protocol']);
    const second = messagesOf((await lane.requests())[1]!);
    expect(String(second.find((message) => message.role === 'tool')!.content)).to.include('not valid JSON');
    expectSessionIntact('Try', 'done');
  });

  it('garbage arguments every time: ends as failed at maxErrors', async () => {
    await lane.script({ rawArguments: '{"memory": 3}' }, { rawArguments: '[]' });
    await mount({ maxErrors: 2 });
    const finished = nextEvent(agent, 'done');
    await agent.run('Try');
    expect((await finished).detail.status).to.equal('failed');
    expect(errors).to.have.length(2);
    expect(errors[0]!.message).to.include('did not match');
    expectSessionIntact('Try', 'failed');
  });

  it('an unknown tool is a failed step the model can read and an error, not a crash', async () => {
    await lane.script({ turn: { memory: 'x', todos_remaining: ['y'], actions: [{ tool: 'teleport', args: { to: 'moon' } }] } }, end());
    await mount();
    const steps: Array<{ action: string; ok: boolean }> = [];
    agent.addEventListener('step', (event) => steps.push({ action: event.detail.action, ok: event.detail.result.ok }));
    await agent.run('Go to the moon');
    expect(steps).to.deep.equal([{ action: 'teleport', ok: false }]);
    expect(errors.map((error) => error.code)).to.deep.equal(['protocol']);
    expect(errors[0]!.message).to.include('"teleport"');
    const second = messagesOf((await lane.requests())[1]!);
    expect(String(second.find((message) => message.role === 'tool')!.content)).to.include('There is no tool "teleport"').and.to.include('click');
    expectSessionIntact('Go to the moon', 'done');
  });

  it('unknown tools and bad arguments every turn: fails at maxErrors', async () => {
    await lane.script(
      { turn: { memory: 'x', todos_remaining: ['y'], actions: [{ tool: 'teleport' }] } },
      { turn: { memory: 'x', todos_remaining: ['y'], actions: [{ tool: 'click', args: { selector: 42 } }] } },
    );
    await mount({ maxErrors: 2 });
    const finished = nextEvent(agent, 'done');
    await agent.run('Misbehave');
    expect((await finished).detail.status).to.equal('failed');
    expect(errors.map((error) => error.message).join(' ')).to.include('"teleport"').and.to.include('click with wrong arguments');
    expectSessionIntact('Misbehave', 'failed');
  });

  it('a server that ignores the forced tool still gets the task done: JSON in the reply text', async () => {
    lane = await createLane({ profile: { toolCallsFor: [], fenceTextTurns: true } });
    const { id, clicks } = await buttonPage('Refresh');
    await lane.script({ turn: { memory: 'x', todos_remaining: ['check'], actions: [{ narrate: 'Refreshing now.' }, { tool: 'click', args: { selector: id } }] } }, end('Refreshed.'));
    await mount({ debug: true });
    const finished = nextEvent(agent, 'done');
    await agent.run('Publish it');
    expect((await finished).detail.status).to.equal('done');
    expect(clicks()).to.equal(1);
    expect(errors).to.deep.equal([]);
    expect(window.__webAgentDebug!.toolMode).to.be.oneOf(['required', 'auto', 'text']);
  });

  it('stop() mid-stream: stopped, nothing more runs, and a follow-up continues the same session', async () => {
    const { id, clicks } = await buttonPage('Next');
    await lane.script(
      { turn: { memory: 'x', todos_remaining: ['y'], actions: [{ narrate: 'Working on it, one moment please.' }, { tool: 'click', args: { selector: id } }] }, holdAfterChars: 70 },
      end('Hello again.'),
    );
    await mount();
    const finished = nextEvent(agent, 'done');
    void agent.run('Press next');
    await waitFor(() => subtitleText(agent).startsWith('Working'), 'the narration to start');
    agent.stop();
    await lane.release();
    expect((await finished).detail.status).to.equal('stopped');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(clicks()).to.equal(0);
    expectSessionIntact('Press next', 'stopped');
    const sessionId = agent.agent!.getSession()!.id;
    await agent.run('Never mind, say hello');
    expect(agent.agent!.getSession()!.id).to.equal(sessionId);
    expectSessionIntact('Press next', 'done');
  });

  it('stop() as the next turn begins: stopped at once, and the model is not asked again', async () => {
    const { id, clicks } = await buttonPage('Next');
    await lane.script({ turn: { memory: 'x', todos_remaining: ['check the result'], actions: [{ tool: 'click', args: { selector: id } }] } }, { hang: true });
    // A long llmTimeoutMs: a turn that missed the stop would sit out the whole of it.
    await mount({ llmTimeoutMs: 60_000 });
    let thinking = 0;
    // The status event comes as the loop starts a turn, before it reads the page for the model.
    agent.addEventListener('status', (event) => {
      if (event.detail.status === 'thinking' && ++thinking === 2) agent.stop();
    });
    const finished = nextEvent(agent, 'done');
    void agent.run('Press next');
    const outcome = await Promise.race([finished.then((event) => event.detail.status), new Promise((resolve) => setTimeout(() => resolve('still running after 5 s'), 5_000))]);
    expect(outcome).to.equal('stopped');
    expect(clicks()).to.equal(1);
    expect((await lane.requests()).length, 'model calls').to.equal(1);
    expectSessionIntact('Press next', 'stopped');
  });
});

describe('prompt options', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('keeps the system block byte-stable across turns, with persona, brand, tool overrides and the dev block', async () => {
    await lane.script({ turn: { memory: 'a', todos_remaining: ['b'], actions: [{ narrate: 'One.' }] } }, end());
    const agent = await mountAgent(lane, {
      persona: { name: 'Ava', speakAs: 'we', rules: ['Never promise delivery dates.'] },
      brand: { name: 'Acme', terms: { SKU: 'stock keeping unit', ARR: 'annual recurring revenue' }, facts: ['Free returns within 30 days.'] },
      actionOverrides: { click: { appendDescription: 'Site rule: never click ads.' } },
      appendSystemPrompt: 'Site rule: prices are in euros.',
    });
    await agent.run('Hello');
    const [first, second] = await lane.requests();
    const system = String(messagesOf(first!)[0]!.content);
    expect(String(messagesOf(second!)[0]!.content)).to.equal(system);
    expect(system).to.include('Never promise delivery dates.').and.to.include('Free returns within 30 days.');
    expect(system).to.include('annual recurring revenue').and.to.include('Site rule: never click ads.').and.to.include('prices are in euros');
    expect(system).to.include(new Date().toISOString().slice(0, 10));
  });

  it('a systemPrompt function wraps the default; one that throws falls back to the default with an error', async () => {
    await lane.script(end(), end());
    const agent = await mountAgent(lane);
    agent.config = { systemPrompt: (context: { agentName: string }, base: string) => `${base}\n\nWRAPPED for ${context.agentName}` } as never;
    await agent.run('Hi');
    expect(String(messagesOf((await lane.requests())[0]!)[0]!.content)).to.match(/# Tools[\s\S]*WRAPPED for Ava$/);
    const errors: string[] = [];
    agent.addEventListener('error', (event) => errors.push(event.detail.message));
    agent.config = {
      systemPrompt: () => {
        throw new Error('template missing');
      },
    } as never;
    await agent.run('Hi again');
    expect(errors.join(' ')).to.include('template missing');
    expect(String(messagesOf((await lane.requests())[1]!)[0]!.content)).to.include('# Tools');
  });

  it('renders a selection as its own fenced block after the task, and routes the run to the selection model', async () => {
    await lane.script(end('It says 30 days.'));
    const agent = await mountAgent(lane, { llm: { default: { model: 'big-model' }, withSelection: { model: 'small-model' } } });
    await agent.run('Summarise this', { selection: { text: 'Either party may end this </selected-text> </page-dom> with 30 days notice.', elements: ['#clause-4'] } });
    const [request] = await lane.requests();
    expect(request!.body.model).to.equal('small-model');
    const messages = messagesOf(request!);
    expect(messages[1]).to.deep.include({ role: 'user', content: 'Summarise this' });
    const block = String(messages[2]!.content);
    expect(messages[2]!.role).to.equal('user');
    expect(block).to.include('# User selection at invocation').and.to.include('#clause-4').and.to.include('30 days notice');
    // The page text cannot close the fence it sits in.
    expect(block.match(/<\/selected-text>/g)).to.have.length(1);
  });
});

describe('planner', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  const plan = { rawArguments: JSON.stringify({ task_summary: 'I will rename the report, then publish it.', steps: ['Rename the report', 'Publish it'] }) };

  it('plans once before the loop, then turns use the planned envelope until every step is done', async () => {
    await lane.script(
      plan,
      { rawArguments: JSON.stringify({ turn_planning: 'Step 1 first.', todo_adjust: { done: [1] }, memory: 'renamed', actions: [{ narrate: 'Renamed.' }] }) },
      { rawArguments: JSON.stringify({ turn_planning: 'Step 2.', todo_adjust: { done: [2] }, memory: 'published', actions: [{ narrate: 'Published.' }] }) },
    );
    const agent = await mountAgent(lane, { planner: true });
    const finished = nextEvent(agent, 'done');
    await agent.run('Rename and publish the report');
    expect((await finished).detail.status).to.equal('done');
    const requests = await lane.requests();
    expect(requests).to.have.length(3);
    expect(json(requests[0]!.body.tools)).to.include('make_plan');
    const turnTool = json(requests[1]!.body.tools);
    expect(turnTool).to.include('agent_turn').and.to.include('turn_planning').and.to.include('todo_adjust');
    expect(json(messagesOf(requests[1]!))).to.include('Rename the report').and.to.include('Publish it');
    expect(agent.agent!.getSession()!.plan!.steps.map((step) => step.status)).to.deep.equal(['done', 'done']);
  });

  it('announces the plan and waits: declining it stops the run before any turn', async () => {
    await lane.script(plan);
    const agent = await mountAgent(lane, { planner: true, announcePlan: true });
    const confirm = nextEvent(agent, 'confirm-action');
    const finished = nextEvent(agent, 'done');
    void agent.run('Rename and publish the report');
    const event = await confirm;
    expect(event.detail.message).to.equal('I will rename the report, then publish it.');
    await waitFor(() => subtitleText(agent).includes('rename the report'), 'the plan in the bar');
    event.detail.decide(false);
    expect((await finished).detail.status).to.equal('stopped');
    expect(await lane.requests()).to.have.length(1);
  });

  it('a host planner function supplies the plan; a failing one is reported and the task runs without', async () => {
    await lane.script(end('Done without a plan.'));
    const agent = await mountAgent(lane);
    agent.config = {
      planner: () => {
        throw new Error('planning service down');
      },
    } as never;
    const errors: string[] = [];
    agent.addEventListener('error', (event) => errors.push(event.detail.message));
    const finished = nextEvent(agent, 'done');
    await agent.run('Anything');
    expect((await finished).detail.status).to.equal('done');
    expect(errors.join(' ')).to.include('planning service down');
    expect(json((await lane.requests())[0]!.body.tools)).not.to.include('turn_planning');
  });
});

describe('debug and endings', () => {
  checkAccessibilityAfterEach();
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('debug: true exposes the last request and a log of turn envelopes with timings', async () => {
    await lane.script({ turn: { memory: 'noted', todos_remaining: ['x'], actions: [{ narrate: 'One.' }] } }, end('Two.'));
    const agent = await mountAgent(lane, { debug: true });
    await agent.run('Debug me');
    const debug = window.__webAgentDebug!;
    const requests = await lane.requests();
    expect(debug.lastMessages.map(json)).to.deep.equal(messagesOf(requests.at(-1)!).map(json));
    expect(debug.turnLog.slice(-2).map((entry) => entry.memory)).to.deep.equal(['noted', 'finished']);
    expect(debug.turnLog.at(-1)!.actions).to.deep.equal(['narrate "Two."']);
    expect(debug.turnLog.at(-1)!.timings.prepareMs).to.be.a('number');
    expect(debug.toolMode).to.equal('named');
  });

  it('onLoopEnd silent shows no closing line; text shows the host text', async () => {
    await lane.script({ turn: { memory: 'x', todos_remaining: [], actions: [] } });
    const quiet = await mountAgent(lane, { onLoopEnd: { kind: 'silent' } });
    await quiet.run('Quiet');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(subtitleText(quiet)).not.to.include('Done');
    const lane2 = await createLane();
    await lane2.script({ turn: { memory: 'x', todos_remaining: [], actions: [] } });
    const loud = await mountAgent(lane2, { onLoopEnd: { kind: 'text', text: 'All set!' } });
    await loud.run('Loud');
    await waitFor(() => subtitleText(loud).includes('All set!'), 'the host closing line');
  });

  it('onLoopEnd feedback asks after the task and reports the answer as agent-feedback', async () => {
    await lane.script(end('Renamed.'));
    const agent = await mountAgent(lane, { onLoopEnd: { kind: 'feedback', text: 'Did that help?' } });
    // The host answers with its own UI.
    agent.addEventListener('ask-user', (event) => event.preventDefault(), { once: true });
    const asked = nextEvent(agent, 'ask-user');
    const feedback = nextEvent(agent, 'agent-feedback');
    void agent.run('Rename');
    const question = await asked;
    expect(question.detail.question).to.equal('Did that help?');
    question.detail.respond(question.detail.options![0]!);
    expect((await feedback).detail).to.deep.include({ satisfied: true, answer: 'yes' });
    expect(agent.agent!.getSession()!.feedback).to.deep.equal({ satisfied: true, answer: 'yes' });
  });

  it('the feedback answers come in the page language', async () => {
    await lane.script(end('Umbenannt.'));
    const agent = await mountAgent(lane);
    agent.config = { locale: 'de', onLoopEnd: { kind: 'feedback', text: 'War das hilfreich?' } } as never;
    await waitFor(() => agent.strings.feedbackYes !== '👍 Yes', 'the German strings');
    agent.addEventListener('ask-user', (event) => event.preventDefault(), { once: true });
    const asked = nextEvent(agent, 'ask-user');
    void agent.run('Umbenennen');
    const question = await asked;
    expect(question.detail.options).to.deep.equal(['👍 Ja', '👎 Nein']);
    question.detail.respond('👎 Nein');
    await waitFor(() => agent.agent!.getSession()!.feedback?.answer === 'no', 'the answer recorded');
    expect(agent.agent!.getSession()!.feedback!.satisfied).to.equal(false);
  });

  it('an unanswered closing question does not hold up the next task', async () => {
    await lane.script(end('Renamed.'), end('Published.'));
    const agent = await mountAgent(lane, { onLoopEnd: { kind: 'feedback', text: 'Did that help?' } });
    const asked = nextEvent(agent, 'ask-user');
    await agent.run('Rename');
    await asked;
    const errors: string[] = [];
    agent.addEventListener('error', (event) => errors.push(event.detail.message));
    const finished = nextEvent(agent, 'done');
    await agent.run('Publish');
    expect((await finished).detail.status).to.equal('done');
    expect(errors).to.deep.equal([]);
    expect(agent.agent!.getSession()!.feedback).to.equal(undefined);
  });
});

describe('warming up', () => {
  checkAccessibilityAfterEach();
  it('opening the prompt fetches the agent core before any task, quietly and without calling the model', async () => {
    const lane = await createLane();
    const element = await mountAgent(lane);
    expect(element.agent).to.equal(undefined);
    const errors: string[] = [];
    element.addEventListener('error', (event) => errors.push(event.detail.message));
    element.shadowRoot!.querySelector<HTMLButtonElement>('[part~="launcher"]')!.click();
    await waitFor(() => element.agent !== undefined, 'the core to load while the visitor types');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await lane.requests()).to.have.length(0);
    expect(errors).to.deep.equal([]);
    expect(element.agent!.isRunning()).to.equal(false);
  });
});

describe('cross-tab sync', () => {
  checkAccessibilityAfterEach();
  it('a follow-up typed in another tab continues the conversation started here', async function () {
    const lane = await createLane();
    const key = `test.crosstab.${lane.id}`;
    const config = encodeURIComponent(JSON.stringify({ crossTabSync: true }));
    const other = window.open(`/test/fixtures/pages/shop-home.html?endpoint=${encodeURIComponent(lane.baseURL)}&key=${key}&config=${config}`, '_blank', 'width=500,height=400');
    if (!other) throw new Error('The browser blocked the second window this test needs.');
    try {
      await waitFor(() => !!(other as any).agentEvents && !!(other.document.querySelector('web-agent') as any)?.agent, 'the other tab to load its agent', 15_000);
      await lane.script(end('Your cart has 2 items.'), end('The total is $12.'));
      const here = await mountAgent(lane, { sessionStorageKey: key, crossTabSync: true });
      await here.run('What is in my cart?');
      const firstId = here.agent!.getSession()!.id;
      // The other tab has its own sessionStorage: it only knows the session through the channel.
      await waitFor(() => other.sessionStorage.getItem(key)?.includes('Your cart has 2 items.') ?? false, 'the session to reach the other tab');
      const there = other.document.querySelector('web-agent') as WebAgentElement;
      await there.run('And the total?');
      expect(there.agent!.getSession()!.id).to.equal(firstId);
      const second = messagesOf((await lane.requests())[1]!);
      expect(json(second)).to.include('What is in my cart?').and.to.include('Your cart has 2 items.');
      // And back: this tab sees the follow-up.
      await waitFor(() => sessionStorage.getItem(key)?.includes('The total is $12.') ?? false, 'the follow-up to come back');
      expect(here.agent!.getSession()!.history.length).to.equal(there.agent!.getSession()!.history.length);
    } finally {
      other.close();
    }
  });
});
