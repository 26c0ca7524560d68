// The production proxy example, over real HTTP: a fake upstream that records what reaches it and
// streams SSE back, and the proxy in front of it. Run: node --test demo/server/
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createProxyHandler, createRateLimiter, optionsFromEnv } from './production-proxy.mjs';

const KEY = 'sk-server-side-secret';
const ORIGIN = 'https://shop.example';
const BODY = { model: 'gpt-4.1-mini', stream: true, messages: [{ role: 'user', content: 'hi' }] };

function listen(handler) {
  const server = http.createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })));
}

describe('production proxy', () => {
  let upstream;
  let received;
  let proxy;

  before(async () => {
    upstream = await listen((req, res) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ url: req.url, headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req_1' });
        res.write('data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n');
        setTimeout(() => res.end('data: {"choices":[{"delta":{"content":"lo"}}]}\n\ndata: [DONE]\n\n'), 20);
      });
    });
    proxy = await listen(
      createProxyHandler({
        apiKey: KEY,
        upstream: `${upstream.url}/v1`,
        allowedOrigins: [ORIGIN],
        allowedModels: ['gpt-4.1-mini'],
        maxBodyBytes: 10_000,
        maxCompletionTokens: 800,
        rateLimit: { requests: 3, windowMs: 60_000 },
        trustProxy: true,
      }),
    );
  });
  after(() => {
    upstream.server.close();
    proxy.server.close();
  });
  beforeEach(() => (received = []));

  // Each test is its own client (X-Forwarded-For), so the rate limit of one never touches another.
  let clients = 0;
  const post = (body = BODY, headers = {}) =>
    fetch(`${proxy.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer page-dummy', 'x-forwarded-for': `10.0.0.${++clients}`, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('forwards chat completions with the server key and streams the SSE through', async () => {
    const response = await post();
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    assert.equal(response.headers.get('x-request-id'), 'req_1');
    const text = await response.text();
    assert.match(text, /"Hel"[\s\S]*"lo"[\s\S]*\[DONE\]/);
    assert.equal(received.length, 1);
    assert.equal(received[0].url, '/v1/chat/completions');
    assert.equal(received[0].headers.authorization, `Bearer ${KEY}`);
    assert.ok(!text.includes(KEY));
  });

  it('caps the completion tokens a page may ask for', async () => {
    await (await post({ ...BODY, max_tokens: 100_000 })).text();
    assert.equal(received[0].body.max_tokens, 800);
    await (await post(BODY)).text();
    assert.equal(received[1].body.max_completion_tokens, 800);
  });

  it('serves no other path and no other method', async () => {
    assert.equal((await fetch(`${proxy.url}/v1/models`)).status, 404);
    assert.equal((await fetch(`${proxy.url}/v1/files`, { method: 'POST', body: '{}' })).status, 404);
    const get = await fetch(`${proxy.url}/v1/chat/completions`);
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST, OPTIONS');
    assert.equal(received.length, 0);
  });

  it('refuses bodies over the limit with 413 before the upstream sees them', async () => {
    const response = await post({ ...BODY, messages: [{ role: 'user', content: 'x'.repeat(20_000) }] });
    assert.equal(response.status, 413);
    assert.match((await response.json()).error.message, /larger than/);
    assert.equal(received.length, 0);
  });

  it('refuses models outside the allow-list and bodies that are not chat requests', async () => {
    const model = await post({ ...BODY, model: 'o1-pro' });
    assert.equal(model.status, 400);
    assert.match((await model.json()).error.message, /not available/);
    assert.equal((await post('not json')).status, 400);
    assert.equal((await post({ model: 'gpt-4.1-mini' })).status, 400);
    assert.equal(received.length, 0);
  });

  it('limits requests per client with 429 and retry-after, other clients unaffected', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 3; i++) assert.equal((await post(BODY, headers)).status, 200);
    const limited = await post(BODY, headers);
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal((await limited.json()).error.type, 'rate_limit_error');
    assert.equal((await post(BODY, { 'x-forwarded-for': '203.0.113.8' })).status, 200);
  });

  it('answers CORS for the configured origin only', async () => {
    const preflight = await fetch(`${proxy.url}/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, x-stainless-os' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), ORIGIN);
    assert.match(preflight.headers.get('access-control-allow-headers'), /x-stainless-os/);
    const allowed = await post(BODY, { origin: ORIGIN });
    assert.equal(allowed.headers.get('access-control-allow-origin'), ORIGIN);
    await allowed.text();
    const other = await post(BODY, { origin: 'https://evil.example' });
    assert.equal(other.status, 403);
    assert.equal(other.headers.get('access-control-allow-origin'), null);
  });

  it('says 502 when the upstream cannot be reached', async () => {
    const down = await listen(createProxyHandler({ apiKey: KEY, upstream: 'http://127.0.0.1:9/v1' }));
    const response = await fetch(`${down.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify(BODY) });
    assert.equal(response.status, 502);
    assert.ok(!(await response.text()).includes(KEY));
    down.server.close();
  });

  it('will not start without a key', () => {
    assert.throws(() => createProxyHandler({ apiKey: '' }), /API key/);
  });
});

describe('rate limiter', () => {
  it('refills evenly over the window', () => {
    let now = 0;
    const limiter = createRateLimiter({ requests: 2, windowMs: 1000 }, () => now);
    assert.equal(limiter.take('a'), 0);
    assert.equal(limiter.take('a'), 0);
    assert.equal(limiter.take('a'), 500);
    now = 500;
    assert.equal(limiter.take('a'), 0);
    assert.equal(limiter.take('b'), 0);
  });
});

describe('configuration from the environment', () => {
  it('reads models, origins, limits and the path', () => {
    const options = optionsFromEnv({ OPENAI_API_KEY: 'k', PROXY_ALLOWED_MODELS: 'a, b', PROXY_ALLOWED_ORIGIN: ORIGIN, PROXY_RATE_LIMIT: '10/30', PROXY_PATH: '/api/llm/v1/chat/completions' });
    assert.deepEqual(options.allowedModels, ['a', 'b']);
    assert.deepEqual(options.allowedOrigins, [ORIGIN]);
    assert.deepEqual(options.rateLimit, { requests: 10, windowMs: 30_000 });
    assert.equal(options.path, '/api/llm/v1/chat/completions');
  });
});
