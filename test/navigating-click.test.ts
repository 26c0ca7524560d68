// A click that leaves the page (a plain link, a form that posts to the next page) ends its turn
// the way `navigate` does: the click is recorded and saved before the page goes, the model is not
// called again on the page that is unloading, and the next page resumes with the click's result.
import { expect, fixture, html } from '@open-wc/testing';
import { createLane, type Lane } from './support/model-lane.js';
import { waitFor } from './support/agent-fixture.js';

describe('a click that leaves the page', function () {
  this.timeout(30_000);
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  async function runOnHome(turn: Parameters<Lane['script']>[0], prepare: (doc: Document) => void = () => {}) {
    await lane.script(turn, { turn: { memory: 'on orders', todos_remaining: [], actions: [{ narrate: 'Order 1042 totals $12.00.' }] } });
    const frame = await fixture<HTMLIFrameElement>(html`<iframe style="width:600px;height:400px"></iframe>`);
    frame.src = `/test/fixtures/pages/shop-home.html?endpoint=${encodeURIComponent(lane.baseURL)}`;
    await waitFor(() => !!(frame.contentWindow as any)?.agentEvents, 'the first page');
    prepare(frame.contentDocument!);
    const first = frame.contentDocument!.querySelector('web-agent') as any;
    first.clearSession();
    const asked: string[] = [];
    first.addEventListener('confirm-action', (event: CustomEvent) => asked.push(JSON.stringify(event.detail)));
    void first.run('Find order 1042');
    await waitFor(
      () => frame.contentWindow!.location.pathname.endsWith('shop-orders.html') && !!(frame.contentWindow as any).agentEvents?.some((e: any) => e.name === 'done'),
      'the task to finish on the orders page',
      15_000,
    );
    const requests = await lane.requests();
    const toolReplies = (index: number) => (requests[index]?.body.messages ?? []).filter((message) => message.role === 'tool').map((message) => String(message.content)).join('\n');
    return { asked, requests, toolReplies };
  }

  it('Enter in a search field whose form loads the next page: the next page knows it searched', async () => {
    const { asked, requests, toolReplies } = await runOnHome(
      { turn: { memory: 'search', todos_remaining: ['read results'], actions: [{ tool: 'fill_input', args: { selector: '#q', value: '1042' } }, { tool: 'press_key', args: { key: 'Enter', selector: '#q' } }] } },
      (doc) => {
        const form = doc.createElement('form');
        form.action = 'shop-orders.html';
        form.innerHTML = '<label>Find an order <input id="q" name="q"></label>';
        doc.body.prepend(form);
      },
    );
    expect(asked).to.deep.equal([]);
    expect(requests).to.have.length(2);
    expect(toolReplies(1)).to.include('1042').and.match(/press_key: (ok|ran)/);
  });

  it('a plain link: no confirmation, one call on each page, and the next page knows the click worked', async () => {
    await lane.script(
      { turn: { memory: 'open orders', todos_remaining: ['read orders'], actions: [{ narrate: 'Opening your orders.' }, { tool: 'click', args: { selector: 'a[href="shop-orders.html"]' } }] } },
      { turn: { memory: 'on orders', todos_remaining: [], actions: [{ narrate: 'Order 1042 totals $12.00.' }] } },
    );
    const frame = await fixture<HTMLIFrameElement>(html`<iframe style="width:600px;height:400px"></iframe>`);
    frame.src = `/test/fixtures/pages/shop-home.html?endpoint=${encodeURIComponent(lane.baseURL)}`;
    await waitFor(() => !!(frame.contentWindow as any)?.agentEvents, 'the first page');
    const first = frame.contentDocument!.querySelector('web-agent') as any;
    first.clearSession();
    const asked: string[] = [];
    first.addEventListener('confirm-action', (event: CustomEvent) => asked.push(JSON.stringify(event.detail)));
    void first.run('Show me my orders');
    await waitFor(
      () => frame.contentWindow!.location.pathname.endsWith('shop-orders.html') && !!(frame.contentWindow as any).agentEvents?.some((e: any) => e.name === 'done'),
      'the task to finish on the orders page',
      15_000,
    );
    expect(asked, 'a plain link asks nothing').to.deep.equal([]);
    const requests = await lane.requests();
    expect(requests, 'one call on the first page, one on the next').to.have.length(2);
    const messages = requests[1]!.body.messages!;
    const toolReply = messages.filter((message) => message.role === 'tool').map((message) => String(message.content)).join('\n');
    expect(toolReply, 'the click is in the conversation the next page sends').to.match(/click/i);
    expect(String(messages.at(-1)!.content)).to.include('shop-orders.html');
  });

  it('a page a script loads a moment later, mid-wait: what ran is saved as the page goes, and the next page goes on from it', async () => {
    const { requests, toolReplies } = await runOnHome(
      { turn: { memory: 'open', todos_remaining: ['read orders'], actions: [{ tool: 'click', args: { selector: '#go' } }, { tool: 'wait', args: { seconds: 4 } }, { narrate: 'Never shown here.' }] } },
      (doc) => {
        const button = doc.createElement('button');
        button.id = 'go';
        button.textContent = 'My orders';
        button.addEventListener('click', () => setTimeout(() => doc.defaultView!.location.assign(new URL('shop-orders.html', doc.baseURI).href), 300));
        doc.body.prepend(button);
      },
    );
    expect(requests, 'one call on each page').to.have.length(2);
    expect(toolReplies(1)).to.include('1. click: ok').and.include('2. wait: ran, and as it did the page loaded another page');
  });

  it('a replayed click on a link: the replay stops on the page that goes and carries on from the next step on the next page', async () => {
    const frame = await fixture<HTMLIFrameElement>(html`<iframe style="width:600px;height:400px"></iframe>`);
    frame.src = `/test/fixtures/pages/shop-home.html?endpoint=${encodeURIComponent(lane.baseURL)}`;
    await waitFor(() => !!(frame.contentWindow as any)?.agentEvents, 'the first page');
    const first = frame.contentDocument!.querySelector('web-agent') as any;
    first.clearSession();
    const events = (frame.contentWindow as any).agentEvents as Array<{ name: string; detail: unknown }>;
    void first.replay({
      format: 'web-agent-recording',
      version: 1,
      steps: [{ action: 'click', targets: { selector: { role: 'link', tag: 'a', name: 'Orders' } } }, { narrate: 'Here are your orders.' }],
    });
    await waitFor(
      () => frame.contentWindow!.location.pathname.endsWith('shop-orders.html') && !!(frame.contentWindow as any).agentEvents?.some((e: any) => e.name === 'done'),
      'the replay to finish on the orders page',
      15_000,
    );
    expect(events.filter((event) => event.name === 'done'), 'the page that went did not finish the replay').to.deep.equal([]);
    expect((frame.contentWindow as any).agentEvents.find((e: any) => e.name === 'done').detail).to.equal('done');
    const agent = frame.contentDocument!.querySelector('web-agent') as any;
    const shown = agent.transcript.filter((entry: { text: string }) => entry.text === 'Here are your orders.');
    expect(shown, 'the narration after the click, once').to.have.length(1);
    expect(await lane.requests(), 'a replay calls no model').to.have.length(0);
  });
});
