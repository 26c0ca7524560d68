// Bundles the gallery's fixture apps (test/gallery/apps/<name>.js|jsx) with esbuild, as a site's
// own build would: the libraries ship CommonJS (React, dayjs, Select2) and bare imports that the
// test server cannot serve as they are. Each app becomes `<name>.js` (+ `<name>.css` when it imports
// styles) and a page `<name>.html` that mounts it on its own, for anyone who wants the page without
// the test runner (the evaluation harness, a person with a browser): serve `outDir` statically and
// open `<name>.html`; `bodyHtml` adds markup to those pages, such as the element's script and tag.
// The page sets `data-gallery-ready` on <html> once mounted. Everything comes from node_modules;
// nothing is fetched.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const APPS_DIR = 'test/gallery/apps';
const ENTRY = /^[a-z0-9-]+\.(js|jsx)$/;
/** Modules in apps/ that are shared pieces, not apps. */
const SHARED = new Set(['gallery-page.js', 'jquery-global.js', 'react-page.jsx']);

/** The app names, from the files in apps/ (one entry module per library). */
export function galleryApps(rootDir = process.cwd()) {
  return readdirSync(join(rootDir, APPS_DIR))
    .filter((file) => ENTRY.test(file) && !SHARED.has(file))
    .map((file) => ({ name: basename(file, extname(file)), file: join(rootDir, APPS_DIR, file) }));
}

/**
 * Builds every app into `outDir`; resolves with the names built. A build of the same sources (the
 * apps, this file and the lockfile, hashed) is reused: bundling the libraries takes seconds, and
 * the three engines' runs of one checkout need it once.
 */
export async function buildGallery({ outDir, rootDir = process.cwd(), logLevel = 'warning', bodyHtml = '' } = {}) {
  const apps = galleryApps(rootDir);
  const key = sourceKey(rootDir, bodyHtml);
  const keyFile = join(outDir, 'build-key.txt');
  if (readOr(keyFile) === key) return apps.map((app) => app.name);
  // Chunks are named by content hash: an older build's would pile up.
  rmSync(outDir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: rootDir,
    entryPoints: apps.map((app) => ({ in: app.file, out: app.name })),
    outdir: outDir,
    bundle: true,
    // React, Vue and jQuery are shared chunks, not one copy per app.
    splitting: true,
    format: 'esm',
    // Firefox ESR and WebKitGTK as the test runs them.
    target: 'es2020',
    jsx: 'automatic',
    loader: { '.png': 'file', '.gif': 'file', '.svg': 'file', '.woff': 'file', '.woff2': 'file', '.ttf': 'file' },
    // What a site ships: production builds of React and Vue.
    define: {
      'process.env.NODE_ENV': '"production"',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    // Vue with its template compiler, so the apps can use templates the way most Vue pages are written.
    alias: { vue: 'vue/dist/vue.esm-bundler.js' },
    logLevel,
  });
  await Promise.all(apps.map((app) => writeFile(join(outDir, `${app.name}.html`), standalonePage(app.name, bodyHtml))));
  await writeFile(keyFile, key);
  return apps.map((app) => app.name);
}

function sourceKey(rootDir, bodyHtml) {
  const hash = createHash('sha256').update(bodyHtml);
  const appsDir = join(rootDir, APPS_DIR);
  for (const file of readdirSync(appsDir).sort()) hash.update(file).update(readFileSync(join(appsDir, file)));
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(readOr(join(rootDir, 'package-lock.json')));
  return hash.digest('hex');
}

function readOr(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function standalonePage(name, bodyHtml) {
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Gallery: ${name}</title>
  </head>
  <body>
    <main id="gallery"></main>${bodyHtml ? `\n    ${bodyHtml}` : ''}
    <script type="module">
      import { mount } from './${name}.js';
      await mount(document.getElementById('gallery'));
      document.documentElement.dataset.galleryReady = '';
    </script>
  </body>
</html>
`;
}
