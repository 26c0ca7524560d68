// Serves the strict-CSP host page of test/reliability-csp.test.ts: /__csp__/page.html, with
//   Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self';
//                            connect-src 'self' <model server>; require-trusted-types-for 'script'
// No 'unsafe-inline', no 'unsafe-eval'. The model server's origin (another port) comes in the
// `connect` query parameter and must be a loopback http origin. The page body is
// test/fixtures/hostile/csp-page.html; its script (csp-page.js) is a same-origin file, as a
// strict policy requires.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const PAGE = fileURLToPath(new URL('../fixtures/hostile/csp-page.html', import.meta.url));
const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}$/;

export function cspMiddleware() {
  return async function serveCspPage(context, next) {
    if (context.path !== '/__csp__/page.html') return next();
    const connect = String(context.query.connect ?? '');
    if (!LOOPBACK.test(connect)) {
      context.status = 400;
      context.body = 'connect must be a loopback http origin';
      return undefined;
    }
    context.set('Content-Security-Policy', [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      `connect-src 'self' ${connect}`,
      "require-trusted-types-for 'script'",
    ].join('; '));
    context.set('Cache-Control', 'no-store');
    context.type = 'html';
    context.body = await readFile(PAGE, 'utf8');
    return undefined;
  };
}
