// Mounts a real <web-agent> pointed at a lane of the scripted model server.
import { fixture, html } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../../src/define.js';
import type { WebAgentElement } from '../../src/ui/web-agent-element.js';
import type { WebAgentEventMap } from '../../src/ui/events.js';
import type { Lane } from './model-lane.js';

// Reading a request's dump needs no element: its own module, so pages that load the built
// element (test/gallery/) can use it without defining the source one.
export { idInDump, pageSeen } from './page-seen.js';

export async function mountAgent(lane: Lane, json: Record<string, unknown> = {}): Promise<WebAgentElement> {
  const config = JSON.stringify({ sessionStorageKey: `test.${lane.id}`, ...json });
  return fixture<WebAgentElement>(html`
    <web-agent endpoint=${lane.baseURL} model="test-model" agent-name="Ava" site-name="Test Shop" locale="en">
      <script type="application/json">${config}</script>
    </web-agent>
  `);
}

/** A real click at the centre of `element`, as the visitor's: the confirmation ignores script-made ones. */
export async function realClick(element: Element): Promise<void> {
  const { left, top, width, height } = element.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(left + width / 2), Math.round(top + height / 2)] });
  await resetMouse();
}

/** Text the visitor sees in the subtitle bar right now. */
export function subtitleText(element: WebAgentElement): string {
  return element.shadowRoot?.querySelector('[part~="text"]')?.textContent?.trim() ?? '';
}

export function shadow<T extends Element = HTMLElement>(element: WebAgentElement, selector: string): T | null {
  return element.shadowRoot?.querySelector<T>(selector) ?? null;
}

/** Resolves with the first event of that name the element dispatches. */
export function nextEvent<K extends keyof WebAgentEventMap>(element: WebAgentElement, name: K): Promise<WebAgentEventMap[K]> {
  return new Promise((resolve) => element.addEventListener(name, (event) => resolve(event as WebAgentEventMap[K]), { once: true }));
}

/**
 * Polls until `check` holds. The bound only ends a wait for something that never happens; a check that
 * holds returns at once, so it is generous: on a loaded two-core CI machine a step that takes 0.3 s alone
 * was seen taking over 4 s (the old bound), failing tests whose behaviour was right.
 */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
