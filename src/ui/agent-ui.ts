import { css, html, nothing, type CSSResult, type TemplateResult } from 'lit';
import type { AgentEventMap, AgentEventName } from '../agent/agent-events.js';
import type { TranscriptEntry } from '../agent/agent-session.js';
import type { DeclaredAction } from '../agent/config.js';
import type { ActionDefinition } from '../agent/web-agent.js';
import { formatString, type Strings } from './i18n.js';
import { createAgentEvent } from './events.js';
import { OverlayController } from './overlay-layer/overlay-controller.js';
import { renderOverlayLayer } from './overlay-layer/overlay-layer.js';
import { overlayLayerStyles } from './overlay-layer/overlay-layer.styles.js';
import { PromptInputController } from './prompt-input/prompt-input-controller.js';
import { renderPromptInput } from './prompt-input/prompt-input.js';
import { promptInputStyles } from './prompt-input/prompt-input.styles.js';
import { SubtitleController, type UiHost } from './subtitle-bar/subtitle-controller.js';
import { renderSubtitleBar } from './subtitle-bar/subtitle-bar.js';
import { subtitleBarStyles } from './subtitle-bar/subtitle-bar.styles.js';

export interface AgentUiOptions {
  onSubmit(task: string): void;
  onStop(): void;
  /** The visitor closed the prompt panel without sending a task. */
  onDismiss?(): void;
  /** The prompt panel opened. */
  onOpen?(): void;
  /** The conversation so far, for the prompt panel's history. */
  readHistory?(): readonly TranscriptEntry[];
}

/**
 * The element's built-in UI: subtitle bar, overlay and prompt. It answers the agent's events that
 * no host listener took over, so a page with nothing but the tag still works end to end.
 *
 * Overlay: `overlay-update` (the `border` and `highlight` actions) sets what the overlay shows, and
 * `before-action` / `confirm-action` outline the element the action works on as a separate cue.
 * The cue follows the actions and never erases a border or highlight the model asked for; a new
 * border or highlight drops the cue. Everything clears on navigation and when the run ends.
 */
export class AgentUi {
  static styles: CSSResult[] = [css`.ui { display: contents; }`, overlayLayerStyles, subtitleBarStyles, promptInputStyles];
  #host: UiHost;
  #subtitle: SubtitleController;
  #prompt: PromptInputController;
  #overlay: OverlayController;
  #lastNarration = '';
  #closingTimer?: ReturnType<typeof setTimeout>;

