import type { ReactiveController } from 'lit';
import type { UiPiece } from '../context/ui-piece.js';
import { guarded } from '../quietly.js';

/** Room kept between the bar and what it stepped away from. */
const GAP = 8;

export type BarEdge = 'bottom' | 'top';

/**
 * Keeps the bar (or the piece's other box named by `part`: the prompt, the launcher) off what the agent points at. The agent scrolls its subject into the part of the
 * viewport our UI leaves clear, but a subject at the very end of a page cannot scroll any higher:
 * when the bar, at the bottom, would lie over the current action's element or an outlined one,
 * it moves to the top edge (while the subject does not reach up there too), and back once clear.
 * Re-checked after each render and whenever anything scrolls or what is seen (keyboard, zoom) resizes or pans.
 */
export class BarPlacement implements ReactiveController {
  #piece: UiPiece;
  #edge: BarEdge = 'bottom';
  /** Where the bar's top is when it sits at the bottom: measured there, used while it is away. */
  #bottomTop: number | undefined;
  #frame = 0;
  #part: string;

  constructor(piece: UiPiece, part = 'bar') {
    this.#piece = piece;
    this.#part = part;
    piece.addController(this);
  }

  get edge(): BarEdge {
    return this.#edge;
  }

  hostConnected(): void {
    addEventListener('scroll', this.#schedule, { capture: true, passive: true });
    addEventListener('resize', this.#schedule, { passive: true });
    visualViewport?.addEventListener('resize', this.#schedule, { passive: true });
    // A keyboard or zoom pans what is seen without scrolling anything.
    visualViewport?.addEventListener('scroll', this.#schedule, { passive: true });
  }

  hostDisconnected(): void {
    removeEventListener('scroll', this.#schedule, { capture: true });
    removeEventListener('resize', this.#schedule);
    visualViewport?.removeEventListener('resize', this.#schedule);
    visualViewport?.removeEventListener('scroll', this.#schedule);
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  hostUpdated(): void {
    this.#place();
  }

  readonly #schedule = guarded((): void => {
    this.#frame ||= requestAnimationFrame(() => {
      this.#frame = 0;
      this.#place();
    });
  });

  #place(): void {
    const bar = this.#piece.querySelector(`.${this.#part}`);
    const overlay = this.#piece.context?.overlay;
    if (!bar || !overlay) return;
    const rect = bar.getBoundingClientRect();
    if (this.#edge === 'bottom') this.#bottomTop = rect.top;
    // What the visitor sees: a keyboard or zoom shrinks the visual viewport (KeyboardInset keeps the bar inside it).
    const view = visualViewport;
    const top = view?.offsetTop ?? 0;
    const bottom = view ? top + view.height : document.documentElement.clientHeight;
    const bottomZone = { top: (this.#bottomTop ?? bottom - rect.height) - GAP, bottom };
    // At the top it takes no more than it took at the bottom.
    const topZone = { top, bottom: top + bottom - bottomZone.top };
    const subjects = [overlay.cue, ...overlay.items.map((item) => item.target)].flatMap((element) =>
      element?.isConnected ? [element.getBoundingClientRect()] : [],
    );
    const under = (zone: { top: number; bottom: number }) =>
      subjects.some((subject) => subject.width + subject.height > 0 && subject.top < zone.bottom && subject.bottom > zone.top && subject.left < rect.right && subject.right > rect.left);
    const edge: BarEdge = under(bottomZone) && !under(topZone) ? 'top' : 'bottom';
    if (edge === this.#edge) return;
    this.#edge = edge;
    this.#piece.requestUpdate();
  }
}
