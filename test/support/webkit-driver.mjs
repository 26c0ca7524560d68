// Runs WebKitGTK's WebDriver inside a virtual X display for the WebKit test run.
// wtr's webdriver launcher only connects to a driver; starting and stopping it is ours.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { WebdriverLauncher } from '@web/test-runner-webdriver';

const READY_TIMEOUT_MS = 20_000;

/** Starts `xvfb-run -a WebKitWebDriver --port=N`; resolves to `{ port, processGroup, stop() }` once it answers. */
export async function startWebKitDriver({ driverPath, xvfbRunPath }) {
  const port = await freePort();
  // Its own process group, so stop() reaches Xvfb, the driver and MiniBrowser, not just xvfb-run.
  const child = spawn(xvfbRunPath, ['-a', driverPath, `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    // GTK reads webkit-gtk/gtk-3.0/gtk.css from here: a toolbar small enough for phone-sized windows.
    env: { ...process.env, XDG_CONFIG_HOME: fileURLToPath(new URL('./webkit-gtk', import.meta.url)) },
  });
  let stderr = '';
  child.stderr.on('data', (data) => {
    stderr = (stderr + data).slice(-4000);
  });
  let exited = false;
  const exitPromise = new Promise((resolve) => child.once('exit', () => resolve((exited = true))));
  const killGroup = (signal) => {
    if (exited) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  // If wtr exits without calling serverStop (a config error, Ctrl-C), do not leave Xvfb behind.
  const onExit = () => killGroup('SIGTERM');
  process.once('exit', onExit);

  try {
    await waitUntilReady(port, () => exited);
  } catch (error) {
    killGroup('SIGTERM');
    throw new Error(`${error.message}\n${stderr}`);
  }

  return {
    port,
    processGroup: child.pid,
    async stop() {
      process.removeListener('exit', onExit);
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 3000);
      await exitPromise;
      clearTimeout(timer);
    },
  };
}

async function waitUntilReady(port, hasExited) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('WebKitWebDriver exited while starting.');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port} within ${READY_TIMEOUT_MS / 1000} s.`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The processes of the browsers this driver opened: every process in its group but xvfb-run and
 * xvfb-run's children (Xvfb and WebKitWebDriver). That is MiniBrowser, its WebKitWebProcess and
 * WebKitNetworkProcess, and any of them orphaned by a MiniBrowser that already quit: a web process
 * whose page is stuck in a loop never reads that its UI process closed, and was seen running at
 * 150% CPU for half an hour after a run. Linux only, as WebKitGTK is.
 */
function browserProcesses(groupId) {
  const processes = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // Exited while we looked.
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so split after the last ')'.
    const [, parentId, processGroup] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(entry);
    if (Number(processGroup) !== groupId || pid === groupId || Number(parentId) === groupId) continue;
    processes.push(pid);
  }
  return processes;
}

/** Settles with `promise`, or rejects with `message` after `ms` (the promise itself runs on). */
function within(promise, ms, message) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A page is closed in well under a second; a page that holds it longer is stuck. */
const STOP_PAGE_TIMEOUT_MS = 20_000;
/** Deleting a WebDriver session closes MiniBrowser; one that does not answer is ended by signal. */
const DELETE_SESSION_TIMEOUT_MS = 10_000;
/**
 * Test files run in one MiniBrowser before it is replaced by a new one: one web process then never
 * carries what a whole run left behind (the one a stuck page kept alive was at 2 GB), for the cost
 * of one browser start per so many files.
 */
export const FILES_PER_BROWSER = 16;

/**
 * wtr's WebDriver launcher, with each MiniBrowser's life bounded.
 *
 * - A failed navigation is contained. wtr's session manager starts each test file's navigation
 *   without awaiting it (SessionManager.queueStartSession in @web/test-runner-webdriver 1.0): when
 *   that navigation fails (MiniBrowser lost its window or crashed, a page left a dialog open) the
 *   rejection has no handler, Node turns it into an uncaught exception, and wtr stops the whole run
 *   with no results at all. Here it gets one retry in a new browser; if that fails too, the error is
 *   logged and the file fails by wtr's own start timeout while the run goes on.
 * - A page that will not close (its script never yields, so WebDriver's commands wait on it up to
 *   the page-load timeout, 300 s) fails its file after STOP_PAGE_TIMEOUT_MS, and its browser is
 *   killed, web process included, so the next file starts in a new one.
 * - Every FILES_PER_BROWSER files the browser is replaced. wtr awaits stopSession before it starts
 *   the next file (TestScheduler.stopSession, at concurrency 1), and a start also waits for a browser
 *   still being ended.
 *
 * `driverGroup` is the process group of the WebKitWebDriver that opens the browsers
 * (startWebKitDriver's `processGroup`): a browser that quit is checked for, and killed, there.
 */
export class ContainedWebdriverLauncher extends WebdriverLauncher {
  #driverGroup;
  #filesPerBrowser;
  #filesInBrowser = 0;
  #ending = Promise.resolve();

  constructor(options, { driverGroup, filesPerBrowser = FILES_PER_BROWSER }) {
    super(options);
    this.#driverGroup = driverGroup;
    this.#filesPerBrowser = filesPerBrowser;
  }

  async startSession(id, url) {
    await this.#ending;
    if (this.driverManager && this.#filesInBrowser >= this.#filesPerBrowser) await this.#endBrowser();
    await this.ensureManagerInitialized();
    this.#filesInBrowser++;
    this.#open(id, url).catch((error) => {
      console.error(`WebKit could not open the test page ${url}: ${error?.message ?? error}`);
    });
  }

  async stopSession(id) {
    const driver = this.driver;
    try {
      return await within(super.stopSession(id), STOP_PAGE_TIMEOUT_MS, `WebKit did not close the test page within ${STOP_PAGE_TIMEOUT_MS / 1000} s; its browser was killed.`);
    } catch (error) {
      // The page is stuck (or its browser gone): the next file gets a new browser.
      if (this.driver === driver) await this.#endBrowser({ kill: true });
      throw error;
    }
  }

  async stop() {
    await this.#ending;
    await this.#endBrowser();
  }

  async #open(id, url) {
    const driver = this.driver;
    try {
      await this.driverManager.startSession(id, url);
    } catch (error) {
      // A browser this launcher already ended (a stuck page before it) is not retried.
      if (this.driver !== driver) throw error;
      console.error(`WebKit could not open the test page ${url} (${error?.message ?? error}); trying once more in a new browser.`);
      await this.#endBrowser({ kill: true });
      await this.ensureManagerInitialized();
      this.#filesInBrowser++;
      await this.driverManager.startSession(id, url);
    }
  }

  /**
   * Ends the current browser: its WebDriver session is deleted (so MiniBrowser quits), then whatever
   * of it still runs is killed. With `kill`, it is killed first: a stuck page would hold the delete.
   */
  #endBrowser({ kill = false } = {}) {
    const { driver, pendingHeartbeat } = this;
    // wtr's own stop() forgets the session only when the delete succeeds; a dead browser must be
    // forgotten anyway, or the next file would be sent to it.
    clearInterval(pendingHeartbeat);
    this.driver = undefined;
    this.driverManager = undefined;
    this.#filesInBrowser = 0;
    const ending = (async () => {
      if (kill) this.#killBrowsers();
      await within(driver?.deleteSession() ?? Promise.resolve(), DELETE_SESSION_TIMEOUT_MS, 'no answer').catch(() => {});
      this.#killBrowsers();
    })();
    this.#ending = ending;
    return ending;
  }

  #killBrowsers() {
    for (const pid of browserProcesses(this.#driverGroup)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}
