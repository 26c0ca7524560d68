import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { CallOptions, LLMProvider, StreamPart, ToolMode, TurnRequest } from './types.js';
import { LLMError } from './llm-error.js';
import { ReplyDecoder, type ReplyOutcome } from './reply-decoder.js';
import { DEFAULT_RETRY_POLICY, isRetryable, readRetryAfterMs, retryDelayMs, type RetryPolicy } from './retry.js';
import { asAgent, onAbort, sleepUnlessAborted } from '../dom/platform.js';
import { OwnRejections } from './own-rejections.js';
import { modeAfterRefusal, toolFields, weakerMode } from './tool-mode.js';

export interface OpenAIProviderOptions {
  /** Base URL of an OpenAI-compatible API, e.g. `/api/llm/v1` (a same-origin proxy: the documented path). */
  baseURL: string;
  model: string;
  /** Only for local development: a key in the page is readable by every visitor. */
  apiKey?: string;
  /**
   * How many times a failed request is sent again (429, 408, 409, 5xx, a connection that failed
   * before any answer), honouring the server's retry-after. Default 2.
   */
  maxRetries?: number;
  /** The first backoff when the server does not say how long to wait; it doubles each retry. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** The longest retry-after we sit out; a server asking for more gets a clear error at once. Default 30 s. */
  maxRetryAfterMs?: number;
  /**
   * The tool mode to start from (default `named`). The provider steps down by itself when a
   * server refuses or ignores the tool, and remembers where it landed.
   */
  toolMode?: ToolMode;
  /** 'off' sends nothing; other values map to `reasoning_effort` for models that think. */
  thinking?: 'off' | 'low' | 'medium' | 'high';
  headers?: Record<string, string>;
  /**
   * Writes the request body (default `JSON.stringify`). The agent passes one that a page's
   * `Array.prototype.toJSON` (Prototype.js) cannot turn into strings holding JSON.
   */
  encode?: (body: object) => string;
}

// The client from `openai/client`, an entry point the package exports: its index also brings the
// Azure and Bedrock clients and the upload helpers, which a page never uses. The class carries the
// error classes it throws as statics.
type OpenAIClass = typeof import('openai/client').OpenAI;
type OpenAIModule = { OpenAI: OpenAIClass; APIError: OpenAIClass['APIError']; APIConnectionError: OpenAIClass['APIConnectionError'] };
type OpenAIClient = InstanceType<OpenAIClass>;
type LoadedClient = { client: OpenAIClient; sdk: OpenAIModule; rejections: OwnRejections };

/**
 * The one module that talks to the `openai` package. The package is loaded on the first call
 * (dynamic import) so that pasting the tag costs nothing until a visitor asks for something.
 * Retries and tool-mode fallback live here, not in the SDK: only this code knows whether any
 * output reached the agent, after which sending the request again could repeat actions.
 */
export class OpenAIProvider implements LLMProvider {
  readonly model: string;
  #options: OpenAIProviderOptions;
  #retry: RetryPolicy;
  #client?: Promise<LoadedClient>;
  /** Where the next call starts: the last mode the server cooperated with. */
  #mode: ToolMode;

