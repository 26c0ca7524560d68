// The Vue host: the tag with its JSON sits in index.html; the app routes the agent's `navigate`
// through its router and answers `custom-action` for `track_shipment`, declared only in the JSON.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { events, narration, typeRequest, useDemoSite, waitForDone } from './support/demo-site.mjs';

describe('Vue single-page app', () => {
  const site = useDemoSite();

  it("moves to settings with the app's router, fills the form and saves it", async () => {
    const { page, context, problems } = await site.open();
    await page.goto('/vue/');
    await page.evaluate(() => (window.__sameDocument = true));
    await typeRequest(page, 'Change my name to Ada Lovelace');
    const done = await waitForDone(page);
    assert.equal(done.status, 'done');
    assert.equal(new URL(page.url()).pathname, '/vue/settings');
    assert.equal(await page.evaluate(() => window.__sameDocument), true);
    assert.deepEqual((await events(page, 'navigate')).map((event) => event.detail.path), ['/vue/settings']);
    assert.equal(await page.getByLabel('Full name').inputValue(), 'Ada Lovelace');
    await page.locator('main').getByText('Saved. Your account details are up to date.').waitFor();
    assert.equal(await page.locator('.signed-in strong').innerText(), 'Ada Lovelace');
    assert.match(await narration(page), /The page confirms: “Saved\. Your account details are up to date\.”/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('answers the JSON-declared action through custom-action, and the agent reports the answer', async () => {
    const { page, context, problems } = await site.open();
    await page.goto('/vue/');
    await typeRequest(page, 'Track the parcel for order 1047');
    const done = await waitForDone(page);
    assert.equal(done.status, 'done');
    const asked = await events(page, 'custom-action');
    assert.deepEqual(asked.map((event) => [event.detail.name, event.detail.params]), [['track_shipment', { orderId: '1047' }]]);
    const answer = 'Order 1047 is with Acme Express, in transit to Margaret Hamilton; it should arrive on May 12, 2025.';
    await page.locator('main').getByText(answer).waitFor();
    assert.ok((await narration(page)).includes(answer));
    assert.deepEqual(problems, []);
    await context.close();
  });
});
