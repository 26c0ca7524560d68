import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { documentsAround, measureTarget, type Box } from './visible-area.js';
import { cancelFrame, nextFrame } from '../../dom/platform.js';
import { guarded } from '../quietly.js';

/** What the agent asked to show: `border` outlines, `highlight` dims the page around the target. */
export interface OverlayMark {
  kind: 'border' | 'highlight';
  target: Element;
  label?: string;
}

export interface OverlayOptions {
  /** Short caption drawn next to the box, e.g. what the agent is pointing at. */
  label?: string;
}

export interface OverlayControllerOptions {
  /** Whether the visitor asked for less motion; read at each move. Defaults to the media query. */
  prefersReducedMotion?: () => boolean;
}

export type OverlayMode = 'border' | 'spotlight' | 'cue';

/** One box to draw, in viewport pixels. */
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
/** Movements nothing reports (an image loading above, a CSS transition) are caught by this poll. */
const POLL_MS = 250;

interface Tracked {
  mode: OverlayMode;
  target: Element;
  label: string | undefined;
}

/**
 * Draws outlines and a spotlight over page elements without touching them: the layer lives in our
 * shadow root and re-measures its targets on scroll (any container, any same-origin frame), resize,
 * the targets' own size changes and DOM changes, at most once per animation frame.
 *
 * Two layers of marks, so that one never erases the other:
 * - the guide: what the agent explicitly shows (`border`, `highlight`); every border is drawn, and
 *   the first highlight as the spotlight (holes cannot be combined: each one's shade would cover
 *   the others), any further highlight as an outline. A new guide replaces the old one.
 * - the cue: the outline on the element the current action works on. It moves from action to
 *   action, is dropped when the agent draws a new guide, and never removes the guide.
 * Both clear on {@link clear} (navigation, end of the run) and when the page's path changes.
 */
export class OverlayController implements ReactiveController {
  #host: ReactiveControllerHost;
  #prefersReducedMotion: () => boolean;
  #guide: Tracked[] = [];
  #cue: Tracked | undefined;
  #frames: OverlayFrame[] = [];
  #animateNext = false;
  #page = '';
  #frameRequest = 0;
  #poll: ReturnType<typeof setInterval> | undefined;
  #watching: Array<() => void> = [];

  constructor(host: ReactiveControllerHost, options: OverlayControllerOptions = {}) {
    this.#host = host;
    this.#prefersReducedMotion =
      options.prefersReducedMotion ?? (() => matchMedia('(prefers-reduced-motion: reduce)').matches);
    host.addController(this);
  }

  /** What to draw now; spotlight first so outlines sit above its shade. Hidden targets are left out. */
  get frames(): readonly OverlayFrame[] {
    return this.#frames;
  }

  /** Replaces the guide with `marks` (an empty list clears everything) and drops the cue. */
  show(marks: readonly OverlayMark[]): void {
    let spotlight = false;
    const guide: Tracked[] = [];
    for (const mark of marks) {
      if (!mark.target?.isConnected) continue;
      const mode = mark.kind === 'highlight' && !spotlight ? 'spotlight' : 'border';
      if (mode === 'spotlight') spotlight = true;
      guide.push({ mode, target: mark.target, label: mark.label || undefined });
    }
    // The spotlight goes first: its shade must not cover the outlines drawn with it.
    guide.sort((a, b) => Number(b.mode === 'spotlight') - Number(a.mode === 'spotlight'));
    this.#update(guide, undefined);
  }

  /** Outlines the element an action is about to work on; `null` removes the cue. The guide stays. */
  cue(target: Element | null | undefined): void {
    const cue = target?.isConnected ? { mode: 'cue' as const, target, label: undefined } : undefined;
    this.#update(this.#guide, cue);
  }

  /** Shows only an outline around `target`; `null` clears. */
  border(target: Element | null, { label }: OverlayOptions = {}): void {
    this.show(target ? [{ kind: 'border', target, label }] : []);
  }

  /** Shows only a spotlight on `target`; `null` clears. */
  highlight(target: Element | null, { label }: OverlayOptions = {}): void {
    this.show(target ? [{ kind: 'highlight', target, label }] : []);
  }

  clear(): void {
    this.#update([], undefined);
  }

  hostDisconnected(): void {
    this.clear();
  }

