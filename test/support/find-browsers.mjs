// Where the system browsers are. We never download one (CI and this machine have no internet
// beyond package registries), so we look for Debian's packages first, then for a browser
// Playwright downloaded on a developer laptop, and otherwise say exactly what to install.
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const BROWSER_NAMES = ['chromium', 'firefox', 'webkit'];

/** The Debian packages that provide each engine (WebKit also needs a virtual X display). */
export const APT_PACKAGES = {
  chromium: ['chromium'],
  firefox: ['firefox-esr'],
  webkit: ['webkit2gtk-driver', 'xvfb'],
};

export function installCommand(names) {
  const packages = names.flatMap((name) => APT_PACKAGES[name]);
  return `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
}

export class BrowserNotFoundError extends Error {
  constructor(name, detail) {
    super(`${detail}\nInstall it with:\n  ${installCommand([name])}`);
    this.name = 'BrowserNotFoundError';
    this.browser = name;
  }
}

/** Resolves to the paths one engine needs, or throws BrowserNotFoundError. */
export async function findBrowser(name) {
  switch (name) {
    case 'chromium':
      return { executablePath: await findChromium() };
    case 'firefox':
      return { executablePath: findFirefox() };
    case 'webkit':
      return findWebKit();
    default:
      throw new Error(`Unknown browser "${name}"; expected one of ${BROWSER_NAMES.join(', ')}.`);
  }
}

export async function findChromium() {
  const found = fromEnv('CHROME_PATH', 'chromium') ?? firstExisting(['/usr/bin/chromium', '/usr/bin/chromium-browser']);
  if (found) return found;
  const downloaded = await playwrightChromium();
  if (downloaded) return downloaded;
  throw new BrowserNotFoundError('chromium', 'Chromium was not found ($CHROME_PATH, /usr/bin/chromium, Playwright\'s cache).');
}

export function findFirefox() {
  // Playwright's own Firefox build speaks Juggler, not WebDriver BiDi, so only a stock Firefox will do.
  const found = fromEnv('FIREFOX_PATH', 'firefox') ?? firstExisting(['/usr/bin/firefox-esr', '/usr/bin/firefox']);
  if (found) return found;
  throw new BrowserNotFoundError('firefox', 'Firefox was not found ($FIREFOX_PATH, /usr/bin/firefox-esr).');
}

export function findWebKit() {
  const driverPath = fromEnv('WEBKIT_DRIVER_PATH', 'webkit') ?? onPath('WebKitWebDriver');
  if (!driverPath) {
    throw new BrowserNotFoundError('webkit', 'WebKitWebDriver was not found ($WEBKIT_DRIVER_PATH, $PATH).');
  }
  const miniBrowserPath = fromEnv('WEBKIT_MINIBROWSER_PATH', 'webkit') ?? firstExisting(miniBrowserCandidates());
  if (!miniBrowserPath) {
    throw new BrowserNotFoundError('webkit', 'WebKitGTK\'s MiniBrowser was not found ($WEBKIT_MINIBROWSER_PATH, /usr/lib/*/webkit2gtk-4.1/).');
  }
  const xvfbRunPath = onPath('xvfb-run');
  if (!xvfbRunPath) throw new BrowserNotFoundError('webkit', 'xvfb-run was not found on $PATH.');
  return { driverPath, miniBrowserPath, xvfbRunPath };
}

// An explicit variable that points nowhere is a mistake worth reporting, not something to skip.
function fromEnv(variable, name) {
  const value = process.env[variable];
  if (!value) return undefined;
  if (existsSync(value)) return value;
  const error = new Error(`$${variable} is set to ${value}, which does not exist: fix or unset it.`);
  throw Object.assign(error, { name: 'BrowserNotFoundError', browser: name, variable });
}

function firstExisting(paths) {
  return paths.find((path) => existsSync(path));
}

function onPath(command) {
  const directories = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  return firstExisting(directories.map((directory) => join(directory, command)));
}

// Debian keeps MiniBrowser under the multiarch directory (x86_64-linux-gnu, aarch64-linux-gnu, ...).
function miniBrowserCandidates() {
  const multiarch = safeReaddir('/usr/lib').filter((entry) => entry.endsWith('-linux-gnu'));
  return ['webkit2gtk-4.1', 'webkitgtk-6.0'].flatMap((api) => [
    ...multiarch.map((arch) => `/usr/lib/${arch}/${api}/MiniBrowser`),
    `/usr/libexec/${api}/MiniBrowser`,
  ]);
}

function safeReaddir(directory) {
  try {
    return readdirSync(directory);
  } catch {
    return [];
  }
}

async function playwrightChromium() {
  try {
    const { chromium } = await import('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}
