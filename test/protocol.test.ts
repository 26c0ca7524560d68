// The model-facing protocol pieces: what the model is told (schemas) and how its streamed reply is read.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { TurnStreamReader, type TurnStreamEvent } from '../src/llm/turn-stream.js';
import { agentTurnTool, toJsonSchema } from '../src/prompt/index.js';

describe('agent_turn schema sent to the model', () => {
  it('describes the envelope with required memory and todos and optional actions', () => {
    const { name, parameters } = agentTurnTool();
    expect(name).to.equal('agent_turn');
    expect(parameters).to.deep.include({ type: 'object', required: ['memory', 'todos_remaining'] });
    const properties = parameters.properties as Record<string, Record<string, unknown>>;
    expect(properties.memory!.type).to.equal('string');
    expect(String(properties.memory!.description)).to.include('Private');
    expect(properties.actions!.type).to.equal('array');
    expect((properties.actions!.items as { anyOf: unknown[] }).anyOf).to.have.length(2);
  });

  it('converts tool parameters: optional, enums, bounds, records, descriptions', () => {
    const schema = z.object({
      selector: z.string().check(z.minLength(1), z.describe('target id')),
      count: z.optional(z.int().check(z.gte(1), z.lte(5))),
      mode: z.enum(['a', 'b']),
      extra: z.record(z.string(), z.boolean()),
    });
    expect(toJsonSchema(schema)).to.deep.equal({
      type: 'object',
      properties: {
        selector: { type: 'string', minLength: 1, description: 'target id' },
        count: { type: 'integer', minimum: 1, maximum: 5 },
        mode: { type: 'string', enum: ['a', 'b'] },
        extra: { type: 'object', additionalProperties: { type: 'boolean' } },
      },
      required: ['selector', 'mode', 'extra'],
      additionalProperties: false,
    });
  });
});

describe('reading a streamed reply', () => {
  it('keeps of every prefix of a reply only what arrived whole, and of the whole reply all of it', () => {
    const whole = { memory: 'a "quoted" \\ note', todos_remaining: ['x'], actions: [{ narrate: 'Hi\nthere é' }, { tool: 'click', args: { selector: '[a1]', n: -1.5e3, ok: true, none: null } }], done: false };
    const text = JSON.stringify(whole);
    for (let end = 0; end <= text.length; end++) {
      const reader = new TurnStreamReader();
      reader.push(text.slice(0, end));
      const { actions, ...members } = reader.received as typeof whole;
      for (const [key, value] of Object.entries(members)) expect(value, `${key} after ${end} characters`).to.deep.equal(whole[key as keyof typeof whole]);
      expect(actions, `actions after ${end} characters`).to.deep.equal(whole.actions.slice(0, actions.length));
    }
    const reader = new TurnStreamReader();
    reader.push(text);
    expect(reader.received).to.deep.equal(whole);
  });

  it('reports narration as it grows and each action once its object closes', () => {
    const reader = new TurnStreamReader();
    const text = JSON.stringify({ memory: 'm', todos_remaining: [], actions: [{ narrate: 'Opening the orders page' }, { tool: 'navigate', args: { url: '/orders' } }] });
    const events: string[] = [];
    for (let i = 0; i < text.length; i += 5) {
      for (const event of reader.push(text.slice(i, i + 5))) {
        events.push(event.type === 'narrate-delta' ? `say:${event.text}` : `done:${event.index}`);
      }
    }
    const spoken = events.filter((event) => event.startsWith('say:'));
    expect(spoken.length).to.be.greaterThan(3);
    expect(spoken.at(-1)).to.equal('say:Opening the orders page');
    expect(events.filter((event) => event.startsWith('done:'))).to.deep.equal(['done:0', 'done:1']);
    // The narration was complete before its item was reported done, and the second item came after.
    expect(events.indexOf('done:0')).to.be.greaterThan(events.indexOf('say:Opening the orders page'));
  });

  it('reads items in any chunking exactly as JSON.parse does, brackets and commas in strings included', () => {
    const envelope = {
      memory: 'has "actions": [1, 2] inside',
      todos_remaining: ['a, b]'],
      actions: [
        { narrate: 'Comma, bracket ] and brace } and "quotes" \\ here' },
        { tool: 'fill_input', args: { selector: '[k3f]', value: '[{"actions": []}]', nested: { list: [1, [2, { x: ']' }]] } } },
        42,
        'bare string, with a comma',
        { narrate: 'Last.' },
      ],
    };
    const text = JSON.stringify(envelope, null, 1);
    for (const size of [1, 2, 3, 7, 16, 64]) {
      const reader = new TurnStreamReader();
      const items: unknown[] = [];
      const said = new Map<number, string>();
      for (let i = 0; i < text.length; i += size) {
        for (const event of reader.push(text.slice(i, i + size))) {
          if (event.type === 'item-complete') items.push(event.item);
          else said.set(event.index, event.text);
        }
      }
      expect(items, `chunks of ${size}`).to.deep.equal(envelope.actions);
      expect(said.get(0)).to.equal(envelope.actions[0] && (envelope.actions[0] as { narrate: string }).narrate);
      expect(said.get(4)).to.equal('Last.');
    }
  });

  it('never keeps a half-received string, escape, number or literal', () => {
    for (const head of ['{"a": "line\\', '{"n": 12', '{"t": tr', '{"a": ]', '{"u": "\\u00']) {
      const reader = new TurnStreamReader();
      reader.push(head);
      expect(reader.received, head).to.deep.equal({ actions: [] });
    }
    const reader = new TurnStreamReader();
    reader.push('{"n": 12');
    reader.push('3, "t": true, "a": "line\\n"}');
    expect(reader.received).to.deep.equal({ n: 123, t: true, a: 'line\n', actions: [] });
  });
});

