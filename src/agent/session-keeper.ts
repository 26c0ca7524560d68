import { buildTaskMessage } from '../prompt/env-block.js';
import { wallNow } from '../dom/platform.js';
import type { ContentPart } from '../prompt/messages.js';
import { createSession, currentTabId, noteTranscript, SessionStore, startRun, type AgentSession } from './agent-session.js';
import type { WebAgentOptions } from './config.js';
import { defaults } from './defaults.js';

/**
 * The conversation this tab holds: the session in use, where it is saved (shared with the other
 * tabs under `crossTabSync`), and whether a new task continues it or starts afresh.
 */
export class SessionKeeper {
  readonly tabId: string;
  readonly store: SessionStore;
  /** The last session started or resumed here, or moved on by another tab while none runs. */
  current: AgentSession | null;
  #config: WebAgentOptions;
  #continuityEnded = false;

  constructor(config: WebAgentOptions, running: () => boolean) {
    this.#config = config;
    const key = config.sessionStorageKey ?? defaults.sessionStorageKey;
    this.tabId = currentTabId(key);
    this.store = new SessionStore(key, {
      crossTab: config.crossTabSync,
      // Another tab moved the conversation on: follow-ups here continue from its latest state.
      onRemote: (session) => {
        if (!running()) this.current = session;
      },
    });
    this.current = this.store.load();
  }

  clear(): void {
    this.current = null;
    this.store.clear();
  }

  /** With `sessionScope: 'palette'`: the visitor closed the conversation, the next task starts afresh. */
  endContinuity(): void {
    this.#continuityEnded = true;
  }

  /** A new run of the session (a typed task or a replay): continuity decides whether it extends the last one. */
  start(task: string, selection?: string | ContentPart[]): AgentSession {
    const previous = this.store.load();
    const session = previous && this.#continues(previous) ? previous : createSession(task, this.tabId);
    this.#continuityEnded = false;
    startRun(session, this.#config.record === true);
    session.tabId = this.tabId;
    noteTranscript(session, { from: 'visitor', text: task });
    session.history.push({ role: 'user', content: buildTaskMessage(task) });
    if (selection) session.history.push({ role: 'user', content: selection });
    session.role = selection ? 'with-selection' : 'default';
    this.current = session;
    this.store.save(session);
    return session;
  }

  #continues(previous: AgentSession): boolean {
    // A task still running elsewhere (another tab, through cross-tab sync) is not ours to extend.
    if (previous.state === 'running') return false;
    if (this.#config.sessionScope === 'palette') return !this.#continuityEnded;
    const window = this.#config.sessionContinuityMs ?? defaults.sessionContinuityMs;
    return window > 0 && wallNow() - previous.updatedAt <= window;
  }
}
