import { isElement } from './element-kinds.js';
import { cancel, closestOf, later, listen, now } from '../../dom/platform.js';
import { MIN_OPACITY, paintedOpacity } from '../../dom/paint-effects.js';

/**
 * The part of the page an action changed, from the mutations it caused: each changed element's
 * parent (a panel that opens is often the sibling of the header whose class changed) and the
 * action's target's parent (CSS that reacts to :hover or :focus changes no attribute at all).
 * Past a few dozen places it stands for the whole page: comparing more costs more than it saves.
 */
export class ChangedRegions {
  readonly #roots = new Set<Element>();
  #everywhere = false;

  constructor(target?: Element) {
    if (target) this.#add(target);
  }

  note(records: MutationRecord[]): void {
    for (const record of records) {
      if (this.#everywhere) return;
      const node = record.target;
      const element = isElement(node) ? node : node.parentElement;
      if (element && !closestOf(element, 'web-agent')) this.#add(element);
    }
  }

  contains(element: Element): boolean {
    if (this.#everywhere) return true;
    for (const root of this.#roots) if (root.contains(element)) return true;
    return false;
  }

  #add(element: Element): void {
    const root = element.parentElement ?? element;
    this.#roots.add(root);
    if (this.#roots.size > MAX_REGIONS) this.#everywhere = true;
  }
}

const MAX_REGIONS = 40;
// Long enough for the usual open/close transitions (150–500 ms), short enough that a page that
// animates for ever never holds the agent up for long.
const SETTLE_BUDGET_MS = 900;

/**
 * Waits, at most `budgetMs`, for the CSS transitions and animations and Web Animations running in
 * `regions` to finish, so the next snapshot sees an accordion open rather than half open. Endless
 * ones (spinners, marquees) and paused ones are not waited for; one animation chained to another
 * is, within the same budget.
 */
export async function animationsSettled(regions: ChangedRegions, signal: AbortSignal, budgetMs = SETTLE_BUDGET_MS): Promise<void> {
  if (typeof document.getAnimations !== 'function') return;
  const deadline = now() + budgetMs;
  for (;;) {
    const running = document.getAnimations().filter((animation) => endsAndRuns(animation) && inRegions(animation, regions));
    const left = deadline - now();
    if (running.length === 0 || left <= 0 || signal.aborted) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        cancel(timer);
        unlisten();
        resolve();
      };
      const timer = later(done, left);
      const unlisten = listen(signal, 'abort', done, { once: true });
      // A cancelled animation rejects `finished`; either way it no longer runs.
      void Promise.allSettled(running.map((animation) => animation.finished)).then(done);
    });
  }
}

/** Of `surfaces`, those painted (not faded out): the ones fadedSurfacesGone waits for after an action. */
export function paintedSurfaces(surfaces: Iterable<Element>): Element[] {
  return [...surfaces].filter((surface) => paintedOpacity(surface) >= MIN_OPACITY);
}

/**
 * Waits, at most `budgetMs`, until each of `surfaces` (the dialogs and popups painted before an
 * action, paintedSurfaces) that has faded out but is still in the page is gone or shown again. A library removes a
 * closed dialog a moment after its fade ends (on a timer of the fade's length), and until then it
 * may keep the page behind it hidden from assistive technology: a snapshot in between would read a
 * page that no visitor sees.
 */
export async function fadedSurfacesGone(surfaces: Iterable<Element>, signal: AbortSignal, budgetMs = FADED_BUDGET_MS): Promise<void> {
  const deadline = now() + budgetMs;
  const faded = (): boolean => [...surfaces].some((surface) => surface.isConnected && paintedOpacity(surface) < MIN_OPACITY);
  while (faded() && !signal.aborted && now() < deadline) await new Promise<void>((resolve) => later(resolve, FADED_POLL_MS));
}

const FADED_BUDGET_MS = 600;
const FADED_POLL_MS = 40;

function endsAndRuns(animation: Animation): boolean {
  if (animation.playState !== 'running') return false;
  const end = animation.effect?.getComputedTiming().endTime;
  return typeof end === 'number' && Number.isFinite(end);
}

function inRegions(animation: Animation, regions: ChangedRegions): boolean {
  const target = (animation.effect as KeyframeEffect | null)?.target;
  return isElement(target) && target.isConnected && regions.contains(target);
}
