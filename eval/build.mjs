// The evaluation drives what visitors get: the built element (dist/web-agent.js) on its own pages,
// and the demo built for production (demo-dist/) for the demo's tasks. Each is rebuilt only when a
// file it is made from is newer than the build, so a second run starts at once.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';

export const root = resolve(import.meta.dirname, '..');
const configFile = resolve(root, 'vite.config.ts');

const BUILDS = [
  // `npm run build` also writes the npm module and the types; the page only needs the standalone file.
  { name: 'dist/web-agent.js', output: 'dist/web-agent.js', mode: 'standalone', sources: ['src', 'vite.config.ts', 'package-lock.json'] },
  { name: 'demo-dist/', output: 'demo-dist/index.html', mode: 'demo', sources: ['src', 'demo', 'vite.config.ts', 'package-lock.json'] },
];

/** Builds what is missing or stale; `log` hears one line per build. */
export async function ensureBuilt({ log = () => {} } = {}) {
  for (const { name, output, mode, sources } of BUILDS) {
    const built = modifiedAt(resolve(root, output));
    const newest = Math.max(...sources.map((source) => newestIn(resolve(root, source))));
    if (built !== undefined && built >= newest) continue;
    log(`Building ${name} (${built === undefined ? 'missing' : 'older than its sources'})…`);
    await build({ configFile, mode, logLevel: 'warn' });
  }
}

function modifiedAt(path) {
  return existsSync(path) ? statSync(path).mtimeMs : undefined;
}

function newestIn(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestIn(join(path, entry)));
  }
  return newest;
}
