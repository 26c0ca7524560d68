// The React host: the app renders <web-agent>, routes the agent's `navigate` through its own
// router, answers `confirm-action` with its own dialog, and registers `send_invoice` with a handler.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { events, narration, typeRequest, useDemoSite, waitForDone } from './support/demo-site.mjs';

describe('React single-page app', () => {
  const site = useDemoSite();

  it("navigates with the app's router and asks with the app's own dialog before deleting", async () => {
    const { page, context, problems } = await site.open();
    await page.goto('/react/');
    await page.evaluate(() => (window.__sameDocument = true));
    await typeRequest(page, 'Delete order 1043');

    const dialog = page.getByRole('dialog', { name: 'Ava asks first' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Delete order/);
    // The router moved: same document, new URL, the order's page rendered by React.
    assert.equal(new URL(page.url()).pathname, '/react/orders/1043');
    assert.equal(await page.evaluate(() => window.__sameDocument), true);
    await page.getByRole('heading', { name: 'Order 1043' }).waitFor();
    // The host took the confirmation over: the element's own bar never asks.
    assert.equal(await page.locator('web-agent [part~="button-primary"]').count(), 0);

    await dialog.getByRole('button', { name: 'Yes, go ahead' }).click();
    const done = await waitForDone(page);
    assert.equal(done.status, 'done');
    await page.locator('main').getByText('Order 1043 was deleted.').waitFor();
    const navigations = await events(page, 'navigate');
    assert.deepEqual(navigations.map((event) => event.detail.path), ['/react/orders/1043']);
    assert.match(await narration(page), /Order 1043 was deleted\./);
    assert.equal(await page.evaluate(() => window.__sameDocument), true);
    // The route is a real URL: a reload serves the app again, on the same page.
    await page.reload();
    await page.locator('main').getByText('Order 1043 was deleted.').waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('runs the action the app registered with a handler and reports its answer', async () => {
    const { page, context, problems } = await site.open();
    await page.goto('/react/');
    await typeRequest(page, 'Email the invoice for order 1042');
    const done = await waitForDone(page);
    assert.equal(done.status, 'done');
    const steps = await events(page, 'step');
    assert.deepEqual(steps.map((step) => [step.detail.action, step.detail.params, step.detail.result.ok]), [['send_invoice', { orderId: '1042' }, true]]);
    // The handler changed the app (its toast) and its answer is what the agent says.
    const toast = 'Invoice INV-1042 ($129.00) was emailed to Ada Lovelace.';
    await page.locator('main').getByText(toast).waitFor();
    assert.match(await narration(page), new RegExp(toast.replace(/[$().]/g, '\\$&')));
    assert.deepEqual(problems, []);
    await context.close();
  });
});
