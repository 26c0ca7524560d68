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
  });
});
