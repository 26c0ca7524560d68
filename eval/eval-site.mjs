// The site an evaluation runs on, served as the end-to-end tests serve the demo: `vite preview` of
// the demo build (its pages, the single-page apps' routes), plus the evaluation's own pages under
// /eval/pages/, the widget gallery's pages under /eval/gallery/, the built element under /dist/,
// and the model endpoint at /api/llm/v1 in front of the demo's own (so each request is recorded
// against its attempt).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { preview } from 'vite';
import { GALLERY_OUT, root } from './build.mjs';

const configFile = resolve(root, 'vite.config.ts');

/** URL prefixes served from the repository as plain files. */
const STATIC = {
  '/eval/pages/': resolve(root, 'eval/pages'),
  '/dist/': resolve(root, 'dist'),
  '/eval/gallery/': GALLERY_OUT,
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/**
 * @param {{ endpoint: { middleware: Function } }} options
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function startEvalSite({ endpoint }) {
  const routes = {
    name: 'web-agent-eval-routes',
    // Before the demo's own model endpoint and static files.
    enforce: 'pre',
    configurePreviewServer(server) {
      server.middlewares.use(endpoint.middleware);
      server.middlewares.use(serveStatic);
    },
  };
  const server = await preview({
    configFile,
    mode: 'demo',
    logLevel: 'warn',
    plugins: [routes],
    preview: { port: 0, strictPort: false, host: '127.0.0.1', open: false },
  });
  const { port } = server.httpServer.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.httpServer.close(() => done())),
  };
}

function serveStatic(req, res, next) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  const prefix = Object.keys(STATIC).find((candidate) => pathname.startsWith(candidate));
  if (!prefix) return next();
  const base = STATIC[prefix];
  let path = resolve(base, decodeURIComponent(pathname.slice(prefix.length)));
  if (path !== base && !path.startsWith(base + sep)) return notFound(res);
  if (existsSync(path) && statSync(path).isDirectory()) path = resolve(path, 'index.html');
  if (!existsSync(path)) return notFound(res);
  res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(path).pipe(res);
}

function notFound(res) {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('Not found');
}
