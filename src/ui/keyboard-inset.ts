import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Keeps the bar, prompt and launcher above an on-screen keyboard. Phones shrink only the visual
 * viewport when a keyboard opens (Safari on iOS; Chrome on Android since 108), so a box fixed to the
 * bottom of the layout viewport ends up under the keys: the height the keyboard takes from the
 * bottom is published as `--web-agent-keyboard` on the host, which every bottom offset adds.
 */
export class KeyboardInset implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  /** Nothing is written on the host until a keyboard is there. */
  #covered = 0;

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
    // Pinch zoom also shrinks the visual viewport: only the part below it counts, and only at scale 1.
    const covered = view.scale > 1.01 ? 0 : Math.max(0, Math.round(innerHeight - view.height - view.offsetTop));
    if (covered === this.#covered) return;
    this.#covered = covered;
    this.#host.style.setProperty('--web-agent-keyboard', `${covered}px`);
  };
}
