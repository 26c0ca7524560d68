import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { visibleArea, type Box } from './visible-area.js';

export interface OverlayOptions {
  /** Short caption drawn next to the box, e.g. what the agent is pointing at. */
  label?: string;
}

export type OverlayMode = 'border' | 'spotlight';

/** Everything the render function needs for one frame, in viewport pixels. */
export interface OverlayFrame {
  mode: OverlayMode;
  /** The target's rectangle grown by {@link OVERLAY_PADDING} on every side. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** How much of each side of the box to cut away because a scroll container hides it there. */
  clip: Box;
  label: string | undefined;
  /** True right after the box moved to a new target: glide there. Following scroll must not lag. */
  animate: boolean;
}

/** Gap between the target's edge and the inside of the outline. */
export const OVERLAY_PADDING = 4;
/** Room kept around a clip edge so an outline hugging its container stays whole. */
const CLIP_ALLOWANCE = OVERLAY_PADDING + 2;

/**
 * Draws an outline or a spotlight over a page element without touching the element: the layer lives
 * in our shadow root and re-measures the target on scroll (any scroll container), resize, the target's
 * own size changes and DOM changes, at most once per animation frame.
 */
export class OverlayController implements ReactiveController {
  private readonly host: ReactiveControllerHost;
  private target: Element | undefined;
  private mode: OverlayMode = 'border';
  private label: string | undefined;
  private current: OverlayFrame | undefined;
  private animateNext = false;
  private frameRequest = 0;
  private resizeObserver: ResizeObserver | undefined;
  private mutationObserver: MutationObserver | undefined;

  constructor(host: ReactiveControllerHost) {
    this.host = host;
    host.addController(this);
  }

  /** What to draw now; undefined when nothing is shown or the target is scrolled out of its container. */
  get frame(): OverlayFrame | undefined {
    return this.current;
  }

  /** Outlines `target`; `null` clears. */
  border(target: Element | null, { label }: OverlayOptions = {}): void {
    this.show('border', target, label);
  }

  /** Dims the page except for a hole over `target`; `null` clears. */
  highlight(target: Element | null, { label }: OverlayOptions = {}): void {
    this.show('spotlight', target, label);
  }

  clear(): void {
    this.stopFollowing();
    this.target = undefined;
    if (this.current) {
      this.current = undefined;
      this.host.requestUpdate();
    }
  }

  hostDisconnected(): void {
    this.clear();
  }

  private show(mode: OverlayMode, target: Element | null, label: string | undefined): void {
    if (!target?.isConnected) {
      this.clear();
      return;
    }
    if (target !== this.target) {
      this.stopFollowing();
      this.target = target;
      this.follow(target);
    }
    // Glide only between two shown boxes; a box appearing from nowhere simply appears.
    this.animateNext = this.current !== undefined && this.current.mode === mode;
    this.mode = mode;
    this.label = label;
    this.measure();
  }

  private follow(target: Element): void {
    addEventListener('scroll', this.schedule, { capture: true, passive: true });
    addEventListener('resize', this.schedule, { passive: true });
    this.resizeObserver = new ResizeObserver(this.schedule);
    this.resizeObserver.observe(target);
    // Content inserted above the target, or a class that changes layout, moves it without any
    // scroll or resize; this also notices the target leaving the document. Only attributes that
    // commonly change layout are watched, so busy `aria-*`/`data-*` churn costs nothing.
    this.mutationObserver = new MutationObserver(this.schedule);
    this.mutationObserver.observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributeFilter: ['class', 'style', 'hidden', 'open'],
    });
  }

  private stopFollowing(): void {
    removeEventListener('scroll', this.schedule, { capture: true });
    removeEventListener('resize', this.schedule);
    this.resizeObserver?.disconnect();
    this.mutationObserver?.disconnect();
    this.resizeObserver = undefined;
    this.mutationObserver = undefined;
    cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
  }

  private readonly schedule = (): void => {
    this.frameRequest ||= requestAnimationFrame(() => {
      this.frameRequest = 0;
      this.measure();
    });
  };

  private measure(): void {
    const target = this.target;
    if (!target?.isConnected) {
      this.clear();
      return;
    }
    const next = this.frameFor(target);
    this.animateNext = false;
    if (!sameFrame(this.current, next)) {
      this.current = next;
      this.host.requestUpdate();
    }
  }

  private frameFor(target: Element): OverlayFrame | undefined {
    const rect = target.getBoundingClientRect();
    const area = visibleArea(target);
    const x = rect.left - OVERLAY_PADDING;
    const y = rect.top - OVERLAY_PADDING;
    const width = rect.width + 2 * OVERLAY_PADDING;
    const height = rect.height + 2 * OVERLAY_PADDING;
    const clip: Box = {
      top: Math.max(0, area.top - CLIP_ALLOWANCE - y),
      right: Math.max(0, x + width - (area.right + CLIP_ALLOWANCE)),
      bottom: Math.max(0, y + height - (area.bottom + CLIP_ALLOWANCE)),
      left: Math.max(0, area.left - CLIP_ALLOWANCE - x),
    };
    if (clip.top + clip.bottom >= height || clip.left + clip.right >= width) return undefined;
    const frame = { mode: this.mode, x, y, width, height, clip, label: this.label };
    if (this.mode === 'border') return { ...frame, animate: this.animateNext };
    // A spotlight's hole is only the visible part: dimming must cover what the container hides.
    return {
      ...frame,
      x: x + clip.left,
      y: y + clip.top,
      width: width - clip.left - clip.right,
      height: height - clip.top - clip.bottom,
      clip: { top: 0, right: 0, bottom: 0, left: 0 },
      animate: this.animateNext,
    };
  }
}

/** Ignores `animate`: the measurement right after a move must not cut the glide short. */
function sameFrame(a: OverlayFrame | undefined, b: OverlayFrame | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.mode === b.mode &&
    a.label === b.label &&
    (['x', 'y', 'width', 'height'] as const).every((key) => Math.abs(a[key] - b[key]) < 0.5) &&
    (['top', 'right', 'bottom', 'left'] as const).every(
      (key) => Math.abs(a.clip[key] - b.clip[key]) < 0.5,
    )
  );
}
