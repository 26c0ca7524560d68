import { html, nothing, type TemplateResult } from 'lit';
import type { TranscriptEntry } from '../../agent/agent-session.js';
import type { WebAgentContext } from '../context/web-agent-context.js';
import { definePiece, UiPiece } from '../context/ui-piece.js';
import { formatString, type Strings } from '../i18n.js';
import { BarPlacement } from '../subtitle-bar/bar-placement.js';
import { deepActiveElement } from '../subtitle-bar/deep-active-element.js';
import { guarded } from '../quietly.js';

const PANEL_ID = 'web-agent-prompt';
const FIELD_ID = 'web-agent-prompt-field';
const HISTORY_ID = 'web-agent-prompt-history';
const COUNT_ID = 'web-agent-prompt-count';
/** A task is a request, not a document: longer text is cut where it is typed or pasted. */
const MAX_TASK_CHARS = 2000;
/** The counter shows from here on, so it says something only when the limit is near. */
const COUNT_FROM = 1600;

/**
 * The round button in the bottom inline-end corner that opens and closes the prompt.
 *
 * @csspart launcher - The round button that opens the panel.
 */
export class LauncherButton extends UiPiece {
  static override properties = { controlsPanel: { attribute: false } };
  /** Set by the element while the prompt is its own, so the button can name the panel it controls. */
  controlsPanel = false;
  #placement = new BarPlacement(this, 'launcher');

  override render() {
    const context = this.context;
    if (!context) return nothing;
    const { promptOpen, openPrompt, closePrompt } = context;
    const label = formatString(context.strings.launcherLabel, { agentName: context.agentName });
    return html`<button
      part="launcher"
      class="launcher"
      data-edge=${this.#placement.edge}
      type="button"
      aria-label=${label}
      title=${label}
      aria-expanded=${promptOpen ? 'true' : 'false'}
      aria-controls=${promptOpen && this.controlsPanel ? PANEL_ID : nothing}
      @click=${() => (promptOpen ? closePrompt() : openPrompt())}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M11 2l1.9 5.6L18.5 9.5l-5.6 1.9L11 17l-1.9-5.6L3.5 9.5l5.6-1.9zM18.5 13l.95 2.55L22 16.5l-2.55.95-.95 2.55-.95-2.55L15 16.5l2.55-.95z"
        />
      </svg>
    </button>`;
  }
}

/**
 * The prompt panel: the field a task is typed in, with the conversation so far on demand and
 * ↑/↓ to recall earlier requests. Escape closes it, and so does pressing anywhere outside
 * `<web-agent>`; focus goes back to the launcher (the built-in one or the host's), except after
 * a press outside, where the visitor put it.
 *
 * @csspart prompt - The panel (a form).
 * @csspart prompt-label - The field's visible label.
 * @csspart history-toggle - The button that shows or hides the conversation so far.
 * @csspart history - The list of the conversation so far (the visitor's requests and the agent's answers).
 * @csspart history-entry - One request, answer or closing line in that list.
 * @csspart prompt-input - The task field.
 * @csspart prompt-submit - The submit button.
 * @csspart prompt-count - "1850 / 2000": the length of the task, shown near its limit.
 */
export class PromptPanel extends UiPiece {
  /** Text currently in the field; kept here so re-renders never lose it. */
  #value = '';
  #open = false;
  /** The conversation as it was when the visitor opened the history; undefined while it is closed. */
  #history: readonly TranscriptEntry[] | undefined;
  /** Where ↑/↓ are in the visitor's earlier requests; their count means "the field's own text". */
  #recallIndex = Number.POSITIVE_INFINITY;
  #draftBeforeRecall = '';
  #closedFromOutside = false;
  #placement = new BarPlacement(this, 'prompt');

