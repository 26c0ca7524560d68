import { css } from 'lit';

/** Styles of {@link renderPromptInput}; expects `themeStyles` earlier in `static styles`. */
export const promptInputStyles = css`
  .launcher {
    position: fixed;
    z-index: var(--web-agent-z-index, 2147483000);
    bottom: calc(var(--web-agent-bottom, 24px) + var(--web-agent-keyboard, 0px));
    inset-inline-end: 24px;
    display: grid;
    place-items: center;
    width: 48px;
    height: 48px;
    padding: 0;
    border: 0;
    border-radius: 50%;
    background: var(--web-agent-accent);
    color: var(--web-agent-accent-fg);
    box-shadow: var(--web-agent-shadow);
    cursor: pointer;
  }

  /* Stepped away from what the agent points at (BarPlacement), as the bar does. */
  .launcher[data-edge='top'] {
    top: calc(var(--web-agent-bottom, 24px) + var(--web-agent-view-top, 0px));
    bottom: auto;
  }

  .prompt[data-edge='top'] {
    top: calc(var(--web-agent-bottom, 24px) + var(--web-agent-view-top, 0px) + 60px);
    bottom: auto;
  }

  .launcher:hover {
    background: color-mix(in srgb, var(--web-agent-accent) 88%, var(--web-agent-fg));
  }

  .launcher[aria-expanded='true'] {
    outline: 2px solid var(--web-agent-bg);
    outline-offset: -4px;
  }

  .launcher:focus-visible {
    outline: 2px solid var(--web-agent-accent);
    outline-offset: 3px;
  }

  .prompt {
    position: fixed;
    z-index: var(--web-agent-z-index, 2147483000);
    bottom: calc(var(--web-agent-bottom, 24px) + var(--web-agent-keyboard, 0px) + 60px);
    inset-inline-end: 24px;
    width: min(380px, calc(100vw - 32px));
    display: grid;
    gap: 8px;
    margin: 0;
    padding: 12px;
    background: var(--web-agent-bg);
    color: var(--web-agent-fg);
    border: 1px solid var(--web-agent-border);
    border-radius: var(--web-agent-radius);
    box-shadow: var(--web-agent-shadow);
  }

  [data-narrow] .prompt {
    inset-inline-end: 16px;
  }

  .prompt-head {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 8px;
  }

  .prompt-label {
    font-weight: 600;
  }

  .link {
    flex: none;
    padding: 2px 4px;
    border: 0;
    border-radius: 4px;
    background: none;
    color: var(--web-agent-fg);
    font-size: 0.87em;
    text-decoration: underline;
    text-underline-offset: 2px;
    cursor: pointer;
  }

  .history {
    max-height: min(40vh, 320px);
    overflow-y: auto;
    display: grid;
    gap: 6px;
    margin: 0;
    padding: 8px;
    list-style: none;
    border: 1px solid var(--web-agent-border);
    border-radius: 8px;
    overflow-wrap: anywhere;
  }

  .history-text {
    white-space: pre-line;
  }

  .history-who {
    display: block;
    color: var(--web-agent-muted);
    font-size: 0.8em;
    font-weight: 600;
  }

  .history-end,
  .history-empty {
    color: var(--web-agent-muted);
    font-size: 0.87em;
  }

  .history-end {
    padding-block-end: 4px;
    border-block-end: 1px solid var(--web-agent-border);
  }

  .prompt-row {
    display: flex;
    gap: 8px;
  }

  .count {
    margin: 0;
    color: var(--web-agent-muted);
    font-size: 13px;
    text-align: end;
  }

  .prompt-row .field {
    flex: 1;
  }

  @media (prefers-reduced-motion: no-preference) {
    .prompt {
      animation: web-agent-prompt-in 160ms ease-out;
      transform-origin: bottom right;
    }

    .prompt:dir(rtl) {
      transform-origin: bottom left;
    }
  }

  @keyframes web-agent-prompt-in {
    from {
      opacity: 0;
      scale: 0.96;
    }
  }
`;
