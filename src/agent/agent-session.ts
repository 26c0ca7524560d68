import { fromJson, toJson, wallNow } from '../dom/platform.js';
import { redactUrl } from '../dom/url-redaction.js';
import type { LLMMessage, TokenUsage } from '../llm/types.js';
import type { ReplayState, RunRecord } from './recording/recording.js';

export type AgentStatus = 'idle' | 'thinking' | 'executing' | 'waiting' | 'done' | 'failed' | 'stopped';

/** Token counts; `estimated` when the server sent none and they were guessed from characters. */
export interface SessionUsage extends TokenUsage {
  estimated?: boolean;
}

export interface PlanStep {
  text: string;
  status: 'todo' | 'done' | 'dropped';
}

export interface SessionPlan {
  task_summary: string;
  steps: PlanStep[];
}

/**
 * What the visitor asked and what the agent said back, in order: the conversation as the visitor
 * saw it, for the prompt panel's history. Separate from `history` (the model's view, which holds
 * envelopes, tool results and page blocks, and may be capped).
 */
export type TranscriptEntry =
  | { from: 'visitor'; text: string }
  | { from: 'agent'; text: string }
  /** `not-done`: the task ended without doing what was asked (the model said it could not). */
  | { from: 'end'; status: 'done' | 'not-done' | 'failed' | 'stopped' };

/** The transcript keeps this many entries; older ones drop off the front. */
export const TRANSCRIPT_LIMIT = 100;

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
  /** Turns of the current run. */
  stepCount: number;
  consecutiveErrors: number;
  memory: string;
  todos: string[];
  /** Every run of the session together. */
  usage: SessionUsage;
  /** The current (or last) run alone: what `tokenBudget` is checked against. */
  runUsage: SessionUsage;
  /** The page the session was last on, tokens masked (it is stored and may be broadcast). */
  lastUrl: string;
  /** The tab that runs the session: only it resumes the task after a reload. */
  tabId: string;
  /** Which model of a router serves the current run: a run that began with a selection keeps its model. */
  role?: 'default' | 'with-selection';
  /** Set when a planner made a plan for the current run. */
  plan?: SessionPlan;
  /** The visitor's answer to the closing question (onLoopEnd feedback / ask_user). */
  feedback?: { satisfied?: boolean; answer: string };
  /** The conversation as the visitor saw it (absent in sessions saved by older builds). */
  transcript?: TranscriptEntry[];
  /** What the current (or last) run did, for `exportRecording()`. */
  recording?: RunRecord;
  /** Set while a recording is being replayed. */
  replay?: ReplayState;
}

export const emptyUsage = (): SessionUsage => ({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });

export function createSession(task: string, tabId: string, now = wallNow()): AgentSession {
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
    usage: emptyUsage(),
    runUsage: emptyUsage(),
    lastUrl: redactUrl(location.href),
    tabId,
  };
}

/** A new run of the session; `record`: keep what it does for `exportRecording()`. */
export function startRun(session: AgentSession, record = false): void {
  session.state = 'running';
  session.stepCount = 0;
  session.consecutiveErrors = 0;
  session.runUsage = emptyUsage();
  session.plan = undefined;
  session.feedback = undefined;
  session.recording = record ? { page: location.pathname, steps: [] } : undefined;
  session.replay = undefined;
}

export function noteTranscript(session: AgentSession, entry: TranscriptEntry): void {
  const transcript = (session.transcript ??= []);
  transcript.push(entry);
  if (transcript.length > TRANSCRIPT_LIMIT) transcript.splice(0, transcript.length - TRANSCRIPT_LIMIT);
}

export function addUsage(session: AgentSession, usage: SessionUsage): void {
  for (const total of [session.usage, session.runUsage]) {
    total.promptTokens += usage.promptTokens;
    total.completionTokens += usage.completionTokens;
    total.totalTokens += usage.totalTokens;
    if (usage.estimated) total.estimated = true;
  }
}

