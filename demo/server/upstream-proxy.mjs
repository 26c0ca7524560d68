// Forwards the page's chat-completions call to a real OpenAI-compatible server, adding the API key
// on this side so it never reaches the browser, and pipes the SSE stream back as it arrives.

import { readRawBody } from '../../test/support/openai-sse.mjs';

/** Response headers worth passing on: the SDK reads retry-after to pace its retries. */
const PASSED_HEADERS = ['content-type', 'retry-after', 'retry-after-ms', 'x-request-id', 'openai-processing-ms'];

/**
 * The upstream named by the environment, or undefined for offline mode.
 * @returns {{ baseURL: string, apiKey?: string, host: string, display: string, model?: string } | { error: string } | undefined}
 */
export function upstreamFromEnv(env) {
  const apiKey = env.OPENAI_API_KEY?.trim() || undefined;
  const base = env.OPENAI_BASE_URL?.trim() || undefined;
  if (!apiKey && !base) return undefined;
  let url;
  try {
    url = new URL(base ?? 'https://api.openai.com/v1');
  } catch {
    return { error: `OPENAI_BASE_URL is not a valid URL ("${base}"); expected e.g. http://localhost:11434/v1.` };
  }
  if (!/^https?:$/.test(url.protocol)) return { error: `OPENAI_BASE_URL must be an http(s) URL, not ${url.protocol}` };
  return {
    baseURL: url.href.replace(/\/+$/, ''),
    apiKey,
    host: url.host,
    // Shown in logs: never the key, never credentials embedded in the URL.
    display: `${url.origin}${url.pathname.replace(/\/+$/, '')}`,
    model: env.OPENAI_MODEL?.trim() || undefined,
  };
}

export async function forwardToUpstream(req, res, upstream, path) {
  let body = await readRawBody(req, 5_000_000);
  if (upstream.model) body = withModel(body, upstream.model);

  // The browser may hang up mid-stream (the user pressed stop): stop paying for tokens too.
  const cancel = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) cancel.abort();
  });
  // Only what the upstream needs; the page's authorization header (a dummy key) is dropped here.
  const headers = {
    'content-type': 'application/json',
    accept: req.headers.accept ?? 'application/json',
  };
  if (upstream.apiKey) headers.authorization = `Bearer ${upstream.apiKey}`;

  let response;
  try {
    response = await fetch(`${upstream.baseURL}${path}`, { method: 'POST', headers, body, signal: cancel.signal });
  } catch (error) {
    if (cancel.signal.aborted) return;
    const reason = error?.cause?.code ?? error?.cause?.message ?? error?.message ?? String(error);
    return sendJsonError(res, 502, `The dev proxy could not reach ${upstream.display}: ${reason}.`);
  }

  const passed = { 'cache-control': 'no-cache' };
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) passed[name] = value;
  }
  res.writeHead(response.status, passed);
  res.flushHeaders();
  if (!response.body) return void res.end();
  try {
    for await (const chunk of response.body) {
      if (res.destroyed) return;
      if (!res.write(chunk)) await drained(res);
    }
    res.end();
  } catch {
    // The upstream cut the stream: cut ours too, so the client sees a broken connection and can retry.
    res.destroy();
  }
}

export function sendJsonError(res, status, message, type = status >= 500 ? 'server_error' : 'invalid_request_error') {
  if (res.headersSent || res.destroyed) return void res.destroy();
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
}

/** Replaces `model` in the request for servers whose model names differ (Ollama, vLLM). */
function withModel(body, model) {
  try {
    return JSON.stringify({ ...JSON.parse(body.toString('utf8')), model });
  } catch {
    return body;
  }
}

function drained(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
