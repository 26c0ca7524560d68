// Host actions: registered with a handler, or declared in the JSON child and answered by the host.
import { expect } from '@open-wc/testing';
import { createLane } from './support/model-lane.js';
import { mountAgent } from './support/agent-fixture.js';
import { checkAccessibilityAfterEach } from './support/a11y.js';

const end = { turn: { memory: 'done', todos_remaining: [], actions: [] } };
const toolReply = (request: { body: { messages?: Array<{ role: string; content?: unknown }> } }) =>
  String(request.body.messages?.find((message) => message.role === 'tool')?.content ?? '');

describe('custom actions', () => {
  checkAccessibilityAfterEach();
  it('registerAction: the model sees the tool, the handler gets its arguments and its answer reaches the model', async () => {
    const lane = await createLane();
    await lane.script({ turn: { memory: 'add', todos_remaining: ['cart'], actions: [{ tool: 'add_to_cart', args: { productId: 'SKU-42' } }] } }, end);
    const agent = await mountAgent(lane);
    const calls: unknown[] = [];
    agent.registerAction({
      name: 'add_to_cart',
      description: 'Add a product to the shopping cart.',
      parameters: { type: 'object', properties: { productId: { type: 'string' } }, required: ['productId'] },
      handler: async (params) => {
        calls.push(params);
        return { ok: true, message: 'Cart now holds 3 items.' };
      },
    });
    await agent.run('Add SKU-42 to my cart');
    expect(calls).to.deep.equal([{ productId: 'SKU-42' }]);
    const [first, second] = await lane.requests();
    const system = String(first!.body.messages![0]!.content);
    expect(system).to.include('## add_to_cart').and.to.include('"productId"');
    expect(toolReply(second!)).to.include('Cart now holds 3 items.');
  });

  it('bad arguments for a host action go back to the model instead of reaching the handler', async () => {
    const lane = await createLane();
    await lane.script({ turn: { memory: 'add', todos_remaining: ['cart'], actions: [{ tool: 'add_to_cart', args: { product: 42 } }] } }, end);
    const agent = await mountAgent(lane);
    let called = false;
    agent.registerAction({
      name: 'add_to_cart',
      description: 'Add a product.',
      parameters: { type: 'object', properties: { productId: { type: 'string' } }, required: ['productId'] },
      handler: () => (called = true),
    });
    await agent.run('Add it');
    expect(called).to.equal(false);
    expect(toolReply((await lane.requests())[1]!)).to.include('args.productId is required');
  });

  it('a JSON-declared action is answered by the host through custom-action', async () => {
    const lane = await createLane();
    await lane.script({ turn: { memory: 'track', todos_remaining: ['x'], actions: [{ tool: 'track_parcel', args: { code: 'ZX9' } }] } }, end);
    const agent = await mountAgent(lane, {
      customActions: [{ name: 'track_parcel', description: 'Where a parcel is.', parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } }],
    });
    agent.addEventListener('custom-action', (event) => {
      event.preventDefault();
      expect(event.detail.name).to.equal('track_parcel');
      setTimeout(() => event.detail.respond({ ok: true, message: `Parcel ${event.detail.params.code} is in Lyon.` }), 10);
    });
    await agent.run('Where is my parcel ZX9?');
    expect(toolReply((await lane.requests())[1]!)).to.include('Parcel ZX9 is in Lyon.');
  });
});
