import { html, nothing, type TemplateResult } from 'lit';
import type { TranscriptEntry } from '../../agent/agent-session.js';
import { formatString, type Strings } from '../i18n.js';
import type { PromptInputController } from './prompt-input-controller.js';

export interface PromptInputRenderOptions {
  strings: Strings;
  /** Substituted for `{agentName}` in the launcher and field labels. */
  agentName: string;
}

const PANEL_ID = 'web-agent-prompt';
const FIELD_ID = 'web-agent-prompt-field';
const HISTORY_ID = 'web-agent-prompt-history';

/**
 * The launcher in the bottom inline-end corner and the task panel it toggles.
 *
 * @csspart launcher - The round button that opens the panel.
 * @csspart prompt - The panel (a form).
 * @csspart prompt-label - The field's visible label.
 * @csspart history-toggle - The button that shows or hides the conversation so far.
 * @csspart history - The list of the conversation so far (the visitor's requests and the agent's answers).
 * @csspart history-entry - One request, answer or closing line in that list.
 * @csspart prompt-input - The task field.
 * @csspart prompt-submit - The submit button.
 */
export function renderPromptInput(
  controller: PromptInputController,
  { strings, agentName }: PromptInputRenderOptions,
): TemplateResult {
  const launcherLabel = formatString(strings.launcherLabel, { agentName });
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    controller.submit();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.isComposing) return;
    // Marked handled so the subtitle bar does not also read this Escape as "decline".
    event.preventDefault();
    controller.hide();
  };
  return html`
    <button
      part="launcher"
      class="launcher"
      type="button"
      aria-label=${launcherLabel}
      title=${launcherLabel}
      aria-expanded=${controller.open ? 'true' : 'false'}
      aria-controls=${controller.open ? PANEL_ID : nothing}
      @click=${() => controller.toggle()}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M11 2l1.9 5.6L18.5 9.5l-5.6 1.9L11 17l-1.9-5.6L3.5 9.5l5.6-1.9zM18.5 13l.95 2.55L22 16.5l-2.55.95-.95 2.55-.95-2.55L15 16.5l2.55-.95z"
        />
      </svg>
    </button>
    ${controller.open
      ? html`<form
          part="prompt"
          class="prompt"
          id=${PANEL_ID}
          @submit=${onSubmit}
          @keydown=${onKeyDown}
        >
          <div class="prompt-head">
            <label part="prompt-label" class="prompt-label" dir="auto" for=${FIELD_ID}>
              ${formatString(strings.promptLabel, { agentName })}
            </label>
            <button
              part="history-toggle"
              class="link"
              type="button"
              aria-expanded=${controller.history ? 'true' : 'false'}
              aria-controls=${controller.history ? HISTORY_ID : nothing}
              @click=${() => controller.toggleHistory()}
            >
              ${strings.history}
            </button>
          </div>
          ${controller.history ? renderHistory(controller.history, strings, agentName) : nothing}
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
              ?disabled=${controller.disabled}
              .value=${controller.value}
              @input=${(event: InputEvent) => {
                controller.value = (event.target as HTMLInputElement).value;
              }}
              @keydown=${(event: KeyboardEvent) => {
                if (event.isComposing || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
                const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
                if (step && controller.recall(step)) event.preventDefault();
              }}
            />
            <button
              part="prompt-submit"
              class="button primary"
              type="submit"
              ?disabled=${controller.disabled}
            >
              ${strings.send}
            </button>
          </div>
        </form>`
      : nothing}
  `;
}

/** The conversation so far; a scrollable list, so it takes focus for keyboard scrolling. */
function renderHistory(entries: readonly TranscriptEntry[], strings: Strings, agentName: string): TemplateResult {
  const closing = { done: strings.done, stopped: strings.stopped, failed: strings.failed };
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
