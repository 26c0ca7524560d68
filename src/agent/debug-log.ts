import type { LLMMessage } from '../llm/types.js';
import type { TurnRecord } from './run-turn.js';

export interface TurnTimings {
  /** Snapshot, prompt and history capping before the call. */
  prepareMs: number;
  /** Reading the stream: partial JSON parsing and dispatching, not the wait for bytes. */
  parseMs: number;
  /** Action handlers and waits on the user. */
  actionsMs: number;
  /** Validating and recording the turn, saving the session. */
  recordMs: number;
  /** The whole turn, model time included. */
  totalMs: number;
}

export interface TurnLogEntry {
  at: string;
  memory?: string;
  todos?: string[];
  turnPlanning?: string;
  /** One line per item: `narrate "…"` or `click {"selector":"[k3f]"} → ok`. */
  actions: string[];
  problem?: string;
  interrupted?: string;
  usage?: { promptTokens: number; completionTokens: number; totalTokens: number };
  timings: TurnTimings;
}

export interface WebAgentDebug {
  /** The messages of the last request, exactly as sent. */
  lastMessages: LLMMessage[];
  /** The last 50 turns, oldest first. */
  turnLog: TurnLogEntry[];
  /** How the server was asked to call agent_turn: named, required, auto or text (JSON in the reply). */
  toolMode?: string;
}

declare global {
  interface Window {
    /** Set when a WebAgent runs with `debug: true`. */
    __webAgentDebug?: WebAgentDebug;
  }
}

const LOG_SIZE = 50;

/**
 * What a developer needs to see why the agent did something: the last request and a rolling log of
 * turn envelopes, on `window.__webAgentDebug` and in the console. Only with `debug: true` (this
 * module loads with it, src/agent/web-agent.ts): the request holds the page snapshot (already
 * redacted) and should not linger in memory for no reason.
 */
export class DebugLog implements WebAgentDebug {
  lastMessages: LLMMessage[] = [];
  turnLog: TurnLogEntry[] = [];
  toolMode?: string;

  constructor() {
    window.__webAgentDebug = this;
  }

  request(messages: LLMMessage[]): void {
    this.lastMessages = messages;
  }

  mode(mode: string): void {
    if (mode !== this.toolMode) console.debug(`[web-agent] agent_turn is requested with tool_choice mode "${mode}".`);
    this.toolMode = mode;
  }

  turn(record: TurnRecord, timings: TurnTimings): void {
    const turn = record.turn as { memory?: string; todos_remaining?: string[]; turn_planning?: string } | undefined;
    const entry: TurnLogEntry = {
      at: new Date().toISOString(),
      memory: turn?.memory,
      todos: turn?.todos_remaining,
      turnPlanning: turn?.turn_planning,
      actions: record.executor.outcomes.map((outcome) =>
        outcome.action === 'narrate'
          ? `narrate ${JSON.stringify(outcome.params?.text ?? '')}`
          : `${outcome.action} ${JSON.stringify(outcome.params ?? {})} → ${outcome.result.ok ? 'ok' : outcome.result.reason}`,
      ),
      problem: record.problem,
      interrupted: record.interrupted === undefined ? undefined : String((record.interrupted as Error)?.message ?? record.interrupted),
      usage: record.usage,
      timings,
    };
    this.turnLog.push(entry);
    if (this.turnLog.length > LOG_SIZE) this.turnLog.splice(0, this.turnLog.length - LOG_SIZE);
    console.debug('[web-agent] turn', entry);
  }

  close(): void {
    if (window.__webAgentDebug === this) delete window.__webAgentDebug;
  }
}
