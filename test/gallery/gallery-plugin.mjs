// The gallery in web-test-runner: builds the fixture apps on the first request for one (so runs
// without gallery files pay nothing), takes each case's outcome from the tests (`gallery-outcome`),
// and with `npm run docs` writes the README table from them (see gallery-report.mjs).
import { buildGallery } from './build-gallery.mjs';
import { galleryReport } from './gallery-report.mjs';

/** Where the built apps are served from: `/${GALLERY_DIR}/<name>.js`, `<name>.html`. */
export const GALLERY_DIR = 'node_modules/.cache/gallery';

export function galleryPlugins({ rootDir = process.cwd() } = {}) {
  let built;
  const report = galleryReport({ rootDir });
  const plugin = {
    name: 'gallery',
    async serve(context) {
      if (!context.path.startsWith(`/${GALLERY_DIR}/`)) return undefined;
      // Built once per run, so it never goes stale; the static server then serves the files.
      built ??= buildGallery({ outDir: `${rootDir}/${GALLERY_DIR}`, rootDir });
      await built;
      return undefined;
    },
    executeCommand({ command, payload, session }) {
      if (command !== 'gallery-outcome') return undefined;
      report.record(session, payload);
      return true;
    },
  };
  return { plugin, reporter: report.reporter };
}
