// The OpenAI provider against the scripted model server, across origins, through the real SDK:
// retries (with the server's retry-after), the tool-mode ladder for servers with partial tool
// support, and what reaches the agent loop as stream parts.
import { expect } from '@open-wc/testing';
import { OpenAIProvider, type OpenAIProviderOptions } from '../src/llm/openai-provider.js';
import { LLMError, isLLMProvider, isLLMRouter, pickProvider, type LLMMessage, type StreamPart, type ToolSpec } from '../src/llm/index.js';
import { TurnStreamReader } from '../src/llm/turn-stream.js';
import { createLane, type Lane, type LaneOptions, type RecordedRequest, type ScriptedTurn } from './support/model-lane.js';

const TOOL: ToolSpec = {
  name: 'agent_turn',
  description: 'One turn of the agent: what to remember, what is left, what to do now.',
  parameters: {
    type: 'object',
    properties: { memory: { type: 'string' }, todos_remaining: { type: 'array', items: { type: 'string' } }, actions: { type: 'array' } },
    required: ['memory', 'todos_remaining', 'actions'],
  },
};
const TURN: ScriptedTurn = {
  memory: 'The user wants the pricing page.',
  todos_remaining: ['open pricing'],
  actions: [{ narrate: 'Opening the pricing page for you now…' }, { tool: 'click', args: { id: 12 } }],
};
const TURN_JSON = JSON.stringify(TURN);
const MESSAGES: LLMMessage[] = [
  { role: 'system', content: 'You are Ava, a helpful agent.' },
  { role: 'user', content: 'Show me the prices' },
];
const NAMED_CHOICE = { type: 'function', function: { name: 'agent_turn' } };

type Part<T extends StreamPart['type']> = Extract<StreamPart, { type: T }>;

interface Outcome {
  parts: StreamPart[];
  error?: LLMError;
}

function providerFor(lane: Lane, options: Partial<OpenAIProviderOptions> = {}) {
  return new OpenAIProvider({ baseURL: lane.baseURL, model: 'test-model', apiKey: 'test-key', retryBaseDelayMs: 20, ...options });
}

/** Runs one call to the end and keeps every part, and the error if it failed. */
async function call(provider: OpenAIProvider, signal = new AbortController().signal, messages = MESSAGES, onPart?: (parts: StreamPart[]) => void): Promise<Outcome> {
  const parts: StreamPart[] = [];
  try {
    for await (const part of provider.streamTurn({ messages, tool: TOOL }, { signal })) {
      parts.push(part);
      onPart?.(parts);
    }
  } catch (error) {
    if (!LLMError.isInstance(error)) throw error;
    return { parts, error };
  }
  return { parts };
}

function partsOf<T extends StreamPart['type']>(parts: StreamPart[], type: T): Part<T>[] {
  return parts.filter((part): part is Part<T> => part.type === type);
}

function argumentsOf(parts: StreamPart[]): string {
  return partsOf(parts, 'arguments-delta').map((part) => part.delta).join('');
}

function textOf(parts: StreamPart[]): string {
  return partsOf(parts, 'text-delta').map((part) => part.delta).join('');
}

function modesOf(parts: StreamPart[]): string[] {
  return partsOf(parts, 'mode').map((part) => part.mode);
}

function toolChoices(requests: RecordedRequest[]): unknown[] {
  return requests.map((request) => request.body.tool_choice);
}

