// The dev proxy's two modes, exercised over real HTTP with the plugin's middleware mounted on a
// plain Node server (the part of Vite it uses) and, for proxy mode, a fake upstream.
// Run: node --test demo/server/
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { llmDevProxy } from './llm-dev-proxy.mjs';

const BODY = {
  model: 'gpt-4.1-mini',
  stream: true,
  tools: [{ type: 'function', function: { name: 'agent_turn', parameters: {} } }],
  messages: [
    { role: 'system', content: 'You are Ava, an assistant.' },
    { role: 'user', content: 'what can you do' },
    { role: 'user', content: '# Current page\n- URL: http://127.0.0.1/index.html\n- Title: Home\n\n<page-dom>\n<h1>Home\n</page-dom>' },
  ],
};

/** Mounts the plugin's middleware the way Vite's connect stack would; unhandled paths get 418. */
async function startDevServer(env) {
  const logs = [];
  const handlers = [];
  const plugin = llmDevProxy({ env });
  plugin.configureServer({
    config: { logger: { info: (line) => logs.push(line), error: (line) => logs.push(line) } },
    middlewares: { use: (handler) => handlers.push(handler) },
  });
  const server = http.createServer((req, res) => {
    const run = (index) => (index < handlers.length ? handlers[index](req, res, () => run(index + 1)) : res.writeHead(418).end());
    run(0);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, logs, url: `http://127.0.0.1:${server.address().port}` };
}

describe('offline mode', () => {
  let dev;
  before(async () => (dev = await startDevServer({})));
  after(() => dev.server.close());

  it('says so at start-up and on /api/llm/mode', async () => {
    assert.match(dev.logs.join('\n'), /runs offline/);
    const mode = await (await fetch(`${dev.url}/api/llm/mode`)).json();
    assert.deepEqual(mode, { mode: 'offline', upstream: null });
  });

  it('answers chat completions with a streamed agent_turn', async () => {
    const response = await fetch(`${dev.url}/api/llm/v1/chat/completions`, { method: 'POST', body: JSON.stringify(BODY) });
    assert.equal(response.status, 200);
    const text = await response.text();
    assert.match(text, /"name":"agent_turn"/);
    assert.ok(text.trimEnd().endsWith('data: [DONE]'));
  });

  it('404s other model paths and leaves the rest of the site to Vite', async () => {
    assert.equal((await fetch(`${dev.url}/api/llm/v1/models`)).status, 404);
    assert.equal((await fetch(`${dev.url}/orders.html`)).status, 418);
  });
});

describe('proxy mode', () => {
  let dev;
  let upstream;
  const seen = [];
  before(async () => {
    upstream = http.createServer((req, res) => {
      const parts = [];
      req.on('data', (part) => parts.push(part));
      req.on('end', async () => {
        seen.push({ url: req.url, headers: req.headers, body: JSON.parse(Buffer.concat(parts).toString()) });
        if (req.url.endsWith('/busy/chat/completions')) {
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
          return res.end('{"error":{"message":"slow down"}}');
        }
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: {"first":true}\n\n');
        // The proxy must hand this first event on before the upstream has finished.
        await new Promise((resolve) => setTimeout(resolve, 300));
        res.end('data: [DONE]\n\n');
      });
    });
    await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${upstream.address().port}/v1`;
    dev = await startDevServer({ OPENAI_API_KEY: 'sk-secret-test', OPENAI_BASE_URL: base, OPENAI_MODEL: 'llama3.1' });
  });
  after(() => {
    dev.server.close();
    upstream.close();
  });

  it('names the upstream at start-up without printing the key', async () => {
    const logs = dev.logs.join('\n');
    assert.match(logs, /forwarded to http:\/\/127\.0\.0\.1:\d+\/v1/);
    assert.doesNotMatch(logs, /sk-secret-test/);
    const mode = await (await fetch(`${dev.url}/api/llm/mode`)).json();
    assert.equal(mode.mode, 'proxy');
    assert.match(mode.upstream, /^127\.0\.0\.1:\d+$/);
  });

  it('adds the key server-side, drops the page key, and streams as it arrives', async () => {
    const started = Date.now();
    const response = await fetch(`${dev.url}/api/llm/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer page-dummy-key', 'content-type': 'application/json' },
      body: JSON.stringify(BODY),
    });
    const reader = response.body.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    assert.match(first, /"first":true/);
    assert.ok(Date.now() - started < 250, 'the first event is not held back until the stream ends');
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    assert.match(rest, /\[DONE\]/);
    const request = seen.at(-1);
    assert.equal(request.url, '/v1/chat/completions');
    assert.equal(request.headers.authorization, 'Bearer sk-secret-test');
    assert.equal(request.body.model, 'llama3.1');
    assert.equal(request.body.messages.length, 3);
  });

  it('passes errors and retry-after through', async () => {
    const busy = await startDevServer({ OPENAI_BASE_URL: `http://127.0.0.1:${upstream.address().port}/busy` });
    try {
      const response = await fetch(`${busy.url}/api/llm/v1/chat/completions`, { method: 'POST', body: JSON.stringify(BODY) });
      assert.equal(response.status, 429);
      assert.equal(response.headers.get('retry-after'), '7');
      assert.equal(seen.at(-1).headers.authorization, undefined, 'no key configured, none sent');
    } finally {
      busy.server.close();
    }
  });

  it('reports an unreachable upstream as a 502 the client can show', async () => {
    const down = await startDevServer({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    try {
      const response = await fetch(`${down.url}/api/llm/v1/chat/completions`, { method: 'POST', body: JSON.stringify(BODY) });
      assert.equal(response.status, 502);
      assert.match((await response.json()).error.message, /could not reach http:\/\/127\.0\.0\.1:9\/v1/);
    } finally {
      down.server.close();
    }
  });
});
