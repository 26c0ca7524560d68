// What every end-to-end test stands on: the demo built for production (`vite build --mode demo`),
// served by `vite preview` with the demo's model endpoint (the offline scripted model, streaming
// over the OpenAI wire protocol), and the system Chromium driven by Playwright.
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { chromium } from 'playwright';
import { build, preview } from 'vite';
import { findChromium } from '../../test/support/find-browsers.mjs';
import { after, before } from 'node:test';

const root = resolve(import.meta.dirname, '../..');
const configFile = resolve(root, 'vite.config.ts');

// From TOOLCHAIN.md: Playwright adds --headless; without the networking flags Chromium keeps
// calling home on a closed network.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The events a test reads, recorded on every page the context opens (full navigations too). */
const EVENT_NAMES = ['navigate', 'confirm-action', 'custom-action', 'status', 'step', 'overlay-update', 'done', 'error', 'subtitle'];

let site;

/**
 * Builds the demo once per process and serves it. The model is always the offline one: the keys
 * a developer may have exported are removed first, and it streams without its human pacing.
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export function startDemoSite() {
  site ??= (async () => {
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    process.env.DEMO_MODEL_PACE = 'fast';
    // `npm run test:e2e` builds once before the files run; a file run on its own builds here.
    if (process.env.WEB_AGENT_DEMO_BUILT !== '1') await build({ configFile, mode: 'demo', logLevel: 'warn' });
    const port = await freePort();
    const server = await preview({ configFile, mode: 'demo', logLevel: 'warn', preview: { port, strictPort: true, host: '127.0.0.1', open: false } });
    return {
      url: `http://127.0.0.1:${port}`,
      close: () => new Promise((done) => server.httpServer.close(() => done())),
    };
  })();
  return site;
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
}

/** A fresh context (its own storage) whose pages record the agent's events in window.__agentEvents. */
export async function newDemoPage(browser, baseURL) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  await context.addInitScript((names) => {
    window.__agentEvents = [];
    for (const name of names) {
      // Capture phase: `error` does not bubble, and a host's preventDefault must not hide anything.
      document.addEventListener(
        name,
        (event) => {
          const detail = event.detail ?? {};
          const plain = {};
          for (const [key, value] of Object.entries(detail)) {
            if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') plain[key] = value;
          }
          if (name === 'step') plain.result = detail.result;
          if (name === 'custom-action' || name === 'step') plain.params = detail.params;
          if (name === 'overlay-update') plain.items = (detail.items ?? []).map((item) => ({ kind: item.kind, label: item.label, text: item.target?.textContent?.trim().slice(0, 80) }));
          window.__agentEvents.push({ name, detail: plain, url: location.pathname + location.search });
        },
        true,
      );
    }
  }, EVENT_NAMES);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  return { context, page, problems };
}

/** Types a request into the element's own prompt, as a visitor does, and sends it. */
export async function typeRequest(page, task) {
  await page.locator('web-agent [part~="launcher"]').click();
  const input = page.locator('web-agent [part~="prompt-input"]');
  await input.fill(task);
  await input.press('Enter');
}

/** Waits for the run's `done` event on the current page and returns its detail. */
export async function waitForDone(page, { timeout = 20_000 } = {}) {
  const handle = await page.waitForFunction(() => window.__agentEvents?.find((event) => event.name === 'done')?.detail, null, { timeout, polling: 50 });
  return handle.jsonValue();
}

export function events(page, name) {
  return page.evaluate((wanted) => window.__agentEvents.filter((event) => !wanted || event.name === wanted), name);
}

/** Every narration the model sent on the current page, final texts only, joined. */
export async function narration(page) {
  const subtitles = await events(page, 'subtitle');
  return subtitles.filter((event) => event.detail.final).map((event) => event.detail.text).join('\n');
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * For a `describe`: starts the built demo and a browser before its tests and closes both after.
 * `open()` gives each test a fresh browser context on the site; `url` is the site's origin.
 */
export function useDemoSite() {
  let site;
  let browser;
  before(async () => {
    site = await startDemoSite();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });
  return {
    open: () => newDemoPage(browser, site.url),
    get url() {
      return site.url;
    },
  };
}