/** Feeds `text` to `reader` (a fresh one by default) cut at `cuts` (offsets, any order) and returns every event. */
function readInChunks(text: string, cuts: number[], reader = new TurnStreamReader()): TurnStreamEvent[] {
  const ends = [...new Set(cuts.filter((cut) => cut > 0 && cut < text.length)), text.length].sort((a, b) => a - b);
  const events: TurnStreamEvent[] = [];
  let from = 0;
  for (const end of ends) {
    events.push(...reader.push(text.slice(from, end)));
    from = end;
  }
  return events;
}

/**
 * What every chunking must give: each item once, in order, as JSON.parse reads it; before it, its
 * narration as growing prefixes of the final text, ending with the whole of it.
 */
function expectEventsOf(envelope: { actions: unknown[] }, events: TurnStreamEvent[], label: string): void {
  const expected: string[] = [];
  const seen: string[] = [];
  let index = 0;
  let said = '';
  for (const event of events) {
    expect(event.index, `${label}: events in item order`).to.be.oneOf([index]);
    if (event.type === 'narrate-delta') {
      expect(event.text.length, `${label}: narration grows`).to.be.greaterThan(said.length);
      expect(event.text.startsWith(said), `${label}: narration only grows at its end`).to.equal(true);
      said = event.text;
      continue;
    }
    seen.push(JSON.stringify([event.item, said]));
    said = '';
    index++;
  }
  for (const item of envelope.actions) {
    const narrate = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as { narrate?: unknown }).narrate : undefined;
    expected.push(JSON.stringify([item, typeof narrate === 'string' ? narrate : '']));
  }
  expect(seen, label).to.deep.equal(expected);
}

