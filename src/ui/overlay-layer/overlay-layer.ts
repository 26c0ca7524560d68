import { html, nothing, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import type { OverlayController } from './overlay-controller.js';

/**
 * The overlay layer: a fixed, click-through layer with the outline or spotlight of the current
 * target. Geometry goes through `styleMap` (CSSOM), which pages with a strict `style-src` CSP allow.
 *
 * @csspart overlay - The full-viewport layer.
 * @csspart overlay-box - The outline drawn by `border()`.
 * @csspart overlay-spotlight - The hole drawn by `highlight()`; its shadow dims the rest.
 * @csspart overlay-label - The caption next to the box.
 */
export function renderOverlayLayer(controller: OverlayController): TemplateResult {
  const frame = controller.frame;
  if (!frame) return html`<div part="overlay" class="overlay" aria-hidden="true"></div>`;
  const { clip } = frame;
  // Near the top of the viewport there is no room above the box: put the caption under it.
  const labelBelow = frame.y < 28;
  return html`<div part="overlay" class="overlay" aria-hidden="true">
    <div
      class=${frame.animate ? 'frame animate' : 'frame'}
      style=${styleMap({
        transform: `translate(${frame.x}px, ${frame.y}px)`,
        width: `${frame.width}px`,
        height: `${frame.height}px`,
      })}
    >
      ${frame.mode === 'border'
        ? html`<div
            part="overlay-box"
            class="box"
            style=${styleMap({
              clipPath: `inset(${clip.top}px ${clip.right}px ${clip.bottom}px ${clip.left}px)`,
            })}
          ></div>`
        : html`<div part="overlay-spotlight" class="spotlight"></div>`}
      ${frame.label
        ? html`<div part="overlay-label" class=${labelBelow ? 'label below' : 'label'}>
            ${frame.label}
          </div>`
        : nothing}
    </div>
  </div>`;
}
