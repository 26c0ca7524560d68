import { css, html, nothing, unsafeCSS } from 'lit';
import type { WebAgentContext } from '../context/web-agent-context.js';
import { definePiece, PIECE_ERROR, UiPiece } from '../context/ui-piece.js';
import { optionAfterKey } from '../subtitle-bar/option-keys.js';
import { listenForDoubleTap } from '../subtitle-bar/double-tap.js';
import { BarPlacement, type BarEdge } from '../subtitle-bar/bar-placement.js';
import { QuestionController } from '../subtitle-bar/question-controller.js';
import { renderBarFrame } from '../subtitle-bar/subtitle-bar.js';
import { clearBand, contrast, readColor, revealBeside, type Band } from '../../agent/visitor-questions.js';
import { OwnEvent } from '../own.js';
import { cancelFrame, nextFrame } from '../../dom/platform.js';
import { themeStyles } from '../theme.styles.js';
import { adoptLate } from '../late-styles.js';

const MESSAGE_ID = 'web-agent-confirm-message';

/**
 * The dialog's own look, which nothing of the host page's reaches: `all: initial` stops every
 * property the host would pass down (a transparent -webkit-text-fill-color, a text-indent, a text
 * stroke the colour of the bar), and under `[data-plain]` the theme's custom properties are set
 * again at their built-in values (see #legible). Adopted into the shadow root when the
 * confirmation is first connected: only pages that ask something pay for it.
 */
const confirmStyles = css`
  .confirm[open] {
    all: initial;
  }
  ${unsafeCSS(themeStyles.cssText.replace(/:host/g, '.confirm[data-plain]'))}
  .confirm[open] {
    display: block;
    position: fixed;
    inset: 0 auto auto 0;
    width: 0;
    height: 0;
    overflow: visible;
    font: 15px/1.45 var(--web-agent-font);
    color: var(--web-agent-fg);
    pointer-events: auto;
  }
  .confirm::backdrop {
    background: none;
  }
`;
/** WCAG 2.5.8's smallest target: an Allow drawn smaller than this was shrunk by the page, not by us. */
const LEGIBLE_PX = 24;

/**
 * The built-in confirmation: the question in the bar's place, Allow and Cancel (which takes
 * focus), and the stop control, in a modal `<dialog>`. Only a deliberate gesture approves:
 * - it is drawn in the browser's top layer, above any z-index, untouched by the transform, opacity
 *   or clip of the page around `<web-agent>`, and the rest of the page is inert while it is open:
 *   a Space or Enter pressed elsewhere cannot reach it, page content cannot cover it;
 * - a double-tap on the bar (not on its buttons) declines, as Escape does;
 * - Allow counts only a trusted click, which real keys on the focused button also give (Enter,
 *   Space); script-made clicks and keys do nothing; Escape and Cancel decline from anywhere;
 *   arrow keys move between the two;
 * - before it is shown and again when Allow is pressed, Allow must be painted at a legible size:
 *   hidden or shrunk by the page's CSS (display: none, zoom), it declines instead, and the element
 *   reports why (console, an `error` event with code `confirmation`, a plain line in the bar).
 * Its parts are the bar's (`bar`, `text`, `actions`, `button`, `button-primary`, `stop`), each kept
 * only while the page's `::part()` rules change nothing of it (see #legible).
 */
