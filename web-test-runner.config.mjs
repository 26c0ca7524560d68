// Browser tests: `npm test` (Chromium), `npm run test:firefox`, `npm run test:webkit`.
// Engines come from WEB_AGENT_BROWSERS (comma list, default chromium), not `--browsers`:
// wtr parses its CLI before it loads this file and rejects `--browsers` unless `--playwright`
// or `--puppeteer` is also given, which would replace the launchers below.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { visualRegressionPlugin } from '@web/test-runner-visual-regression/plugin';
import { rm } from 'node:fs/promises';
import { build } from 'vite';
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { playwrightLauncher } from '@web/test-runner-playwright';
import * as puppeteer from 'puppeteer-core';
import { cspMiddleware } from './test/support/csp-middleware.mjs';
import { chunkFailMiddleware } from './test/support/chunk-fail-middleware.mjs';
import { rawModuleMiddleware } from './test/support/raw-module-middleware.mjs';
import { galleryPlugins } from './test/gallery/gallery-plugin.mjs';
import { BROWSER_NAMES, findBrowser } from './test/support/find-browsers.mjs';
import { startModelServer } from './test/support/model-server.mjs';
import { reliabilityReport } from './test/support/reliability-reporter.mjs';
import { securityReport } from './test/support/security-reporter.mjs';
import { summaryReporter } from './test/support/summary-reporter.mjs';
import { viewportPlugin } from './test/support/viewport-plugin.mjs';
import { ContainedWebdriverLauncher, startWebKitDriver } from './test/support/webkit-driver.mjs';

if (process.argv.some((arg) => arg === '--browsers' || arg.startsWith('--browsers='))) {
  throw new Error('Choose engines with WEB_AGENT_BROWSERS=chromium,firefox,webkit (or npm run test:firefox / test:webkit), not --browsers.');
}
const names = (process.env.WEB_AGENT_BROWSERS || 'chromium').split(',').map((name) => name.trim()).filter(Boolean);
for (const name of names) {
  if (!BROWSER_NAMES.includes(name)) throw new Error(`Unknown browser "${name}" in WEB_AGENT_BROWSERS; expected ${BROWSER_NAMES.join(', ')}.`);
}

// Flags from TOOLCHAIN.md: without the networking ones Chromium keeps calling home on a closed network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Two cores: two test files at a time keeps both busy while most tests wait on timers and I/O.
const FILES_AT_ONCE = 2;

// The file a host page loads is what ships, so one test drives the release build itself
// (minified, openai slimmed, chunks split); it is rebuilt for every run so it never goes stale,
// into a folder of this run's own (two runs at once, say Chromium and Firefox, must not empty
// each other's), removed when the run ends.
const standaloneDir = `node_modules/.cache/web-agent-standalone-runs/${process.pid}`;
await build({ mode: 'standalone', logLevel: 'warn', build: { outDir: standaloneDir, emptyOutDir: true } });

// docs/reliability.md: server commands for the reliability tests' figures, and the reporter that writes it.
const reliability = reliabilityReport();
// The widget gallery (test/gallery/): its apps' bundles, and the README table from its outcomes.
const gallery = galleryPlugins();
const cleanups = [() => rm(standaloneDir, { recursive: true, force: true })];
const modelServer = await startModelServer();
cleanups.push(() => modelServer.close());
const browsers = await Promise.all(names.map(launcherFor));

