import type { CallOptions, LLMProvider, StreamPart, TurnRequest } from './types.js';
import { LLMError } from './llm-error.js';

export interface OpenAIProviderOptions {
  /** Base URL of an OpenAI-compatible API, e.g. `/api/llm/v1` (a same-origin proxy: the documented path). */
  baseURL: string;
  model: string;
  /** Only for local development: a key in the page is readable by every visitor. */
  apiKey?: string;
  /** Retries with backoff on 429/5xx/connection errors; the SDK honours `retry-after`. */
  maxRetries?: number;
  /** 'off' sends nothing; other values map to `reasoning_effort` for models that think. */
  thinking?: 'off' | 'low' | 'medium' | 'high';
  headers?: Record<string, string>;
}

type OpenAIModule = typeof import('openai');
type OpenAIClient = InstanceType<OpenAIModule['default']>;

/**
 * The one module that talks to the `openai` package. The package is loaded on the first call
 * (dynamic import) so that pasting the tag costs nothing until a visitor asks for something.
 */
export class OpenAIProvider implements LLMProvider {
  readonly model: string;
  #options: OpenAIProviderOptions;
  #client?: Promise<{ client: OpenAIClient; sdk: OpenAIModule }>;

  constructor(options: OpenAIProviderOptions) {
    this.#options = options;
    this.model = options.model;
  }

  async *streamTurn(request: TurnRequest, { signal }: CallOptions): AsyncIterable<StreamPart> {
    const { client, sdk } = await this.#load();
    const { thinking } = this.#options;
    let stream;
    try {
      stream = await client.chat.completions.create(
        {
          model: this.model,
          messages: request.messages,
          tools: [{ type: 'function', function: request.tool }],
          tool_choice: { type: 'function', function: { name: request.tool.name } },
          stream: true,
          stream_options: { include_usage: true },
          ...(thinking && thinking !== 'off' ? { reasoning_effort: thinking } : {}),
        },
        { signal },
      );
    } catch (error) {
      throw translateError(error, sdk, signal);
    }
    try {
      for await (const chunk of stream) {
        if (chunk.usage) {
          yield {
            type: 'usage',
            usage: {
              promptTokens: chunk.usage.prompt_tokens,
              completionTokens: chunk.usage.completion_tokens,
              totalTokens: chunk.usage.total_tokens,
            },
          };
        }
        // The usage chunk has `choices: []`; never assume a first choice exists.
        const delta = chunk.choices[0]?.delta;
        if (!delta) continue;
        if (delta.content) yield { type: 'text-delta', delta: delta.content };
        for (const call of delta.tool_calls ?? []) {
          // Only the first call matters: the model is forced to call agent_turn exactly once.
          if (call.index !== 0) continue;
          if (call.id || call.function?.name) {
            yield { type: 'tool-call-start', id: call.id ?? '', name: call.function?.name ?? '' };
          }
          if (call.function?.arguments) yield { type: 'arguments-delta', delta: call.function.arguments };
        }
      }
    } catch (error) {
      throw translateError(error, sdk, signal);
    }
    yield { type: 'finish' };
  }

  #load(): Promise<{ client: OpenAIClient; sdk: OpenAIModule }> {
    this.#client ??= import('openai').then((sdk) => {
      const { baseURL, apiKey, maxRetries = 2, headers } = this.#options;
      const client = new sdk.default({
        baseURL: new URL(baseURL, location.href).href,
        // The SDK insists on a key; a proxy injects the real one server-side.
        apiKey: apiKey || 'proxy-injects-key',
        dangerouslyAllowBrowser: true,
        maxRetries,
        // Our own AbortSignal enforces the per-call timeout, so the SDK's is only a backstop.
        timeout: 10 * 60_000,
        defaultHeaders: headers,
      });
      return { client, sdk };
    });
    return this.#client;
  }
}

function translateError(error: unknown, sdk: OpenAIModule, signal: AbortSignal): LLMError {
  if (LLMError.isInstance(error)) return error;
  if (signal.aborted) {
    const reason = signal.reason;
    const timedOut = reason instanceof DOMException && reason.name === 'TimeoutError';
    return timedOut
      ? new LLMError('timeout', 'The model did not answer in time.', { cause: error })
      : new LLMError('aborted', 'The model call was stopped.', { cause: error });
  }
  if (error instanceof sdk.APIConnectionError) {
    return new LLMError('network', `Could not reach the model endpoint: ${error.message}`, { cause: error });
  }
  if (error instanceof sdk.APIError) {
    const status = error.status;
    const detail = error.message || 'unknown error';
    if (status === 429) return new LLMError('rate-limit', `The model is rate limited (429): ${detail}`, { status, cause: error });
    if (status === 401 || status === 403) return new LLMError('auth', `The model endpoint refused the credentials (${status}): ${detail}`, { status, cause: error });
    if (status !== undefined && status >= 500) return new LLMError('server', `The model endpoint failed (${status}): ${detail}`, { status, cause: error });
    if (status !== undefined) return new LLMError('bad-request', `The model endpoint rejected the request (${status}): ${detail}`, { status, cause: error });
    // An APIError without status is an `error` object sent inside the stream.
    return new LLMError('server', `The model stream reported an error: ${detail}`, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new LLMError('network', `The model stream failed: ${message}`, { cause: error });
}
