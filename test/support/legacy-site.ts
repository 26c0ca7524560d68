// A site that loads a legacy library before the widget, as real sites do: a frame of its own (the
// library changes that frame's built-ins for good, and the test framework's stay untouched), the
// library's <script> tags first, then the shipped web-agent.js (the release build), then the
// element, mounted by the site. One task runs through it against a lane of the model server.
import type { Lane } from './model-lane.js';
import { until, watchPageProblems, type PageProblems } from './reliability-contract.js';

declare global {
  interface Window {
    __STANDALONE_BUNDLE_URL__?: string;
  }
}

export interface SiteAgent extends HTMLElement {
  run(task: string): Promise<void>;
}

export interface LegacySite {
  frame: HTMLIFrameElement;
  doc: Document;
  agent: SiteAgent;
  /** Uncaught errors and rejections in the site's window. */
  problems: PageProblems;
  /** The element's events, by name, in order (`error`, `done`, `step`, `confirm-action`…). */
  events: Array<{ name: string; detail: any }>;
  remove(): void;
}

/**
 * Mounts the site: `head` is markup for its <head> (the library's scripts, served from node_modules
 * by the dev server, and inline ones), `body` its page, `attributes` the element's beyond the test's
 * own (endpoint, model, names, locale). Visitor confirmations are answered `answer`.
 */
export async function legacySite({ head, body, lane, answer = true, attributes = {} }: { head: string; body: string; lane: Lane; answer?: boolean; attributes?: Record<string, string> }): Promise<LegacySite> {
  const bundle = window.__STANDALONE_BUNDLE_URL__;
  if (!bundle) throw new Error('web-test-runner.config.mjs did not build the standalone bundle.');
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 800px; height: 600px';
  frame.srcdoc = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Account</title>${head}
<script type="module">import ${JSON.stringify(bundle)};</script></head><body>${body}</body></html>`;
  document.body.append(frame);
  try {
    await until(() => Boolean(frame.contentWindow?.customElements.get('web-agent')), 'the widget to be defined on the site');
  } catch (error) {
    // A site left behind would be part of every later test's page (its text, its frames).
    frame.remove();
    throw error;
  }
  const win = frame.contentWindow!;
  const doc = frame.contentDocument!;
  const problems = watchPageProblems(win);
  const agent = doc.createElement('web-agent') as SiteAgent;
  for (const [name, value] of Object.entries({ endpoint: lane.baseURL, model: 'test-model', 'agent-name': 'Ava', 'site-name': 'Legacy', locale: 'en', 'session-storage-key': `legacy.${lane.id}`, ...attributes })) {
    agent.setAttribute(name, value);
  }
  const events: LegacySite['events'] = [];
  for (const name of ['subtitle', 'step', 'confirm-action', 'done', 'error']) {
    agent.addEventListener(name, (event) => {
      const { detail } = event as CustomEvent;
      events.push({ name, detail });
      if (name === 'confirm-action') {
        event.preventDefault();
        detail.decide(answer);
      }
    });
  }
  doc.body.append(agent);
  return {
    frame,
    doc,
    agent,
    problems,
    events,
    remove() {
      problems.stop();
      frame.remove();
    },
  };
}