  constructor(options: OpenAIProviderOptions) {
    this.#options = options;
    this.model = options.model;
    this.#mode = options.toolMode ?? 'named';
    this.#retry = {
      ...DEFAULT_RETRY_POLICY,
      maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
      baseDelayMs: options.retryBaseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_RETRY_POLICY.maxRetryAfterMs,
    };
  }

  /** Takes away what the provider added to the page (the agent calls it when it is destroyed). */
  async closeListeners(): Promise<void> {
    try {
      (await this.#client)?.rejections.close();
    } catch {
      // The client never loaded: it added nothing.
    }
  }

  /** The mode the next call will start in (for diagnostics). */
  get toolMode(): ToolMode {
    return this.#mode;
  }

  async *streamTurn(request: TurnRequest, { signal }: CallOptions): AsyncIterable<StreamPart> {
    const { client, sdk, rejections } = await this.#load();
    const translate = (error: unknown) => translateError(error, sdk, signal);
    // Ended by the call's end or by its abort, whichever comes first: a stream that ignores the
    // abort may never reach its end.
    const ended = rejections.calling();
    const unlisten = onAbort(signal, ended);
    try {
      yield* this.#attempts(client, request, signal, translate);
    } finally {
      unlisten();
      ended();
    }
  }

  async *#attempts(client: OpenAIClient, request: TurnRequest, signal: AbortSignal, translate: (error: unknown) => LLMError): AsyncGenerator<StreamPart> {
    let mode = this.#mode;
    let retries = 0;
    yield { type: 'mode', mode };
    for (;;) {
      let stream: AsyncIterable<ChatCompletionChunk>;
      try {
        stream = await this.#send(client, request, mode, signal);
      } catch (raw) {
        const error = translate(raw);
        // A refused tool_choice is the server's answer about capabilities, not a failure: step
        // down and ask again at once, without spending a retry.
        const fallback = modeAfterRefusal(error, mode);
        if (fallback) {
          mode = this.#mode = fallback;
          yield { type: 'mode', mode };
          continue;
        }
        const delayMs = this.#delayBeforeRetry(error, retries++);
        yield { type: 'retry', attempt: retries, delayMs, error };
        await sleepUnlessAborted(delayMs, signal);
        if (signal.aborted) throw translate(signal.reason);
        continue;
      }
      // Nothing was yielded for this attempt until now. From here on output reaches the agent,
      // which may act on it at once, so a failure propagates instead of being retried.
      const outcome = yield* readReply(stream, request.tool.name, translate, signal);
      this.#learn(mode, outcome);
      yield { type: 'finish' };
      return;
    }
  }

  /** The wait before sending again; throws instead when the failure must reach the agent. */
  #delayBeforeRetry(error: LLMError, retriesSoFar: number): number {
    if (!isRetryable(error) || retriesSoFar >= this.#retry.maxRetries) throw error;
    return retryDelayMs(error, retriesSoFar, this.#retry);
  }

  /**
   * Remembers the mode for later calls. A reply without a tool call under a forced tool_choice
   * means the server does not enforce it; JSON written as text under `auto` means the model
   * ignores the tool, and `text` mode at least tells it exactly what to write.
   */
  #learn(mode: ToolMode, outcome: ReplyOutcome): void {
    const forced = mode === 'named' || mode === 'required';
    const textInstead = outcome === 'json-text' || outcome === 'prose';
    if ((forced && textInstead) || (mode === 'auto' && outcome === 'json-text')) this.#mode = weakerMode(mode);
    else this.#mode = mode;
  }

  #send(client: OpenAIClient, request: TurnRequest, mode: ToolMode, signal: AbortSignal) {
    // Text mode's code loads when the provider steps down to it; every other mode sends at once
    // (no extra await before the request: the SDK's promise is handed back as it is).
    if (mode === 'text') {
      return import('./text-mode.js').then(({ textModeMessages }) => this.#create(client, textModeMessages(request.messages, request.tool), request, mode, signal));
    }
    return this.#create(client, request.messages, request, mode, signal);
  }

  #create(client: OpenAIClient, messages: TurnRequest['messages'], request: TurnRequest, mode: ToolMode, signal: AbortSignal) {
    const { thinking, encode = JSON.stringify } = this.#options;
    const body = {
      model: this.model,
      messages,
      ...toolFields(mode, request.tool),
      stream: true as const,
      stream_options: { include_usage: true },
      ...(thinking && thinking !== 'off' ? { reasoning_effort: thinking } : {}),
    };
    // A body given as text with its content type goes out as it is (the SDK's own JSON.stringify is skipped).
    return client.chat.completions.create(body, { signal, body: encode(body), headers: { 'content-type': 'application/json' } });
  }

  #load(): Promise<LoadedClient> {
    this.#client ??= import('openai/client').then(({ OpenAI }) => this.#createClient({ OpenAI, APIError: OpenAI.APIError, APIConnectionError: OpenAI.APIConnectionError }), (error: unknown) => {
      // Forget the failure, so the next task tries the download again (the visitor may be back online).
      this.#client = undefined;
      const detail = error instanceof Error ? error.message : String(error);
      throw new LLMError('network', `Could not load the model client: ${detail}`, { cause: error });
    });
    return this.#client;
  }

  #createClient(sdk: OpenAIModule): LoadedClient {
    const { baseURL, apiKey, headers } = this.#options;
    const rejections = new OwnRejections(sdk.OpenAI.OpenAIError);
    const client = new sdk.OpenAI({
      baseURL: new URL(baseURL, location.href).href,
      // The SDK insists on a key; a proxy injects the real one server-side.
      apiKey: apiKey || 'proxy-injects-key',
      dangerouslyAllowBrowser: true,
      // streamTurn retries itself: the SDK cannot know when output has already been used.
      maxRetries: 0,
      // Our own AbortSignal enforces the per-call timeout, so the SDK's is only a backstop.
      timeout: 10 * 60_000,
      defaultHeaders: headers,
      fetch: readInPieces(fetch, rejections),
    });
    return { client, sdk, rejections };
  }
}

/** The most of a network read the SDK is handed at once. */
const PIECE_BYTES = 4096;

/**
 * `fetch` whose successful replies reach the SDK in reads of at most 4 KB. The SDK (openai-node
 * 6) copies what is left of a read once for each event it finds in it, so a read carrying many
 * small events costs the square of its size: a reply streamed in one-character deltas that
 * arrives in bursts (a fast server, a proxy that buffers) held the page for seconds per 10,000
 * events. In pieces the copying stays in line with the reply's length. The SDK's fix (7.x) needs
 * Node 22 to install.
 */
