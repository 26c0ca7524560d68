// Vite plugin for the demo's single-page apps: /react/orders/1042 and /vue/settings are routes of
// one page each, so a reload or a shared link must get that app's index.html, in `npm start` and in
// `vite preview` alike. Vite's own fallback would serve the site's root index.html instead.

/** @param {{ apps: string[] }} options base paths with a trailing slash, e.g. ['/react/'] */
export function spaFallback({ apps }) {
  const middleware = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const app = apps.find((base) => url.pathname === base.slice(0, -1) || url.pathname.startsWith(base));
    if (!app || !acceptsHtml(req)) return next();
    if (url.pathname === app.slice(0, -1)) {
      res.writeHead(301, { location: `${app}${url.search}` });
      return void res.end();
    }
    // A route, not a file: no extension in the last segment.
    if (/\.[a-z0-9]+$/i.test(url.pathname)) return next();
    req.url = `${app}index.html${url.search}`;
    next();
  };
  return {
    name: 'web-agent-demo-spa-fallback',
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}

function acceptsHtml(req) {
  const accept = req.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}
