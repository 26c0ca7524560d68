import { css, html, nothing, type TemplateResult } from 'lit';

/** The pieces a host can replace by putting an element with `slot="…"` inside the tag. */
export type SlotName = 'launcher' | 'prompt' | 'bar' | 'confirmation';

/** The built-in pieces are wrappers (UiPiece) with no box of their own. */
export const layoutStyles = css`.ui, .ui > *, slot > * { display: contents; }`;

/**
 * What the element's shadow root holds: the overlay, then each replaceable piece in its slot.
 * A slot the host filled shows the host's element, and the built-in piece is not there at all:
 * no second live region, no second set of key listeners, nothing focusable behind it. `dir` set:
 * the UI is laid out in that direction whatever the page's; unset: it follows the page. `media`:
 * flags the styles key on instead of media queries (see KeyboardInset.media).
 */
export function renderUiLayout(host: HTMLElement, dir: 'ltr' | 'rtl' | undefined, [narrow, touch]: boolean[], onSlotChange: () => void): TemplateResult {
  const filled = (name: SlotName) => [...host.children].some((child) => child.slot === name);
  const slot = (name: SlotName, builtIn: TemplateResult) =>
    html`<slot name=${name} @slotchange=${onSlotChange}>${filled(name) ? nothing : builtIn}</slot>`;
  return html`<div class="ui" dir=${dir ?? nothing} ?data-narrow=${narrow} ?data-touch=${touch}>
    <web-agent-overlay></web-agent-overlay>
    ${slot('bar', html`<web-agent-bar></web-agent-bar>`)}
    ${slot('confirmation', html`<web-agent-confirmation></web-agent-confirmation>`)}
    ${slot('launcher', html`<web-agent-launcher .controlsPanel=${!filled('prompt')}></web-agent-launcher>`)}
    ${slot('prompt', html`<web-agent-prompt></web-agent-prompt>`)}
  </div>`;
}
