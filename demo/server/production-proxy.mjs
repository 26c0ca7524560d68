// A minimal production proxy for <web-agent>: the page's `endpoint` points here, and this server
// forwards chat completions — and nothing else — to the model provider with the API key added on
// this side. Plain node:http, no dependencies, so it reads as a recipe for any backend.
//
//   OPENAI_API_KEY=sk-… PROXY_ALLOWED_ORIGIN=https://shop.example node demo/server/production-proxy.mjs
//
// What it guarantees, each checked in production-proxy.test.mjs:
// - only `POST /v1/chat/completions` (plus its CORS preflight); other paths 404, other methods 405;
// - the key comes from the server's environment; the page's own authorization header is dropped;
// - request bodies over the limit get 413, before the upstream sees a byte;
// - each client gets a budget of requests per window; past it, 429 with retry-after;
// - only the allowed models; optional cap on max_completion_tokens;
// - the SSE stream is passed through as it arrives, and cancelled upstream when the page hangs up;
// - CORS only for the configured origin(s); with none configured, only same-origin pages can call.
import http from 'node:http';
import { pathToFileURL } from 'node:url';

const DEFAULTS = {
  upstream: 'https://api.openai.com/v1',
  path: '/v1/chat/completions',
  allowedModels: ['gpt-4.1-mini'],
  allowedOrigins: [],
  maxBodyBytes: 512 * 1024,
  rateLimit: { requests: 30, windowMs: 60_000 },
  maxCompletionTokens: undefined,
  trustProxy: false,
};

/** Upstream headers worth passing on: the SDK paces its retries by retry-after. */
const PASSED_HEADERS = ['content-type', 'retry-after', 'retry-after-ms', 'x-request-id'];

/**
 * @param {object} options
 * @param {string} options.apiKey                 the provider key; never leaves this process except to `upstream`
 * @param {string} [options.upstream]             OpenAI-compatible base URL
 * @param {string} [options.path]                 the one route served
 * @param {string[]} [options.allowedModels]      requests for other models get 400
 * @param {string[]} [options.allowedOrigins]     origins allowed to call cross-origin (CORS)
 * @param {number} [options.maxBodyBytes]         larger request bodies get 413
 * @param {{ requests: number, windowMs: number }} [options.rateLimit] per client
 * @param {number} [options.maxCompletionTokens]  caps max_completion_tokens / max_tokens
 * @param {boolean} [options.trustProxy]          identify clients by X-Forwarded-For (behind a load balancer)
 * @param {typeof fetch} [options.fetch]
 * @returns {(req: http.IncomingMessage, res: http.ServerResponse) => void}
 */
export function createProxyHandler(options) {
  const config = { ...DEFAULTS, ...options };
  if (!config.apiKey) throw new Error('The proxy needs an API key (OPENAI_API_KEY).');
  const upstream = new URL(config.upstream.replace(/\/+$/, '') + '/chat/completions');
  const limiter = createRateLimiter(config.rateLimit);
  const doFetch = config.fetch ?? globalThis.fetch;

  return (req, res) => {
    res.on('error', () => {});
    handle(req, res).catch((error) => sendError(res, error.status ?? 500, error.status ? error.message : 'The proxy failed.'));
  };

  async function handle(req, res) {
    const { pathname } = new URL(req.url ?? '/', 'http://proxy.invalid');
    if (pathname !== config.path) return sendError(res, 404, 'Not found.');

    const origin = req.headers.origin;
    const crossOrigin = origin !== undefined && origin !== ownOrigin(req);
    if (crossOrigin) {
      if (!config.allowedOrigins.includes(origin)) return sendError(res, 403, 'This origin may not use the model endpoint.');
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'origin');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'POST, OPTIONS',
        // The openai SDK sends x-stainless-* headers; echoing what the browser asks for is simplest.
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'authorization, content-type',
        'access-control-max-age': '600',
      });
      return void res.end();
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST, OPTIONS');
      return sendError(res, 405, `Use POST ${config.path}.`);
    }

    const client = clientOf(req, config.trustProxy);
    const wait = limiter.take(client);
    if (wait > 0) {
      res.setHeader('retry-after', String(Math.ceil(wait / 1000)));
      return sendError(res, 429, 'Too many requests from this client; try again shortly.', 'rate_limit_error');
    }

    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > config.maxBodyBytes) return refuseBody(req, res, config.maxBodyBytes);
    const raw = await readBody(req, config.maxBodyBytes);
    if (raw === undefined) return refuseBody(req, res, config.maxBodyBytes);

    let body;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return sendError(res, 400, 'The request body is not JSON.');
    }
    if (!body || typeof body !== 'object' || !Array.isArray(body.messages)) return sendError(res, 400, 'Expected a chat completions request with `messages`.');
    if (!config.allowedModels.includes(body.model)) return sendError(res, 400, `Model "${body.model}" is not available here; use one of: ${config.allowedModels.join(', ')}.`);
    if (config.maxCompletionTokens) capTokens(body, config.maxCompletionTokens);

    const cancel = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) cancel.abort();
    });
    let response;
    try {
      response = await doFetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: req.headers.accept ?? 'application/json', authorization: `Bearer ${config.apiKey}` },
        body: JSON.stringify(body),
        signal: cancel.signal,
      });
    } catch {
      if (cancel.signal.aborted) return;
      return sendError(res, 502, 'The model provider could not be reached.', 'server_error');
    }
    const headers = { 'cache-control': 'no-cache' };
    for (const name of PASSED_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    res.writeHead(response.status, headers);
    res.flushHeaders();
    if (!response.body) return void res.end();
    try {
      for await (const chunk of response.body) {
        if (res.destroyed) return;
        if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
      }
      res.end();
    } catch {
      // The provider cut the stream: cut ours, so the client sees a broken stream and may retry.
      res.destroy();
    }
  }
}

