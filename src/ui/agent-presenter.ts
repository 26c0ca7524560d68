import type { AgentEventMap, AgentEventName } from '../agent/agent-events.js';
import type { DeclaredAction } from '../agent/config.js';
import type { ActionDefinition } from '../agent/web-agent.js';
import type { UiState } from './context/ui-state.js';
import { createAgentEvent } from './events.js';
import { formatString, plainError, type Strings } from './i18n.js';
import { cancel, dispatch, later, onAbort } from '../dom/platform.js';

/**
 * Turns the agent's events into the UI state that the context publishes: what the bar says, the
 * questions no host listener took over, what the overlay points at. A page with nothing but the
 * tag still works end to end, and a host's own pieces see exactly what the built-in ones see.
 *
 * Overlay: `overlay-update` (the `border` and `highlight` actions) sets the marks, and
 * `before-action` / `confirm-action` set the cue on the element the action works on. The cue
 * follows the actions and never erases a mark the model asked for; new marks drop the cue.
 * Everything clears on navigation and when the run ends.
 */
export class AgentPresenter {
  #state: UiState;
  #host: HTMLElement;
  #lastNarration = '';
  #closingTimer?: number;

  constructor(host: HTMLElement, state: UiState) {
    this.#host = host;
    this.#state = state;
  }

  /** `hostTookOver`: a host listener prevented the event's default, so no question is put up here. */
  handle<K extends AgentEventName>(name: K, detail: AgentEventMap[K], hostTookOver: boolean): void {
    const state = this.#state;
    const { strings, agentName } = state.snapshot;
    switch (name) {
      case 'subtitle': {
        const { id, text, final, waitUntil } = detail as AgentEventMap['subtitle'];
        // Nothing to read yet (or at all): the bar keeps what it shows instead of going blank.
        if (!text.trim()) break;
        this.#lastNarration = text;
        state.narrate(id, text, final);
        if (final) {
          waitUntil(state.whenTyped(id));
          state.refreshTranscript();
        }
        break;
      }
      case 'status': {
        const { status, retry } = detail as AgentEventMap['status'];
        if (status === 'thinking') cancel(this.#closingTimer);
        if (retry) state.showStatus(formatString(strings.retrying, { seconds: String(Math.max(1, Math.round(retry.delayMs / 1000))) }));
        state.setStatus(status);
        state.refreshTranscript();
        if (status === 'thinking' && state.snapshot.display.kind === 'hidden') state.showStatus(strings.thinking);
        break;
      }
      case 'before-action':
        // An action without a target (wait, pause, navigate…) takes the previous action's cue away.
        state.cue((detail as AgentEventMap['before-action']).target);
        break;
      case 'overlay-update':
        state.showOverlay((detail as AgentEventMap['overlay-update']).items);
        break;
      case 'confirm-action': {
        const request = detail as AgentEventMap['confirm-action'];
        // Outline what the question is about, whoever asks it.
        state.cue(request.target);
        if (!hostTookOver) void state.confirm({ ...request, message: confirmQuestion(request, strings, agentName) }).then(request.decide);
        break;
      }
      case 'ask-user': {
        const { question, options, allowFreeText, respond } = detail as AgentEventMap['ask-user'];
        if (!hostTookOver) void state.ask({ question, options, allowFreeText }).then(respond);
        break;
      }
      case 'pause-request': {
        const { note, resume } = detail as AgentEventMap['pause-request'];
        if (!hostTookOver) void state.pause({ note }).then((continued) => continued && resume());
        break;
      }
      case 'navigate':
        state.clearOverlay();
        break;
      case 'error': {
        const { code } = detail as AgentEventMap['error'];
        // A request typed while another runs: the running task goes on, so this is no failure.
        if (code === 'busy') state.showStatus(strings.busy);
        // A refused effect sent nothing and the model is told; a failed plan leaves the task going
        // on without one: the host hears them, the visitor need not.
        else if (code === 'blocked' || code === 'planner') break;
        else state.showError(plainError(code, strings, agentName));
        break;
      }
      case 'done': {
        const { status, achieved, onLoopEnd } = detail as AgentEventMap['done'];
        state.setStatus(status);
        state.refreshTranscript();
        state.clearOverlay();
        // A run stopped from outside (agent.stop(), a host's own button) leaves nobody to continue.
        state.cancelPause();
        if (status === 'failed') break; // the error line stays
        // A task that could not be done says so whatever closing the host chose for success.
        if (achieved && onLoopEnd.kind === 'silent') break;
        // feedback / ask_user closings arrive as an ask-user right after this event.
        if (achieved && (onLoopEnd.kind === 'feedback' || onLoopEnd.kind === 'ask_user')) break;
        const custom = achieved && onLoopEnd.kind === 'text' ? onLoopEnd : undefined;
        const closing = achieved ? custom?.text || strings.done : status === 'done' ? strings.notDone : strings.stopped;
        const autoHideMs = custom?.autoHide;
        // The last narration is usually the answer: leave it up long enough to read.
        const answer = this.#lastNarration;
        this.#lastNarration = '';
        cancel(this.#closingTimer);
        if (answer && status === 'done') {
          this.#closingTimer = later(() => state.snapshot.display.kind === 'narration' && state.showFinal(closing, { autoHideMs }), readingTimeMs(answer));
        } else {
          state.showFinal(closing, { autoHideMs });
        }
        break;
      }
    }
  }

  /** A JSON-declared action with no handler: the host answers through a `custom-action` event. */
  delegateToHost(declared: DeclaredAction): ActionDefinition<any> {
    const host = this.#host;
    return {
      ...declared,
      parameters: declared.parameters ?? { type: 'object', properties: {} },
      handler: (params: Record<string, unknown>, context) =>
        new Promise((resolve) => {
          const event = createAgentEvent('custom-action', { name: declared.name, params, respond: resolve }, true);
          onAbort(context.signal, () => resolve({ ok: false, reason: 'failed', message: 'Stopped.' }));
          if (dispatch(host, event)) {
            resolve({ ok: false, reason: 'failed', message: `The page does not handle "${declared.name}" right now.` });
          }
        }),
    };
  }
}

/** Actions that change a field or a choice rather than press something. */
const CHANGES = new Set(['fill_input', 'clear_input', 'select_option', 'check', 'uncheck']);

/**
 * The bar's question in the page's language. The host's own message is shown as written; the
 * agent's is English ("Click button "Delete"?"), so the bar asks from its strings instead.
 */
function confirmQuestion(request: AgentEventMap['confirm-action'], strings: Strings, agentName: string): string {
  if (request.custom) return request.message;
  const target = request.targetName;
  if (target && request.action === 'click') return formatString(strings.confirmClick, { target });
  if (target && CHANGES.has(request.action)) return formatString(strings.confirmChange, { target });
  if (target && request.action === 'press_key') return formatString(strings.confirmPress, { target });
  return formatString(strings.confirmAction, { agentName, action: request.action.replace(/_/g, ' ') });
}

/** About 200 words a minute, at least 2.5 s and at most 12 s. */
function readingTimeMs(text: string): number {
  const words = text.trim().split(/\s+/).length;
  return Math.min(12_000, Math.max(2_500, words * 300));
}
