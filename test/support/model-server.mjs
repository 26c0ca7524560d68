// A scripted OpenAI-protocol server for browser tests: "mock nothing but the LLM, and mock it at
// the wire", so the real `openai` client, fetch, CORS and SSE parsing are all exercised.
// Many test files share one server at once, so every bit of state lives in a lane that one test
// creates for itself (POST /lanes) and addresses through its own baseURL.
import http from 'node:http';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import {
  chunkForArgs,
  chunkForFinish,
  completion,
  corsHeaders,
  newCallId,
  newCompletionId,
  readJsonBody,
  readRawBody,
  sendChunk,
  sendDone,
  sleep,
  startStream,
  streamText,
  streamToolCall,
} from './openai-sse.mjs';

// What an under-scripted test gets: a turn with no actions, which ends the agent loop.
const EMPTY_TURN = { memory: '', todos_remaining: [], actions: [] };
const REPLY_KINDS = ['turn', 'rawArguments', 'text', 'status', 'streamError', 'cut', 'hang', 'malformed', 'rawStream'];
const MALFORMED_KINDS = ['not-json', 'wrong-shape', 'no-done'];
// How long a cut waits after flushing, so the browser has read the partial stream before the reset.
// Only a likelihood: an engine that sees the reset first errors the fetch body stream, which drops
// chunks the page had not read yet, and under load a page can take longer than any grace. A test
// whose assertions need those bytes read sets `cutOnRelease` and releases once it saw them used.
const CUT_GRACE_MS = 50;
// A lane's profile plays a server with partial tool support (see LaneProfile in model-lane.ts).
const PROFILE_KEYS = ['rejectToolChoice', 'rejectTools', 'toolCallsFor', 'fenceTextTurns'];
const TOOL_CHOICE_KINDS = ['named', 'required', 'auto'];
// How long GET next waits for a request before answering 204 (the browser then polls again).
const POLL_MS = 4000;

class Lane {
  queue = [];
  requests = [];
  profile = {};
  /** Answers requests the queue has no reply for through the browser (GET next / POST answer). */
  interactive = false;
  #waiters = [];
  #credits = 0;
  #closing = false;
  /** Interactive lanes: requests waiting for the browser's answer, and browsers polling for one. */
  #unanswered = [];
  #pollers = [];
  #nextTicket = 1;