describe('OpenAIProvider retries', () => {
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('waits the retry-after of a 429, says so, then streams the turn intact', async () => {
    await lane.script({ status: 429, retryAfter: 1, message: 'Slow down.' }, { turn: TURN, chunkChars: 9 });
    const { parts, error } = await call(providerFor(lane));
    expect(error).to.equal(undefined);
    const [retry, ...moreRetries] = partsOf(parts, 'retry');
    expect(moreRetries).to.have.length(0);
    expect(retry).to.include({ attempt: 1, delayMs: 1000 });
    expect(retry!.error.kind).to.equal('rate-limit');
    expect(retry!.error.retryAfterMs).to.equal(1000);
    expect(argumentsOf(parts)).to.equal(TURN_JSON);
    expect(parts.at(-1)).to.deep.equal({ type: 'finish' });
    const [first, second] = await lane.requests();
    expect(second!.receivedAt - first!.receivedAt).to.be.at.least(950);
  });

  it('honours retry-after-ms, the precise header OpenAI sends', async () => {
    await lane.script({ status: 503, retryAfterMs: 150 }, { turn: TURN });
    const { parts } = await call(providerFor(lane));
    expect(partsOf(parts, 'retry').map((part) => part.delayMs)).to.deep.equal([150]);
    expect(argumentsOf(parts)).to.equal(TURN_JSON);
  });

  it('backs off on its own when a 429 has no retry-after', async () => {
    await lane.script({ status: 429 }, { turn: TURN });
    const { parts, error } = await call(providerFor(lane, { retryBaseDelayMs: 40 }));
    expect(error).to.equal(undefined);
    const [retry] = partsOf(parts, 'retry');
    // The first backoff is the base, less up to a quarter of jitter.
    expect(retry!.delayMs).to.be.within(30, 40);
    expect(argumentsOf(parts)).to.equal(TURN_JSON);
    expect(await lane.requests()).to.have.length(2);
  });

  it('gives up on a 500 after maxRetries, with one server error after exactly three requests', async () => {
    await lane.script(...Array.from({ length: 4 }, () => ({ status: 500, message: 'upstream exploded' })));
    const { parts, error } = await call(providerFor(lane, { maxRetries: 2 }));
    expect(error?.kind).to.equal('server');
    expect(error?.message).to.include('500').and.to.include('upstream exploded');
    expect(partsOf(parts, 'retry').map((part) => part.attempt)).to.deep.equal([1, 2]);
    expect(await lane.requests()).to.have.length(3);
  });

  it('never retries a request the server refused (400), nor steps down for it', async () => {
    await lane.script({ status: 400, message: "Invalid 'messages': the conversation is too long." });
    const provider = providerFor(lane);
    const { parts, error } = await call(provider);
    expect(error?.kind).to.equal('bad-request');
    expect(error?.message).to.include('too long');
    expect(partsOf(parts, 'retry')).to.have.length(0);
    expect(modesOf(parts)).to.deep.equal(['named']);
    expect(await lane.requests()).to.have.length(1);
    expect(provider.toolMode).to.equal('named');
  });

  it('fails at once, saying how long, when the server asks for a longer wait than the cap', async () => {
    await lane.script({ status: 429, retryAfter: 120, message: 'Daily quota used up.' });
    const started = performance.now();
    const { parts, error } = await call(providerFor(lane));
    expect(performance.now() - started).to.be.below(1000);
    expect(error?.kind).to.equal('rate-limit');
    expect(error?.message).to.include('2 min').and.to.include('Daily quota used up.');
    expect(error?.retryAfterMs).to.equal(120_000);
    expect(error?.retryable).to.equal(false);
    expect(partsOf(parts, 'retry')).to.have.length(0);
    expect(await lane.requests()).to.have.length(1);
  });

  it('reads retry-after given as an HTTP date', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toUTCString();
    await lane.script({ status: 503, retryAfter: inAnHour });
    const { error } = await call(providerFor(lane));
    expect(error?.message).to.match(/wait (59 min|1 h)/);
  });

  it('stops waiting the moment the visitor stops the agent', async () => {
    await lane.script({ status: 429, retryAfter: 5 });
    const controller = new AbortController();
    const provider = providerFor(lane);
    const parts: StreamPart[] = [];
    let stoppedAt = 0;
    let caught: unknown;
    try {
      for await (const part of provider.streamTurn({ messages: MESSAGES, tool: TOOL }, { signal: controller.signal })) {
        parts.push(part);
        if (part.type === 'retry') {
          setTimeout(() => controller.abort(), 50);
          stoppedAt = performance.now() + 50;
        }
      }
    } catch (error) {
      caught = error;
    }
    expect(performance.now() - stoppedAt).to.be.below(500);
    expect(LLMError.isInstance(caught) && caught.kind).to.equal('aborted');
    expect(partsOf(parts, 'retry')).to.have.length(1);
    expect(await lane.requests()).to.have.length(1);
  });

  it('reports a timeout, not a stop, when the call deadline ends the wait', async () => {
    await lane.script({ status: 429, retryAfter: 5 });
    const started = performance.now();
    const { error } = await call(providerFor(lane), AbortSignal.timeout(200));
    expect(performance.now() - started).to.be.below(1500);
    expect(error?.kind).to.equal('timeout');
  });

  it('retries a connection cut before the first byte', async () => {
    await lane.script({ cut: true, afterChars: 0 }, { turn: TURN });
    const { parts, error } = await call(providerFor(lane));
    expect(error).to.equal(undefined);
    expect(partsOf(parts, 'retry')[0]?.error.kind).to.equal('network');
    expect(argumentsOf(parts)).to.equal(TURN_JSON);
  });

  it('never retries once arguments reached the agent: a mid-stream cut propagates', async () => {
    // The reset waits until the provider has handed on all 20 characters: under load a fixed grace
    // can pass before the page reads them, and the engine then drops them with the broken stream.
    await lane.script({ cut: true, afterChars: 20, turn: TURN, chunkChars: 5, cutOnRelease: true });
    let released = false;
    const { parts, error } = await call(providerFor(lane), undefined, undefined, (seen) => {
      if (released || argumentsOf(seen).length < 20) return;
      released = true;
      void lane.release();
    });
    expect(error?.kind).to.equal('network');
    expect(argumentsOf(parts)).to.equal(TURN_JSON.slice(0, 20));
    expect(partsOf(parts, 'retry')).to.have.length(0);
    expect(await lane.requests()).to.have.length(1);
  });
});

