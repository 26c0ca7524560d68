// A host-built UI: own-ui.html replaces the element's bar and confirmation with the page's own
// panel and dialog (demo/scripts/own-ui.js), which read nothing but the element's context. The
// launcher and the prompt are still the element's. A whole task: a question answered in the
// page's panel, a confirmation in the page's dialog.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { narration, typeRequest, useDemoSite, waitForDone } from './support/demo-site.mjs';

describe("the page's own bar and confirmation", () => {
  const site = useDemoSite();

  /** Asks Ava to delete "an order" on order 1043's page, answers her question in the page's panel. */
  async function askedToConfirm() {
    const demo = await site.open();
    const { page } = demo;
    await page.goto('/own-ui.html?id=1043');
    await typeRequest(page, 'Delete an order');
    const panel = page.getByRole('region', { name: 'Ava' });
    await panel.getByText('Which order should I delete?').waitFor();
    // The question took focus in the page's own field.
    const field = panel.getByRole('textbox', { name: /Which order should I delete/ });
    assert.equal(await field.evaluate((input) => input === document.activeElement), true);
    await field.fill('1043');
    await field.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Ava asks before going on' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Click “Delete order”\?/);
    // Default focus on the cautious answer.
    assert.equal(await dialog.getByRole('button', { name: 'No, leave it' }).evaluate((button) => button === document.activeElement), true);
    // The element's own pieces are not there: no built-in bar, no built-in confirmation.
    assert.equal(await page.locator('web-agent [part~="bar"]').count(), 0);
    assert.equal(await page.locator('web-agent [part~="button-primary"]').count(), 0);
    return demo;
  }

  it('answers the question and approves in the page dialog: the order is deleted', async () => {
    const { page, context, problems } = await askedToConfirm();
    await page.getByRole('button', { name: 'Yes, go ahead' }).click();
    const done = await waitForDone(page);
    assert.equal(done.status, 'done');
    await page.locator('main').getByText('Order 1043 was deleted.').waitFor();
    assert.match(await narration(page), /I pressed Delete\. The page now says: “Order 1043 was deleted\.”/);
    await page.getByRole('region', { name: 'Ava' }).getByText(/I pressed Delete/).waitFor();
    // Its one live region said it too.
    assert.match(await page.locator('acme-assistant-panel [aria-live]').innerText(), /Order 1043 was deleted/);
    assert.equal(await page.getByRole('dialog').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('Escape in the page dialog declines: nothing is deleted', async () => {
    const { page, context, problems } = await askedToConfirm();
    await page.keyboard.press('Escape');
    const done = await waitForDone(page);
    assert.equal(done.status, 'stopped');
    assert.equal(await page.getByRole('button', { name: 'Delete order' }).count(), 1);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
