import { css } from 'lit';

/**
 * Styles of {@link renderOverlayLayer}, adopted when the overlay connects (after the element's `themeStyles`).
 *
 * Why some rules look the way they do (notes live here so the CSS string ships without them):
 * - `.overlay` sits one z-index below the bar and launcher, so a spotlight never dims our controls.
 * - `.spotlight` casts a shadow spread larger than any viewport: it dims everything around the hole
 *   wherever the hole is.
 * - `.visible` covers the part of a box its scroll containers leave visible; the caption sits on it,
 *   so a half-hidden target's caption stays next to what can be seen.
 * - `.box` is two-tone (the accent between thin rings of the surface colour), so it stands out on
 *   light and dark pages alike, whatever scheme the visitor's UI is in.
 * - Motion: the glide (`.frame.animate`) is only ever set when the visitor has no reduced-motion
 *   preference (the controller checks), and the media query below guards it and the fade-in again.
 */
export const overlayLayerStyles = css`
  .overlay {
    position: fixed;
    inset: 0;
    z-index: calc(var(--web-agent-z-index, 2147483000) - 1);
    overflow: hidden;
    pointer-events: none;
  }

  .frame {
    position: absolute;
    top: 0;
    left: 0;
  }

  .box,
  .spotlight {
    position: absolute;
    inset: 0;
    border-radius: 6px;
  }

  .box {
    border: 2px solid var(--web-agent-accent);
    box-shadow:
      inset 0 0 0 1px var(--web-agent-bg),
      0 0 0 1px var(--web-agent-bg),
      0 0 0 5px color-mix(in srgb, var(--web-agent-accent) 22%, transparent);
  }

  .spotlight {
    box-shadow:
      0 0 0 2px var(--web-agent-accent),
      0 0 0 200vmax var(--web-agent-dim);
  }

  .visible {
    position: absolute;
  }

  .label {
    position: absolute;
    inset-inline-start: 0;
    bottom: calc(100% + 4px);
    max-width: min(320px, 80vw);
    padding: 2px 8px;
    border-radius: 6px;
    background: var(--web-agent-accent);
    color: var(--web-agent-accent-fg);
    font-size: 13px;
    font-weight: 600;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }

  .label.below {
    top: calc(100% + 4px);
    bottom: auto;
  }

  @media (prefers-reduced-motion: no-preference) {
    .frame.animate {
      transition:
        transform 180ms ease-out,
        width 180ms ease-out,
        height 180ms ease-out;
    }

    .box,
    .spotlight {
      animation: web-agent-overlay-in 160ms ease-out;
    }
  }

  @keyframes web-agent-overlay-in {
    from {
      opacity: 0;
    }
  }
`;
