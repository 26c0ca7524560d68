// The evaluation drives what visitors get: the built element (dist/web-agent.js) on its own pages,
// and the demo built for production (demo-dist/) for the demo's tasks. Each is rebuilt only when a
// file it is made from is newer than the build, so a second run starts at once.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { buildGallery } from '../test/gallery/build-gallery.mjs';

export const root = resolve(import.meta.dirname, '..');
const configFile = resolve(root, 'vite.config.ts');

/**
 * The widget gallery's pages (test/gallery/apps/, real component libraries), built by the gallery's
 * own build with the element's script and tag added, as a site would paste them. Its own directory:
 * the tests' build (node_modules/.cache/gallery) has no tag, and each build replaces the other's.
 */
export const GALLERY_OUT = resolve(root, 'node_modules/.cache/eval-gallery');
const GALLERY_TAG = '<script type="module" src="/dist/web-agent.js"></script>\n    <web-agent endpoint="/api/llm/v1" agent-name="Ava" site-name="Widget gallery" locale="en"></web-agent>';

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
  // Reused as it is when its sources have not changed (the gallery build keeps a key of them).
  await buildGallery({ outDir: GALLERY_OUT, rootDir: root, bodyHtml: GALLERY_TAG });
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
