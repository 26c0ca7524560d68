// Vite plugin for `npm start`: serves the demo's model endpoint at /api/llm/v1, the path the
// <web-agent endpoint> attribute points at. With OPENAI_API_KEY or OPENAI_BASE_URL set it is a
// key-holding proxy to a real OpenAI-compatible server; without, a scripted offline model answers.
import { corsHeaders } from '../../test/support/openai-sse.mjs';
import { answerChatCompletion } from './offline-model.mjs';
import { forwardToUpstream, sendJsonError, upstreamFromEnv } from './upstream-proxy.mjs';

const MODE_PATH = '/api/llm/mode';
const API_PREFIX = '/api/llm/v1';
const TAG = '[web-agent demo]';

/**
 * @param {{ env?: Record<string, string | undefined> }} [options] `DEMO_MODEL_PACE=fast` in the
 * environment streams the offline model without its human pacing (the end-to-end tests use it).
 */
export function llmDevProxy({ env = process.env } = {}) {
  const found = upstreamFromEnv(env);
  const upstream = found && !('error' in found) ? found : undefined;
  const pace = env.DEMO_MODEL_PACE === 'fast' ? FAST_PACE : undefined;
  // The same endpoint for `npm start` and for `vite preview` of the built demo.
  const attach = (server) => {
    const { logger } = server.config;
    if (found && 'error' in found) logger.error(`${TAG} ${found.error} Falling back to the offline demo model.`);
    // After Vite's own banner, so the line is not lost when Vite clears the screen.
    server.httpServer?.once('listening', () => setTimeout(() => logger.info(describeMode(upstream)), 0));
    if (!server.httpServer) logger.info(describeMode(upstream));

    server.middlewares.use((req, res, next) => {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      if (pathname !== MODE_PATH && pathname !== API_PREFIX && !pathname.startsWith(`${API_PREFIX}/`)) return next();
      // A client that vanishes mid-stream must never take the dev server down.
      res.on('error', () => {});
      route(req, res, pathname, upstream, pace).catch((error) => {
        if (error?.status !== 413 && error?.status !== 400) logger.error(`${TAG} ${error?.stack ?? error}`);
        sendJsonError(res, error?.status ?? 500, error?.message ?? String(error));
      });
    });
  };
  return {
    name: 'web-agent-llm-dev-proxy',
    configureServer: attach,
    configurePreviewServer: attach,
  };
}

/** Still streamed in small chunks, only without the pauses a person watching would want. */
const FAST_PACE = { chunkChars: 64, delayMs: 0, thinkMs: 20 };

async function route(req, res, pathname, upstream, pace) {
  if (pathname === MODE_PATH) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJsonError(res, 405, 'Use GET.');
    const mode = upstream ? { mode: 'proxy', upstream: upstream.host } : { mode: 'offline', upstream: null };
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    return void res.end(JSON.stringify(mode));
  }
  // Same-origin in the demo, but a host page on another port may call this endpoint too.
  for (const [name, value] of Object.entries(corsHeaders(req))) res.setHeader(name, value);
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();

  const rest = pathname.slice(API_PREFIX.length);
  if (req.method !== 'POST' || rest !== '/chat/completions') {
    return sendJsonError(res, 404, `The demo endpoint only serves POST ${API_PREFIX}/chat/completions, not ${req.method} ${pathname}.`);
  }
  if (upstream) return forwardToUpstream(req, res, upstream, rest);
  return answerChatCompletion(req, res, pace ? { pace } : undefined);
}

function describeMode(upstream) {
  if (upstream) {
    const key = upstream.apiKey ? 'API key from OPENAI_API_KEY, added on the server' : 'no API key';
    const model = upstream.model ? `; model overridden to "${upstream.model}" by OPENAI_MODEL` : '';
    return `${TAG} Model requests to ${API_PREFIX} are forwarded to ${upstream.display} (${key}${model}).`;
  }
  return [
    `${TAG} No OPENAI_API_KEY or OPENAI_BASE_URL set: the demo runs offline, with a scripted model that knows a few tasks.`,
    `${TAG} For a real model: OPENAI_API_KEY=sk-… npm start — or any OpenAI-compatible server, e.g.`,
    `${TAG}   OPENAI_BASE_URL=http://localhost:11434/v1 OPENAI_MODEL=llama3.1 npm start   (Ollama)`,
  ].join('\n');
}
