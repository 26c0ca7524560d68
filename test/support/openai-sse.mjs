// The OpenAI chat-completions wire format, spoken from a Node `http` response.
// Shared by the test model server and the demo's offline model, so both stream
// byte-for-byte what api.openai.com sends and the real `openai` client is exercised.

/** CORS headers for a cross-origin page calling this server with the `openai` SDK. */
export function corsHeaders(req) {
  return {
    'Access-Control-Allow-Origin': req.headers.origin ?? '*',
    // The security tests' sink takes any method, so that only the widget can stop a DELETE reaching it.
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    // The SDK sends authorization, content-type and a varying set of x-stainless-* headers:
    // echoing what the preflight asks for is the only list that never goes stale.
    'Access-Control-Allow-Headers':
      req.headers['access-control-request-headers'] ?? 'authorization, content-type',
    // Without this the SDK cannot read retry-after cross-origin and retries blind.
    'Access-Control-Expose-Headers': 'retry-after, retry-after-ms, x-request-id',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

/** Starts an SSE response; `extraHeaders`, or a connection header already set, win over the defaults. */
export function startStream(res, extraHeaders = {}) {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: res.getHeader('connection') ?? 'keep-alive',
    ...extraHeaders,
  });
  // Headers go out now, so the client's fetch resolves before the first token, as with OpenAI.
  res.flushHeaders();
}

export function sendChunk(res, obj) {
  if (isGone(res)) return;
  res.write(`data: ${JSON.stringify(obj)}\n\n`);
}

export function sendDone(res) {
  if (isGone(res)) return;
  res.end('data: [DONE]\n\n');
}

function chunk({ id, model, choices, includeUsage }) {
  const body = {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    system_fingerprint: 'fp_local',
    choices,
  };
  // With stream_options.include_usage OpenAI puts `usage: null` on every chunk but the last.
  if (includeUsage) body.usage = null;
  return body;
}

function choice(delta, finishReason = null) {
  return { index: 0, delta, logprobs: null, finish_reason: finishReason };
}

/** First tool-call delta: the only one that carries the call id, type and function name. */
export function chunkForToolCallStart({ id, model, callId, name, includeUsage }) {
  const toolCall = { index: 0, id: callId, type: 'function', function: { name, arguments: '' } };
  const delta = { role: 'assistant', content: null, tool_calls: [toolCall] };
  return chunk({ id, model, includeUsage, choices: [choice(delta)] });
}

/** Later tool-call deltas: only the index and a fragment of the arguments text. */
export function chunkForArgs({ id, model, fragment, includeUsage }) {
  const delta = { tool_calls: [{ index: 0, function: { arguments: fragment } }] };
  return chunk({ id, model, includeUsage, choices: [choice(delta)] });
}

/** A content delta; the first one of a reply also carries the role. */
export function chunkForText({ id, model, text, first = false, includeUsage }) {
  const delta = first ? { role: 'assistant', content: text, refusal: null } : { content: text };
  return chunk({ id, model, includeUsage, choices: [choice(delta)] });
}

/** OpenAI says "stop" even after a forced named tool call, so clients must not branch on it. */
export function chunkForFinish({ id, model, reason = 'stop', includeUsage }) {
  return chunk({ id, model, includeUsage, choices: [choice({}, reason)] });
}

/** The extra last chunk of include_usage: no choices at all, which trips `choices[0]` readers. */
export function chunkForUsage({ id, model, usage }) {
  return { ...chunk({ id, model, choices: [] }), usage };
}

/** A whole non-streaming chat.completion, for requests with `stream: false`. */
export function completion({ id, model, content = null, toolCall, usage }) {
  const message = { role: 'assistant', content, refusal: null };
  if (toolCall) {
    message.tool_calls = [
      { id: toolCall.callId, type: 'function', function: { name: toolCall.name, arguments: toolCall.args } },
    ];
  }
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: 'stop' }],
    usage: completeUsage(usage) ?? estimateUsage(toolCall?.args ?? content ?? ''),
  };
}

export function newCompletionId() {
  return `chatcmpl-${randomId()}`;
}

export function newCallId() {
  return `call_${randomId()}`;
}

/**
 * Streams one tool call whose arguments arrive `chunkChars` characters at a time; `usage`
 * (OpenAI's field names) replaces the estimated counts of the include_usage chunk.
 * `holdAfterChars` parks the stream until `waitForRelease()` settles (for "mid-stream" UI tests);
 * `stopAfterChars` returns early with the response still open so the caller can send an error
 * or cut the socket. Resolves to 'done', 'stopped' or 'disconnected'.
 */