/**
 * How long after its last step a running task still resumes on the next page load. Separate from
 * the follow-up continuity window: a reload in the middle of a task must resume it even when
 * continuity is off, but a tab reopened long after must not start clicking by itself.
 */
export const RESUME_WINDOW_MS = 10 * 60_000;

/** A stable id for this tab: sessionStorage survives reloads and same-tab navigation, not new tabs. */
export function currentTabId(key: string): string {
  const tabKey = `${key}.tab`;
  try {
    let id = sessionStorage.getItem(tabKey);
    if (!id) {
      id = Math.random().toString(36).slice(2, 10);
      sessionStorage.setItem(tabKey, id);
    }
    return id;
  } catch {
    return 'tab';
  }
}

/**
 * sessionStorage: per tab, survives reloads and same-tab navigation, gone when the tab closes.
 * With cross-tab sync, every save is also posted on a BroadcastChannel and other tabs store it,
 * so a follow-up typed in another tab of the same site continues the same conversation.
 */
export class SessionStore {
  #channel?: BroadcastChannel;
  #onRemote?: (session: AgentSession) => void;

  constructor(
    readonly key: string,
    options: { crossTab?: boolean; onRemote?: (session: AgentSession) => void } = {},
  ) {
    if (options.crossTab && typeof BroadcastChannel === 'function') {
      this.#onRemote = options.onRemote;
      this.#channel = new BroadcastChannel(`web-agent:${key}`);
      this.#channel.onmessage = (event: MessageEvent) => this.#receive(event.data);
    }
  }

  load(): AgentSession | null {
    try {
      const raw = sessionStorage.getItem(this.key);
      if (!raw) return null;
      return readSession(fromJson(raw));
    } catch {
      // Storage can be disabled (privacy modes) or hold garbage: start afresh rather than break.
      return null;
    }
  }

  save(session: AgentSession): void {
    this.#write(session);
    this.#broadcast({ type: 'session', session });
  }

  clear(): void {
    try {
      sessionStorage.removeItem(this.key);
    } catch {
      /* storage unavailable: nothing to clear */
    }
    this.#broadcast({ type: 'clear' });
  }

  #broadcast(message: { type: string; session?: AgentSession }): void {
    try {
      this.#channel?.postMessage(message);
    } catch {
      // A page that broke postMessage (or a value it cannot copy): the other tabs miss this copy,
      // and the task goes on.
    }
  }

  close(): void {
    this.#channel?.close();
    this.#channel = undefined;
  }

  #write(session: AgentSession): void {
    try {
      sessionStorage.setItem(this.key, toJson(session));
    } catch {
      // Quota or privacy mode: the task still runs, it just cannot resume after a reload.
    }
  }

  #receive(message: unknown): void {
    const data = message as { type?: string; session?: unknown } | null;
    if (data?.type === 'clear') {
      try {
        sessionStorage.removeItem(this.key);
      } catch {
        /* nothing to clear */
      }
      return;
    }
    const session = data?.type === 'session' ? readSession(data.session) : null;
    if (!session) return;
    const mine = this.load();
    // Never let an older copy overwrite a newer one (two tabs saving at once).
    if (mine && mine.id === session.id && mine.updatedAt > session.updatedAt) return;
    this.#write(session);
    this.#onRemote?.(session);
  }
}

function readSession(value: unknown): AgentSession | null {
  const session = value as AgentSession | null;
  if (!session || typeof session !== 'object' || !Array.isArray(session.history) || typeof session.id !== 'string') return null;
  // Sessions saved by an older build lack the newer fields.
  session.runUsage ??= emptyUsage();
  session.usage ??= emptyUsage();
  session.tabId ??= '';
  return session;
}

/** Cheap check the element runs on load, without loading the agent core (nor SessionStore). */
export function hasResumableSession(key: string, now = wallNow()): boolean {
  try {
    const session = fromJson(sessionStorage.getItem(key) ?? 'null') as Partial<AgentSession> | null;
    return session?.state === 'running' && session.tabId === currentTabId(key) && now - (session.updatedAt ?? 0) <= RESUME_WINDOW_MS;
  } catch {
    return false;
  }
}
