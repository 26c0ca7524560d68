// The plain-HTML host: pages that only load the script and the tag, no listeners. The element
// does the full-page navigation itself and the task resumes on the next page; the confirmation is
// the element's own, in its subtitle bar.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { narration, typeRequest, useDemoSite, waitForDone } from './support/demo-site.mjs';

describe('plain HTML pages', () => {
  const site = useDemoSite();

  /** Types the task on the home page and waits for the confirmation the next page asks. */
  async function deleteOrderFromHome() {
    const demo = await site.open();
    const { page } = demo;
    await page.goto('/index.html');
    await page.evaluate(() => (window.__firstDocument = true));
    await typeRequest(page, 'Delete order 1042');
    await page.waitForURL('**/order.html?id=1042');
    // A new document: the task came along through the saved session, not through page state.
    assert.equal(await page.evaluate(() => window.__firstDocument), undefined);
    const bar = page.locator('web-agent [part~="bar"]');
    await bar.getByRole('button', { name: 'Allow' }).waitFor();
    assert.match(await bar.innerText(), /Delete order/);
    return demo;
  }

  it('a task typed on one page resumes after the full navigation; rejecting the confirmation deletes nothing', async () => {
    const { page, context, problems } = await deleteOrderFromHome();
    await page.locator('web-agent [part~="bar"]').getByRole('button', { name: 'Cancel' }).click();
    const done = await waitForDone(page);
    assert.equal(done.status, 'stopped');
    assert.equal(await page.getByRole('button', { name: 'Delete order' }).count(), 1);
    await page.goto('/orders.html');
    assert.equal(await page.getByRole('link', { name: '1042', exact: true }).count(), 1);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('accepting the confirmation deletes the order, and the agent reports what the page says', async () => {
    const { page, context, problems } = await deleteOrderFromHome();
    await page.locator('web-agent [part~="bar"]').getByRole('button', { name: 'Allow' }).click();
    const done = await waitForDone(page);
    assert.equal(done.status, 'done');
    await page.locator('main').getByText('Order 1042 was deleted.').waitFor();
    assert.match(await narration(page), /I pressed Delete\. The page now says: “Order 1042 was deleted\.”/);
    await page.goto('/orders.html');
    assert.equal(await page.getByRole('link', { name: '1042', exact: true }).count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('fills and saves the settings form, reached from another page', async () => {
    const { page, context, problems } = await site.open();
    await page.goto('/orders.html');
    await typeRequest(page, 'Change my name to Ada Lovelace');
    await page.waitForURL('**/settings.html');
    const done = await waitForDone(page);
    assert.equal(done.status, 'done');
    assert.equal(await page.getByLabel('Full name').inputValue(), 'Ada Lovelace');
    await page.locator('main').getByText('Saved. Your account details are up to date.').waitFor();
    assert.match(await narration(page), /I set “Full name” to “Ada Lovelace”\. The page confirms/);
    await page.goto('/index.html');
    assert.equal(await page.locator('.signed-in strong').innerText(), 'Ada Lovelace');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
