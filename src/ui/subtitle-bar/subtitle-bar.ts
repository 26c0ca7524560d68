import { html, nothing, type TemplateResult } from 'lit';
import type { PendingQuestion, SubtitleDisplay, WebAgentContext } from '../context/web-agent-context.js';
import { definePiece, UiPiece } from '../context/ui-piece.js';
import { listenForDoubleTap } from './double-tap.js';
import { BarPlacement, type BarEdge } from './bar-placement.js';
import { isEditableTarget, takesActivationKeys } from './deep-active-element.js';
import { optionAfterKey } from './option-keys.js';
import { QuestionController, type KeyPress } from './question-controller.js';
import { guarded } from '../quietly.js';

/** Ids are scoped to the shadow root, so fixed names cannot clash with the host page. */
const PROMPT_TEXT_ID = 'web-agent-subtitle-prompt';

type BarQuestion = Exclude<PendingQuestion, { kind: 'confirm' }>;

/**
 * The subtitle bar at the bottom centre of the viewport: narration, status, closing and error
 * lines, the agent's questions and pauses, and the stop control while a task runs. Its live region
 * is always there (a live region must exist before its content changes for screen readers to
 * announce it). While a confirmation is pending the bar steps aside: the confirmation takes its place.
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
 * @csspart more - The button that shows the next lines of a long narration (also a `button`).
 */
export class SubtitleBar extends UiPiece {
  /** Text typed so far in the answer field; kept here so re-renders never lose it. */
  #draft = '';
  /** The narration overflows its few lines below what is shown: the bar offers the next page. */
  #more = false;
  #narrationId = '';
  #question = new QuestionController<BarQuestion['kind']>(this, ['ask', 'pause'], (press) => this.#onKey(press));
  #placement = new BarPlacement(this);

  constructor() {
    super();
    // A double-tap on the bar dismisses a question, as Escape does (a pause is not a question: it waits).
    listenForDoubleTap(this, () => this.#question.shown?.kind === 'ask' && this.context?.respond(''));
  }

  protected override contextChanged({ pending, running, display }: WebAgentContext): void {
    if (display.kind === 'narration' && display.id !== this.#narrationId) {
      this.#narrationId = display.id;
      this.#page(0);
    }
    const before = this.#question.shown;
    this.#question.follow(pending);
    if (this.#question.shown !== before) this.#draft = '';
    // Escape stops a running task, from anywhere on the page, and Space moves on; the listener lives only while one runs.
    if (running) document.addEventListener('keydown', this.#onKeyDown);
    else document.removeEventListener('keydown', this.#onKeyDown);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('keydown', this.#onKeyDown);
  }

  /**
   * Escape stops; Space moves on from a narration the next one waits behind. Not when someone else
   * took the key (the page closing its menu, our prompt closing), nor while a question or
   * confirmation is open (they take those keys), nor from a field the visitor types in or a
   * control that Space presses.
   */
  readonly #onKeyDown = guarded((event: KeyboardEvent): void => {
    const context = this.context;
    if (event.defaultPrevented || event.isComposing || !context?.running) return;
    if (context.pending || context.promptOpen || isEditableTarget(event.composedPath()[0])) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      context.stop();
    } else if (event.key === ' ' && context.display.kind === 'narration' && context.display.waiting && !event.repeat && !takesActivationKeys(event.composedPath()[0])) {
      event.preventDefault();
      context.continue();
    }
  });

  override render() {
    const context = this.context;
    if (!context) return nothing;
    const { display, pending, running } = context;
    const question = this.#question.shown;
    const visible = pending?.kind !== 'confirm' && (question !== undefined || display.kind !== 'hidden' || running);
    return html`
      <div part="live" class="visually-hidden" dir="auto" aria-live="polite" aria-atomic="true">${context.announcement}</div>
      ${visible
        ? renderBarFrame(
            context,
            this.#placement.edge,
            question?.kind ?? display.kind,
            question ? PROMPT_TEXT_ID : undefined,
            question
              ? this.#renderQuestion(question, context)
              : html`${renderDisplay(display)}${this.#more && display.kind === 'narration'
                  ? html`<button part="button more" class="button more" type="button" @click=${() => this.#page()}>${context.strings.more}</button>`
                  : nothing}`,
          )
        : nothing}
    `;
  }

  /**
   * A long narration is paged rather than growing the bar: its text box keeps a few lines and
   * scrolls by a page on "More". Measured after each render: the untyped rest is laid out already.
   */
  protected override updated(): void {
    const text = this.#narrationText();
    const more = !!text && text.scrollTop + text.clientHeight < text.scrollHeight - 2;
    if (more !== this.#more) {
      this.#more = more;
      this.requestUpdate();
    }
  }

  #narrationText(): HTMLElement | null {
    return this.querySelector<HTMLElement>('[data-kind="narration"] > .text');
  }

