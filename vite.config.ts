import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { llmDevProxy } from './demo/server/llm-dev-proxy.mjs';
import { spaFallback } from './demo/server/spa-fallback.mjs';
import { minifyLitTemplates } from './build/minify-lit-templates.ts';
import { slimOpenAI } from './build/slim-openai.ts';
import { terserPass } from './build/terser-pass.ts';

const root = import.meta.dirname;
const demoRoot = resolve(root, 'demo');

/**
 * Four jobs, one file:
 * - `vite` (npm start): serves demo/ with the widget from source and the model proxy at /api/llm/v1.
 * - `vite build`: the npm ES module (dependencies left to the host's bundler).
 * - `vite build --mode standalone`: dist/web-agent.js, one file a page loads with <script type="module">;
 *   the agent core and the model client are split off and fetched on the first task, the built-in
 *   actions' code as the task needs it (src/actions/builtin/lazy-handler.ts).
 * - `vite build --mode demo` then `vite preview`: the demo as a static site in demo-dist/, served
 *   with the same model endpoint (what the end-to-end tests run against).
 */
export default defineConfig(({ command, mode, isPreview }) => {
  if (command === 'serve') return demoConfig({ preview: Boolean(isPreview) });
  if (mode === 'demo') return demoConfig({ preview: false });
  if (mode === 'standalone') {
    return {
      plugins: [minifyLitTemplates(), slimOpenAI(), terserPass()],
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2022',
        minify: true,
        lib: { entry: resolve(root, 'src/define.ts'), formats: ['es'], fileName: () => 'web-agent.js' },
        rollupOptions: {
          // Lazy chunks (the core with the task UI) may import shared code from the entry itself,
          // instead of a shared chunk split off that the page then loads as a second file.
          preserveEntrySignatures: 'allow-extension',
          // The terser pass (build/terser-pass.ts) is most of this build's time by design; rolldown's
          // "plugin took N% of the build" notice reads as a problem to whoever runs the tests.
          checks: { bundlerTimings: false },
          output: {
            // The model client's chunk is named after the package (bench/size.mjs counts it by name).
            chunkFileNames: (chunk) => (/node_modules[\\/]openai[\\/]/.test(chunk.facadeModuleId ?? '') ? 'chunks/openai-[hash].js' : 'chunks/[name]-[hash].js'),
            minify: true,
            codeSplitting: { groups: [coreGroup()] },
            // The minifier keeps /* @__PURE__ */ annotations for a downstream bundler; this file is
            // the last step before the browser, so they are dead bytes (several hundred of them).
            comments: false,
          },
        },
      },
    };
  }
  return {
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      lib: { entry: { index: resolve(root, 'src/index.ts'), define: resolve(root, 'src/define.ts') }, formats: ['es'] },
      rollupOptions: { external: [/^lit/, /^@lit\//, /^openai/, /^zod/] },
    },
  };
});

/**
 * The agent core in one file. Left to itself the bundler split off what the core shares with the
 * lazy press_key / select_option chunks (page-effects, toggle-state), with host-api (to-json-schema)
 * and with the model client (llm-error): the first task fetched five files, each gzipped without
 * the others' names. This group takes every module the task UI reaches statically that neither the
 * tag nor the config check reaches (both are loaded by then, and the core imports from them).
 * task-ui.ts itself stays out: as its own dynamic entry it is a 0.15 KB file of re-exports, where
 * inside the group the bundler builds its namespace object with a runtime helper in a file of its
 * own, which costs more. `includeDependenciesRecursively: false` keeps the group from pulling the
 * tag's modules in after it (the tag would then load the core). Rolldown asks for
 * `strictExecutionOrder` with it against chunks that import each other and run out of order; here
 * the modules left out are exactly the tag's and the config check's, which never import the core,
 * so chunks import one way and run in source order without its wrappers (+6 KB gzip).
 */
function coreGroup() {
  type Info = { importedIds: readonly string[] } | null;
  const taskUi = resolve(root, 'src/ui/task-ui.ts');
  const staticReach = (start: string, info: (id: string) => Info) => {
    const seen = new Set<string>();
    for (const queue = [start]; queue.length; ) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(info(id)?.importedIds ?? []));
    }
    return seen;
  };
  let core: Set<string> | undefined;
  return {
    name(id: string, ctx: { getModuleInfo(id: string): Info }): string | null {
      if (!core) {
        const info = (module: string) => ctx.getModuleInfo(module);
        if (!info(taskUi)) throw new Error(`vite.config: ${taskUi} is not in the build; update coreGroup().`);
        const loadedFirst = new Set([...staticReach(resolve(root, 'src/define.ts'), info), ...staticReach(resolve(root, 'src/ui/config-check.ts'), info)]);
        core = new Set([...staticReach(taskUi, info)].filter((module) => module !== taskUi && !loadedFirst.has(module)));
      }
      return core.has(id) ? 'task-ui' : null;
    },
    includeDependenciesRecursively: false,
  };
}

/**
 * The demo site: plain pages, the React and Vue single-page apps (history routing under /react/
 * and /vue/, hence the fallback) and the CMS page. Dev and preview share the model endpoint.
 */
function demoConfig({ preview }: { preview: boolean }): UserConfig {
  const port = Number(process.env.PORT ?? (preview ? 4173 : 5173));
  return {
    root: demoRoot,
    // Vue's bundler build reads these flags; without @vitejs/plugin-vue nobody else defines them.
    define: { __VUE_OPTIONS_API__: 'false', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
    server: { port, host: '127.0.0.1' },
    preview: { port, host: '127.0.0.1' },
    plugins: [llmDevProxy(), spaFallback({ apps: ['/react/', '/vue/'] }), keepElementDefinition()],
    build: {
      outDir: resolve(root, 'demo-dist'),
      emptyOutDir: true,
      target: 'es2022',
      rollupOptions: { input: demoPages() },
    },
  };
}

/**
 * package.json's `sideEffects` names only the dist files, so a build that imports src/define.ts
 * (the demo's web-agent.js shim does) would drop it as unused and the tag would never upgrade.
 */
function keepElementDefinition(): Plugin {
  const define = resolve(root, 'src/define.ts');
  return {
    name: 'web-agent-demo-keep-define',
    transform(code, id) {
      return id === define ? { code, map: null, moduleSideEffects: true } : null;
    },
  };
}

/** Every HTML page under demo/ is an entry of the demo build (server/ holds no pages). */
function demoPages(): Record<string, string> {
  const pages: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'server') walk(path);
      else if (entry.name.endsWith('.html')) pages[path.slice(demoRoot.length + 1).replace(/\.html$/, '').replace(/[\\/]/g, '-')] = path;
    }
  };
  walk(demoRoot);
  return pages;
}
