// Takes the README's picture of the demo: `node e2e/screenshot.mjs` writes docs/demo.png.
// A visitor asked Ava on the home page to delete an order; the agent opened the order's page (a full
// navigation, the task resumed there) and now asks before pressing Delete.
import { resolve } from 'node:path';
import { launchBrowser, newDemoPage, startDemoSite, typeRequest } from './support/demo-site.mjs';

const out = resolve(import.meta.dirname, '../docs/demo.png');
const site = await startDemoSite();
const browser = await launchBrowser();
try {
  const { page } = await newDemoPage(browser, site.url);
  await page.goto('/index.html');
  await typeRequest(page, 'Delete order 1042');
  await page.waitForURL('**/order.html?id=1042');
  await page.locator('web-agent [part~="bar"]').getByRole('button', { name: 'Allow' }).waitFor();
  await page.waitForTimeout(600); // the bar's entrance
  await page.screenshot({ path: out });
  console.log(`Wrote ${out}`);
} finally {
  await browser.close();
  await site.close();
}
