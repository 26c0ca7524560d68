// Runs WebKitGTK's WebDriver inside a virtual X display for the WebKit test run.
// wtr's webdriver launcher only connects to a driver; starting and stopping it is ours.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { WebdriverLauncher } from '@web/test-runner-webdriver';

const READY_TIMEOUT_MS = 20_000;

/** Starts `xvfb-run -a WebKitWebDriver --port=N`; resolves to `{ port, stop() }` once it answers. */
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
 * wtr's WebDriver launcher, with a failed navigation contained. Its session manager starts each test
 * file's navigation without awaiting it (SessionManager.queueStartSession in
 * @web/test-runner-webdriver 0.9): when that navigation fails (MiniBrowser lost its window or crashed,
 * a page left a dialog open) the rejection has no handler, Node turns it into an uncaught exception,
 * and wtr stops the whole run with no results at all. Here a failed navigation gets one retry in a new
 * WebDriver session; if that fails too, the error is logged and the file fails by wtr's own start
 * timeout while the run goes on.
 */
export class ContainedWebdriverLauncher extends WebdriverLauncher {
  async startSession(id, url) {
    await this.ensureManagerInitialized();
    this.#open(id, url).catch((error) => {
      console.error(`WebKit could not open the test page ${url}: ${error?.message ?? error}`);
    });
  }

  async #open(id, url) {
    try {
      await this.driverManager.startSession(id, url);
    } catch (error) {
      console.error(`WebKit could not open the test page ${url} (${error?.message ?? error}); trying once more in a new WebDriver session.`);
      await this.stop();
      await this.ensureManagerInitialized();
      await this.driverManager.startSession(id, url);
    }
  }
}