describe('OpenAIProvider tool-mode ladder', () => {
  async function laneWith(options: LaneOptions) {
    return createLane(options);
  }

  it('asks with tool_choice "required" when the server refuses a named one, and starts there next time', async () => {
    const lane = await laneWith({ profile: { rejectToolChoice: ['named'] } });
    await lane.script({ turn: TURN }, { turn: TURN });
    const provider = providerFor(lane, { maxRetries: 0 });

    const first = await call(provider);
    expect(first.error).to.equal(undefined);
    expect(modesOf(first.parts)).to.deep.equal(['named', 'required']);
    expect(partsOf(first.parts, 'retry')).to.have.length(0);
    expect(argumentsOf(first.parts)).to.equal(TURN_JSON);

    const second = await call(provider);
    expect(modesOf(second.parts)).to.deep.equal(['required']);
    expect(argumentsOf(second.parts)).to.equal(TURN_JSON);
    expect(toolChoices(await lane.requests())).to.deep.equal([NAMED_CHOICE, 'required', 'required']);
  });

  it('recovers fenced JSON from a server that ignores tools, streaming the narration as it comes', async () => {
    const lane = await laneWith({ profile: { toolCallsFor: [], fenceTextTurns: true } });
    const narrationAt = '```json\n'.length + TURN_JSON.indexOf('Opening');
    await lane.script({ turn: TURN, chunkChars: 6, holdAfterChars: narrationAt + 16 });
    const provider = providerFor(lane);
    const reader = new TurnStreamReader();
    const parts: StreamPart[] = [];
    const iterator = provider.streamTurn({ messages: MESSAGES, tool: TOOL }, { signal: new AbortController().signal })[Symbol.asyncIterator]();

    // The server is holding the rest of the reply: whatever narration shows now came streamed.
    let narrated = '';
    while (!narrated.startsWith('Opening the')) {
      const { value, done } = await iterator.next();
      expect(done, 'the stream ended before the narration arrived').to.not.equal(true);
      parts.push(value as StreamPart);
      if (value?.type !== 'arguments-delta') continue;
      for (const event of reader.push(value.delta)) if (event.type === 'narrate-delta') narrated = event.text;
    }
    expect(parts.some((part) => part.type === 'finish')).to.equal(false);
    expect(TURN_JSON.startsWith(argumentsOf(parts))).to.equal(true);

    await lane.release();
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) parts.push(next.value);
    // Exactly the object: neither fence reaches the agent.
    expect(argumentsOf(parts)).to.equal(TURN_JSON);
    expect(partsOf(parts, 'tool-call-start')).to.have.length(1);
    expect(partsOf(parts, 'tool-call-start')[0]!.name).to.equal('agent_turn');
    expect(textOf(parts)).to.equal('');
    expect(provider.toolMode).to.equal('required');
  });

  it('learns from a server that answers tool_choice "required" only', async () => {
    const lane = await laneWith({ profile: { toolCallsFor: ['required'] } });
    await lane.script({ turn: TURN }, { turn: TURN }, { turn: TURN });
    const provider = providerFor(lane);
    const replies = [await call(provider), await call(provider), await call(provider)];
    expect(replies.map((reply) => argumentsOf(reply.parts))).to.deep.equal([TURN_JSON, TURN_JSON, TURN_JSON]);
    expect(replies.map((reply) => modesOf(reply.parts))).to.deep.equal([['named'], ['required'], ['required']]);
    // The first came as text, the later ones as real tool calls with the server's call id.
    expect(partsOf(replies[1]!.parts, 'tool-call-start')[0]!.id).to.match(/^call_/).and.not.match(/^call_text_/);
    expect(toolChoices(await lane.requests())).to.deep.equal([NAMED_CHOICE, 'required', 'required']);
  });

  it('goes straight to text mode when the server refuses tools altogether', async () => {
    const lane = await laneWith({ profile: { rejectTools: true } });
    await lane.script({ turn: TURN }, { turn: TURN });
    const provider = providerFor(lane);
    const history: LLMMessage[] = [
      ...MESSAGES,
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'agent_turn', arguments: '{"memory":"m"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '1. click: ok' },
    ];
    const first = await call(provider, undefined, history);
    expect(first.error).to.equal(undefined);
    expect(modesOf(first.parts)).to.deep.equal(['named', 'text']);
    expect(argumentsOf(first.parts)).to.equal(TURN_JSON);

    const second = await call(provider, undefined, history);
    expect(modesOf(second.parts)).to.deep.equal(['text']);
    const requests = await lane.requests();
    expect(requests).to.have.length(3);
    const textRequest = requests[2]!.body;
    expect(textRequest).to.not.have.property('tools');
    expect(textRequest).to.not.have.property('tool_choice');
    const [system, ...rest] = textRequest.messages!;
    expect(system!.role).to.equal('system');
    expect(String(system!.content)).to.include('You are Ava').and.to.include('ONLY one JSON object').and.to.include('"todos_remaining"');
    // Tool roles become plain turns: a server without tools may refuse them too.
    expect(rest.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'user']);
    expect(rest[1]!.content).to.equal('{"memory":"m"}');
    expect(String(rest[2]!.content)).to.include('1. click: ok');
  });

  it('moves from auto to text once the model writes the JSON instead of calling the tool', async () => {
    const lane = await laneWith({ profile: { toolCallsFor: [] } });
    await lane.script({ turn: TURN }, { turn: TURN });
    const provider = providerFor(lane, { toolMode: 'auto' });
    const first = await call(provider);
    expect(modesOf(first.parts)).to.deep.equal(['auto']);
    expect(argumentsOf(first.parts)).to.equal(TURN_JSON);
    const second = await call(provider);
    expect(modesOf(second.parts)).to.deep.equal(['text']);
    expect(toolChoices(await lane.requests())).to.deep.equal(['auto', undefined]);
  });

  it('finds the JSON after a sentence of preamble, giving it at the end as arguments', async () => {
    const lane = await createLane();
    await lane.script({ text: `Sure! Here is my turn {as asked}:\n\`\`\`json\n${TURN_JSON}\n\`\`\`\nAnything else?`, chunkChars: 7 });
    const provider = providerFor(lane);
    const { parts } = await call(provider);
    expect(argumentsOf(parts)).to.equal(TURN_JSON);
    expect(textOf(parts)).to.equal('');
    expect(provider.toolMode).to.equal('required');
  });

  it('gives prose without JSON to the agent as text', async () => {
    const lane = await createLane();
    await lane.script({ text: 'I cannot help with that on this page, sorry.', chunkChars: 5 });
    const { parts, error } = await call(providerFor(lane));
    expect(error).to.equal(undefined);
    expect(textOf(parts)).to.equal('I cannot help with that on this page, sorry.');
    expect(partsOf(parts, 'arguments-delta')).to.have.length(0);
    expect(partsOf(parts, 'tool-call-start')).to.have.length(0);
  });
});

