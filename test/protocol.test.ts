// The model-facing protocol pieces: what the model is told (schemas) and how its streamed reply is read.
import { expect } from '@open-wc/testing';
import * as z from 'zod/mini';
import { parsePartialJson } from '../src/llm/partial-json.js';
import { TurnStreamReader } from '../src/llm/turn-stream.js';
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
  it('parses every prefix of a reply without throwing, and the whole exactly', () => {
    const text = JSON.stringify({ memory: 'a "quoted" \\ note', todos_remaining: ['x'], actions: [{ narrate: 'Hi\nthere é' }, { tool: 'click', args: { selector: '[a1]', n: -1.5e3, ok: true, none: null } }] });
    for (let end = 0; end < text.length; end++) expect(() => parsePartialJson(text.slice(0, end))).not.to.throw();
    expect(parsePartialJson(text)!.value).to.deep.equal(JSON.parse(text));
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

  it('never reports a half-received escape or number', () => {
    expect(parsePartialJson('{"a": "line\\')!.value).to.deep.equal({ a: 'line' });
    expect(parsePartialJson('{"n": 12')!.value).to.deep.equal({});
    expect(parsePartialJson('{"t": tr')!.value).to.deep.equal({});
    expect(parsePartialJson('{"a": ]')).to.equal(undefined);
  });
});
