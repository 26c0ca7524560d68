import { html, nothing } from 'lit';
import type { WebAgentContext } from '../context/web-agent-context.js';
import { definePiece, UiPiece } from '../context/ui-piece.js';
import { isEditableTarget } from '../subtitle-bar/deep-active-element.js';
import { QuestionController, type KeyPress } from '../subtitle-bar/question-controller.js';
import { renderBarFrame } from '../subtitle-bar/subtitle-bar.js';

const MESSAGE_ID = 'web-agent-confirm-message';

/**
 * The built-in confirmation: the question in the bar's place, Allow (which takes focus) and
 * Cancel, and the stop control. Enter or Space accept while focus is on nothing that types text;
 * Escape declines. Its parts are the bar's (`bar`, `text`, `actions`, `button`, `button-primary`, `stop`).
 */
export class ConfirmationBar extends UiPiece {
  #question = new QuestionController(this, ['confirm'], (press) => this.#onKey(press));

  protected override contextChanged({ pending }: WebAgentContext): void {
    this.#question.follow(pending);
  }

  override render() {
    const context = this.context;
    const question = this.#question.shown;
    if (!context || !question) return nothing;
    const { strings, decide } = context;
    return renderBarFrame(
      context,
      'confirm',
      MESSAGE_ID,
      html`
        <p part="text" class="text" dir="auto" id=${MESSAGE_ID}>${question.message}</p>
        <div part="actions" class="actions">
          <button part="button button-primary" class="button primary" type="button" data-autofocus @click=${() => decide(true)}>
            ${question.actionLabel ?? strings.allow}
          </button>
          <button part="button" class="button" type="button" @click=${() => decide(false)}>${strings.cancel}</button>
        </div>
      `,
    );
  }

  #onKey({ event, ours, origin }: KeyPress<'confirm'>): void {
    const { decide } = this.context!;
    if (event.key === 'Escape') {
      event.preventDefault();
      decide(false);
      return;
    }
    if (event.key !== 'Enter' && event.key !== ' ') return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // Our own buttons activate natively (Space on Cancel must cancel); the page's fields keep typing.
    if (ours || isEditableTarget(origin)) return;
    event.preventDefault();
    decide(true);
  }
}

export function defineConfirmationBar(): void {
  definePiece('web-agent-confirmation', ConfirmationBar);
}
