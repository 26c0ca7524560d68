// The Chromium every bench drives: the system's (Debian's package), or one playwright brought.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';

// From TOOLCHAIN.md: without the networking flags Chromium keeps calling home on a closed network.
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function chromiumPath(bench) {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // playwright has no browser of its own here
  }
  throw new Error(`${bench}: no Chromium found. Install one (Debian: apt-get install -y chromium) or set CHROME_PATH.`);
}

/** Launches headless Chromium; `bench` names the caller in the error when none is installed. */
export function launchChromium(bench) {
  return chromium.launch({ executablePath: chromiumPath(bench), args: ARGS });
}