export async function streamToolCall(res, options) {
  const { name = 'agent_turn', args, callId = newCallId() } = options;
  const ids = { id: options.id ?? newCompletionId(), model: options.model ?? 'local-model' };
  const includeUsage = Boolean(options.includeUsage);
  return streamPieces(res, {
    ...options,
    ...ids,
    text: args,
    first: () => chunkForToolCallStart({ ...ids, callId, name, includeUsage }),
    piece: (fragment) => chunkForArgs({ ...ids, fragment, includeUsage }),
  });
}

/** Streams a plain-content reply (no tool call), with the same pacing options. */
export async function streamText(res, options) {
  const ids = { id: options.id ?? newCompletionId(), model: options.model ?? 'local-model' };
  const includeUsage = Boolean(options.includeUsage);
  return streamPieces(res, {
    ...options,
    ...ids,
    first: () => chunkForText({ ...ids, text: '', first: true, includeUsage }),
    piece: (text) => chunkForText({ ...ids, text, includeUsage }),
  });
}

async function streamPieces(res, options) {
  const { text, first, piece, chunkChars = 12, delayMs = 0, signal, id, model, includeUsage, usage } = options;
  const { holdAfterChars, waitForRelease, stopAfterChars } = options;
  if (!res.headersSent) startStream(res);
  sendChunk(res, first());
  let sent = 0;
  let held = holdAfterChars === undefined || !waitForRelease;
  for (;;) {
    if (isGone(res, signal)) return 'disconnected';
    if (stopAfterChars !== undefined && (sent >= stopAfterChars || sent >= text.length)) return 'stopped';
    if (!held && sent >= holdAfterChars) {
      held = true;
      await waitForRelease();
      continue;
    }
    if (sent >= text.length) break;
    // Cut fragments at the hold and stop points too, so a test sees exactly n characters.
    const ends = [sent + chunkChars, text.length];
    if (!held) ends.push(holdAfterChars);
    if (stopAfterChars !== undefined) ends.push(stopAfterChars);
    const end = Math.min(...ends.filter((n) => n > sent));
    sendChunk(res, piece(text.slice(sent, end)));
    sent = end;
    if (delayMs > 0 && sent < text.length) await sleep(delayMs, signal);
  }
  sendChunk(res, chunkForFinish({ id, model, includeUsage }));
  if (includeUsage) sendChunk(res, chunkForUsage({ id, model, usage: completeUsage(usage) ?? estimateUsage(text) }));
  sendDone(res);
  return 'done';
}

/** Reads a request body up to `limitBytes`; errors carry the HTTP `status` to answer with. */
export function readRawBody(req, limitBytes = 1_000_000) {
  return new Promise((resolve, reject) => {
    const parts = [];
    let size = 0;
    req.on('data', (part) => {
      size += part.length;
      if (size > limitBytes) {
        reject(Object.assign(new Error(`Request body is over ${limitBytes} bytes.`), { status: 413 }));
        req.destroy();
        return;
      }
      parts.push(part);
    });
    req.on('error', reject);
    req.on('end', () => resolve(Buffer.concat(parts)));
  });
}

/** Reads and parses a JSON request body; errors carry the HTTP `status` to answer with. */
export async function readJsonBody(req, limitBytes = 1_000_000) {
  const raw = (await readRawBody(req, limitBytes)).toString('utf8');
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw Object.assign(new Error('Request body is not valid JSON.'), { status: 400 });
  }
}

/** Resolves after `ms`, or at once when `signal` aborts (a disconnected client must not hold us). */
export function sleep(ms, signal) {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

function isGone(res, signal) {
  return Boolean(signal?.aborted) || res.destroyed || res.writableEnded;
}

/** Scripted counts, with the total filled in when only the parts were given. */
function completeUsage(usage) {
  if (!usage) return undefined;
  const { prompt_tokens = 0, completion_tokens = 0 } = usage;
  return { prompt_tokens, completion_tokens, total_tokens: usage.total_tokens ?? prompt_tokens + completion_tokens };
}

// Rough token counts (4 characters a token): tests only need plausible numbers.
function estimateUsage(text) {
  const completionTokens = Math.ceil(text.length / 4);
  return { prompt_tokens: 0, completion_tokens: completionTokens, total_tokens: completionTokens };
}

function randomId() {
  return Math.random().toString(36).slice(2, 12);
}
