// Records the CMS page's tour and ships it with the page: `node e2e/record-tour.mjs` runs "Give me a
// tour of this page" on the built demo with the offline model, with `record` on, and writes the
// recording into the page's JSON child (`recordings`). From then on the tour replays without any
// model call, offline or online: a visitor typing its name or its request starts it.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchBrowser, newDemoPage, startDemoSite, typeRequest, waitForDone } from './support/demo-site.mjs';

const file = resolve(import.meta.dirname, '../demo/cms/index.html');
const site = await startDemoSite();
const browser = await launchBrowser();
try {
  const { page } = await newDemoPage(browser, site.url);
  await page.goto('/cms/');
  // Record afresh: the model gives the tour, not the recording the page already ships.
  await page.evaluate(() => {
    const element = document.querySelector('web-agent');
    element.setAttribute('record', '');
    element.config = { recordings: [] };
  });
  await typeRequest(page, 'Give me a tour of this page');
  const done = await waitForDone(page, { timeout: 60_000 });
  if (done.status !== 'done') throw new Error(`The tour ended ${done.status}.`);
  const recording = await page.evaluate(() => document.querySelector('web-agent').exportRecording({ name: 'Tour', task: 'Give me a tour of this page' }));
  delete recording.recordedAt;
  const html = readFileSync(file, 'utf8');
  const child = /(<web-agent\b[^>]*>\s*<script type="application\/json">)([\s\S]*?)(<\/script>)/;
  const [, , json] = html.match(child);
  const config = { ...JSON.parse(json), recordings: [recording] };
  const indent = '        ';
  const text = `\n${indent}${JSON.stringify(config, null, 2).replace(/\n/g, `\n${indent}`)}\n      `;
  writeFileSync(file, html.replace(child, (_match, open, _json, close) => `${open}${text}${close}`));
  console.log(`Wrote the tour (${recording.steps.length} steps) into ${file}`);
} finally {
  await browser.close();
  await site.close();
}
