import type { ActionRegistry, ActionResult, EffectGuard, Gate, OverlayItem } from '../actions/index.js';
import { elementId } from '../dom/index.js';
import type { TargetScope } from '../dom/target-description.js';
import type { ActionList } from './action-list.js';
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
      parts.executing();
      emitter.emit('before-action', detail);
    },
  };
}

/** What finding a recorded element may look at: the page as the snapshot reads it. */
export function pageScope(config: Pick<WebAgentOptions, 'domFilter' | 'exclude'>): TargetScope {
  const exclude = config.exclude?.() ?? [];
  return {
    skip: (el) => {
      if (exclude.includes(el)) return true;
      try {
        return config.domFilter?.(el) === true;
      } catch {
        // A host filter that throws keeps the element, as in the snapshot.
        return false;
      }
    },
  };
}

/** Element values in a host's arguments become the ids the actions resolve. */
export function withElementIds(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if ((value as Node).nodeType === Node.ELEMENT_NODE) return `[${elementId(value as Element)}]`;
  if (Array.isArray(value)) return value.map(withElementIds);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withElementIds(item)]));
}

/** `{ target }` fills the action's target argument: its `targetParameter`, else the built-ins' `selector` / `selectors`. */
export function withTarget(actions: ActionList, registry: ActionRegistry, name: string, params: Record<string, unknown>, target: Element | undefined): Record<string, unknown> {
  if (!target) return params;
  const id = `[${elementId(target)}]`;
  const parameter = registry.get(name)?.targetParameter;
  if (parameter) return { ...params, [parameter]: id };
  const properties = (actions.get(name)?.parameters.properties ?? {}) as Record<string, unknown>;
  if ('selectors' in properties && !('selector' in properties)) return { ...params, selectors: [id] };
  return { ...params, selector: id };
}