async function launcherFor(name) {
  const found = await findBrowser(name);
  if (name === 'chromium') {
    return playwrightLauncher({
      product: 'chromium',
      concurrency: FILES_AT_ONCE,
      launchOptions: { executablePath: found.executablePath, args: CHROMIUM_ARGS },
    });
  }
  if (name === 'firefox') {
    // Playwright cannot drive stock Firefox ESR; puppeteer-core 24 can, over WebDriver BiDi.
    return chromeLauncher({
      puppeteer,
      // One file at a time: Firefox pauses requestAnimationFrame in background tabs, and a window
      // per file instead lets each new window take focus from the others' focus tests. It costs
      // nothing measurable here (27 s either way for the suite).
      concurrency: 1,
      // No network events over BiDi: nothing here reads puppeteer's requests or responses, and
      // Firefox's parent process spent most of its time reporting every module load of every file
      // (files ran about a third faster without; the navigation tests flaked less).
      launchOptions: { browser: 'firefox', executablePath: found.executablePath, headless: true, networkEnabled: false },
    });
  }
  const driver = await startWebKitDriver(found);
  cleanups.push(() => driver.stop());
  return new ContainedWebdriverLauncher({
    hostname: '127.0.0.1',
    port: driver.port,
    path: '/',
    logLevel: 'error',
    capabilities: {
      browserName: 'MiniBrowser',
      'wdio:enforceWebDriverClassic': true,
      // Popups stay allowed as in the other engines' automation modes: a test opens a second tab.
      'webkitgtk:browserOptions': { binary: found.miniBrowserPath, args: ['--automation', '--javascript-can-open-windows-automatically=true'] },
    },
  }, { driverGroup: driver.processGroup });
}

export default {
  files: 'test/**/*.test.ts',
  nodeResolve: true,
  // .ci/run runs two engines side by side and gives each its own port; otherwise wtr finds a free one.
  port: process.env.WEB_AGENT_TEST_PORT ? Number(process.env.WEB_AGENT_TEST_PORT) : undefined,
  // /__csp__/page.html: a host page under a strict Content-Security-Policy (test/reliability-csp.test.ts);
  // /__fail-chunk__: the next request for a chunk of the standalone build fails (test/standalone-bundle.test.ts);
  // /__raw__?path=…: a file from node_modules as published, for a classic <script> (test/support/legacy-site.ts).
  middleware: [cspMiddleware(), chunkFailMiddleware(), rawModuleMiddleware()],
  browsers,
  // Chromium and Firefox set their own concurrency, so this one is WebKit's. The WebDriver launcher
  // gives each file the top-level page only at 1; above 1 it packs files into iframes of one page,
  // where key presses miss their frame and one hung file stalls the rest.
  concurrency: 1,
  concurrentBrowsers: 1,
  // A test file takes seconds alone, but a long one (recordings) was seen taking over 2 minutes on a loaded
  // two-core machine; this only ends a page that hangs (an endless loop), so CI still finishes.
  testsFinishTimeout: 4 * 60_000,
  // Generous: a file's first test also waits for the dev server to transform the whole agent, which on
  // a loaded two-core machine alone can take most of ten seconds. Tests that must end sooner bound themselves.
  testFramework: { config: { timeout: 20_000 } },
  plugins: [
    reliability.plugin,
    gallery.plugin,
    viewportPlugin(),
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }),
    // Screenshot tests (test/screenshots.test.ts): references in test/screenshots/<browser>/baseline,
    // rewritten only by UPDATE_SCREENSHOTS=1 and checked by eye before they are committed.
    visualRegressionPlugin({
      update: process.env.UPDATE_SCREENSHOTS === '1',
      baseDir: 'test/screenshots',
      // Anti-aliasing noise stays under the per-pixel threshold; a moved or recoloured piece does not.
      diffOptions: { threshold: 0.1, includeAA: false },
      failureThreshold: 0.1,
      failureThresholdType: 'percent',
    }),
    {
      name: 'stop-test-services',
      async serverStop() {
        await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
      },
    },
  ],
  // The model server runs on another port, so every test talks to it cross-origin, CORS included.
  testRunnerHtml: (testFramework) => `<!DOCTYPE html>
<html>
  <head>
    <meta charset="utf-8">
    <script>window.__MODEL_SERVER_URL__ = ${JSON.stringify(modelServer.url)};</script>
    <script>window.__STANDALONE_BUNDLE_URL__ = ${JSON.stringify(`/${standaloneDir}/web-agent.js`)};</script>
    <script>window.__UPDATE_GOLDENS__ = ${process.env.UPDATE_GOLDENS === '1'};</script>
    <script>window.__GALLERY_TRACE__ = ${process.env.GALLERY_TRACE === '1'};</script>
  </head>
  <body>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
  // docs/reliability.md, docs/security.md and the README gallery table from the run (only under `npm run docs`).
  reporters: [defaultReporter(), reliability.reporter, securityReport(), gallery.reporter, summaryReporter()],
};
