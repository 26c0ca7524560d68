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
  /** An HTTP error with OpenAI's error body; `retryAfter` (seconds) sets the retry-after header. */
  | ({ status: number; message?: string; retryAfter?: number } & Pick<Pacing, 'firstByteDelayMs'>)
  /** Streams `afterChars` characters of `turn`, then sends `data: {"error": ...}` and ends. */
  | ({ streamError: { message: string; type?: string; code?: string | null }; afterChars?: number; turn?: ScriptedTurn } & Pacing)
  /** Streams `afterChars` characters (default: half) then resets the connection; 0 cuts before any byte. */
  | ({ cut: true; afterChars?: number; turn?: ScriptedTurn } & Pacing)
  /** Never answers, until the client aborts. */
  | ({ hang: true } & Pick<Pacing, 'firstByteDelayMs'>);

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

export async function createLane(): Promise<Lane> {
  const serverURL = window.__MODEL_SERVER_URL__;
  if (!serverURL) {
    throw new Error('window.__MODEL_SERVER_URL__ is not set: run the tests through web-test-runner.config.mjs.');
  }
  const { id, baseURL } = await call<{ id: string; baseURL: string }>(`${serverURL}/lanes`, 'POST');
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