/**
 * A token bucket per client: `requests` tokens, refilled evenly over `windowMs`. take() returns 0
 * when a request may go, else the milliseconds until one may. Idle clients are forgotten.
 */
export function createRateLimiter({ requests, windowMs }, now = () => Date.now()) {
  const buckets = new Map();
  const perMs = requests / windowMs;
  return {
    take(client) {
      const at = now();
      if (buckets.size > 10_000) {
        for (const [key, bucket] of buckets) if (at - bucket.at > windowMs) buckets.delete(key);
      }
      const bucket = buckets.get(client) ?? { tokens: requests, at };
      bucket.tokens = Math.min(requests, bucket.tokens + (at - bucket.at) * perMs);
      bucket.at = at;
      buckets.set(client, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.ceil((1 - bucket.tokens) / perMs);
    },
  };
}

function clientOf(req, trustProxy) {
  if (trustProxy) {
    const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',')[0].trim();
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

function ownOrigin(req) {
  const host = req.headers['x-forwarded-host'] ?? req.headers.host;
  const protocol = req.headers['x-forwarded-proto'] ?? (req.socket.encrypted ? 'https' : 'http');
  return host ? `${protocol}://${host}` : undefined;
}

/** The body, or undefined once it passes the limit (the rest is not read). */
function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.off('end', onEnd);
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

function refuseBody(req, res, limit) {
  res.setHeader('connection', 'close');
  sendError(res, 413, `The request is larger than ${Math.round(limit / 1024)} KB. Lower dom-max-length or max-turns-in-prompt on the element.`);
  req.resume();
}

function capTokens(body, cap) {
  for (const key of ['max_completion_tokens', 'max_tokens']) {
    if (typeof body[key] === 'number') body[key] = Math.min(body[key], cap);
  }
  if (body.max_completion_tokens === undefined && body.max_tokens === undefined) body.max_completion_tokens = cap;
}

function sendError(res, status, message, type = status >= 500 ? 'server_error' : 'invalid_request_error') {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
}

/** The proxy configured from the environment, as `node demo/server/production-proxy.mjs` runs it. */
export function optionsFromEnv(env) {
  const list = (value) => value?.split(',').map((item) => item.trim()).filter(Boolean);
  const [requests, seconds] = (env.PROXY_RATE_LIMIT ?? '30/60').split('/').map(Number);
  return {
    apiKey: env.OPENAI_API_KEY,
    upstream: env.OPENAI_BASE_URL || DEFAULTS.upstream,
    path: env.PROXY_PATH || DEFAULTS.path,
    allowedModels: list(env.PROXY_ALLOWED_MODELS) ?? DEFAULTS.allowedModels,
    allowedOrigins: list(env.PROXY_ALLOWED_ORIGIN) ?? [],
    maxBodyBytes: Number(env.PROXY_MAX_BODY_BYTES ?? DEFAULTS.maxBodyBytes),
    rateLimit: { requests: requests || 30, windowMs: (seconds || 60) * 1000 },
    maxCompletionTokens: env.PROXY_MAX_COMPLETION_TOKENS ? Number(env.PROXY_MAX_COMPLETION_TOKENS) : undefined,
    trustProxy: env.TRUST_PROXY === 'true',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const options = optionsFromEnv(process.env);
  const port = Number(process.env.PORT ?? 8787);
  http.createServer(createProxyHandler(options)).listen(port, () => {
    console.log(`Model proxy on http://localhost:${port}${options.path} → ${new URL(options.upstream).origin} (models: ${options.allowedModels.join(', ')}).`);
  });
}
