// One attempt's browser side: a fresh context (its own storage, so attempts never share state)
// whose requests carry the attempt's id to the model endpoint, whose element events reach Node from
// every document it loads (a task may cross full-page navigations), and from which nothing leaves
// the site: requests to other origins are recorded and refused.
import { ATTEMPT_HEADER } from './model-endpoint.mjs';

/** The element's events the harness reads; `error` does not bubble, so it is caught on capture. */
const EVENT_NAMES = ['done', 'error', 'step', 'navigate', 'confirm-action', 'ask-user', 'pause-request', 'custom-action', 'overlay-update'];

/**
 * @returns {Promise<AttemptPage>}
 * @typedef {{ context: import('playwright').BrowserContext, page: import('playwright').Page,
 *   events: AgentEvent[], offsite: string[], problems: string[], onEvent(listener: (event: AgentEvent) => void): void }} AttemptPage
 * @typedef {{ name: string, detail: Record<string, unknown>, url: string, at: number }} AgentEvent
 */
export async function openAttemptPage(browser, { baseURL, attemptId }) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    extraHTTPHeaders: { [ATTEMPT_HEADER]: attemptId },
  });
  const events = [];
  const listeners = [];
  const offsite = [];
  const problems = [];
  await context.exposeBinding('__evalAgentEvent', (_source, event) => {
    const recorded = { ...event, at: Date.now() };
    events.push(recorded);
    for (const listener of listeners) listener(recorded);
  });
  await context.addInitScript(recordAgentEvents, EVENT_NAMES);
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      offsite.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, events, offsite, problems, onEvent: (listener) => listeners.push(listener) };
}

/** Runs in every document: forwards the element's events, with what can cross to Node. */
function recordAgentEvents(names) {
  const plain = (value, depth = 0) => {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
    if (value instanceof Element) return { element: value.localName, text: (value.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200) };
    if (depth > 3 || typeof value !== 'object') return undefined;
    if (Array.isArray(value)) return value.map((item) => plain(item, depth + 1));
    const copy = {};
    for (const [key, item] of Object.entries(value)) {
      // The session is large and private to the agent; the report needs none of it.
      if (key === 'session' || typeof item === 'function') continue;
      copy[key] = plain(item, depth + 1);
    }
    return copy;
  };
  for (const name of names) {
    document.addEventListener(
      name,
      (event) => {
        const detail = plain(event.detail ?? {}) ?? {};
        if (event.cancelable) {
          // Whether the host took the question over is known once every listener has run.
          setTimeout(() => window.__evalAgentEvent({ name, detail: { ...detail, hostTookOver: event.defaultPrevented }, url: location.href }));
        } else {
          window.__evalAgentEvent({ name, detail, url: location.href });
        }
      },
      true,
    );
  }
}