  #update(guide: Tracked[], cue: Tracked | undefined): void {
    const before = this.#tracked();
    this.#guide = guide;
    this.#cue = cue;
    const after = this.#tracked();
    // Glide only when one box moves to another target; several boxes, or a box appearing from
    // nowhere, simply appear. Never under prefers-reduced-motion.
    this.#animateNext =
      before.length === 1 &&
      after.length === 1 &&
      before[0]!.target !== after[0]!.target &&
      (before[0]!.mode === 'spotlight') === (after[0]!.mode === 'spotlight') &&
      this.#frames.length === 1 &&
      !this.#prefersReducedMotion();
    this.#page = location.pathname + location.search;
    this.#watch(after);
    this.#measure();
  }

  #tracked(): Tracked[] {
    // The cue is not drawn twice over an element the guide already outlines.
    const cue = this.#cue;
    if (!cue || this.#guide.some((mark) => mark.target === cue.target)) return this.#guide;
    return [...this.#guide, cue];
  }

  #watch(tracked: Tracked[]): void {
    for (const stop of this.#watching.splice(0)) stop();
    clearInterval(this.#poll);
    this.#poll = undefined;
    if (!tracked.length) return;
    const resizes = new ResizeObserver(this.#schedule);
    const mutations = new MutationObserver(this.#schedule);
    const windows = new Set<Window>();
    for (const { target } of tracked) {
      resizes.observe(target);
      for (const document of documentsAround(target)) {
        const view = document.defaultView;
        if (!view || windows.has(view)) continue;
        windows.add(view);
        resizes.observe(document.documentElement);
        // Content inserted above a target, or a class that changes layout, moves it without any
        // scroll or resize; this also notices a target leaving the document. Only attributes that
        // commonly change layout are watched, so busy `aria-*`/`data-*` churn costs nothing.
        mutations.observe(document.documentElement, {
          childList: true,
          subtree: true,
          attributeFilter: ['class', 'style', 'hidden', 'open'],
        });
        view.addEventListener('scroll', this.#schedule, { capture: true, passive: true });
        view.addEventListener('resize', this.#schedule, { passive: true });
        this.#watching.push(() => {
          view.removeEventListener('scroll', this.#schedule, { capture: true });
          view.removeEventListener('resize', this.#schedule);
        });
      }
    }
    this.#watching.push(() => {
      resizes.disconnect();
      mutations.disconnect();
      cancelFrame(this.#frameRequest);
      this.#frameRequest = 0;
    });
    this.#poll = setInterval(this.#schedule, POLL_MS);
  }

  readonly #schedule = (): void => {
    this.#frameRequest ||= nextFrame(guarded(() => {
      this.#frameRequest = 0;
      this.#measure();
    }));
  };

  #measure(): void {
    // A route change in a single-page app is a navigation too: what we pointed at belongs to the old page.
    if (location.pathname + location.search !== this.#page) return this.clear();
    const gone = (mark: Tracked | undefined) => mark !== undefined && !mark.target.isConnected;
    if (this.#guide.some(gone) || gone(this.#cue)) {
      this.#guide = this.#guide.filter((mark) => !gone(mark));
      if (gone(this.#cue)) this.#cue = undefined;
      this.#watch(this.#tracked());
    }
    const animate = this.#animateNext;
    this.#animateNext = false;
    const next: OverlayFrame[] = [];
    for (const mark of this.#tracked()) {
      const frame = frameFor(mark, animate);
      if (frame) next.push(frame);
    }
    if (!sameFrames(this.#frames, next)) {
      this.#frames = next;
      this.#host.requestUpdate();
    }
  }
}

function frameFor({ mode, target, label }: Tracked, animate: boolean): OverlayFrame | undefined {
  const { rect, area } = measureTarget(target);
  const x = rect.left - OVERLAY_PADDING;
  const y = rect.top - OVERLAY_PADDING;
  const width = rect.right - rect.left + 2 * OVERLAY_PADDING;
  const height = rect.bottom - rect.top + 2 * OVERLAY_PADDING;
  const clip: Box = {
    top: Math.max(0, area.top - CLIP_ALLOWANCE - y),
    right: Math.max(0, x + width - (area.right + CLIP_ALLOWANCE)),
    bottom: Math.max(0, y + height - (area.bottom + CLIP_ALLOWANCE)),
    left: Math.max(0, area.left - CLIP_ALLOWANCE - x),
  };
  // Scrolled out of its container (or with no box at all): nothing to point at.
  if (clip.top + clip.bottom >= height || clip.left + clip.right >= width) return undefined;
  if (rect.right - rect.left === 0 && rect.bottom - rect.top === 0) return undefined;
  if (mode !== 'spotlight') return { mode, x, y, width, height, clip, label, animate };
  // A spotlight's hole is only the visible part: dimming must cover what the container hides.
  return {
    mode,
    x: x + clip.left,
    y: y + clip.top,
    width: width - clip.left - clip.right,
    height: height - clip.top - clip.bottom,
    clip: { top: 0, right: 0, bottom: 0, left: 0 },
    label,
    animate,
  };
}

/** Ignores `animate`: the measurement right after a move must not cut the glide short. */
function sameFrames(a: readonly OverlayFrame[], b: readonly OverlayFrame[]): boolean {
  return a.length === b.length && a.every((frame, index) => sameFrame(frame, b[index]!));
}

function sameFrame(a: OverlayFrame, b: OverlayFrame): boolean {
  return (
    a.mode === b.mode &&
    a.label === b.label &&
    (['x', 'y', 'width', 'height'] as const).every((key) => Math.abs(a[key] - b[key]) < 0.5) &&
    (['top', 'right', 'bottom', 'left'] as const).every((key) => Math.abs(a.clip[key] - b.clip[key]) < 0.5)
  );
}