describe('OpenAIProvider requests', () => {
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('sends the named tool_choice and reports usage on a cooperative server', async () => {
    await lane.script({ turn: TURN });
    const { parts } = await call(providerFor(lane));
    expect(parts[0]).to.deep.equal({ type: 'mode', mode: 'named' });
    expect(partsOf(parts, 'usage')[0]!.usage.totalTokens).to.be.greaterThan(0);
    const [request] = await lane.requests();
    expect(request!.body.tool_choice).to.deep.equal(NAMED_CHOICE);
    expect(request!.body.tools).to.deep.equal([{ type: 'function', function: TOOL }]);
  });

  it('maps thinking to reasoning_effort, and sends nothing for off', async () => {
    await call(providerFor(lane, { thinking: 'low' }));
    await call(providerFor(lane, { thinking: 'off' }));
    const [low, off] = await lane.requests();
    expect(low!.body.reasoning_effort).to.equal('low');
    expect(off!.body).to.not.have.property('reasoning_effort');
  });

  it('passes image content parts through unchanged', async () => {
    const picture = 'data:image/png;base64,iVBORw0KGgo=';
    const user: LLMMessage = {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in the selection?' },
        { type: 'image_url', image_url: { url: picture, detail: 'low' } },
      ],
    };
    await call(providerFor(lane), undefined, [MESSAGES[0]!, user]);
    const [request] = await lane.requests();
    expect(request!.body.messages![1]).to.deep.equal(user);
  });
});

describe('LLM router', () => {
  const fast = new OpenAIProvider({ baseURL: '/v1', model: 'fast' });
  const strong = new OpenAIProvider({ baseURL: '/v1', model: 'strong' });

  it('tells providers from routers', () => {
    expect(isLLMProvider(fast)).to.equal(true);
    expect(isLLMRouter(fast)).to.equal(false);
    expect(isLLMRouter({ default: fast, planner: strong })).to.equal(true);
    expect(isLLMRouter({ default: { endpoint: '/v1' } })).to.equal(false);
    expect(isLLMProvider({ model: 'x' })).to.equal(false);
  });

  it('picks the provider for a role, falling back to the default', () => {
    const router = { default: fast, withSelection: strong };
    expect(pickProvider(router, 'with-selection')).to.equal(strong);
    expect(pickProvider(router, 'planner')).to.equal(fast);
    expect(pickProvider(router, 'default')).to.equal(fast);
    expect(pickProvider(strong, 'planner')).to.equal(strong);
  });
});
