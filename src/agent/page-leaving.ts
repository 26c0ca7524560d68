import { cancel, later, listen } from '../dom/platform.js';
import { Stopper } from './own-constructors.js';

/**
 * Whether this document began to unload while a task runs, however it was set off: a link, a form
 * that posts to the next page, a script assigning `location`, a refresh. `beforeunload` fires in
 * every engine before such a navigation commits and `pagehide` as the page goes; a navigation that
 * then never happens (a 204 reply, a download, one the site boundary cancels) leaves the page where
 * it was, which {@link PageLeaving.gone} finds out. No listener ever cancels anything.
 */
/**
 * How long a task waits for the next page after an action set off its loading, before it decides
 * the page stayed (a 204 reply, a download) and goes on here.
 */
export const NEXT_PAGE_WAIT_MS = 5_000;

export class PageLeaving {
  #started = false;
  #hidden = false;
  #waiters = new Set<() => void>();
  #controller = new Stopper();
  /** Called once as the page goes: the last moment to save what happened. */
  onHide?: () => void;

  constructor() {
    const { signal } = this.#controller;
    listen(window, 'beforeunload', () => (this.#started = true), { signal });
    listen(
      window,
      'pagehide',
      () => {
        this.#hidden = true;
        this.onHide?.();
        for (const wake of this.#waiters) wake();
      },
      { signal },
    );
  }

  get hidden(): boolean {
    return this.#hidden;
  }

  /** Whether an unload began since the last call (and forgets it). */
  take(): boolean {
    const started = this.#started;
    this.#started = false;
    return started;
  }

  /** True once the page is hidden; false if it is still here after `ms` or the run stops. */
  gone(signal: AbortSignal, ms = NEXT_PAGE_WAIT_MS): Promise<boolean> {
    if (this.#hidden || signal.aborted) return Promise.resolve(this.#hidden);
    return new Promise((resolve) => {
      const end = () => {
        cancel(timer);
        unlisten();
        this.#waiters.delete(end);
        resolve(this.#hidden);
      };
      const timer = later(end, ms);
      const unlisten = listen(signal, 'abort', end, { once: true });
      this.#waiters.add(end);
    });
  }

  /**
   * Unhooks the listeners as the run ends. The waiters are not cleared: the object goes with the
   * run, and this runs after `done`, where a page's broken `Set.prototype.clear` would have thrown
   * an error at the host for a run that had already ended well.
   */
  dispose(): void {
    this.#controller.abort();
  }
}
