// Proves the scripted model server speaks OpenAI's protocol well enough for the real `openai`
// client, in every engine, across origins: if these fail, every agent test's failures are suspect.
import { expect, fixture, html } from '@open-wc/testing';
import OpenAI from 'openai';
import { idInDump, mountAgent, pageSeen } from './support/agent-fixture.js';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { createLane, type Lane, type ScriptedTurn } from './support/model-lane.js';

const TURN: ScriptedTurn = {
  memory: 'The user wants the pricing page.',
  todos_remaining: ['open pricing'],
  actions: [{ narrate: 'Opening the pricing page…' }, { tool: 'click', args: { id: 12 } }],
};
const TURN_JSON = JSON.stringify(TURN);

function clientFor(lane: Lane) {
  return new OpenAI({ baseURL: lane.baseURL, apiKey: 'test-key', dangerouslyAllowBrowser: true, maxRetries: 0 });
}

function startTurn(lane: Lane, extra: { stream_options?: { include_usage: boolean } } = {}) {
  return clientFor(lane).chat.completions.create({
    model: 'test-model',
    stream: true,
    messages: [{ role: 'user', content: 'Show me the prices' }],
    tools: [{ type: 'function', function: { name: 'agent_turn', parameters: { type: 'object' } } }],
    tool_choice: { type: 'function', function: { name: 'agent_turn' } },
    ...extra,
  });
}

/** Accumulates tool-call argument fragments by index, the way the agent's provider must. */
async function collectArguments(chunks: AsyncIterable<ChatCompletionChunk>, seen: string[] = [], onChunk?: () => void) {
  let name: string | undefined;
  for await (const chunk of chunks) {
    for (const call of chunk.choices[0]?.delta.tool_calls ?? []) {
      name ??= call.function?.name;
      seen[call.index] = (seen[call.index] ?? '') + (call.function?.arguments ?? '');
    }
    onChunk?.();
  }
  return { name, args: seen[0] ?? '' };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected a rejection.');
}

