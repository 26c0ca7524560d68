// `viewport`: sets the page's inner size in every engine, for tests that need a phone or a desktop.
// wtr's own setViewport throws for WebDriver ("Setting viewport is not supported for browser type
// webdriver"), so WebKit ran those tests at its one window size. WebDriver has no viewport, only the
// window (Set Window Rect, W3C WebDriver §11.8.2): the window is resized by what its frame and
// toolbar take, measured, and the inner size checked, so a test never runs at a size it did not ask for.

/** Tries before the window's frame is taken to be measured wrong (a window manager that refuses sizes). */
const ATTEMPTS = 5;
/** How long a resize may take to reach the page (WebKitGTK answers Set Window Rect before it lays out anew). */
const SETTLE_MS = 1500;

export function viewportPlugin() {
  return {
    name: 'web-agent-viewport',
    async executeCommand({ command, payload, session }) {
      if (command === 'visual-viewport') return zoom(session, payload);
      if (command !== 'viewport') return undefined;
      const { width, height } = payload ?? {};
      if (!Number.isInteger(width) || !Number.isInteger(height)) throw new Error('viewport needs integer { width, height }');
      const { browser } = session;
      if (browser.type === 'playwright') await browser.getPage(session.id).setViewportSize({ width, height });
      else if (browser.type === 'puppeteer') await browser.getPage(session.id).setViewport({ width, height });
      else if (browser.type === 'webdriver') await resizeWindow(browser, width, height);
      else throw new Error(`viewport: no way to size a ${browser.type} browser`);
      return true;
    },
  };
}

async function resizeWindow(launcher, width, height) {
  // The launcher keeps its WebDriver session private; at concurrency 1 its top-level page is the test's.
  const driver = launcher.driver;
  if (!driver) throw new Error('viewport: the WebDriver session is not open');
  let inner;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    inner = await driver.execute('return [innerWidth, innerHeight]');
    if (inner[0] === width && inner[1] === height) return;
    const outer = await driver.getWindowRect();
    // WebKitGTK's driver refuses a width or height that is not a positive whole number ("Invalid
    // width value"), which a window caught mid-resize can make of the arithmetic: ask for the inner
    // size itself then, and measure again on the next try.
    const [outerWidth, outerHeight] = [outer.width + width - inner[0], outer.height + height - inner[1]].map(Math.round);
    await driver.setWindowRect(null, null, outerWidth >= width ? outerWidth : width, outerHeight >= height ? outerHeight : height).catch(async (error) => {
      if (attempt === ATTEMPTS - 1) throw error;
      await pause(200);
    });
    // The next measure must be of the window as resized: under load the page sees the new size a
    // while after the driver answers, and a frame measured meanwhile makes the arithmetic wrong.
    for (const started = Date.now(); Date.now() - started < SETTLE_MS; await pause(50)) {
      const now = await driver.execute('return [innerWidth, innerHeight]');
      if (now[0] !== inner[0] || now[1] !== inner[1]) break;
    }
  }
  inner = await driver.execute('return [innerWidth, innerHeight]');
  if (inner[0] !== width || inner[1] !== height) throw new Error(`viewport: asked for ${width}×${height}, the window shows ${inner.join('×')}`);
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// `visual-viewport`: makes the visual viewport smaller than the layout viewport, as an on-screen
// keyboard does. No engine here can open a keyboard, and Chromium's Emulation.setVisibleSize no longer
// changes visualViewport; its page scale (pinch zoom) does, honestly: visualViewport shrinks while
// the layout viewport keeps its size. A wheel `pan` then moves the visual viewport within the layout
// one (offsetTop) before the page scrolls. Chromium only (Chrome DevTools Protocol): WebDriver and
// WebDriver BiDi have no pinch zoom; answers false elsewhere.
async function zoom(session, { scale, pan } = {}) {
  const { browser } = session;
  if (browser.type !== 'playwright') return false;
  const page = browser.getPage(session.id);
  if (scale) {
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: scale });
    } finally {
      await cdp.detach();
    }
  }
  if (pan) {
    await page.mouse.move(1, 1);
    await page.mouse.wheel(0, pan);
  }
  return true;
}
