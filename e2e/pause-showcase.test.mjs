// The showcase of `pause`: "Let me type my email myself", started from the home page's example
// list. The agent opens settings, spotlights the field with its sentence and waits; the visitor
// types into the page and continues (Space on the page, or the Continue button); the agent reads
// what they typed, saves it and reports what the page says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { narration, useDemoSite, waitForDone } from './support/demo-site.mjs';

describe('the pause showcase', () => {
  const site = useDemoSite();

  async function waitingForTheVisitor() {
    const demo = await site.open();
    const { page } = demo;
    await page.goto('/index.html');
    await page.getByRole('button', { name: 'Let me type my email myself' }).click();
    await page.waitForURL('**/settings.html');
    const bar = page.locator('web-agent [part~="bar"]');
    await bar.getByRole('button', { name: 'Continue' }).waitFor();
    assert.match(await bar.innerText(), /Type in “Email address”, then press Continue/);
    // The spotlight is on the field the visitor is asked to fill in.
    await page.locator('web-agent [part~="overlay-spotlight"]').waitFor();
    return demo;
  }

  it('waits while the visitor types, goes on with Continue, then saves what they typed', async () => {
    const { page, context, problems } = await waitingForTheVisitor();
    const email = page.locator('main').getByRole('textbox', { name: 'Email address' });
    await email.fill('');
    await email.pressSequentially('grace@example.com');
    // Nothing moved on while the visitor typed: the agent is still waiting.
    assert.equal((await waitForDone(page, { timeout: 500 }).catch(() => undefined)), undefined);
    await page.locator('web-agent [part~="bar"]').getByRole('button', { name: 'Continue' }).click();
    const done = await waitForDone(page);
    assert.equal(done.status, 'done');
    await page.locator('main').getByText('Saved. Your account details are up to date.').waitFor();
    assert.match(await narration(page), /“Email address” now says “grace@example\.com”/);
    assert.equal(await email.inputValue(), 'grace@example.com');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('Space continues once focus has left the field', async () => {
    const { page, context, problems } = await waitingForTheVisitor();
    const email = page.locator('main').getByRole('textbox', { name: 'Email address' });
    await email.fill('ada@example.org');
    // In the field, Space is a character; on the page it is the visitor moving on.
    await page.locator('main h1').click();
    await page.keyboard.press('Space');
    const done = await waitForDone(page);
    assert.equal(done.status, 'done');
    assert.match(await narration(page), /“Email address” now says “ada@example\.org”/);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
