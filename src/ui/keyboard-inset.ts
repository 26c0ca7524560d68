import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { guarded } from './quietly.js';

/** Phone-sized: the bar spans the width and stands above the launcher. */
const NARROW = '(max-width: 640px)';
/** Touch or phone-sized: every control is a 44 px target (WCAG 2.5.5). */
const TOUCH = `(pointer: coarse), ${NARROW}`;

/**
 * Keeps the bar, prompt and launcher inside what the visitor sees. Phones shrink only the visual
 * viewport when a keyboard opens (Safari on iOS; Chrome on Android since 108), and Safari may scroll
 * it down within the layout viewport; pinch zoom shrinks and moves it too. A box fixed to the
 * layout viewport's edges then ends up under the keys or out of sight: how far the visual viewport's
 * bottom and top edges lie inside the layout viewport is published on the host as
 * `--web-agent-keyboard` and `--web-agent-view-top`, which every bottom and top offset adds.
 *
 * It also answers {@link media}, for the styles' phone and touch rules: they key on flags the
 * render sets instead of `@media`, because WebKitGTK 2.4x does not re-evaluate media queries inside
 * adopted stylesheets (Lit's `static styles`) after a resize: an element mounted after the viewport
 * changed got the old size's rules (a 32 px stop control on a phone). `matchMedia` answers right.
 */
export class KeyboardInset implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  /** Nothing is written on the host until the visual viewport leaves the layout one. */
  #insets = '0 0';
  #media = '';
  /**
   * The two lists, made once per element: `matches` is read from them at each render. Their
   * `change` also re-measures, for a change no viewport resize reports (a pointer that changed) and
   * for an engine that evaluates a kept list later than a new one (WebKit does so in its rendering
   * step, after the resize event).
   */
  #queries = [NARROW, TOUCH].map((query) => matchMedia(query));

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  /** Whether the viewport is phone-sized, and whether it is that or touch: `[narrow, touch]`. */
  get media(): boolean[] {
    return this.#queries.map((list) => list.matches);
  }

  hostConnected(): void {
    visualViewport?.addEventListener('resize', this.#measure, { passive: true });
    visualViewport?.addEventListener('scroll', this.#measure, { passive: true });
    for (const list of this.#queries) list.addEventListener('change', this.#measure);
    this.#measure();
  }

  hostDisconnected(): void {
    visualViewport?.removeEventListener('resize', this.#measure);
    visualViewport?.removeEventListener('scroll', this.#measure);
    for (const list of this.#queries) list.removeEventListener('change', this.#measure);
  }

  readonly #measure = guarded((): void => {
    const view = visualViewport;
    if (!view) return;
    // A resize of the window resizes the visual viewport too: the host renders the new flags.
    const media = `${this.media}`;
    if (media !== this.#media) {
      this.#media = media;
      this.#host.requestUpdate();
    }
    // The layout viewport's height, which Safari keeps when a keyboard opens (its innerHeight follows zoom).
    const top = Math.max(0, Math.round(view.offsetTop));
    const covered = Math.max(0, Math.round(document.documentElement.clientHeight - view.height - view.offsetTop));
    const insets = `${covered} ${top}`;
    if (insets === this.#insets) return;
    this.#insets = insets;
    this.#host.style.setProperty('--web-agent-keyboard', `${covered}px`);
    this.#host.style.setProperty('--web-agent-view-top', `${top}px`);
  });
}
