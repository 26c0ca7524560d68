// The axe check every UI test runs: on demand at the states a test sets up, and after each test
// on every <web-agent> still in the document (the state the test left the element in).
import { expect } from '@open-wc/testing';

/** axe measures colours as painted: entry fades must finish first (endless pulses never do). */
async function settle(element: Element): Promise<void> {
  await (element as Partial<{ updateComplete: Promise<unknown> }>).updateComplete;
  const animations = element.shadowRoot?.getAnimations() ?? [];
  await Promise.all(
    animations.filter((animation) => animation.effect?.getTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined)),
  );
}

/** Fails with axe's violations (rule, impact, the nodes) if the element or its shadow tree has any. */
export async function expectAccessible(element: Element): Promise<void> {
  await settle(element);
  await expect(element).to.be.accessible();
}

/**
 * Registers an `afterEach` in the calling `describe` that runs axe on every `<web-agent>` (or `selector`) the
 * passing test left mounted. It runs before the fixtures are torn down (inner hooks run first).
 */
export function checkAccessibilityAfterEach(selector = 'web-agent'): void {
  afterEach(async function () {
    if (this.currentTest?.state !== 'passed') return;
    for (const element of document.querySelectorAll(selector)) {
      if (element.isConnected) await expectAccessible(element);
    }
  });
}
