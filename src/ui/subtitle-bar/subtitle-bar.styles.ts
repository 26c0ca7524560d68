import { css } from 'lit';

/**
 * Styles of {@link renderSubtitleBar}; expects `themeStyles` earlier in `static styles`.
 *
 * Why some rules look the way they do (notes live here so the CSS string ships without them):
 * - `.bar`: both inline insets plus auto margins centre a fixed, fit-content box in either direction.
 * - On phones the bar spans the width, so it is lifted above the launcher in the corner, and at the top
 *   (where the launcher may have stepped too) leaves the launcher's corner free rather than the height;
 *   it stands past the open prompt (PromptPanel publishes its height), which steps to the same edge.
 * - `[data-narrow]`, `[data-touch]` (on `.ui`, see KeyboardInset.media) stand for @media; the narrow bar's
 *   `bottom` comes before the top edge's rule, whose `bottom: auto` must win.
 * - `data-edge='top'`: the bar stepped away from what the agent points at (BarPlacement).
 * - Status lines pulse a dot, not the text: fading the text would dip below AA contrast.
 */
export const subtitleBarStyles = css`
  .bar {
    position: fixed;
    z-index: var(--web-agent-z-index, 2147483000);
    inset-inline: 0;
    bottom: calc(var(--web-agent-bottom, 24px) + var(--web-agent-keyboard, 0px));
    margin-inline: auto;
    width: fit-content;
    max-width: min(720px, calc(100vw - 32px));
    max-height: 45vh;
    overflow: auto;
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    gap: 10px 12px;
    padding: 10px 16px;
    background: var(--web-agent-bg);
    color: var(--web-agent-fg);
    border: 1px solid var(--web-agent-border);
    border-radius: var(--web-agent-radius);
    box-shadow: var(--web-agent-shadow);
    touch-action: manipulation;
  }

  [data-narrow] .bar {
    bottom: calc(var(--web-agent-bottom, 24px) + var(--web-agent-keyboard, 0px) + var(--web-agent-prompt-bottom, 60px));
  }

  .bar[data-edge='top'] {
    top: calc(var(--web-agent-bottom, 24px) + var(--web-agent-view-top, 0px) + var(--web-agent-prompt-top, 0px));
    bottom: auto;
  }

  [data-narrow] .bar[data-edge='top'] {
    inset-inline: 16px 80px;
  }

  .text {
    grid-column: 1;
    margin: 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }

  .bar[data-kind='narration'] > .text {
    max-height: 5.8em;
    overflow: hidden;
  }

  .more {
    grid-column: 1;
    justify-self: end;
  }

  .pending {
    visibility: hidden;
  }

  .hint {
    grid-column: 1;
    margin: 0;
    color: var(--web-agent-muted);
    font-size: 13px;
  }

  .bar[data-kind='status'] .text::before {
    content: '';
    display: inline-block;
    width: 8px;
    height: 8px;
    margin-inline-end: 8px;
    border-radius: 50%;
    background: var(--web-agent-accent);
    vertical-align: 0.1em;
  }

  .bar[data-kind='error'] .text {
    color: var(--web-agent-error);
    font-weight: 600;
  }

  .actions {
    grid-column: 1 / -1;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin: 0;
  }

  .actions .field {
    flex: 1 1 12em;
  }

  .stop {
    grid-column: 2;
    grid-row: 1;
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 32px;
    padding: 0 12px;
    border: 1px solid var(--web-agent-border);
    border-radius: 999px;
    background: transparent;
    color: var(--web-agent-fg);
    font: inherit;
    font-size: 14px;
    cursor: pointer;
  }

  [data-touch] .stop {
    min-height: 44px;
    min-width: 44px;
  }

  .stop:hover {
    color: var(--web-agent-fg);
    background: color-mix(in srgb, var(--web-agent-fg) 8%, transparent);
  }

  @media (prefers-reduced-motion: no-preference) {
    .bar {
      animation: web-agent-bar-in 180ms ease-out;
    }

    .bar[data-kind='status'] .text::before {
      animation: web-agent-pulse 1.4s ease-in-out infinite;
    }
  }

  @keyframes web-agent-bar-in {
    from {
      opacity: 0;
      translate: 0 8px;
    }
  }

  @keyframes web-agent-pulse {
    50% {
      opacity: 0.25;
    }
  }
`;
