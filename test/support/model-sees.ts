// One task on a page holding `markup`, through the real element and the real `openai` client:
// what the scripted model server received. Shared by the security tests, which assert on it.
import { expect, fixture, html } from '@open-wc/testing';
import type { WebAgentElement } from '../../src/ui/web-agent-element.js';
import { mountAgent, pageSeen } from './agent-fixture.js';
import { createLane, type RecordedRequest } from './model-lane.js';
import { end, messagesOf, runBounded, watchPageProblems } from './reliability-contract.js';

export interface Seen {
  request: RecordedRequest;
  /** The whole request body as sent, serialised. */
  body: string;
  /** The last user message: URL, title and the fenced page. */
  env: string;
  /** Between `<page-dom>` and `</page-dom>`. */
  dump: string;
  /** Every other message of the request (system prompt, history), serialised. */
  rest: string;
  agent: WebAgentElement;
}

export interface SeenOptions {
  /** A sentence the page shows for sure: an empty dump must not pass for a clean one. */
  visible?: string;
  title?: string;
  /** Runs once the page is in place, before the task (typing into fields, toggling things). */
  prepare?: (page: HTMLElement) => void | Promise<void>;
  /** Options for the element's JSON child. */
  config?: Record<string, unknown>;
  task?: string;
}

export async function modelSees(markup: string, options: SeenOptions = {}): Promise<Seen> {
  const visible = options.visible ?? 'Order history for Ada';
  const lane = await createLane();
  const page = await fixture<HTMLElement>(html`<div style="width: 700px"></div>`);
  page.innerHTML = `<p>${visible}</p>${markup}`;
  const title = document.title;
  if (options.title !== undefined) document.title = options.title;
  let agent: WebAgentElement;
  try {
    await options.prepare?.(page);
    await lane.script(end('Here is your page.'));
    agent = await mountAgent(lane, options.config);
    const problems = watchPageProblems();
    const { done } = await runBounded(agent, options.task ?? 'What is on this page?');
    problems.stop();
    expect(done.status).to.equal('done');
    expect(problems.list).to.deep.equal([]);
  } finally {
    document.title = title;
  }
  const [request] = await lane.requests();
  const env = pageSeen(request!);
  expect(env, 'the page reached the model').to.include(visible);
  const open = env.indexOf('<page-dom>');
  const close = env.lastIndexOf('</page-dom>');
  const messages = messagesOf(request!);
  return { request: request!, body: JSON.stringify(messages), env, dump: env.slice(open + '<page-dom>'.length, close), rest: JSON.stringify(messages.slice(0, -1)), agent };
}