describe('model server', () => {
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('streams a scripted agent_turn whose fragments add up to the exact JSON', async () => {
    await lane.script({ turn: TURN, chunkChars: 7 });
    const { name, args } = await collectArguments(await startTurn(lane));
    expect(name).to.equal('agent_turn');
    expect(args).to.equal(TURN_JSON);
  });

  it('sends the include_usage chunk with no choices last', async () => {
    await lane.script({ turn: TURN });
    const chunks: ChatCompletionChunk[] = [];
    for await (const chunk of await startTurn(lane, { stream_options: { include_usage: true } })) chunks.push(chunk);
    const last = chunks.at(-1)!;
    expect(last.choices).to.deep.equal([]);
    expect(last.usage?.total_tokens).to.be.greaterThan(0);
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).to.equal(true);
  });

  it('holds the stream at holdAfterChars until the lane is released', async () => {
    await lane.script({ turn: TURN, chunkChars: 5, holdAfterChars: 20 });
    const iterator = (await startTurn(lane))[Symbol.asyncIterator]();
    let received = '';
    while (received.length < 20) {
      const { value } = await iterator.next();
      received += value?.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? '';
    }
    expect(received).to.equal(TURN_JSON.slice(0, 20));

    const pending = iterator.next();
    const early = await Promise.race([pending.then(() => 'chunk'), delay(300).then(() => 'held')]);
    expect(early).to.equal('held');

    await lane.release();
    const first = await pending;
    const seen = [received + (first.value?.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? '')];
    const { args } = await collectArguments({ [Symbol.asyncIterator]: () => iterator }, seen);
    expect(args).to.equal(TURN_JSON);
  });

  it('reports scripted token counts in the usage chunk', async () => {
    await lane.script({ turn: TURN, usage: { prompt_tokens: 1000, completion_tokens: 20 } });
    let usage: ChatCompletionChunk['usage'];
    for await (const chunk of await startTurn(lane, { stream_options: { include_usage: true } })) usage = chunk.usage ?? usage;
    expect(usage).to.deep.equal({ prompt_tokens: 1000, completion_tokens: 20, total_tokens: 1020 });
  });

  it('plays a server with partial tool support: refuses named tool_choice, answers "auto" in text', async () => {
    const partial = await createLane({ profile: { rejectToolChoice: ['named'], toolCallsFor: ['required'], fenceTextTurns: true } });
    await partial.script({ turn: TURN });
    const refusal = await caught(startTurn(partial));
    expect(refusal).to.be.instanceOf(OpenAI.BadRequestError);
    expect((refusal as Error).message).to.contain('tool_choice');

    // The refusal left the scripted turn queued; under "auto" the model writes it as text.
    const stream = await clientFor(partial).chat.completions.create({
      model: 'test-model',
      stream: true,
      messages: [{ role: 'user', content: 'Show me the prices' }],
      tools: [{ type: 'function', function: { name: 'agent_turn', parameters: { type: 'object' } } }],
      tool_choice: 'auto',
    });
    let content = '';
    for await (const chunk of stream) content += chunk.choices[0]?.delta.content ?? '';
    expect(content).to.equal('```json\n' + TURN_JSON + '\n```');
    const [first, second] = await partial.requests();
    expect(second!.receivedAt).to.be.at.least(first!.receivedAt);
  });

  it('surfaces a 429 as the SDK APIError, with a readable retry-after header', async () => {
    await lane.script({ status: 429, retryAfter: 3, message: 'Slow down.' });
    const error = await caught(startTurn(lane));
    expect(error).to.be.instanceOf(OpenAI.APIError);
    const apiError = error as InstanceType<typeof OpenAI.APIError>;
    expect(apiError.status).to.equal(429);
    expect(apiError.message).to.contain('Slow down.');
    // Cross-origin, this header is only visible because the server exposes it.
    expect(apiError.headers?.get('retry-after')).to.equal('3');
  });

  it('throws the mid-stream `data: {error}` event after the partial arguments', async () => {
    await lane.script({ streamError: { message: 'The model overloaded.' }, afterChars: 10, turn: TURN });
    const seen: string[] = [];
    const error = await caught(collectArguments(await startTurn(lane), seen));
    expect(error).to.be.instanceOf(OpenAI.APIError);
    expect((error as Error).message).to.contain('The model overloaded.');
    expect(seen[0]).to.equal(TURN_JSON.slice(0, 10));
  });

  it('throws when the connection is cut mid-stream, short of [DONE]', async () => {
    // Reset only once the client has read the 15 characters (a fixed grace loses them under load).
    await lane.script({ cut: true, afterChars: 15, turn: TURN, cutOnRelease: true });
    const seen: string[] = [];
    const reading = collectArguments(await startTurn(lane), seen, () => {
      if (seen[0]?.length === 15) void lane.release();
    });
    const error = await caught(reading);
    expect(error).to.be.instanceOf(Error);
    expect(seen[0]).to.equal(TURN_JSON.slice(0, 15));
  });

  it('throws an APIConnectionError when the connection is cut before any byte', async () => {
    await lane.script({ cut: true, afterChars: 0 });
    const error = await caught(startTurn(lane));
    expect(error).to.be.instanceOf(OpenAI.APIConnectionError);
  });

  it('records each request body and its headers', async () => {
    await lane.script({ turn: TURN });
    await collectArguments(await startTurn(lane));
    const [request, ...others] = await lane.requests();
    expect(others).to.have.length(0);
    expect(request.body.model).to.equal('test-model');
    expect(request.body.stream).to.equal(true);
    expect(request.body.messages).to.deep.equal([{ role: 'user', content: 'Show me the prices' }]);
    expect(request.headers.authorization).to.equal('Bearer test-key');
  });

  it('ends the loop with an empty turn when the script runs out, streaming or not', async () => {
    const { args } = await collectArguments(await startTurn(lane));
    expect(JSON.parse(args)).to.deep.equal({ memory: '', todos_remaining: [], actions: [] });

    await lane.script({ turn: TURN });
    const completion = await clientFor(lane).chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Again, without streaming' }],
    });
    const call = completion.choices[0].message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function.arguments).to.equal(TURN_JSON);
  });

  it('aborts a hanging request through the SDK timeout', async () => {
    await lane.script({ hang: true });
    const client = new OpenAI({
      baseURL: lane.baseURL,
      apiKey: 'test-key',
      dangerouslyAllowBrowser: true,
      maxRetries: 0,
      timeout: 300,
    });
    const error = await caught(client.chat.completions.create({ model: 'test-model', messages: [], stream: true }));
    expect(error).to.be.instanceOf(OpenAI.APIConnectionTimeoutError);
  });
});

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('interactive lanes: a policy answers from the request, as a model does', () => {
  it('answers each request the script has no reply for, from the page dump it carries', async () => {
    const lane = await createLane({ interactive: true });
    const page = await fixture<HTMLElement>(html`<div><p>Orders: 3</p><button>Archive all</button></div>`);
    let archived = false;
    page.querySelector('button')!.addEventListener('click', () => {
      archived = true;
      page.querySelector('p')!.textContent = 'Orders: 0';
    });
    const seen: string[] = [];
    const serving = lane.serve((request) => {
      const dump = pageSeen(request);
      seen.push(dump);
      // First look: press the button the dump names; second look: the page says it worked, stop.
      if (dump.includes('Orders: 3')) {
        return { turn: { memory: '', todos_remaining: ['check'], actions: [{ tool: 'click', args: { selector: idInDump(dump, 'Archive all') } }] } };
      }
      return { turn: { memory: '', todos_remaining: [], actions: [{ narrate: 'All archived.' }] } };
    });
    const agent = await mountAgent(lane);
    await agent.run('Archive my orders');
    await serving.stop();
    agent.remove();
    expect(serving.error).to.equal(undefined);
    expect(archived).to.equal(true);
    expect(seen).to.have.length(2);
    expect(seen[1]).to.include('Orders: 0');
  });

  it('plays scripted replies first and asks the policy only for the rest', async () => {
    const lane = await createLane({ interactive: true });
    await lane.script({ turn: { memory: 'scripted', todos_remaining: ['more'], actions: [{ narrate: 'First, from the script.' }] } });
    const serving = lane.serve(() => ({ turn: { memory: 'policy', todos_remaining: [], actions: [] } }));
    const agent = await mountAgent(lane);
    await agent.run('Do it');
    await serving.stop();
    agent.remove();
    expect(serving.answered).to.equal(1);
    const requests = await lane.requests();
    expect(requests).to.have.length(2);
  });
});
