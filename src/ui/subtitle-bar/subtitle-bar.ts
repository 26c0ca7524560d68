import { html, nothing, type TemplateResult } from 'lit';
import type { Strings } from '../i18n.js';
import type { SubtitleController, SubtitlePrompt } from './subtitle-controller.js';

export interface SubtitleBarRenderOptions {
  strings: Strings;
}

/** Ids are scoped to the shadow root, so fixed names cannot clash with the host page. */
const PROMPT_TEXT_ID = 'web-agent-subtitle-prompt';

/**
 * The subtitle bar at the bottom centre of the viewport, plus its always-present live region
 * (a live region must exist before its content changes for screen readers to announce it).
 *
 * @csspart live - Visually hidden `aria-live` mirror of what the bar says.
 * @csspart bar - The bar itself.
 * @csspart text - The narration, status, question, pause note or error line.
 * @csspart hint - The "Press Space to continue" line of a pause.
 * @csspart actions - Row of buttons (and the answer field) under a question.
 * @csspart button - Every button in the bar except the stop control.
 * @csspart button-primary - The accepting button: Allow, Send or Continue.
 * @csspart option - Each choice of a question with options (also a `button`).
 * @csspart input - The answer field of a question.
 * @csspart stop - The stop control shown while a run is in progress.
 */
export function renderSubtitleBar(
  controller: SubtitleController,
  { strings }: SubtitleBarRenderOptions,
): TemplateResult {
  const { display, prompt, running } = controller;
  const visible = prompt !== undefined || display.kind !== 'hidden' || running;
  const kind = prompt?.kind ?? display.kind;
  return html`
    <div part="live" class="visually-hidden" dir="auto" aria-live="polite" aria-atomic="true">
      ${controller.liveText}
    </div>
    ${visible
      ? html`<div
          part="bar"
          class="bar"
          data-kind=${kind}
          role=${prompt ? 'group' : nothing}
          aria-labelledby=${prompt ? PROMPT_TEXT_ID : nothing}
        >
          ${prompt ? renderPrompt(controller, prompt, strings) : renderDisplay(controller)}
          ${running
            ? html`<button
                part="stop"
                class="stop"
                type="button"
                aria-label=${strings.stop}
                title=${strings.stop}
                @click=${() => controller.requestStop()}
              >
                <span aria-hidden="true">✕</span>
              </button>`
            : nothing}
        </div>`
      : nothing}
  `;
}

function renderDisplay({ display }: SubtitleController): TemplateResult | typeof nothing {
  switch (display.kind) {
    case 'hidden':
      return nothing;
    case 'narration':
      // The untyped rest is laid out but invisible, so the bar has its final size from the start
      // and lines do not re-wrap under the reader's eyes as characters appear.
      return html`<p part="text" class="text" dir="auto">${display.shown}<span
          class="pending"
          aria-hidden="true"
          >${display.pending}</span
        ></p>`;
    case 'error':
      return html`<p part="text" class="text" dir="auto" role="alert">${display.text}</p>`;
    default:
      return html`<p part="text" class="text" dir="auto">${display.text}</p>`;
  }
}

function renderPrompt(
  controller: SubtitleController,
  prompt: SubtitlePrompt,
  strings: Strings,
): TemplateResult {
  if (prompt.kind === 'pause') return renderPause(controller, prompt.note, strings);
  if (prompt.kind === 'confirm') {
    return html`
      <p part="text" class="text" dir="auto" id=${PROMPT_TEXT_ID}>${prompt.message}</p>
      <div part="actions" class="actions">
        <button
          part="button button-primary"
          class="button primary"
          type="button"
          data-autofocus
          @click=${() => controller.decide(true)}
        >
          ${prompt.actionLabel ?? strings.allow}
        </button>
        <button part="button" class="button" type="button" @click=${() => controller.decide(false)}>
          ${strings.cancel}
        </button>
      </div>
    `;
  }
  const withOptions = prompt.options.length > 0;
  const withField = prompt.allowFreeText || !withOptions;
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const answer = controller.draft.trim();
    if (answer) controller.respond(answer);
  };
  return html`
    <p part="text" class="text" dir="auto" id=${PROMPT_TEXT_ID}>${prompt.question}</p>
    <form part="actions" class="actions" @submit=${submit}>
      ${prompt.options.map(
        (option, index) => html`<button
          part="button option"
          class="button"
          type="button"
          data-option
          ?data-autofocus=${index === 0}
          @click=${() => controller.respond(option)}
        >
          ${option}
        </button>`,
      )}
      ${withField
        ? html`<input
              part="input"
              class="field"
              dir="auto"
              type="text"
              autocomplete="off"
              enterkeyhint="send"
              aria-labelledby=${PROMPT_TEXT_ID}
              placeholder=${withOptions ? strings.askOtherPlaceholder : strings.askPlaceholder}
              ?data-autofocus=${!withOptions}
              .value=${controller.draft}
              @input=${(event: InputEvent) => {
                controller.draft = (event.target as HTMLInputElement).value;
              }}
            /><button part="button button-primary" class="button primary" type="submit">
              ${strings.send}
            </button>`
        : nothing}
    </form>
  `;
}

/** A pause: the note (or only the hint), and a Continue button that has focus. */
function renderPause(controller: SubtitleController, note: string, strings: Strings): TemplateResult {
  return html`
    ${note ? html`<p part="text" class="text" dir="auto" id=${PROMPT_TEXT_ID}>${note}</p>` : nothing}
    <p part="hint" class="hint" id=${note ? nothing : PROMPT_TEXT_ID}>${strings.pressSpaceToContinue}</p>
    <div part="actions" class="actions">
      <button
        part="button button-primary"
        class="button primary"
        type="button"
        data-autofocus
        @click=${() => controller.continue()}
      >
        ${strings.continue}
      </button>
    </div>
  `;
}