  protected override contextChanged({ promptOpen }: WebAgentContext): void {
    if (promptOpen === this.#open) return;
    this.#open = promptOpen;
    if (promptOpen) {
      this.#recallIndex = Number.POSITIVE_INFINITY;
      document.addEventListener('pointerdown', this.#onPointerDown, true);
      void this.updateComplete.then(() => this.#query('[part~="prompt-input"]')?.focus());
      return;
    }
    this.#history = undefined;
    document.removeEventListener('pointerdown', this.#onPointerDown, true);
    // Keyboard users keep their place: back to the launcher. Focus the visitor put elsewhere
    // (a press outside, or the page's own controls) stays where it is.
    const root = this.getRootNode();
    const ours = root instanceof ShadowRoot && (root.host.matches(':focus-within') || !deepActiveElement());
    if (ours && !this.#closedFromOutside) focusLauncher(root);
    this.#closedFromOutside = false;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('pointerdown', this.#onPointerDown, true);
    this.#open = false;
  }

  /**
   * On phones the panel and the bar span the width, and both step to the edge away from what the
   * agent points at: how far from that edge the open panel reaches (60 px past the launcher, its
   * height, which follows what it renders: history, counter; and a gap) is published on the host as
   * `--web-agent-prompt-top` or `--web-agent-prompt-bottom`, after the edge it is at: the bar stands
   * past it there, and only there (at the other edge it would stand off a prompt that is not there).
   */
  protected override updated(): void {
    const height = this.#query('[part~="prompt"]')?.offsetHeight;
    const style = ((this.getRootNode() as ShadowRoot).host as HTMLElement | undefined)?.style;
    const edge = this.#placement.edge;
    // Removed, not zeroed, while closed: the page's element gets no style attribute from us until then.
    style?.removeProperty(`--web-agent-prompt-${edge === 'top' ? 'bottom' : 'top'}`);
    if (height) style?.setProperty(`--web-agent-prompt-${edge}`, `${height + 68}px`);
    else style?.removeProperty(`--web-agent-prompt-${edge}`);
  }

  override render() {
    const context = this.context;
    if (!context?.promptOpen) return nothing;
    const { strings, agentName } = context;
    // While the agent waits for an answer elsewhere, the field cannot take a new task.
    const disabled = context.status === 'waiting';
    const near = this.#value.length >= COUNT_FROM;
    const submit = (event: SubmitEvent) => {
      event.preventDefault();
      const task = this.#value.trim();
      if (!task || disabled) return;
      this.#value = '';
      context.run(task);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      // Marked handled so a question's own Escape handling does not also read it as "decline".
      event.preventDefault();
      context.closePrompt();
    };
    return html`<form part="prompt" class="prompt" data-edge=${this.#placement.edge} id=${PANEL_ID} @submit=${submit} @keydown=${onKeyDown}>
      <div class="prompt-head">
        <label part="prompt-label" class="prompt-label" dir="auto" for=${FIELD_ID}>${formatString(strings.promptLabel, { agentName })}</label>
        <button
          part="history-toggle"
          class="link"
          type="button"
          aria-expanded=${this.#history ? 'true' : 'false'}
          aria-controls=${this.#history ? HISTORY_ID : nothing}
          @click=${() => this.#toggleHistory(context)}
        >
          ${strings.history}
        </button>
      </div>
      ${this.#history ? renderHistory(this.#history, strings, agentName) : nothing}
      <div class="prompt-row">
        <input
          part="prompt-input"
          class="field"
          dir="auto"
          id=${FIELD_ID}
          type="text"
          autocomplete="off"
          enterkeyhint="go"
          placeholder=${strings.promptPlaceholder}
          maxlength=${MAX_TASK_CHARS}
          aria-describedby=${near ? COUNT_ID : nothing}
          ?disabled=${disabled}
          .value=${this.#value}
          @input=${(event: InputEvent) => {
            this.#value = (event.target as HTMLInputElement).value;
            if (near || this.#value.length >= COUNT_FROM) this.requestUpdate();
          }}
          @keydown=${(event: KeyboardEvent) => {
            if (event.isComposing || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
            const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
            if (step && this.#recall(step, context.transcript)) event.preventDefault();
          }}
        />
        <button part="prompt-submit" class="button primary" type="submit" ?disabled=${disabled}>${strings.send}</button>
      </div>
      ${near ? html`<p part="prompt-count" class="count" id=${COUNT_ID}>${this.#value.length} / ${MAX_TASK_CHARS}</p>` : nothing}
    </form>`;
  }

  /** Shows or hides the conversation so far, as it is when it opens. */
  #toggleHistory({ transcript }: WebAgentContext): void {
    this.#history = this.#history ? undefined : transcript;
    this.requestUpdate();
    if (this.#history) {
      void this.updateComplete.then(() => {
        const list = this.#query('[part~="history"]');
        if (list) list.scrollTop = list.scrollHeight;
      });
    }
  }

  /**
   * ↑ and ↓ in the field step through the visitor's earlier requests, like a shell. Returns false
   * (the key keeps its usual meaning) when there is nothing to step to.
   */
  #recall(step: -1 | 1, transcript: readonly TranscriptEntry[]): boolean {
    const asked = transcript.flatMap((entry) => (entry.from === 'visitor' ? [entry.text] : []));
    const current = Math.min(this.#recallIndex, asked.length);
    const next = current + step;
    if (next < 0 || next > asked.length) return false;
    if (current === asked.length) this.#draftBeforeRecall = this.#value;
    this.#recallIndex = next;
    this.#value = next === asked.length ? this.#draftBeforeRecall : asked[next]!;
    this.requestUpdate();
    return true;
  }

  #query(selector: string): HTMLElement | null {
    return this.querySelector<HTMLElement>(selector);
  }

  /** Like a popover: pressing anywhere outside the element closes the panel, leaving focus alone. */
  readonly #onPointerDown = guarded((event: PointerEvent): void => {
    const root = this.getRootNode();
    if (root instanceof ShadowRoot && event.composedPath().includes(root.host)) return;
    this.#closedFromOutside = true;
    this.context?.closePrompt();
  });
}

/** The launcher in use: the built-in button, or the host's element in the `launcher` slot. */
function focusLauncher(root: ShadowRoot): void {
  const launcher = root.querySelector<HTMLElement>('[part~="launcher"]') ?? root.host.querySelector<HTMLElement>(':scope > [slot="launcher"]');
  launcher?.focus();
  // A wrapper that cannot take focus itself: its first control can.
  if (launcher && !launcher.matches(':focus-within')) launcher.querySelector<HTMLElement>('button, [href], input, [tabindex]:not([tabindex="-1"])')?.focus();
}

/** The conversation so far; a scrollable list, so it takes focus for keyboard scrolling. */
function renderHistory(entries: readonly TranscriptEntry[], strings: Strings, agentName: string): TemplateResult {
  const closing = { done: strings.done, 'not-done': strings.notDone, stopped: strings.stopped, failed: strings.failed };
  return html`<ol part="history" class="history" id=${HISTORY_ID} aria-label=${strings.history} tabindex="0">
    ${entries.length === 0 ? html`<li class="history-empty">${strings.historyEmpty}</li>` : nothing}
    ${entries.map((entry) =>
      entry.from === 'end'
        ? html`<li part="history-entry" class="history-end" data-from="end">${closing[entry.status]}</li>`
        : html`<li part="history-entry" data-from=${entry.from}>
            <span class="history-who">${entry.from === 'visitor' ? strings.you : agentName}</span>
            <span class="history-text" dir="auto">${entry.text}</span>
          </li>`,
    )}
  </ol>`;
}

export function definePromptPieces(): void {
  definePiece('web-agent-launcher', LauncherButton);
  definePiece('web-agent-prompt', PromptPanel);
}
