// The file a host page loads with <script type="module" src="web-agent.js">, as built for release
// (minified, openai slimmed, chunks fetched on the first task), driven through a streamed task.
import { expect, fixture, html } from '@open-wc/testing';
import { createLane } from './support/model-lane.js';

declare global {
  interface Window {
    /** Set by web-test-runner.config.mjs: where it built the standalone bundle for this run. */
    __STANDALONE_BUNDLE_URL__?: string;
  }
}

describe('the built web-agent.js', () => {
  it('defines the element from one script and runs a streamed task through the slimmed model client', async () => {
    const url = window.__STANDALONE_BUNDLE_URL__;
    if (!url) throw new Error('web-test-runner.config.mjs did not build the standalone bundle.');
    await import(/* @vite-ignore */ url);
    const lane = await createLane();
    const page = await fixture(html`<div><label>Name <input /></label></div>`);
    const input = page.querySelector('input')!;
    input.addEventListener('input', () => (input.dataset.seen = input.value));
    const container = await fixture(html`<div></div>`);
    const agent = document.createElement('web-agent');
    agent.setAttribute('endpoint', lane.baseURL);
    agent.setAttribute('model', 'm');
    // The configuration check is a chunk of its own, fetched once the element connects.
    const ready = new Promise<CustomEvent>((resolve) => agent.addEventListener('ready', (event) => resolve(event as CustomEvent), { once: true }));
    container.append(agent);
    expect(customElements.get('web-agent')).to.equal(agent.constructor);
    expect((await ready).detail.configured).to.equal(true);
    // Element ids are only known from the first request's dump, so that reply is held until the
    // next one, which uses the id, has been scripted.
    await lane.script({ turn: { memory: 'look', todos_remaining: ['fill'], actions: [{ narrate: 'Looking at the form.' }] }, holdAfterChars: 10 });
    const done = new Promise<CustomEvent>((resolve) => agent.addEventListener('done', (event) => resolve(event as CustomEvent), { once: true }));
    const run = (agent as unknown as { run(task: string): Promise<void> }).run('Fill in my name');
    let fieldId = '';
    for (let attempt = 0; attempt < 200 && !fieldId; attempt++) {
      const [first] = await lane.requests();
      const dump = String(first?.body.messages?.at(-1)?.content ?? '');
      fieldId = dump.match(/\[([a-z0-9]+)\]<input/)?.[1] ?? '';
      if (!fieldId) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await lane.script(
      { turn: { memory: 'fill', todos_remaining: [], actions: [{ tool: 'fill_input', args: { selector: `[${fieldId}]`, value: 'Ada' } }] } },
      { turn: { memory: 'done', todos_remaining: [], actions: [] } },
    );
    await lane.release();
    await run;
    expect((await done).detail.status).to.equal('done');
    expect(input.value).to.equal('Ada');
    expect(input.dataset.seen).to.equal('Ada');
    expect(agent.shadowRoot!.textContent).to.include('Looking at the form.');
    // What the task fetched after the tag: the config check, the core and the model client, each
    // one file (the core's entry re-exports from the file that holds it): code the core shares with
    // a lazy chunk must not be split off into files of its own (vite.config.ts, coreGroup).
    const fetched = performance.getEntriesByType('resource').map((entry) => entry.name.match(/\/chunks\/([\w-]+?)-[\w-]{8}\.js$/)?.[1]).filter(Boolean);
    expect(fetched.sort()).to.deep.equal(['config', 'config-check', 'openai', 'task-ui', 'task-ui']);
  });
});

// press_key's and select_option's own code is split off the core (src/actions/builtin/lazy-handler.ts).
describe("the built web-agent.js, the actions' own chunks", () => {
  const start = async (page: ReturnType<typeof html>) => {
    await import(/* @vite-ignore */ window.__STANDALONE_BUNDLE_URL__!);
    const lane = await createLane();
    const root = await fixture(page);
    const agent = document.createElement('web-agent');
    agent.setAttribute('endpoint', lane.baseURL);
    agent.setAttribute('model', 'm');
    const ready = new Promise((resolve) => agent.addEventListener('ready', resolve, { once: true }));
    (await fixture(html`<div></div>`)).append(agent);
    await ready;
    const done = new Promise<CustomEvent>((resolve) => agent.addEventListener('done', (event) => resolve(event as CustomEvent), { once: true }));
    const run = (task: string) => (agent as unknown as { run(task: string): Promise<void> }).run(task);
    return { lane, root, done, run };
  };
  const chunkRequests = (name: string) =>
    performance.getEntriesByType('resource').filter((entry) => new RegExp(`/chunks/${name}-[\\w-]+\\.js`).test(entry.name)) as PerformanceResourceTiming[];

  it('a chunk that does not load fails its action with a reason the model reads, and the task goes on', async () => {
    const { lane, root, done, run } = await start(html`<div><select id="size"><option>S</option><option>M</option></select></div>`);
    await fetch('/__fail-chunk__?name=select-option');
    await lane.script(
      { turn: { memory: 'pick', todos_remaining: [], actions: [{ tool: 'select_option', args: { selector: '#size', option: 'M' } }] } },
      { turn: { memory: 'done', todos_remaining: [], actions: [] } },
    );
    try {
      await run('Pick size M');
    } finally {
      await fetch('/__fail-chunk__');
    }
    expect((await done).detail.status).to.equal('done');
    expect(root.querySelector('select')!.value).to.equal('S');
    const [, second] = await lane.requests();
    expect(JSON.stringify(second?.body.messages)).to.include("this action's code could not be loaded");
  });

  it("fetches press_key's chunk while the reply that names it is still streaming", async () => {
    const { lane, root, done, run } = await start(html`<div><input id="a" /><input id="b" /></div>`);
    expect(chunkRequests('press-key')).to.have.length(0);
    const turn = { memory: 'tab', todos_remaining: [], actions: [{ tool: 'press_key', args: { key: 'Tab', selector: '#a' } }] };
    const named = JSON.stringify(turn).indexOf('"press_key"') + '"press_key"'.length;
    await lane.script({ turn, holdAfterChars: named + 2, chunkChars: 4 }, { turn: { memory: 'done', todos_remaining: [], actions: [] } });
    const running = run('Go to the next field');
    // Held after the name: the arguments have not arrived, yet the chunk is on its way.
    for (let wait = 0; wait < 200 && !chunkRequests('press-key').length; wait++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(chunkRequests('press-key'), 'press_key chunk requested before its arguments arrived').to.have.length(1);
    expect(document.activeElement === root.querySelector('#a') || document.activeElement === root.querySelector('#b')).to.equal(false);
    await lane.release();
    await running;
    expect((await done).detail.status).to.equal('done');
    const [timing] = chunkRequests('press-key');
    console.log(`press_key chunk: requested ${timing!.startTime.toFixed(0)} ms, loaded in ${timing!.duration.toFixed(1)} ms`);
  });
});
