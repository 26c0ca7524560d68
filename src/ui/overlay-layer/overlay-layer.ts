import { html, nothing, type TemplateResult } from 'lit';
import type { WebAgentContext } from '../context/web-agent-context.js';
import { definePiece, UiPiece } from '../context/ui-piece.js';
import { cssomStyle } from './cssom-style.js';
import { OverlayController, type OverlayFrame } from './overlay-controller.js';
import { overlayLayerStyles } from './overlay-layer.styles.js';
import { adoptLate } from '../late-styles.js';
import { zoomAt } from '../../dom/platform.js';

/** Height a caption needs above its box; nearer the top of the viewport it goes below the box. */
const LABEL_ROOM = 28;

/**
 * The overlay layer: a fixed, click-through layer with the outlines and the spotlight the agent
 * shows. Geometry goes through CSSOM only (`cssomStyle`), which pages with a strict `style-src` CSP allow.
 *
 * @csspart overlay - The full-viewport layer.
 * @csspart overlay-box - An outline: drawn by `border`, and around the element an action works on.
 * @csspart overlay-cue - Also on the outline around the element the current action works on.
 * @csspart overlay-spotlight - The hole drawn by `highlight`; its shadow dims the rest.
 * @csspart overlay-label - The caption next to a box.
 */
export function renderOverlayLayer(controller: OverlayController, zoom = 1): TemplateResult {
  // Boxes are in the page's pixels: a `zoom` the host set around us (on body, say) is undone.
  return html`<div part="overlay" class="overlay" aria-hidden="true" ${cssomStyle(zoom === 1 ? {} : { zoom: String(1 / zoom) })}>
    ${controller.frames.map(renderFrame)}
  </div>`;
}

function renderFrame(frame: OverlayFrame): TemplateResult {
  const { clip } = frame;
  const shape =
    frame.mode === 'spotlight'
      ? html`<div part="overlay-spotlight" class="spotlight"></div>`
      : html`<div
          part=${frame.mode === 'cue' ? 'overlay-box overlay-cue' : 'overlay-box'}
          class="box"
          ${cssomStyle({ 'clip-path': `inset(${clip.top}px ${clip.right}px ${clip.bottom}px ${clip.left}px)` })}
        ></div>`;
  // The caption belongs to the part of the box that can be seen, not to the part a container hides.
  const labelBelow = frame.y + clip.top < LABEL_ROOM;
  const label = frame.label
    ? html`<div
        class="visible"
        ${cssomStyle({ top: `${clip.top}px`, right: `${clip.right}px`, bottom: `${clip.bottom}px`, left: `${clip.left}px` })}
      >
        <div part="overlay-label" class=${labelBelow ? 'label below' : 'label'}>${frame.label}</div>
      </div>`
    : nothing;
  return html`<div
    class=${frame.animate ? 'frame animate' : 'frame'}
    data-mode=${frame.mode}
    ${cssomStyle({
      transform: `translate(${frame.x}px, ${frame.y}px)`,
      width: `${frame.width}px`,
      height: `${frame.height}px`,
    })}
  >
    ${shape}${label}
  </div>`;
}

/** The overlay as a piece: draws the context's `overlay` marks and cue, and follows them as they move. */
export class OverlayLayer extends UiPiece {
  #controller = new OverlayController(this);
  #drawn: WebAgentContext['overlay'] | undefined;

  protected override contextChanged({ overlay }: WebAgentContext): void {
    const drawn = this.#drawn;
    this.#drawn = overlay;
    const marksChanged = overlay.items !== drawn?.items;
    // Drawing new marks drops the cue, so a cue that came with them is drawn again after.
    if (marksChanged) this.#controller.show(overlay.items);
    if (overlay.cue !== drawn?.cue || (marksChanged && overlay.cue)) this.#controller.cue(overlay.cue);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptLate(this, overlayLayerStyles);
  }

  override render() {
    return renderOverlayLayer(this.#controller, zoomAt(this));
  }
}

export function defineOverlayLayer(): void {
  definePiece('web-agent-overlay', OverlayLayer);
}