  /** Parks a request until the browser answers it; resolves undefined if the client went away. */
  awaitAnswer(body, signal) {
    if (this.#closing) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const entry = { ticket: this.#nextTicket++, body, claimed: false, resolve };
      this.#unanswered.push(entry);
      signal.addEventListener('abort', () => {
        this.#unanswered = this.#unanswered.filter((other) => other !== entry);
        resolve(undefined);
      }, { once: true });
      this.#pollers.shift()?.(entry);
    });
  }

  /** The oldest request nobody is answering yet, waiting up to `timeoutMs` for one to arrive. */
  nextUnanswered(timeoutMs) {
    const hand = (entry) => {
      entry.claimed = true;
      return { ticket: entry.ticket, body: entry.body };
    };
    const open = this.#unanswered.find((entry) => !entry.claimed);
    if (open) return Promise.resolve(hand(open));
    return new Promise((resolve) => {
      const poller = (entry) => {
        clearTimeout(timer);
        resolve(entry ? hand(entry) : undefined);
      };
      const timer = setTimeout(() => {
        this.#pollers = this.#pollers.filter((other) => other !== poller);
        resolve(undefined);
      }, timeoutMs);
      this.#pollers.push(poller);
    });
  }

  answer(ticket, reply) {
    const entry = this.#unanswered.find((candidate) => candidate.ticket === ticket);
    if (!entry) return false;
    this.#unanswered = this.#unanswered.filter((other) => other !== entry);
    entry.resolve(reply);
    return true;
  }

  /** Parks a held stream; a release that came first is banked so the race cannot hang a test. */
  waitForRelease() {
    if (this.#closing) return Promise.resolve();
    if (this.#credits > 0) {
      this.#credits -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  release() {
    const waiting = this.#waiters.splice(0);
    if (waiting.length === 0) this.#credits += 1;
    for (const resolve of waiting) resolve();
    return waiting.length;
  }

  reset() {
    this.queue = [];
    this.requests = [];
    this.#credits = 0;
    for (const resolve of this.#waiters.splice(0)) resolve();
    for (const entry of this.#unanswered.splice(0)) entry.resolve(undefined);
  }

  close() {
    this.#closing = true;
    this.reset();
    for (const poller of this.#pollers.splice(0)) poller(undefined);
  }
}

export async function startModelServer({ host = '127.0.0.1', port = 0 } = {}) {
  const lanes = new Map();
  let nextLane = 1;
  /** Security tests' sinks: what reached this other origin, by key (see recordSink). */
  const sinks = new Map();

  const server = http.createServer((req, res) => {
    // A client that vanishes mid-write must never take the server (and the test run) down.
    res.on('error', () => {});
    for (const [name, value] of Object.entries(corsHeaders(req))) res.setHeader(name, value);
    // No keep-alive: browsers silently resend a request whose *reused* connection dies before
    // the response starts, which would swallow a scripted cut and eat the next reply.
    res.setHeader('connection', 'close');
    route(req, res).catch((error) => {
      if (res.headersSent) return res.destroy();
      sendError(res, error.status ?? 500, error.message);
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  server.on('upgrade', (req, socket) => recordSocket(req, socket, sinks));

  async function route(req, res) {
    const { pathname, search } = new URL(req.url, 'http://localhost');
    const sink = /^\/sink\/([\w-]+)(\/.*)?$/.exec(pathname);
    if (sink) return recordSink(req, res, sinks, { key: sink[1], path: sink[2] ?? '/', query: search });
    const log = /^\/sink-log\/([\w-]+)$/.exec(pathname);
    if (log && req.method === 'GET') return sendJson(res, 200, sinks.get(log[1]) ?? []);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method === 'GET' && pathname === '/health') return sendJson(res, 200, { ok: true });
    if (req.method === 'POST' && pathname === '/lanes') return createLane(req, res);
    const match = /^\/lanes\/([^/]+)\/(.+)$/.exec(pathname);
    const lane = match && lanes.get(match[1]);
    if (!lane) return sendError(res, 404, `No route for ${req.method} ${pathname}.`);
    const action = `${req.method} ${match[2]}`;
    switch (action) {
      case 'POST script':
        return scriptLane(req, res, lane);
      case 'POST reset':
        lane.reset();
        return sendJson(res, 200, { ok: true });
      case 'GET requests':
        return sendJson(res, 200, lane.requests);
      case 'POST release':
        return sendJson(res, 200, { released: lane.release() });
      case 'GET next': {
        // Long poll: a request the queue had no reply for, or 204 after a few seconds (poll again).
        const next = await lane.nextUnanswered(POLL_MS);
        return next ? sendJson(res, 200, next) : void res.writeHead(204).end();
      }
      case 'POST answer': {
        const { ticket, reply } = (await readJsonBody(req)) ?? {};
        const problem = replyProblem(reply);
        if (problem) return sendError(res, 400, problem);
        return sendJson(res, 200, { answered: lane.answer(ticket, reply) });
      }
      case 'POST v1/chat/completions':
        return answerCompletion(req, res, lane);
      default:
        return sendError(res, 404, `No route for ${req.method} ${pathname}.`);
    }
  }

  async function createLane(req, res) {
    const body = (await readJsonBody(req)) ?? {};
    const profile = body.profile ?? {};
    const problem = profileProblem(profile);
    if (problem) return sendError(res, 400, problem);
    const id = `lane-${nextLane++}`;
    const lane = new Lane();
    lane.profile = profile;
    lane.interactive = body.interactive === true;
    lanes.set(id, lane);
    return sendJson(res, 201, { id, baseURL: `http://${req.headers.host}/lanes/${id}/v1` });
  }

  async function scriptLane(req, res, lane) {
    const body = await readJsonBody(req);
    const replies = body?.replies;
    if (!Array.isArray(replies)) return sendError(res, 400, 'Expected a body { replies: Reply[] }.');
    for (const [index, reply] of replies.entries()) {
      const problem = replyProblem(reply);
      if (problem) return sendError(res, 400, `Reply ${index}: ${problem}`);
    }
    lane.queue.push(...replies);
    return sendJson(res, 200, { queued: lane.queue.length });
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${urlHost.includes(':') ? `[${urlHost}]` : urlHost}:${address.port}`;

  return {
    url,
    close() {
      // Held streams resolve and hanging ones are dropped, or the process could never exit.
      for (const lane of lanes.values()) lane.close();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function answerCompletion(req, res, lane) {
  const body = await readJsonBody(req);
  lane.requests.push({ body, headers: { ...req.headers }, receivedAt: Date.now() });
  // A refusal is the server's nature, not a scripted event: it leaves the queue alone.
  const refusal = profileRefusal(lane.profile, body);
  if (refusal) return sendError(res, 400, refusal);

  const disconnected = new AbortController();
  res.on('close', () => disconnected.abort());
  const signal = disconnected.signal;
  // An interactive lane asks the browser (a policy reading the page dump) for what the queue lacks.
  let reply = lane.queue.shift();
  if (!reply && lane.interactive) {
    reply = await lane.awaitAnswer(body, signal);
    if (signal.aborted) return;
  }
  reply ??= { turn: EMPTY_TURN };
  if (reply.firstByteDelayMs > 0) await sleep(reply.firstByteDelayMs, signal);
  if (signal.aborted) return;
  if (reply.hang && !(reply.afterChars > 0)) return;

  const stream = body?.stream === true;
  const pacing = {
    model: body?.model ?? 'local-model',
    chunkChars: reply.chunkChars,
    delayMs: reply.delayMs,
    includeUsage: body?.stream_options?.include_usage === true,
    usage: reply.usage,
    signal,
  };
  const holding = { holdAfterChars: reply.holdAfterChars, waitForRelease: () => lane.waitForRelease() };

  if (reply.status) return sendError(res, reply.status, reply.message, retryHeaders(reply));
  if (reply.cut || reply.streamError) return answerBroken(req, res, reply, { ...pacing, ...holding, stream });
  if (reply.hang) return answerStalled(res, reply, pacing);
  if (reply.malformed) return answerMalformed(res, reply, pacing);
  if (reply.rawStream) return answerRaw(res, reply.rawStream, pacing);

  let args = reply.rawArguments ?? (reply.turn ? JSON.stringify(reply.turn) : undefined);
  let text = reply.text;
  if (args !== undefined && answersTurnAsText(lane.profile, body)) {
    text = lane.profile.fenceTextTurns ? '```json\n' + args + '\n```' : args;
    args = undefined;
  }
  if (stream && args !== undefined) return streamToolCall(res, { ...pacing, ...holding, args });
  if (stream) return streamText(res, { ...pacing, ...holding, text: String(text) });

  if (reply.holdAfterChars !== undefined) await lane.waitForRelease();
  const ids = { id: newCompletionId(), model: pacing.model };
  const toolCall = args === undefined ? undefined : { callId: newCallId(), name: 'agent_turn', args };
  return sendJson(res, 200, completion({ ...ids, toolCall, content: toolCall ? null : String(text), usage: reply.usage }));
}

/**
 * `/sink/<key>/<path>`: another origin for the security tests (test/security-*.test.ts) to send
 * things to. Every request that reaches it — navigations, form posts, fetches, beacons, even
 * preflights — is recorded under its key (`GET /sink-log/<key>` lists them), and answered with a
 * small page so a navigation there lands somewhere.
 */
async function recordSink(req, res, sinks, { key, path, query }) {
  const body = req.method === 'GET' || req.method === 'HEAD' ? '' : (await readRawBody(req, 100_000)).toString('utf8');
  const list = sinks.get(key) ?? [];
  list.push({ method: req.method, path, query, body, receivedAt: Date.now() });
  sinks.set(key, list);
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><title>Sink</title><p>Received.</p>');
}

/**
 * A WebSocket to `/sink/<key>/<path>`: the handshake is recorded (method `WEBSOCKET`) and accepted,
 * and every text frame the page then sends is recorded as `WS-SEND` with its text. Anything else
 * upgrading is refused.
 */
function recordSocket(req, socket, sinks) {
  socket.on('error', () => {});
  const { pathname, search } = new URL(req.url, 'http://localhost');
  const sink = /^\/sink\/([\w-]+)(\/.*)?$/.exec(pathname);
  const key = req.headers['sec-websocket-key'];
  if (!sink || !key) return socket.destroy();
  const record = (method, body = '') => {
    const list = sinks.get(sink[1]) ?? [];
    list.push({ method, path: sink[2] ?? '/', query: search, body, receivedAt: Date.now() });
    sinks.set(sink[1], list);
  };
  record('WEBSOCKET');
  const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  // Client frames are small and masked here: a 7- or 16-bit length, then the mask, then the text.
  socket.on('data', (chunk) => {
    const opcode = chunk[0] & 0x0f;
    if (opcode === 8) return socket.end();
    let length = chunk[1] & 0x7f;
    let at = 2;
    if (length === 126) [length, at] = [chunk.readUInt16BE(2), 4];
    const mask = chunk.subarray(at, at + 4);
    const text = Buffer.from(chunk.subarray(at + 4, at + 4 + length).map((byte, index) => byte ^ mask[index % 4])).toString('utf8');
    if (opcode === 1) record('WS-SEND', text);
  });
}

/** Why a scripted reply cannot be played, or undefined when it can. */
function replyProblem(reply) {
  if (!REPLY_KINDS.some((kind) => kind in Object(reply))) return `a reply needs one of: ${REPLY_KINDS.join(', ')}.`;
  if ('malformed' in reply && !MALFORMED_KINDS.includes(reply.malformed)) return `malformed must be one of ${MALFORMED_KINDS.join(', ')}.`;
  if ('rawStream' in reply && !(Array.isArray(reply.rawStream) && reply.rawStream.every((piece) => typeof piece === 'string'))) {
    return 'rawStream must be an array of strings.';
  }
  return undefined;
}

/** `retryAfter` (seconds, or an HTTP date as a string) and `retryAfterMs` become the headers OpenAI sends. */
function retryHeaders(reply) {
  const headers = {};
  if (reply.retryAfter !== undefined) headers['retry-after'] = String(reply.retryAfter);
  if (reply.retryAfterMs !== undefined) headers['retry-after-ms'] = String(reply.retryAfterMs);
  return headers;
}

function profileProblem(profile) {
  if (typeof profile !== 'object' || profile === null) return 'Expected profile to be an object.';
  const unknown = Object.keys(profile).find((key) => !PROFILE_KEYS.includes(key));
  if (unknown) return `Unknown profile option "${unknown}"; expected ${PROFILE_KEYS.join(', ')}.`;
  for (const key of ['rejectToolChoice', 'toolCallsFor']) {
    const kinds = profile[key];
    if (kinds !== undefined && !(Array.isArray(kinds) && kinds.every((kind) => TOOL_CHOICE_KINDS.includes(kind)))) {
      return `profile.${key} must list some of: ${TOOL_CHOICE_KINDS.join(', ')}.`;
    }
  }
  return undefined;
}

/** How a request asks for the tool: 'no-tools', or its tool_choice ('named' for an object; OpenAI defaults to auto). */
function toolChoiceKind(body) {
  if (!Array.isArray(body?.tools) || body.tools.length === 0) return 'no-tools';
  const choice = body.tool_choice ?? 'auto';
  return typeof choice === 'object' ? 'named' : String(choice);
}

/** The 400 a server without the feature sends, worded like the real ones (they name the field). */
function profileRefusal(profile, body) {
  const kind = toolChoiceKind(body);
  if (kind === 'no-tools') return undefined;
  if (profile.rejectTools) return 'This model does not support tools.';
  if (profile.rejectToolChoice?.includes(kind)) {
    return `tool_choice ${kind === 'named' ? 'naming a function' : `"${kind}"`} is not supported by this server.`;
  }
  return undefined;
}

/**
 * Whether a scripted turn comes back as the text a model writes when it does not call the tool.
 * Plain lanes always call it (the protocol tests rely on that); a profiled lane calls it only for
 * the tool_choice kinds in `toolCallsFor` (default all), so a request without tools gets text.
 */
function answersTurnAsText(profile, body) {
  if (!PROFILE_KEYS.some((key) => key in profile)) return false;
  return !(profile.toolCallsFor ?? TOOL_CHOICE_KINDS).includes(toolChoiceKind(body));
}

/** `cut` and `streamError`: stream part of a turn, then fail the way real networks and OpenAI do. */
async function answerBroken(req, res, reply, options) {
  const args = JSON.stringify(reply.turn ?? EMPTY_TURN);
  const afterChars = reply.afterChars ?? (reply.cut ? Math.floor(args.length / 2) : 0);
  if (reply.cut && (afterChars === 0 || !options.stream)) return void req.socket.destroy();
  if (reply.streamError && !options.stream) return sendError(res, 500, reply.streamError.message);

  const outcome = await streamToolCall(res, { ...options, args, stopAfterChars: afterChars });
  if (outcome !== 'stopped') return;
  if (reply.streamError) {
    const error = { message: reply.streamError.message, type: 'server_error', param: null, code: null };
    sendChunk(res, { error: { ...error, ...reply.streamError } });
    return void res.end();
  }
  // A reset, not a clean FIN: some engines accept a chunked body that just stops as complete,
  // and a cut must look like a broken connection everywhere.
  await new Promise((resolve) => res.write('', () => resolve()));
  if (reply.cutOnRelease) await options.waitForRelease();
  else await sleep(CUT_GRACE_MS, options.signal);
  req.socket.resetAndDestroy();
}

/** `hang` with `afterChars`: streams that much of the turn, then goes silent with the connection open. */
async function answerStalled(res, reply, options) {
  const args = JSON.stringify(reply.turn ?? EMPTY_TURN);
  const outcome = await streamToolCall(res, { ...options, args, stopAfterChars: reply.afterChars });
  if (outcome !== 'stopped') return;
  // Nothing more is sent until the client gives up (its timeout or stop) and closes the connection.
  await new Promise((resolve) => options.signal.addEventListener('abort', resolve, { once: true }));
}

/**
 * `malformed`: a stream a broken proxy or a half-compatible server could send. The turn streams
 * up to `afterChars` (default: half), then:
 * - `not-json`: a `data:` line that is not JSON, then the rest of the turn;
 * - `wrong-shape`: well-formed JSON chunks of the wrong shape (null choices, a non-string arguments
 *   fragment, an array, a string, an empty object), then the rest of the turn and `[DONE]`;
 * - `no-done`: the rest of the turn and the finish chunk, then the body ends without `data: [DONE]`.
 */
async function answerMalformed(res, reply, options) {
  const args = JSON.stringify(reply.turn ?? EMPTY_TURN);
  const afterChars = Math.min(reply.afterChars ?? Math.floor(args.length / 2), args.length);
  const ids = { id: newCompletionId(), model: options.model };
  const callId = newCallId();
  const outcome = await streamToolCall(res, { ...options, ...ids, callId, args, stopAfterChars: afterChars });
  if (outcome !== 'stopped' || res.destroyed) return;
  const rest = { ...ids, includeUsage: options.includeUsage };
  if (reply.malformed === 'not-json') res.write('data: {"choices": [{"delta": {"content": "unterminated\n\n');
  if (reply.malformed === 'wrong-shape') {
    sendChunk(res, { id: ids.id, object: 'chat.completion.chunk', model: ids.model, choices: null });
    sendChunk(res, { id: ids.id, object: 'chat.completion.chunk', model: ids.model, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: { nested: ['junk'] } } }] } }] });
    sendChunk(res, [1, 2, 3]);
    sendChunk(res, 'just a string');
    sendChunk(res, {});
  }
  if (afterChars < args.length) sendChunk(res, chunkForArgs({ ...rest, fragment: args.slice(afterChars) }));
  sendChunk(res, chunkForFinish(rest));
  if (reply.malformed === 'no-done') return void res.end();
  sendDone(res);
}

/** `rawStream`: SSE text written verbatim, one piece per write (fuzzing the framing), then the body ends. */
async function answerRaw(res, pieces, options) {
  startStream(res);
  for (const piece of pieces) {
    if (res.destroyed || options.signal.aborted) return;
    res.write(piece);
    if (options.delayMs > 0) await sleep(options.delayMs, options.signal);
  }
  res.end();
}

const ERROR_TYPES = {
  400: ['invalid_request_error', null],
  401: ['invalid_request_error', 'invalid_api_key'],
  403: ['invalid_request_error', 'unsupported_country_region_territory'],
  404: ['invalid_request_error', 'model_not_found'],
  429: ['requests', 'rate_limit_exceeded'],
};

/** An HTTP error with the body OpenAI sends, `{ error: { message, type, param, code } }`. */
function sendError(res, status, message, headers = {}) {
  const [type, code] = ERROR_TYPES[status] ?? ['server_error', null];
  const text = message ?? `Scripted error ${status}.`;
  return sendJson(res, status, { error: { message: text, type, param: null, code } }, headers);
}

function sendJson(res, status, value, headers = {}) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { ...headers, 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

// CLI: `node test/support/model-server.mjs --port 8787 [--host 127.0.0.1]`
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const option = (name) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const server = await startModelServer({
    host: option('host') ?? '127.0.0.1',
    port: Number(option('port') ?? 8787),
  });
  console.log(`model server listening at ${server.url}`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => server.close().then(() => process.exit(0)));
  }
}
