import { ContextEvent } from '@lit/context';
import { LitElement } from 'lit';
import { drawQuietly, quietly } from '../quietly.js';
import { webAgentContext, type WebAgentContext } from './web-agent-context.js';

/**
 * A built-in piece of the UI (launcher, prompt, bar, confirmation, overlay): a consumer of
 * {@link webAgentContext} like any piece a host puts in the element's slots, and nothing more.
 *
 * It renders into itself, not into a shadow root of its own, so everything stays in the one
 * shadow tree of `<web-agent>`: its styles (the element's; a piece whose code loads with
 * the first task adds its own to that root when it connects, see adoptLate), `::part()` theming, ids for ARIA
 * references, and `shadowRoot.activeElement`. The element's styles give it `display: contents`,
 * so the wrapper never takes part in layout.
 */
/**
 * What a built-in piece dispatches (bubbling, composed) when it cannot do its part, with
 * `detail: { code, message }`; `<web-agent>` reports it as an `error` event and stops it there.
 */
export const PIECE_ERROR = 'web-agent-piece-error';

export class UiPiece extends LitElement {
  #context: WebAgentContext | undefined;
  #unsubscribe: (() => void) | undefined;
  #drawFailed = false;

  /** The latest snapshot; undefined until a provider answered. */
  get context(): WebAgentContext | undefined {
    return this.#context;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A plain protocol request, exactly what a host's own piece sends: the built-in pieces get nothing more.
    const request = new ContextEvent(
      webAgentContext,
      this,
      (context, unsubscribe) => {
        this.#unsubscribe = unsubscribe;
        this.#context = context;
        this.requestUpdate();
        // A piece that cannot take the news (a page broke a built-in) must not break the provider's loop.
        quietly(() => this.contextChanged(context));
      },
      true,
    );
    this.dispatchEvent(request);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  /** Called synchronously with every snapshot, before the piece renders it (its `updateComplete` awaits that render). */
  protected contextChanged(_context: WebAgentContext): void {}

  /** A render that throws is reported once, never thrown at the host page (see {@link drawQuietly}). */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const drawn = drawQuietly(() => super.scheduleUpdate(), this.#drawFailed);
    this.#drawFailed = drawn.failed;
    return drawn.value;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }
}

/** Defines a piece's tag once; a page that already has one (loaded twice) keeps the first. */
export function definePiece(tag: string, piece: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, piece);
}
