// Browser-side handle on the scripted model server (test/support/model-server.mjs).
// Each test creates its own lane, so test files running side by side never share replies.

declare global {
  interface Window {
    /** Set by web-test-runner.config.mjs in every test page. */
    __MODEL_SERVER_URL__?: string;
  }
}

/** One action of the `agent_turn` envelope. */
export type ScriptedAction = { narrate: string } | { tool: string; args?: Record<string, unknown> };

/** The `agent_turn` tool-call arguments the model "returns". */
export interface ScriptedTurn {
  memory: string;
  todos_remaining: string[];
  actions?: ScriptedAction[];
}

/** How a streamed reply is paced. */
export interface Pacing {
  /** Characters of the arguments (or text) per SSE chunk; default 12. */
  chunkChars?: number;
  /** Pause between chunks, in ms; default 0. */
  delayMs?: number;
  /** Pause before the first byte of the response, in ms (timeout tests). */
  firstByteDelayMs?: number;
  /** Token counts for the reply's usage (OpenAI's names; total defaults to the sum); else estimated from the text. */
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
}

export interface Holding {
  /** Stream this many characters, then wait for `lane.release()`. */
  holdAfterChars?: number;
}

export type Reply =
  /** A streamed `agent_turn` tool call (or a whole completion when the request has `stream: false`). */
  | ({ turn: ScriptedTurn } & Pacing & Holding)
  /** A tool call whose arguments are exactly this text, e.g. broken JSON. */
  | ({ rawArguments: string } & Pacing & Holding)
  /** Plain assistant content and no tool call. */
  | ({ text: string } & Pacing & Holding)
  /**
   * An HTTP error with OpenAI's error body. `retryAfter` sets the retry-after header (seconds, or
   * an HTTP date as a string); `retryAfterMs` sets OpenAI's retry-after-ms.
   */
  | ({ status: number; message?: string; retryAfter?: number | string; retryAfterMs?: number } & Pick<Pacing, 'firstByteDelayMs'>)
  /** Streams `afterChars` characters of `turn`, then sends `data: {"error": ...}` and ends. */
  | ({ streamError: { message: string; type?: string; code?: string | null }; afterChars?: number; turn?: ScriptedTurn } & Pacing)
  /** Streams `afterChars` characters (default: half) then resets the connection; 0 cuts before any byte. */
  | ({ cut: true; afterChars?: number; turn?: ScriptedTurn } & Pacing)
  /**
   * Never answers, until the client aborts; with `afterChars`, streams that many characters of
   * `turn` first and then goes silent with the connection open (a reply that never ends).
   */
  | ({ hang: true; afterChars?: number; turn?: ScriptedTurn } & Pacing)
  /**
   * A broken stream: `afterChars` characters of `turn` (default half), then `not-json` (a `data:`
   * line that is not JSON), `wrong-shape` (JSON chunks of the wrong shape, then the rest of the turn
   * and `[DONE]`) or `no-done` (the whole turn, but the body ends without `data: [DONE]`).
   */
  | ({ malformed: MalformedKind; afterChars?: number; turn?: ScriptedTurn } & Pacing)
  /** SSE text written verbatim after the 200 headers, one piece per write, then the body ends. */
  | ({ rawStream: string[] } & Pick<Pacing, 'firstByteDelayMs' | 'delayMs'>);

export type MalformedKind = 'not-json' | 'wrong-shape' | 'no-done';

/** A chat-completions request as the server received it. */
export interface RecordedRequest {
  body: {
    model?: string;
    stream?: boolean;
    messages?: Array<{ role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }>;
    tools?: unknown[];
    tool_choice?: unknown;
    [key: string]: unknown;
  };
  /** Lower-cased header names, as Node reports them (`authorization` included). */
  headers: Record<string, string | undefined>;
  /** When the server received it (its Date.now()), to measure the waits between retries. */
  receivedAt: number;
}

/** How a request asks for the tool: an object tool_choice is 'named'; no tool_choice means 'auto'. */
export type ToolChoiceKind = 'named' | 'required' | 'auto';

/**
 * A lane that plays an OpenAI-compatible server with partial tool support. Refusals are HTTP 400s
 * that name the field, as real servers word them, and leave the scripted replies queued.
 * A profiled lane answers requests that send no tools with text.
 */
export interface LaneProfile {
  /** Refuse these tool_choice kinds with a 400 mentioning tool_choice. */
  rejectToolChoice?: ToolChoiceKind[];
  /** Refuse any request that sends tools, with a 400 mentioning tools. */
  rejectTools?: boolean;
  /** Only these kinds get a tool call (default all); for the others a scripted turn comes back as content text. */
  toolCallsFor?: ToolChoiceKind[];
  /** Wrap turns answered as text in a ```json fence, as chatty models do. */
  fenceTextTurns?: boolean;
}

export interface LaneOptions {
  profile?: LaneProfile;
}

export interface Lane {
  readonly id: string;
  /** What to give the `openai` client as `baseURL`. */
  readonly baseURL: string;
  /** Queues replies, answered in order; an empty queue answers a turn with no actions. */
  script(...replies: Reply[]): Promise<void>;
  requests(): Promise<RecordedRequest[]>;
  /** Lets streams held at `holdAfterChars` continue; one that has not reached its hold yet will pass it. */
  release(): Promise<void>;
  reset(): Promise<void>;
}

export async function createLane(options: LaneOptions = {}): Promise<Lane> {
  const serverURL = window.__MODEL_SERVER_URL__;
  if (!serverURL) {
    throw new Error('window.__MODEL_SERVER_URL__ is not set: run the tests through web-test-runner.config.mjs.');
  }
  const body = options.profile ? { profile: options.profile } : undefined;
  const { id, baseURL } = await call<{ id: string; baseURL: string }>(`${serverURL}/lanes`, 'POST', body);
  const laneURL = `${serverURL}/lanes/${id}`;
  return {
    id,
    baseURL,
    async script(...replies) {
      await call(`${laneURL}/script`, 'POST', { replies });
    },
    requests: () => call<RecordedRequest[]>(`${laneURL}/requests`, 'GET'),
    async release() {
      await call(`${laneURL}/release`, 'POST');
    },
    async reset() {
      await call(`${laneURL}/reset`, 'POST');
    },
  };
}

async function call<T = unknown>(url: string, method: 'GET' | 'POST', body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`Model server: ${method} ${url} answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}
