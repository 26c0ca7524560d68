// The CMS page: a theme's HTML plus what a site editor pastes into a "custom HTML" block — the
// script and the tag with its JSON, nothing else. The showcase is a guided tour with highlights,
// recorded once (e2e/record-tour.mjs) and shipped in that JSON, so it replays without a model.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { events, narration, typeRequest, useDemoSite, waitForDone } from './support/demo-site.mjs';

describe('CMS page with only the tag', () => {
  const site = useDemoSite();

  it('carries nothing but the script and the tag', async () => {
    const html = await (await fetch(`${site.url}/cms/`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1].trim());
    assert.equal(scripts.length, 2, scripts.join('\n'));
    assert.match(scripts[0], /^type="module" crossorigin src="\/assets\/[\w-]+\.js"$/);
    assert.equal(scripts[1], 'type="application/json"');
    assert.equal((html.match(/<web-agent\b/g) ?? []).length, 1);
    assert.ok(!/addEventListener|registerAction/.test(html));
  });

  it('gives a guided tour without any model call: the recorded tour the page ships, each section highlighted in turn, then a summary', async () => {
    const { page, context, problems } = await site.open();
    const modelCalls = [];
    page.on('request', (request) => request.url().includes('/api/llm/') && modelCalls.push(request.url()));
    await page.goto('/cms/');
    await typeRequest(page, 'Give me a tour of this page');
    // The tour lets each section be read before the next: about 20 s in all.
    const done = await waitForDone(page, { timeout: 60_000 });
    assert.equal(done.status, 'done');
    const highlighted = (await events(page, 'overlay-update')).flatMap((event) => event.detail.items).filter((item) => item.kind === 'highlight');
    assert.deepEqual(highlighted.map((item) => item.label), ['Same-day dispatch', 'Returns made simple', 'Opening hours', 'Talk to us']);
    for (const item of highlighted) assert.ok(item.text.startsWith(item.label), `the highlight is on the section "${item.label}"`);
    const said = await narration(page);
    assert.match(said, /1 of 4: “Same-day dispatch”\. Orders placed before 2 pm on a working day now leave our warehouse the same day\./);
    assert.match(said, /That's the tour of “Spring update: faster dispatch, easier returns”/);
    assert.deepEqual(modelCalls, [], 'the recorded tour needs no model');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
