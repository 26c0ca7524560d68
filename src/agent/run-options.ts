import type { SelectionInput } from '../prompt/selection.js';

/** How `WebAgent.run` (and the element's `run`) takes a task. */
export interface RunOptions {
  /** What the visitor had selected when they asked: its own block in the conversation. */
  selection?: SelectionInput;
}

export interface ExecuteActionOptions {
  /** The element to act on: it becomes the action's target argument (`selector` for the built-ins). */
  target?: Element;
}

export interface ReplayOptions {
  /**
   * What happens at a step that cannot run (its element is missing or ambiguous, or the action
   * fails): `stop` (the default) ends the run as failed with a message saying why; `model` hands
   * the rest of the task to the model, with the recording as context.
   */
  fallback?: 'stop' | 'model';
  /** The request as the visitor put it (default: the recording's task or name). */
  task?: string;
}
