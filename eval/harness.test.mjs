// The harness around the model: a run against an endpoint goes through the demo's server-side proxy
// (the key is added there, the server's usage is what gets counted), and the budgets end runs that
// would never end by themselves.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { decideTurn } from '../demo/server/offline-model.mjs';
import { upstreamFromEnv } from '../demo/server/upstream-proxy.mjs';
import { readJsonBody, startStream, streamToolCall } from '../test/support/openai-sse.mjs';
import { openLab, runSuite } from './run-suite.mjs';
import { defineTask, selectTasks } from './tasks/index.mjs';

describe('a run against an OpenAI-compatible endpoint', () => {
  let server;
  let lab;
  const received = [];

  before(async () => {
    // The endpoint: the demo's offline model, which reads the page dump like a model, reporting
    // the token counts a server would.
    server = http.createServer(async (req, res) => {
      const body = await readJsonBody(req);
      received.push({ url: req.url, authorization: req.headers.authorization, userAgent: req.headers['user-agent'], model: body.model });
      startStream(res);
      await streamToolCall(res, { args: JSON.stringify(decideTurn(body)), model: 'local-test-model', includeUsage: body.stream_options?.include_usage === true, usage: { prompt_tokens: 1000, completion_tokens: 50 } });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const upstream = upstreamFromEnv({ OPENAI_BASE_URL: `http://127.0.0.1:${server.address().port}/v1`, OPENAI_API_KEY: 'sk-eval-secret', OPENAI_MODEL: 'local-test-model' });
    lab = await openLab({ upstream });
    lab.upstream = upstream;
  });
  after(async () => {
    await lab?.close();
    server?.close();
  });

  it('solves a task through the proxy: the key and the model name are added on the server, and the usage counted is the server’s', async () => {
    const [result] = await runSuite({ tasks: selectTasks('demo/rename'), upstream: lab.upstream, lab });
    assert.equal(result.ok, true, `${result.outcome}: ${result.detail} ${result.errors.join(' ')}`);
    assert.ok(result.turns >= 2);
    assert.equal(received.length, result.turns);
    for (const request of received) {
      assert.equal(request.url, '/v1/chat/completions');
      assert.equal(request.authorization, 'Bearer sk-eval-secret');
      assert.equal(request.model, 'local-test-model');
      // Sent by the proxy in Node, not by the page.
      assert.doesNotMatch(request.userAgent ?? '', /Chrome/);
    }
    assert.deepEqual(result.usage, { promptTokens: 1000 * result.turns, completionTokens: 50 * result.turns, source: 'server' });
    assert.equal(result.model, 'local-test-model');
  });
});

describe('budgets', () => {
  let lab;
  before(async () => {
    lab = await openLab();
  });
  after(async () => {
    await lab?.close();
  });
  const task = (extra) => defineTask({ id: 'harness/budget', title: 't', start: '/eval/pages/shop/index.html', prompt: 'Browse', checks: 'nothing', check: async () => ({ ok: true, detail: 'nothing to check' }), ...extra });

  it('a model that never ends the task is stopped at its step budget, and the attempt fails', async () => {
    const busy = { name: 'busy', answer: () => ({ memory: '', todos_remaining: ['more'], actions: [{ tool: 'wait', args: { seconds: 0 } }] }) };
    const [result] = await runSuite({ tasks: [task({ maxSteps: 3 })], policy: busy, lab });
    assert.equal(result.ok, false);
    assert.equal(result.outcome, 'step budget');
    assert.equal(result.turns, 4);
    assert.equal(result.endStatus, 'done');
  });

  it('a model that never answers is stopped at the time limit, and the attempt fails', async () => {
    const silent = { name: 'silent', answer: () => new Promise(() => {}) };
    const started = Date.now();
    const [result] = await runSuite({ tasks: [task({ timeLimitMs: 3000 })], policy: silent, lab });
    assert.equal(result.outcome, 'time limit');
    assert.equal(result.endStatus, 'stopped');
    assert.ok(Date.now() - started < 15_000);
  });
});
