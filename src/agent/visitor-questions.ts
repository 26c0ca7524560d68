import type { AskUserRequest } from '../actions/index.js';
import { settleOnce } from './abort-signals.js';
import type { AgentEmitter } from './agent-emitter.js';
import type { ConfirmRequest } from './agent-events.js';

// The built-in confirmation keeps what it asks about clear of itself with the same geometry the actions use.
export { clearBand, revealBeside } from '../actions/index.js';
export type { Band } from '../actions/index.js';
// And reads the colours it is drawn in as the snapshot reads a page's (any CSS syntax, WCAG contrast).
export { contrast, readColor } from '../dom/css-color.js';

/**
 * What the agent asks the visitor, through cancelable events a host may take over (or the built-in
 * bar answers): questions, confirmations, pauses. Each settles once: with the answer, or, when the
 * run is stopped, with "" / false. `waiting()` is called as each one opens.
 */
export class VisitorQuestions {
  #emitter: AgentEmitter;
  #waiting: () => void;
  #defaultPauseNote: string;
  #pending?: (answer: string) => void;

  constructor(emitter: AgentEmitter, { waiting, defaultPauseNote = '' }: { waiting: () => void; defaultPauseNote?: string }) {
    this.#emitter = emitter;
    this.#waiting = waiting;
    this.#defaultPauseNote = defaultPauseNote;
  }

  /** Answers the open question; objects are sent as JSON. Does nothing when none is open. */
  respond(answer: string | Record<string, unknown>): void {
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.(typeof answer === 'string' ? answer : JSON.stringify(answer));
  }

  ask(request: AskUserRequest, signal: AbortSignal): Promise<string> {
    return settleOnce(signal, '', (settle) => {
      this.#pending = settle;
      this.#waiting();
      // Whether or not a listener took it over, the answer arrives through respond() or the detail.
      this.#emitter.emit('ask-user', { ...request, respond: (answer: string) => this.#pending === settle && this.respond(answer) }, { cancelable: true });
      return () => {
        if (this.#pending === settle) this.#pending = undefined;
      };
    });
  }

  /** Waits for the visitor (or a host that took the `pause-request` event over) to let the task go on. */
  pause(note: string | undefined, signal: AbortSignal): Promise<boolean> {
    return settleOnce(signal, false, (settle) => {
      this.#waiting();
      const text = note?.trim() || this.#defaultPauseNote;
      this.#emitter.emit('pause-request', { note: text, resume: () => settle(true) }, { cancelable: true });
    });
  }

  confirm(request: ConfirmRequest, signal: AbortSignal): Promise<boolean> {
    return settleOnce(signal, false, (decide) => {
      this.#waiting();
      this.#emitter.emit('confirm-action', { ...request, decide }, { cancelable: true });
    });
  }
}
