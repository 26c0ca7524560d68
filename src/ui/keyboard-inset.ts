import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Keeps the bar, prompt and launcher inside what the visitor sees. Phones shrink only the visual
 * viewport when a keyboard opens (Safari on iOS; Chrome on Android since 108), and Safari may scroll
 * it down within the layout viewport; pinch zoom shrinks and moves it too. A box fixed to the
 * layout viewport's edges then ends up under the keys or out of sight: how far the visual viewport's
 * bottom and top edges lie inside the layout viewport is published on the host as
 * `--web-agent-keyboard` and `--web-agent-view-top`, which every bottom and top offset adds.
 */
export class KeyboardInset implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  /** Nothing is written on the host until the visual viewport leaves the layout one. */
  #insets = '0 0';

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    visualViewport?.addEventListener('resize', this.#measure, { passive: true });
    visualViewport?.addEventListener('scroll', this.#measure, { passive: true });
    this.#measure();
  }

  hostDisconnected(): void {
    visualViewport?.removeEventListener('resize', this.#measure);
    visualViewport?.removeEventListener('scroll', this.#measure);
  }

  readonly #measure = (): void => {
    const view = visualViewport;
    if (!view) return;
    // The layout viewport's height, which Safari keeps when a keyboard opens (its innerHeight follows zoom).
    const top = Math.max(0, Math.round(view.offsetTop));
    const covered = Math.max(0, Math.round(document.documentElement.clientHeight - view.height - view.offsetTop));
    const insets = `${covered} ${top}`;
    if (insets === this.#insets) return;
    this.#insets = insets;
    this.#host.style.setProperty('--web-agent-keyboard', `${covered}px`);
    this.#host.style.setProperty('--web-agent-view-top', `${top}px`);
  };
}