  /** Scrolls the narration to `top` (0: its start), or one page on. */
  #page(top?: number): void {
    const text = this.#narrationText();
    if (!text) return;
    text.scrollTop = top ?? text.scrollTop + text.clientHeight;
    this.requestUpdate();
  }

  #renderQuestion(question: BarQuestion, { strings, respond }: WebAgentContext): TemplateResult {
    if (question.kind === 'pause') return renderPause(question.note, this.context!);
    const withOptions = question.options.length > 0;
    const withField = question.allowFreeText || !withOptions;
    const submit = (event: SubmitEvent) => {
      event.preventDefault();
      const answer = this.#draft.trim();
      if (answer) respond(answer);
    };
    return html`
      <p part="text" class="text" dir="auto" id=${PROMPT_TEXT_ID}>${question.question}</p>
      <form part="actions" class="actions" @submit=${submit}>
        ${question.options.map(
          (option, index) => html`<button
            part="button option"
            class="button"
            type="button"
            data-option
            ?data-autofocus=${index === 0}
            @click=${() => respond(option)}
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
                .value=${this.#draft}
                @input=${(event: InputEvent) => {
                  this.#draft = (event.target as HTMLInputElement).value;
                }}
              /><button part="button button-primary" class="button primary" type="submit">${strings.send}</button>`
          : nothing}
      </form>
    `;
  }

  /**
   * Escape declines a question; arrow keys walk its options, as in a toolbar. A pause goes on
   * with Space or Enter while focus is on nothing that takes those keys itself; Escape does not
   * stop the task there: the visitor is invited to use the page, whose menus close on Escape.
   */
  #onKey({ event, question, ours, origin }: KeyPress<BarQuestion['kind']>): void {
    const context = this.context!;
    if (question.kind === 'ask') {
      if (event.key === 'Escape') {
        event.preventDefault();
        context.respond('');
        return;
      }
      const next = ours && origin instanceof Element ? optionAfterKey(this, origin, event) : undefined;
      if (next) {
        event.preventDefault();
        next.focus();
      }
      return;
    }
    if (event.key !== 'Enter' && event.key !== ' ') return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // Our own buttons activate natively; the page's controls keep their keys.
    if (ours || takesActivationKeys(origin)) return;
    // A held key must not run through several pauses in a row.
    if (event.repeat) return;
    event.preventDefault();
    context.continue();
  }
}

/**
 * The bar's frame, shared with the confirmation so both look alike: the content, and the stop
 * control while a task runs. A question makes it a group labelled by its text. `edge`: see {@link BarPlacement}.
 */
export function renderBarFrame(
  { running, strings, stop }: WebAgentContext,
  edge: BarEdge,
  kind: string,
  labelledBy: string | undefined,
  content: TemplateResult | typeof nothing,
): TemplateResult {
  return html`<div part="bar" class="bar" data-kind=${kind} data-edge=${edge} role=${labelledBy ? 'group' : nothing} aria-labelledby=${labelledBy ?? nothing}>
    ${content}
    ${running
      ? html`<button part="stop" class="stop" type="button" aria-keyshortcuts="Escape" @click=${() => stop()}>
          <span aria-hidden="true">✕</span> ${strings.stop}
        </button>`
      : nothing}
  </div>`;
}

function renderDisplay(display: SubtitleDisplay): TemplateResult | typeof nothing {
  switch (display.kind) {
    case 'hidden':
      return nothing;
    case 'narration':
      // The untyped rest is laid out but invisible, so the bar has its final size from the start
      // and lines do not re-wrap under the reader's eyes as characters appear.
      return html`<p part="text" class="text" dir="auto">${display.shown}<span class="pending" aria-hidden="true"
          >${display.text.slice(display.shown.length)}</span
        ></p>`;
    case 'error':
      return html`<p part="text" class="text" dir="auto" role="alert">${display.text}</p>`;
    default:
      return html`<p part="text" class="text" dir="auto">${display.text}</p>`;
  }
}

/** A pause: the note (or only the hint), and a Continue button that has focus. */
function renderPause(note: string, { strings, continue: goOn }: WebAgentContext): TemplateResult {
  return html`
    ${note ? html`<p part="text" class="text" dir="auto" id=${PROMPT_TEXT_ID}>${note}</p>` : nothing}
    <p part="hint" class="hint" id=${note ? nothing : PROMPT_TEXT_ID}>${strings.pressSpaceToContinue}</p>
    <div part="actions" class="actions">
      <button part="button button-primary" class="button primary" type="button" data-autofocus @click=${() => goOn()}>
        ${strings.continue}
      </button>
    </div>
  `;
}

export function defineSubtitleBar(): void {
  definePiece('web-agent-bar', SubtitleBar);
}
