// One script a bench injects into a page: `contents` (ES module source importing from the
// repository or its packages) bundled into a minified IIFE, as the shipped builds are minified.
import { build } from 'esbuild';

export async function bundle(contents, { root, label }) {
  const result = await build({
    stdin: { contents, resolveDir: root, sourcefile: `${label}-entry.js`, loader: 'js' },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}
