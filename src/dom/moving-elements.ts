/**
 * Elements of `doc` that a CSS transition, CSS animation or Web Animation is moving right now, and
 * that will stop: a panel still opening shows only part of its content. Endless animations
 * (spinners, marquees) and paused ones are not "on the way" anywhere and are left out. One call per
 * snapshot; empty on engines without `getAnimations`.
 */
export function movingElements(doc: Document): ReadonlySet<Element> {
  const moving = new Set<Element>();
  if (typeof doc.getAnimations !== 'function') return moving;
  for (const animation of doc.getAnimations()) {
    if (animation.playState !== 'running') continue;
    const effect = animation.effect as KeyframeEffect | null;
    const end = effect?.getComputedTiming().endTime;
    if (typeof end === 'number' && Number.isFinite(end) && effect?.target) moving.add(effect.target);
  }
  return moving;
}
