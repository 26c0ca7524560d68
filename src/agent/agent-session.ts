import type { LLMMessage, TokenUsage } from '../llm/types.js';

export type AgentStatus = 'idle' | 'thinking' | 'executing' | 'waiting' | 'done' | 'failed' | 'stopped';

export interface AgentSession {
  id: string;
  /** The first task of the session; follow-ups are in history. */
  task: string;
  /** `running` survives a reload: the new page resumes it. */
  state: 'running' | 'done' | 'failed' | 'stopped';
  /** Fixed at creation so the system prompt stays byte-stable for the whole session. */
  date: string;
  createdAt: number;
  updatedAt: number;
  history: LLMMessage[];
  stepCount: number;
  consecutiveErrors: number;
  memory: string;
  todos: string[];
  usage: TokenUsage;
  lastUrl: string;
}

export function createSession(task: string, now = Date.now()): AgentSession {
  return {
    id: Math.random().toString(36).slice(2, 10),
    task,
    state: 'running',
    date: new Date(now).toISOString().slice(0, 10),
    createdAt: now,
    updatedAt: now,
    history: [],
    stepCount: 0,
    consecutiveErrors: 0,
    memory: '',
    todos: [],
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    lastUrl: location.href,
  };
}

/** sessionStorage: per tab, survives reloads and same-tab navigation, gone when the tab closes. */
export class SessionStore {
  constructor(readonly key: string) {}

  load(): AgentSession | null {
    try {
      const raw = sessionStorage.getItem(this.key);
      if (!raw) return null;
      const session = JSON.parse(raw) as AgentSession;
      return Array.isArray(session.history) && typeof session.id === 'string' ? session : null;
    } catch {
      // Storage can be disabled (privacy modes) or hold garbage: start afresh rather than break.
      return null;
    }
  }

  save(session: AgentSession): void {
    try {
      sessionStorage.setItem(this.key, JSON.stringify(session));
    } catch {
      // Quota or privacy mode: the task still runs, it just cannot resume after a reload.
    }
  }

  clear(): void {
    try {
      sessionStorage.removeItem(this.key);
    } catch {
      /* storage unavailable: nothing to clear */
    }
  }
}

/** Cheap check the element runs on load, without loading the agent core. */
export function hasResumableSession(key: string, continuityMs: number, now = Date.now()): boolean {
  const session = new SessionStore(key).load();
  return !!session && session.state === 'running' && now - session.updatedAt <= continuityMs;
}