function readInPieces(send: typeof fetch, rejections: OwnRejections): typeof fetch {
  return (input, init) => {
    const reply = (async () => {
      const response = await asAgent(input, () => send(input, init));
      const { body } = response;
      if (!response.ok || !body) return response;
      const pieces = new TransformStream<Uint8Array, Uint8Array>({
        transform(read, pieces) {
          for (let at = 0; at < read.length; at += PIECE_BYTES) pieces.enqueue(read.subarray(at, at + PIECE_BYTES));
        },
      });
      return new Response(body.pipeThrough(pieces), response);
    })();
    rejections.sent(reply);
    return reply;
  };
}

/** Streams one reply as parts and returns what the reply turned out to be. */
async function* readReply(
  stream: AsyncIterable<ChatCompletionChunk>,
  toolName: string,
  translate: (error: unknown) => LLMError,
  signal: AbortSignal,
): AsyncGenerator<StreamPart, ReplyOutcome> {
  const decoder = new ReplyDecoder(toolName);
  try {
    for await (const chunk of stream as AsyncIterable<unknown>) {
      // A proxy or a half-compatible server can send chunks of any shape: what cannot be read is
      // skipped, and the reply is judged whole when it ends.
      if (typeof chunk !== 'object' || chunk === null) continue;
      const { usage, choices } = chunk as Partial<ChatCompletionChunk>;
      if (isUsage(usage)) yield { type: 'usage', usage: toUsage(usage) };
      // The usage chunk has `choices: []`; never assume a first choice exists.
      const delta = Array.isArray(choices) ? (choices[0] as { delta?: unknown } | undefined)?.delta : undefined;
      const parts = typeof delta === 'object' && delta !== null ? decoder.push(delta) : [];
      // A chunk that carries nothing for the turn (a role, reasoning, prose held until the end)
      // still says the model is talking.
      if (!parts.length && !isUsage(usage)) yield { type: 'alive' };
      yield* parts;
    }
  } catch (error) {
    throw translate(error);
  }
  // The SDK ends the iteration quietly when the signal aborts mid-stream: without this check a
  // timed-out reply would be judged as if it were whole (and its cut-off JSON blamed on the model).
  if (signal.aborted) throw translate(signal.reason);
  yield* decoder.finish();
  return decoder.outcome;
}

function isUsage(value: unknown): value is { prompt_tokens: number; completion_tokens: number; total_tokens: number } {
  if (typeof value !== 'object' || value === null) return false;
  const usage = value as Record<string, unknown>;
  return typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number' && typeof usage.total_tokens === 'number';
}

function toUsage(usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number }) {
  return { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens, totalTokens: usage.total_tokens };
}

function translateError(error: unknown, sdk: OpenAIModule, signal: AbortSignal): LLMError {
  if (LLMError.isInstance(error)) return error;
  if (signal.aborted) {
    const reason = signal.reason;
    // The caller's own verdict (a timeout it measured) passes through as it is.
    if (LLMError.isInstance(reason)) return reason;
    const timedOut = reason instanceof DOMException && reason.name === 'TimeoutError';
    return timedOut
      ? new LLMError('timeout', 'The model did not answer in time.', { cause: error })
      : new LLMError('aborted', 'The model call was stopped.', { cause: error });
  }
  if (error instanceof sdk.APIConnectionError) {
    return new LLMError('network', `Could not reach the model endpoint: ${error.message}`, { cause: error });
  }
  if (error instanceof sdk.APIError) return translateAPIError(error);
  const message = error instanceof Error ? error.message : String(error);
  return new LLMError('network', `The model stream failed: ${message}`, { cause: error });
}

function translateAPIError(error: InstanceType<OpenAIModule['APIError']>): LLMError {
  const status = error.status;
  const detail = error.message || 'unknown error';
  const options = { status, cause: error, retryAfterMs: readRetryAfterMs(error.headers) };
  if (status === 429) return new LLMError('rate-limit', `The model is rate limited (429): ${detail}`, options);
  if (status === 401 || status === 403) return new LLMError('auth', `The model endpoint refused the credentials (${status}): ${detail}`, options);
  // 408 and 409 are the server running out of time or hitting a lock: worth another try.
  if (status === 408 || status === 409) return new LLMError('server', `The model endpoint could not take the request just now (${status}): ${detail}`, options);
  if (status !== undefined && status >= 500) return new LLMError('server', `The model endpoint failed (${status}): ${detail}`, options);
  if (status !== undefined) return new LLMError('bad-request', `The model endpoint rejected the request (${status}): ${detail}`, options);
  // An APIError without status is an `error` object sent inside the stream.
  return new LLMError('server', `The model stream reported an error: ${detail}`, { cause: error });
}
