import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { llmDevProxy } from './demo/server/llm-dev-proxy.mjs';

const root = import.meta.dirname;

/**
 * Three jobs, one file:
 * - `vite` (npm start): serves demo/ with the widget from source and the model proxy at /api/llm/v1.
 * - `vite build`: the npm ES module (dependencies left to the host's bundler).
 * - `vite build --mode standalone`: dist/web-agent.js, one file a page loads with <script type="module">;
 *   the agent core and the model client are split off and fetched on the first task.
 */
export default defineConfig(({ command, mode }) => {
  if (command === 'serve') {
    return {
      root: resolve(root, 'demo'),
      server: { port: Number(process.env.PORT ?? 5173), host: '127.0.0.1' },
      plugins: [llmDevProxy()],
    };
  }
  if (mode === 'standalone') {
    return {
      plugins: [minifyCssTemplates(), slimOpenAI()],
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2022',
        minify: true,
        lib: { entry: resolve(root, 'src/define.ts'), formats: ['es'], fileName: () => 'web-agent.js' },
        rollupOptions: { output: { chunkFileNames: 'chunks/[name]-[hash].js', minify: true } },
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
 * Lit's css`` templates reach the bundle as written, comments and indentation included; the
 * minifier leaves string contents alone. Collapsing them here saves every visitor the bytes.
 */
function minifyCssTemplates(): Plugin {
  return {
    name: 'web-agent-minify-css-templates',
    transform(code, id) {
      if (!/\/src\/ui\/.*\.ts$/.test(id) || !code.includes('css`')) return null;
      return code.replace(/css`([^`]*)`/g, (_match, body: string) => {
        const compact = body
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s*([{};,>])\s*/g, '$1')
          .replace(/;}/g, '}')
          .trim();
        return `css\`${compact}\``;
      });
    },
  };
}

/**
 * The `openai` client does not tree-shake: its constructor instantiates every API section
 * (files, audio, assistants, fine-tuning, …) and the chat resource imports the helpers behind
 * `.stream()`, `.parse()` and `.runTools()`. We call one method, `chat.completions.create`, so
 * in the file we ship to visitors those modules become empty classes. Everything a request goes
 * through — client, retries, headers, SSE parsing, errors — is the SDK's own code, unchanged;
 * test/standalone-bundle.test.ts runs a streamed task through the built file to prove it.
 * This halves the model client (about 27 → 13 KB gzip).
 */
function slimOpenAI(): Plugin {
  const keep = /\/openai\/resources\/(index|shared|chat\/(index|chat|completions\/(index|completions|messages)))\.mjs$/;
  const unused = /\/node_modules\/openai\/(resources|lib)\/.+\.mjs$/;
  return {
    name: 'web-agent-slim-openai',
    load(id) {
      if (!unused.test(id) || keep.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const names = new Set<string>();
      for (const match of source.matchAll(/export (?:class|const|let|var|function\*?|async function) (\w+)/g)) names.add(match[1]!);
      for (const match of source.matchAll(/export \{([^}]*)\}/g)) {
        for (const part of match[1]!.split(',')) {
          const name = part.trim().split(/\s+as\s+/).pop();
          if (name && !name.startsWith('type ')) names.add(name);
        }
      }
      return [...names].map((name) => `export class ${name} { constructor() {} }`).join('\n');
    },
  };
}
