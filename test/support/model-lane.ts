// Browser-side handle on the scripted model server (test/support/model-server.mjs).
// Each test creates its own lane, so test files running side by side never share replies.

declare global {
  interface Window {
    /** Set by web-test-runner.config.mjs in every test page. */
    __MODEL_SERVER_URL__?: string;
  }
}

// The model server's own traffic, as the model's: the page's fetch, which the effect guard judges
// while an action runs and for a while after it (src/actions/effect-guard.ts), is not this.
const fetch = window.fetch.bind(window);

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
  /**
   * Streams `afterChars` characters (default: half) then resets the connection; 0 cuts before any
   * byte. The reset comes a moment after the bytes, which a loaded page may not have read by then
   * (they are lost with the reset); with `cutOnRelease` it waits for `lane.release()` instead: a
   * test that needs the bytes read releases once it saw the page act on them.
   */
  | ({ cut: true; afterChars?: number; turn?: ScriptedTurn; cutOnRelease?: boolean } & Pacing)
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
  /**
   * Requests the scripted queue has no reply for wait for `lane.serve(policy)` to answer them:
   * a policy reads the request (the page dump in its last message) and picks targets from it, as
   * a model does. Without a policy serving, such a request waits until the agent gives up on it.
   */
  interactive?: boolean;
}

/** Answers one request of an interactive lane; see {@link Lane.serve}. */
export type Policy = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface Serving {
  /** Stops answering (requests already answered are unaffected); resolves once the poll loop ended. */
  stop(): Promise<void>;
  /** Requests answered so far. */
  readonly answered: number;
  /** The first error the policy threw, if any (the request then got an empty turn). */
  readonly error: unknown;
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
  /**
   * On an interactive lane: answers each request the queue has no reply for with `policy`, until
   * `stop()`. A policy that throws answers an empty turn (which ends the run) and keeps the error.
   */
  serve(policy: Policy): Serving;
}

export async function createLane(options: LaneOptions = {}): Promise<Lane> {
  const serverURL = window.__MODEL_SERVER_URL__;
  if (!serverURL) {
    throw new Error('window.__MODEL_SERVER_URL__ is not set: run the tests through web-test-runner.config.mjs.');
  }
  const body = options.profile || options.interactive ? { profile: options.profile, interactive: options.interactive } : undefined;
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
    serve(policy) {
      let stopped = false;
      let answered = 0;
      let error: unknown;
      const loop = (async () => {
        while (!stopped) {
          const response = await fetch(`${laneURL}/next`);
          if (response.status === 204) continue;
          if (!response.ok) throw new Error(`Model server: GET next answered ${response.status}: ${await response.text()}`);
          const { ticket, body: requestBody } = (await response.json()) as { ticket: number; body: RecordedRequest['body'] };
          const empty: Reply = { turn: { memory: '', todos_remaining: [], actions: [] } };
          let reply: Reply = empty;
          // A request claimed just after stop() still gets an answer, so no run waits on it.
          if (!stopped) {
            try {
              reply = await policy({ body: requestBody, headers: {}, receivedAt: Date.now() });
            } catch (thrown) {
              error ??= thrown;
              reply = empty;
            }
          }
          await call(`${laneURL}/answer`, 'POST', { ticket, reply });
          answered += 1;
        }
      })();
      return {
        async stop() {
          stopped = true;
          // The loop may sit in a long poll; it ends at its next answer or 204, at most a few seconds.
          await Promise.race([loop.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 50))]);
        },
        get answered() {
          return answered;
        },
        get error() {
          return error;
        },
      };
    },
  };
}

/**
 * Waits until the model server has received `count` requests. 10 s, as `waitFor`: a turn's own
 * work (snapshot, actions, settling) takes seconds on a machine busy with other browsers.
 */
export async function modelCalls(lane: Lane, count: number, timeoutMs = 10_000): Promise<void> {
  const started = performance.now();
  while ((await lane.requests()).length < count) {
    if (performance.now() - started > timeoutMs) throw new Error(`Timed out waiting for model call ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
