// The page's model endpoint (/api/llm/v1) during an evaluation. Every request belongs to one
// attempt at one task, named by a header the harness adds to that attempt's browser context. It
// is answered either by a policy (a Node function playing the model, for the oracle and the bad
// policies) or by the real endpoint through the demo's own key-holding proxy (upstream-proxy.mjs),
// and recorded on the way: turns, the server's usage, the last request and the last envelope.
import { Readable } from 'node:stream';
import { readConversation } from '../demo/server/conversation.mjs';
import { forwardToUpstream, sendJsonError } from '../demo/server/upstream-proxy.mjs';
import { corsHeaders, readRawBody, startStream, streamToolCall } from '../test/support/openai-sse.mjs';
import { createReplyReader } from './reply-reader.mjs';

export const API_PREFIX = '/api/llm/v1';
export const ATTEMPT_HEADER = 'x-eval-attempt';

/** The turn that ends a run: what the harness answers once a task has used up its step budget. */
const CLOSING_TURN = { memory: '', todos_remaining: [], actions: [] };

/**
 * @param {{ upstream?: { baseURL: string, apiKey?: string, display: string, model?: string } }} options
 *   no upstream: every attempt must bring a policy.
 */
export function createModelEndpoint({ upstream } = {}) {
  /** @type {Map<string, AttemptLog>} */
  const attempts = new Map();

  async function answer(req, res, log) {
    const raw = await readRawBody(req, 5_000_000);
    let body;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return sendJsonError(res, 400, 'Request body is not valid JSON.');
    }
    log.turns += 1;
    log.lastRequest = body;
    const started = Date.now();
    if (log.turns > log.maxSteps) {
      log.overBudget = true;
      return streamTurn(res, req, body, CLOSING_TURN, { model: 'eval-harness' });
    }
    if (log.policy) {
      let turn = CLOSING_TURN;
      try {
        turn = await log.policy({ body, conversation: readConversation(body), task: log.task, attempt: log });
      } catch (error) {
        log.errors.push(`The ${log.policyName} policy threw: ${error?.stack ?? error}`);
      }
      const envelope = JSON.stringify(turn);
      log.lastEnvelope = envelope;
      const usage = { prompt_tokens: estimateTokens(JSON.stringify(body.messages ?? []) + JSON.stringify(body.tools ?? [])), completion_tokens: estimateTokens(envelope) };
      addUsage(log, { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens }, 'estimated');
      log.modelTimeMs += Date.now() - started;
      return streamTurn(res, req, body, turn, { model: `${log.policyName} policy`, usage });
    }
    if (!upstream) return sendJsonError(res, 500, 'No policy for this attempt and no endpoint configured.');
    const reader = createReplyReader();
    let status = 200;
    tap(res, {
      status: (code) => (status = code),
      data: (chunk) => reader.push(chunk),
    });
    // The demo proxy reads the body itself: hand it a request that replays what we already read.
    const replay = Object.assign(Readable.from([raw]), { headers: req.headers });
    await forwardToUpstream(replay, res, upstream, '/chat/completions');
    const reply = reader.finish();
    log.modelTimeMs += Date.now() - started;
    log.model ??= reply.model;
    if (reply.envelope || reply.text) log.lastEnvelope = reply.envelope || reply.text;
    if (reply.usage) addUsage(log, reply.usage, 'server');
    if (status >= 400 || reply.error) log.errors.push(`The endpoint answered ${status}${reply.error ? `: ${reply.error}` : ''}`);
  }

  return {
    /** Starts recording an attempt; its requests carry `id` in the attempt header. */
    open(id, { task, policy, policyName, maxSteps }) {
      const log = new AttemptLog({ id, task, policy, policyName, maxSteps });
      attempts.set(id, log);
      return log;
    },
    close(id) {
      attempts.delete(id);
    },
    /** Connect-style middleware for the site's server. */
    middleware(req, res, next) {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      if (pathname !== API_PREFIX && !pathname.startsWith(`${API_PREFIX}/`)) return next();
      res.on('error', () => {});
      for (const [name, value] of Object.entries(corsHeaders(req))) res.setHeader(name, value);
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      if (req.method !== 'POST' || pathname !== `${API_PREFIX}/chat/completions`) {
        return sendJsonError(res, 404, `The evaluation endpoint only serves POST ${API_PREFIX}/chat/completions.`);
      }
      const log = attempts.get(String(req.headers[ATTEMPT_HEADER] ?? ''));
      if (!log) return sendJsonError(res, 404, 'This request belongs to no running evaluation attempt.');
      answer(req, res, log).catch((error) => {
        log.errors.push(`The evaluation endpoint failed: ${error?.message ?? error}`);
        sendJsonError(res, error?.status ?? 500, error?.message ?? String(error));
      });
    },
  };
}

/** What one attempt sent and got back, as the endpoint saw it. */
export class AttemptLog {
  turns = 0;
  usage = { promptTokens: 0, completionTokens: 0 };
  /** 'server' when every counted reply carried usage, 'estimated' for policies, 'partial' when some replies lacked it. */
  usageSource = 'none';
  /** Time spent waiting for the model (or policy), summed over turns. */
  modelTimeMs = 0;
  errors = [];
  overBudget = false;
  model = undefined;
  /** The last chat-completions request: its last message is the page the model last saw. */
  lastRequest = undefined;
  /** The last agent_turn arguments, exactly as the model sent them. */
  lastEnvelope = undefined;

  constructor({ id, task, policy, policyName, maxSteps }) {
    this.id = id;
    this.task = task;
    this.policy = policy;
    this.policyName = policyName;
    this.maxSteps = maxSteps;
  }
}

function addUsage(log, usage, source) {
  log.usage.promptTokens += usage.promptTokens;
  log.usage.completionTokens += usage.completionTokens;
  log.usageSource = log.usageSource === 'none' || log.usageSource === source ? source : 'partial';
}

// A rough count for policies, which have no tokenizer: about four characters a token.
function estimateTokens(text) {
  return Math.ceil(text.length / 4);
}

function streamTurn(res, req, body, turn, { model, usage }) {
  const name = body.tools?.[0]?.function?.name ?? 'agent_turn';
  startStream(res, corsHeaders(req));
  return streamToolCall(res, { name, args: JSON.stringify(turn), model, chunkChars: 256, includeUsage: body.stream_options?.include_usage === true, usage });
}

/** Lets the endpoint read a reply while the proxy writes it to the page, unchanged. */
function tap(res, { status, data }) {
  const { writeHead, write, end } = res;
  res.writeHead = function (code, ...rest) {
    status(code);
    return writeHead.call(this, code, ...rest);
  };
  res.write = function (chunk, ...rest) {
    if (chunk) data(chunk);
    return write.call(this, chunk, ...rest);
  };
  res.end = function (chunk, ...rest) {
    if (chunk && typeof chunk !== 'function') data(chunk);
    return end.call(this, chunk, ...rest);
  };
}
