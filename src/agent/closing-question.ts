import type { AgentEmitter } from './agent-emitter.js';
import type { LoopEnding } from './agent-events.js';
import type { AgentSession } from './agent-session.js';
import type { VisitorQuestions } from './visitor-questions.js';
import { Stopper } from './own-constructors.js';

type Asking = Extract<LoopEnding, { kind: 'feedback' | 'ask_user' }>;

export interface ClosingQuestionParts {
  emitter: AgentEmitter;
  questions: VisitorQuestions;
  save(session: AgentSession): void;
  /** The question was answered: the agent is idle again. */
  idle(): void;
}

/**
 * The host's closing question (onLoopEnd `feedback` or `ask_user`): readied when a run ends done,
 * asked once the run has let go of the agent, so the visitor may ignore it and type a new task.
 */
export class ClosingQuestion {
  #parts: ClosingQuestionParts;
  #ask?: () => Promise<void>;
  /** Ends a question still waiting for an answer. */
  #waiting?: AbortController;

  constructor(parts: ClosingQuestionParts) {
    this.#parts = parts;
  }

  /** Readies the question `ending` asks, if it asks one, for when the run lets go. */
  ready(session: AgentSession, ending: LoopEnding): void {
    if (ending.kind === 'feedback' || ending.kind === 'ask_user') this.#ask = () => this.#put(session, ending);
  }

  /** The run let go: asks the readied question, if any. */
  askReadied(): void {
    const ask = this.#ask;
    this.#ask = undefined;
    void ask?.();
  }

  /** A new task, or a stop, answers a question still waiting with silence. */
  cancel(): void {
    this.#waiting?.abort();
  }

  async #put(session: AgentSession, ending: Asking): Promise<void> {
    const controller = new Stopper();
    this.#waiting = controller;
    const { signal } = controller;
    const { emitter, questions } = this.#parts;
    const choices = ending.kind === 'feedback' ? [{ value: 'yes', label: ending.yes ?? '👍 Yes' }, { value: 'no', label: ending.no ?? '👎 No' }] : ending.options;
    const question = ending.kind === 'feedback' ? ending.text : ending.question;
    const picked = await questions.ask({ question, options: choices.map((choice) => choice.label) }, signal);
    if (this.#waiting === controller) this.#waiting = undefined;
    if (signal.aborted) return;
    this.#parts.idle();
    if (!picked) return;
    const value = choices.find((choice) => choice.label === picked)?.value ?? picked;
    session.feedback = ending.kind === 'feedback' ? { satisfied: value === 'yes', answer: value } : { answer: value };
    this.#parts.save(session);
    emitter.emit('agent-feedback', { satisfied: session.feedback.satisfied, answer: value, session });
  }
}