  constructor(host: UiHost, options: AgentUiOptions) {
    this.#host = host;
    this.#subtitle = new SubtitleController(host, { onStop: options.onStop });
    this.#prompt = new PromptInputController(host, {
      onSubmit: options.onSubmit,
      onDismiss: options.onDismiss,
      onOpen: options.onOpen,
      readHistory: options.readHistory,
    });
    this.#overlay = new OverlayController(host);
  }

  /** `dir` set: the UI is laid out in that direction whatever the page's; unset: it follows the page. */
  render(strings: Strings, agentName: string, dir?: 'ltr' | 'rtl'): TemplateResult {
    return html`<div class="ui" dir=${dir ?? nothing}>
      ${renderOverlayLayer(this.#overlay)}${renderSubtitleBar(this.#subtitle, { strings })}${renderPromptInput(this.#prompt, { strings, agentName })}
    </div>`;
  }

  /** The prompt's keyboard shortcut: `undefined` the default, `null` or "none" none. */
  setShortcut(spec: string | null | undefined): void {
    this.#prompt.setShortcut(spec);
  }

  showError(message: string): void {
    this.#subtitle.showError(message);
  }

  cancelPending(): void {
    this.#subtitle.cancelPending();
  }

  handle<K extends AgentEventName>(
    name: K,
    detail: AgentEventMap[K],
    { hostTookOver, strings, agentName }: { hostTookOver: boolean; strings: Strings; agentName: string },
  ): void {
    const subtitle = this.#subtitle;
    switch (name) {
      case 'subtitle': {
        const { id, text, final, waitUntil } = detail as AgentEventMap['subtitle'];
        // Nothing to read yet (or at all): the bar keeps what it shows instead of going blank.
        if (!text.trim()) break;
        this.#lastNarration = text;
        subtitle.narrate(id, text, final);
        if (final) waitUntil(subtitle.whenTyped(id));
        break;
      }
      case 'status': {
        const { status, retry } = detail as AgentEventMap['status'];
        if (status === 'thinking') clearTimeout(this.#closingTimer);
        if (retry) subtitle.showStatus(formatString(strings.retrying, { seconds: String(Math.max(1, Math.round(retry.delayMs / 1000))) }));
        const running = status === 'thinking' || status === 'executing' || status === 'waiting';
        subtitle.running = running;
        this.#prompt.disabled = status === 'waiting';
        if (status === 'thinking' && subtitle.display.kind === 'hidden') subtitle.showStatus(strings.thinking);
        break;
      }
      case 'before-action':
        // An action without a target (wait, pause, navigate…) takes the previous action's cue away.
        this.#overlay.cue((detail as AgentEventMap['before-action']).target);
        break;
      case 'overlay-update':
        this.#overlay.show((detail as AgentEventMap['overlay-update']).items);
        break;
      case 'confirm-action': {
        const request = detail as AgentEventMap['confirm-action'];
        // Outline what the question is about, whoever asks it.
        this.#overlay.cue(request.target);
        if (!hostTookOver) void subtitle.confirm({ message: confirmQuestion(request, strings, agentName) }).then(request.decide);
        break;
      }
      case 'ask-user': {
        const { question, options, allowFreeText, respond } = detail as AgentEventMap['ask-user'];
        if (!hostTookOver) void subtitle.ask({ question, options, allowFreeText }).then(respond);
        break;
      }
      case 'pause-request': {
        const { note, resume } = detail as AgentEventMap['pause-request'];
        if (!hostTookOver) void subtitle.pause({ note }).then((continued) => continued && resume());
        break;
      }
      case 'navigate':
        this.#overlay.clear();
        break;
      case 'error': {
        const { code, message } = detail as AgentEventMap['error'];
        // A request typed while another runs: the running task goes on, so this is no failure.
        if (code === 'busy') subtitle.showStatus(strings.busy);
        // A refused effect sent nothing and the model is told; the host hears it, the visitor need not.
        else if (code === 'blocked') break;
        else subtitle.showError(`${strings.errorPrefix} ${message}`);
        break;
      }
      case 'done': {
        const { status, onLoopEnd } = detail as AgentEventMap['done'];
        subtitle.running = false;
        this.#overlay.clear();
        // A run stopped from outside (agent.stop(), a host's own button) leaves nobody to continue.
        subtitle.cancelPause();
        if (status === 'failed') break; // the error line stays
        if (status === 'done' && onLoopEnd.kind === 'silent') break;
        // feedback / ask_user closings arrive as an ask-user right after this event.
        if (status === 'done' && (onLoopEnd.kind === 'feedback' || onLoopEnd.kind === 'ask_user')) break;
        const custom = status === 'done' && onLoopEnd.kind === 'text' ? onLoopEnd : undefined;
        const closing = status === 'done' ? custom?.text || strings.done : strings.stopped;
        const autoHideMs = custom?.autoHide;
        // The last narration is usually the answer: leave it up long enough to read.
        const answer = this.#lastNarration;
        this.#lastNarration = '';
        clearTimeout(this.#closingTimer);
        if (answer && status === 'done') {
          this.#closingTimer = setTimeout(() => subtitle.display.kind === 'narration' && subtitle.showFinal(closing, { autoHideMs }), readingTimeMs(answer));
        } else {
          subtitle.showFinal(closing, { autoHideMs });
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
          context.signal.addEventListener('abort', () => resolve({ ok: false, reason: 'failed', message: 'Stopped.' }), { once: true });
          if (host.dispatchEvent(event)) {
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
