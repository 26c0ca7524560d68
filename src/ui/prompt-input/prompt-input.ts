import { html, nothing, type TemplateResult } from 'lit';
import { formatString, type Strings } from '../i18n.js';
import type { PromptInputController } from './prompt-input-controller.js';

export interface PromptInputRenderOptions {
  strings: Strings;
  /** Substituted for `{agentName}` in the launcher and field labels. */
  agentName: string;
}

const PANEL_ID = 'web-agent-prompt';
const FIELD_ID = 'web-agent-prompt-field';

/**
 * The launcher in the bottom inline-end corner and the task panel it toggles.
 *
 * @csspart launcher - The round button that opens the panel.
 * @csspart prompt - The panel (a form).
 * @csspart prompt-label - The field's visible label.
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
          <label part="prompt-label" class="prompt-label" for=${FIELD_ID}>
            ${formatString(strings.promptLabel, { agentName })}
          </label>
          <div class="prompt-row">
            <input
              part="prompt-input"
              class="field"
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
