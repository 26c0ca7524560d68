import { minify } from 'terser';
import type { Plugin } from 'vite';

/**
 * A last pass of terser over the standalone chunks, after the bundler's own minifier: its
 * repeated compress passes and top-level mangling take about 1.1 KB gzip more off what a visitor
 * loads (measured on this build; `npm run bench:size`). Only safe transforms: no `pure_getters`
 * (a read of `offsetHeight` that forces layout is not dead code), no `unsafe_*`, and no property
 * mangling (property names cross chunks, the element's public API and the model's JSON).
 * Exports are kept as named (`module: true` mangles only what stays inside a chunk), so chunks
 * still import each other by name. The source map is carried through (bench/size-modules.mjs
 * attributes bytes to modules with it).
 */
export function terserPass(): Plugin {
  return {
    name: 'web-agent-terser-pass',
    apply: 'build',
    async generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const mapAsset = bundle[`${chunk.fileName}.map`];
        const result = await minify(chunk.code, {
          module: true,
          ecma: 2020,
          compress: { passes: 3 },
          mangle: { toplevel: true },
          format: { comments: false },
          sourceMap: chunk.map ? { content: chunk.map as never, url: `${chunk.fileName.split('/').pop()}.map` } : false,
        });
        chunk.code = result.code ?? chunk.code;
        if (chunk.map && typeof result.map === 'string') {
          const map = JSON.parse(result.map);
          Object.assign(chunk.map, map);
          if (mapAsset?.type === 'asset') mapAsset.source = result.map;
        }
      }
    },
  };
}
