import type { ActionRegistry, ActionResult, EffectGuard, Gate, OverlayItem } from '../actions/index.js';
import type { AgentEmitter } from './agent-emitter.js';
import type { WebAgentOptions } from './config.js';
import type { ActionPathHooks } from './execute-action.js';
import type { Recorder } from './recording/recorder.js';
import { resolveTargetOrFail } from './turn-executor.js';
import type { VisitorQuestions } from './visitor-questions.js';

export interface ActionPathParts {
  emitter: AgentEmitter;
  questions: VisitorQuestions;
  config: Pick<WebAgentOptions, 'domFilter' | 'exclude'>;
  gate: Gate;
  guard: EffectGuard;
  navigate(url: URL): Promise<ActionResult>;
  overlay(items: OverlayItem[]): void;
  executing(): void;
  /** Set while a run is recorded: each element an action resolves is described as it is resolved. */
  recorder?: Recorder;
}

/** What running an action needs, the same for the loop, a host's direct call and a replay. */
export function actionPath(signal: AbortSignal, registry: ActionRegistry, parts: ActionPathParts): ActionPathHooks {
  const { emitter, questions, config, recorder } = parts;
  return {
    registry,
    gate: parts.gate,
    guard: parts.guard,
    context: {
      signal,
      resolveTarget: (selector) => {
        const found = resolveTargetOrFail(selector);
        if (recorder && typeof (found as ActionResult).ok !== 'boolean') recorder.resolved(selector, found as Element);
        return found;
      },
      navigate: parts.navigate,
      askUser: (request) => questions.ask(request, signal),
      overlay: parts.overlay,
      pause: (note) => questions.pause(note, signal),
      pageView: { filter: config.domFilter, exclude: config.exclude?.() },
    },
    confirm: (request) => questions.confirm(request, signal),
    beforeAction: (detail) => {
      // The gate resolved the target already: a host action that finds its element itself is recorded too.
      const selector = detail.params[registry.get(detail.action)?.targetParameter ?? ''];
      if (recorder && detail.target && typeof selector === 'string') recorder.resolved(selector, detail.target);
      parts.executing();
      emitter.emit('before-action', detail);
    },
  };
}