describe('reading a streamed reply in any chunking', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: fc.constantFrom('"', '\\', '/', '\n', '\t', '\u0000', '\u2028', '\ud83d', '\ude00', 'é', ']', '}', ',', ':', 'u', '0'), maxLength: 30 }),
  );
  const item = fc.oneof(
    fc.record({ narrate: text }),
    fc.record({ tool: text, args: fc.dictionary(text, fc.jsonValue({ maxDepth: 4 }), { maxKeys: 4 }) }, { requiredKeys: ['tool'] }),
    fc.record({ narrate: text, tool: text, args: fc.array(fc.array(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), text), { maxLength: 3 }), { maxLength: 3 }) }),
    fc.jsonValue({ maxDepth: 3 }),
  );
  const envelope = fc.record({ memory: fc.oneof(text, fc.jsonValue({ maxDepth: 2 })), todos_remaining: fc.array(text, { maxLength: 3 }), actions: fc.array(item, { maxLength: 5 }) });
  const layout = fc.constantFrom(undefined, 1, '\t', ' \r\n ');

  it('gives the same items and narration however the reply is cut (escapes, \\u sequences and nested arrays included)', () => {
    fc.assert(
      fc.property(envelope, layout, fc.array(fc.nat(), { maxLength: 60 }), fc.boolean(), (turn, space, cuts, everyCharacter) => {
        const reply = JSON.stringify(turn, null, space);
        const offsets = everyCharacter ? [...reply].map((_, at) => at) : cuts.map((cut) => cut % (reply.length + 1));
        const reader = new TurnStreamReader();
        expectEventsOf(turn, readInChunks(reply, offsets, reader), reply);
        expect(reader.received, 'what a record of the reply keeps').to.deep.equal(JSON.parse(reply));
      }),
      { numRuns: 300 },
    );
  });

  it('decodes escapes and \\u sequences cut at every point, a surrogate pair split between two escapes included', () => {
    const narrate = 'é "q" \\ / \n\t\u0001 😀 \u2028 end';
    const reply = `{"memory":"m","actions":[{"narrate":"${JSON.stringify(narrate).slice(1, -1).replace('é', '\\u00e9').replace('😀', '\\ud83d\\ude00')}"},{"tool":"click"}]}`;
    expect(JSON.parse(reply).actions[0].narrate).to.equal(narrate);
    for (let cut = 1; cut < reply.length; cut++) {
      for (const second of [cut + 1, cut + 3, cut + 6]) expectEventsOf(JSON.parse(reply), readInChunks(reply, [cut, second]), `cut at ${cut}, ${second}`);
    }
  });

  it('shows a narration growing across 1,000 chunks, every step of it', () => {
    const narrate = Array.from({ length: 1000 }, (_, at) => `w${at}`).join(' ');
    const reply = JSON.stringify({ memory: 'm', todos_remaining: [], actions: [{ narrate }, { tool: 'click', args: { selector: '[a1]' } }] });
    const start = reply.indexOf('w0');
    const cuts = Array.from({ length: 1001 }, (_, at) => start + Math.floor((at * narrate.length) / 1000));
    const events = readInChunks(reply, cuts);
    expectEventsOf(JSON.parse(reply), events, 'narration in 1,000 chunks');
    const said = events.filter((event) => event.type === 'narrate-delta');
    expect(said.length).to.equal(1000);
    expect(said.at(-1)!.text).to.equal(narrate);
  });

  it('reports nothing from the first character that cannot be JSON, whatever follows it', () => {
    const good = '{"narrate":"Saving"}';
    const malformed = [
      [`{"memory": tru e, "actions": [${good}]}`, 0],
      [`{"memory": "m" "actions": [${good}]}`, 0],
      [`{"actions": [${good}, {"tool": "click", "args": {"x": 01}}, ${good}]}`, 1],
      [`{"actions": [${good},, ${good}]}`, 1],
      [`{"actions": [${good}, {"narrate": "bad \\q escape"}, ${good}]}`, 1],
      [`{"actions": [${good}, {"narrate": "raw\nnewline"}, ${good}]}`, 1],
      [`{"actions": [${good}, 12 13, ${good}]}`, 1],
      [`["actions", ${good}]`, 0],
    ] as const;
    for (const [reply, items] of malformed) {
      for (const size of [1, 3, reply.length]) {
        const cuts = Array.from({ length: Math.ceil(reply.length / size) }, (_, at) => at * size);
        const done = readInChunks(reply, cuts).filter((event) => event.type === 'item-complete');
        expect(done.length, `${reply} in chunks of ${size}`).to.equal(items);
      }
    }
  });
});
