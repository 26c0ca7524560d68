import type { AgentEventHandler, AgentEventMap, AgentEventName, ErrorDetail } from './agent-events.js';
import { WebAgentError } from './agent-error.js';
import { OwnEvent } from './own-constructors.js';
import { dispatch } from '../dom/platform.js';

/**
 * A typed EventTarget: events are CustomEvents (so cancelable ones can be taken over with
 * preventDefault) plus the seed's `on/off` convenience that hands the detail to the handler.
 */
export class AgentEmitter extends EventTarget {
  #wrapped = new Map<Function, { name: string; listener: EventListener }>();

  on<K extends AgentEventName>(name: K, handler: AgentEventHandler<K>): void {
    if (this.#wrapped.has(handler)) return;
    const listener = (event: Event) => {
      const custom = event as CustomEvent<AgentEventMap[K]>;
      handler(custom.detail, custom);
    };
    this.#wrapped.set(handler, { name, listener });
    this.addEventListener(name, listener);
  }

  off<K extends AgentEventName>(name: K, handler: AgentEventHandler<K>): void {
    const entry = this.#wrapped.get(handler);
    if (!entry || entry.name !== name) return;
    this.removeEventListener(name, entry.listener);
    this.#wrapped.delete(handler);
  }

  protected removeAllListeners(): void {
    for (const { name, listener } of this.#wrapped.values()) this.removeEventListener(name, listener);
    this.#wrapped.clear();
  }

  /** Returns false when a listener called preventDefault() on a cancelable event. */
  emit<K extends AgentEventName>(name: K, detail: AgentEventMap[K], options: { cancelable?: boolean } = {}): boolean {
    return dispatch(this, new OwnEvent(name, { detail, cancelable: options.cancelable }));
  }

  /** Errors go to the console and to `error` listeners; nothing is thrown into the host page. */
  reportError(error: unknown): ErrorDetail {
    const normal = error instanceof Error ? error : new Error(String(error));
    const code = WebAgentError.isInstance(normal) ? normal.code : (normal as { kind?: string }).kind ?? 'error';
    const detail: ErrorDetail = { error: normal, message: normal.message, code };
    if (WebAgentError.isInstance(normal) && normal.effect) detail.effect = normal.effect;
    try {
      console.error(`[web-agent] ${normal.message}`);
    } catch {
      // A page's broken console must not stop the report reaching the host.
    }
    this.emit('error', detail);
    return detail;
  }
}
