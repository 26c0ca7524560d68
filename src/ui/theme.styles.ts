import { css } from 'lit';

/**
 * Theme tokens and shared rules for everything inside the `<web-agent>` shadow root.
 *
 * Defaults are declared on `:host`, so a host page overrides them with an ordinary rule such as
 * `web-agent { --web-agent-accent: #b00020 }` (outer-document rules beat `:host` rules).
 * Colours are chosen for WCAG AA: body text ≥ 7:1 and accent/button text ≥ 4.5:1 in both schemes.
 *
 * @cssproperty --web-agent-font - Font stack of every piece.
 * @cssproperty --web-agent-bg - Surface colour of the bar, panel and buttons.
 * @cssproperty --web-agent-fg - Text colour on `--web-agent-bg`.
 * @cssproperty --web-agent-muted - Secondary text colour on `--web-agent-bg`.
 * @cssproperty --web-agent-accent - Focus rings, primary buttons, the overlay outline.
 * @cssproperty --web-agent-accent-fg - Text colour on `--web-agent-accent`.
 * @cssproperty --web-agent-error - Text colour of error lines.
 * @cssproperty --web-agent-radius - Corner radius of the bar and panel.
 * @cssproperty --web-agent-z-index - Stacking level of the UI (the overlay sits one below).
 * @cssproperty --web-agent-bottom - Distance of the bar and launcher from the bottom of the viewport.
 *
 * Why some rules look the way they do (notes live here so the CSS string ships without them):
 * - `:host` resets inherited text properties, which would otherwise leak in from the host page.
 * - `:host` is out of flow wherever it is pasted: inline it added a line box (its own font and line
 *   height), and in a flex or grid container an item and a gap. Absolute, not fixed: a fixed host
 *   would be a stacking context and cap the UI's z-index; `display: contents` would still leave
 *   the shadow tree's text nodes in the line.
 * - `:focus-visible` only: pointer clicks keep the quiet look, keyboard focus always gets a ring.
 * - No `:host([dir=rtl])` overrides are needed: `dir` on the element (or any ancestor) sets
 *   `direction`, which inherits into the shadow root, and every piece positions itself with logical
 *   properties (`inset-inline-end`, `margin-inline`, `text-align: start`).
 */
export const themeStyles = css`
  :host {
    --web-agent-font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue',
      Arial, sans-serif;
    --web-agent-bg: #ffffff;
    --web-agent-fg: #1b1c1f;
    --web-agent-muted: #4f535c;
    --web-agent-accent: #1d4ed8;
    --web-agent-accent-fg: #ffffff;
    --web-agent-error: #b3261e;
    --web-agent-border: rgb(0 0 0 / 0.14);
    --web-agent-shadow: 0 8px 28px rgb(0 0 0 / 0.18), 0 1px 3px rgb(0 0 0 / 0.12);
    --web-agent-dim: rgb(0 0 0 / 0.5);
    --web-agent-radius: 14px;
    --web-agent-z-index: 2147483000;
    --web-agent-bottom: 24px;

    position: absolute;
    font-family: var(--web-agent-font);
    font-size: 15px;
    font-weight: 400;
    font-style: normal;
    line-height: 1.45;
    letter-spacing: normal;
    text-align: start;
    text-transform: none;
    color: var(--web-agent-fg);
    color-scheme: light;
  }

  @media (prefers-color-scheme: dark) {
    :host {
      --web-agent-bg: #1e1f24;
      --web-agent-fg: #f1f2f5;
      --web-agent-muted: #b7bbc5;
      --web-agent-accent: #8ab4ff;
      --web-agent-accent-fg: #0b1a33;
      --web-agent-error: #ffb4ab;
      --web-agent-border: rgb(255 255 255 / 0.16);
      --web-agent-shadow: 0 8px 28px rgb(0 0 0 / 0.5), 0 1px 3px rgb(0 0 0 / 0.4);
      --web-agent-dim: rgb(0 0 0 / 0.62);
      color-scheme: dark;
    }
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  :focus-visible {
    outline: 2px solid var(--web-agent-accent);
    outline-offset: 2px;
  }

  .visually-hidden {
    position: absolute !important;
    width: 1px !important;
    height: 1px !important;
    margin: -1px !important;
    padding: 0 !important;
    overflow: hidden !important;
    clip-path: inset(50%) !important;
    white-space: nowrap !important;
    border: 0 !important;
  }

  button,
  input {
    font: inherit;
    color: inherit;
    letter-spacing: inherit;
  }

  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.4em;
    min-height: 32px;
    padding: 0.3em 0.9em;
    border: 1px solid var(--web-agent-border);
    border-radius: 999px;
    background: var(--web-agent-bg);
    color: var(--web-agent-fg);
    font-weight: 600;
    cursor: pointer;
    white-space: nowrap;
  }

  .button:hover {
    background: color-mix(in srgb, var(--web-agent-fg) 8%, var(--web-agent-bg));
  }

  .button.primary {
    border-color: var(--web-agent-accent);
    background: var(--web-agent-accent);
    color: var(--web-agent-accent-fg);
  }

  .button.primary:hover {
    background: color-mix(in srgb, var(--web-agent-accent) 88%, var(--web-agent-fg));
  }

  .button:disabled {
    cursor: default;
    opacity: 0.55;
  }

  .field {
    min-width: 0;
    min-height: 32px;
    padding: 0.3em 0.75em;
    border: 1px solid color-mix(in srgb, var(--web-agent-fg) 45%, transparent);
    border-radius: 8px;
    background: var(--web-agent-bg);
  }

  .field::placeholder {
    color: var(--web-agent-muted);
    opacity: 1;
  }

  /* Phones and touch screens: every control is a 44 px target (WCAG 2.5.5). */
  [data-touch] :is(.button, .link, .field) {
    min-height: 44px;
    min-width: 44px;
  }
`;
