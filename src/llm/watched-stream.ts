import { cancel, later, onAbort } from '../dom/platform.js';

// The browser's own, as it was when the agent loaded: a page that replaces AbortController later cannot break the model call's clock.
const Stopper = AbortController;
import { LLMError } from './llm-error.js';
import type { StreamPart } from './types.js';

/**
 * However steadily a reply streams, it may take this long and no longer (or llmTimeoutMs, if that
 * is longer): a server that trickles forever must not hold the visitor.
 */
export const REPLY_CAP_MS = 10 * 60_000;

export interface StreamWatch {
  /** Ends the call: the user's stop, or the turn giving up (a declined confirmation). */
  signal: AbortSignal;
  /** The longest wait for the first part and the longest silence between two parts. */
  idleMs: number;
  /** The longest a whole reply may take, however steadily it streams. */
  capMs: number;
}

/**
 * A provider's stream with a clock on silence: the call is abandoned when nothing arrives for
 * `idleMs` (before the first part or between two), never while the reply keeps coming; `capMs`
 * bounds the whole of it. A provider or a `fetch` that ignores its abort signal cannot hold the
 * turn: every wait for the next part is raced against the abort, and the stream is let go of
 * without waiting for it to wind down.
 */
export async function* watchStream(open: (signal: AbortSignal) => AsyncIterable<StreamPart>, { signal, idleMs, capMs }: StreamWatch): AsyncGenerator<StreamPart> {
  const controller = new Stopper();
  const stop = (reason: unknown) => controller.abort(reason);
  const forward = () => stop(signal.reason);
  const unlisten = onAbort(signal, forward);
  let idle: number | undefined;
  const wait = (ms: number, what: string) => {
    cancel(idle);
    idle = later(() => stop(new LLMError('timeout', what)), ms);
  };
  const seconds = `${Math.round(idleMs / 1000)} s`;
  const unanswered = `The model did not answer within ${seconds} (llmTimeoutMs).`;
  wait(idleMs, unanswered);
  const cap = later(() => stop(new LLMError('timeout', `The model's reply took longer than ${Math.round(capMs / 60_000)} min, the most one reply may take.`)), capMs);
  let iterator: AsyncIterator<StreamPart> | undefined;
  let ended = false;
  try {
    iterator = open(controller.signal)[Symbol.asyncIterator]();
    for (;;) {
      const next = await untilAborted(iterator.next(), controller.signal);
      if (next.done) {
        ended = true;
        return;
      }
      const { type } = next.value;
      // A retry announced by the provider waits its delay, then waits for an answer again; the
      // mode it is about to ask in is the provider's own note, not the model talking.
      if (type === 'retry') wait(idleMs + next.value.delayMs, unanswered);
      else if (type !== 'mode') wait(idleMs, `The model went silent for ${seconds} (llmTimeoutMs).`);
      yield next.value;
    }
  } catch (error) {
    const reason: unknown = controller.signal.aborted ? controller.signal.reason : undefined;
    if (LLMError.isInstance(reason)) throw reason;
    throw error;
  } finally {
    cancel(idle);
    cancel(cap);
    unlisten();
    if (!ended) {
      controller.abort(new DOMException('The model call was left.', 'AbortError'));
      // Not awaited: a stream that ignores its abort may never wind down.
      void Promise.resolve(iterator?.return?.()).catch(() => undefined);
    }
  }
}

/** `promise`, or a rejection with the signal's reason as soon as it aborts, whichever comes first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const unlisten = onAbort(signal, () => reject(signal.reason));
    // Awaited, not .then(): a page that made Promise.prototype.then a no-op cannot hold the turn.
    void (async () => {
      try {
        resolve(await promise);
      } catch (error) {
        reject(error);
      } finally {
        unlisten();
      }
    })();
  });
}