export class ConfirmationBar extends UiPiece {
  // Enter and Space arrive as native activation of the focused button.
  #question = new QuestionController(this, ['confirm'], ({ event, ours, origin }) => {
    // Escape declines from anywhere; Chromium may close a dialog without `cancel` on a repeated Escape.
    if (event.key === 'Escape') this.context!.decide(false);
    // Arrow keys move between Allow and Cancel, as in a toolbar: a way to Allow without Shift+Tab.
    const next = ours && origin instanceof Element ? optionAfterKey(this, origin, event) : undefined;
    if (next) {
      event.preventDefault();
      next.focus();
    }
  });

  #placement = new BarPlacement(this);
  /** What the page's pinned boxes and our other UI leave of the viewport, taken as the question opened. */
  #band: Band | undefined;
  /** The edge this question's subject was last kept clear of this on. */
  #keptAt: BarEdge | undefined;
  #frame = 0;
  /** The question a frame has passed since: the one drawn. */
  #ready: unknown;

  constructor() {
    super();
    listenForDoubleTap(this, () => this.#question.shown && this.context?.decide(false));
  }

  protected override contextChanged({ pending }: WebAgentContext): void {
    const before = this.#question.shown;
    this.#question.follow(pending);
    const shown = this.#question.shown;
    if (shown === before) return;
    this.#keptAt = undefined;
    // Drawn (and opened) on the next frame: the reveal that brought its subject into view may have
    // panned what is seen (zoom, a keyboard), and our UI follows that a frame later (KeyboardInset).
    cancelFrame(this.#frame);
    this.#frame = nextFrame(() => {
      this.#ready = shown;
      this.requestUpdate();
    });
  }

  override render() {
    const context = this.context;
    const question = this.#question.shown;
    if (!context || !question || question !== this.#ready) return nothing;
    const { strings, decide } = context;
    const decline = (event: Event) => {
      event.preventDefault();
      decide(false);
    };
    return html`<dialog class="confirm" aria-labelledby=${MESSAGE_ID} @cancel=${decline}>
      ${renderBarFrame(
        context,
        this.#placement.edge,
        'confirm',
        MESSAGE_ID,
        html`
          <p part="text" class="text" dir="auto" id=${MESSAGE_ID}>${question.message}</p>
          <div part="actions" class="actions">
            <button part="button button-primary" class="button primary" type="button" data-option @click=${(event: MouseEvent) => event.isTrusted && this.#legible() && decide(true)}>
              ${question.actionLabel ?? strings.allow}
            </button>
            <button part="button" class="button" type="button" autofocus data-autofocus data-option @click=${decline}>${strings.cancel}</button>
          </div>
        `,
      )}
    </dialog>`;
  }

  protected override updated(): void {
    const dialog = this.querySelector('dialog');
    if (dialog?.open) this.#keepBeside();
    else if (dialog) this.#open(dialog);
  }

  #open(dialog: HTMLDialogElement): void {
    const target = this.#question.shown?.target;
    // Found before the dialog is modal: from then on hit-testing sees nothing of the page. Our own
    // subject's document only: one in a frame was revealed in its frame's viewport.
    this.#band = target?.ownerDocument === document ? clearBand(target) : undefined;
    try {
      dialog.showModal();
    } catch {
      // Not shown (a page that broke `<dialog>`): the check below declines.
    }
    if (!this.#legible()) {
      // The element reports it (console, `error` event, a plain line in the bar); the action is declined.
      this.dispatchEvent(new OwnEvent(PIECE_ERROR, { bubbles: true, composed: true, detail: { code: 'confirmation', message: 'The confirmation could not be shown whole (the page’s CSS hides or shrinks <web-agent>), so the action was declined.' } }));
      this.context!.decide(false);
      return;
    }
    this.#keepBeside();
    // Placed again now that it has a box: where the page cannot scroll its subject clear, it steps to the other edge.
    this.#placement.hostUpdated();
  }

  /**
   * The agent revealed the subject clear of the bar, which is shorter than this (a longer question,
   * Allow and Cancel, a phone's width, a keyboard): it is moved into what this leaves of the clear
   * band, as it renders, once per edge it stands on (the visitor may scroll meanwhile).
   */
  #keepBeside(): void {
    const bar = this.querySelector('.confirm .bar');
    const target = this.#question.shown?.target;
    const edge = this.#placement.edge;
    if (!bar || !target || !this.#band || edge === this.#keptAt) return;
    this.#keptAt = edge;
    // Its slide-in may still be under way: the animated `translate` is how far it has to go.
    revealBeside(target, this.#band, bar.getBoundingClientRect(), parseFloat(getComputedStyle(bar).translate.split(' ')[1] ?? '') || 0);
  }

  /**
   * Allow is shown whole on screen, at least {@link LEGIBLE_PX} wide and tall, and the question
   * and both answers are drawn by our own styles, legibly. What the page's CSS can still reach is
   * put back first: an element whose computed style changes when its `part` is taken away was
   * restyled by the page's `::part()` rules (made transparent, relabelled by generated content,
   * reordered), and loses its parts for this question; text in the theme's colours that does not
   * stand out from the bar or its button (a host's `--web-agent-fg: transparent`) is drawn in the
   * built-in theme instead.
   */
  #legible(): boolean {
    const dialog = this.querySelector<HTMLElement>('.confirm');
    if (!dialog) return false;
    for (const el of dialog.querySelectorAll('[part]')) {
      const part = el.getAttribute('part')!;
      const styled = drawn(el);
      el.removeAttribute('part');
      if (drawn(el) === styled) el.setAttribute('part', part);
    }
    if (!readable(dialog)) {
      dialog.setAttribute('data-plain', '');
      // Now in the built-in theme's colours, which must pass.
      if (!readable(dialog)) return false;
    }
    const allow = dialog.querySelector('.primary');
    if (!allow || allow.checkVisibility?.({ visibilityProperty: true } as CheckVisibilityOptions) === false) return false;
    const { width, height, top, left, bottom, right } = allow.getBoundingClientRect();
    return width >= LEGIBLE_PX && height >= LEGIBLE_PX && top >= 0 && left >= 0 && bottom <= innerHeight && right <= innerWidth;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptLate(this, confirmStyles);
  }
}

/** Everything computed for `el` and the boxes CSS can add before and after it, as one string to compare. */
function drawn(el: Element): string {
  let all = '';
  for (const pseudo of [null, '::before', '::after']) {
    const style = getComputedStyle(el, pseudo);
    for (let index = 0; index < style.length; index += 1) all += `${style.getPropertyValue(style[index]!)};`;
  }
  return all;
}

/**
 * Whether the question stands out from the bar, and each answer from its button (WCAG AA: 4.5 to
 * 1), on an opaque background. A colour this cannot read (a syntax it does not know) is not held
 * against them.
 */
function readable(dialog: Element): boolean {
  return [...dialog.querySelectorAll('.text, .button')].every((el) => {
    const style = getComputedStyle(el) as CSSStyleDeclaration & { webkitTextFillColor?: string };
    const ink = readColor(style.webkitTextFillColor || style.color);
    const behind = readColor(getComputedStyle(el.classList.contains('button') ? el : el.closest('.bar')!).backgroundColor);
    return !ink || !behind || (behind.a === 1 && ink.a === 1 && contrast(ink, behind) >= 4.5);
  });
}

export function defineConfirmationBar(): void {
  definePiece('web-agent-confirmation', ConfirmationBar);
}
