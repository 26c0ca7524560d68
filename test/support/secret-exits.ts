// Every way a secret could leave the page, read at once: a task of two turns runs through the real
// element with cross-tab sync and debug output on, and each exit is collected — every request the
// model server received, what sessionStorage holds, what another tab receives over the
// BroadcastChannel, and the debug output (window.__webAgentDebug, the console, the element's events).
import { expect, fixture, html } from '@open-wc/testing';
import { elementId } from '../../src/dom/index.js';
import type { WebAgentElement } from '../../src/ui/web-agent-element.js';
import { mountAgent } from './agent-fixture.js';
import { createLane, type RecordedRequest } from './model-lane.js';
import { end, runBounded } from './reliability-contract.js';

export interface Exits {
  model: string;
  storage: string;
  otherTab: string;
  debug: string;
  requests: RecordedRequest[];
}

/** Types `value` into the field the way the visitor would (input and change events). */
export function typeInto(field: Element | null, value: string): void {
  const input = field as HTMLInputElement;
  input.focus();
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: value }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

export function serialise(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, inner) => (inner instanceof Element ? `<${inner.localName}>` : inner)) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The page (`markup` after a checkout form with a name field), the agent (debug and cross-tab sync
 * on, connected before the visitor acts, as on a real page), the visitor's part, then a task: the
 * model fills the name field and ends. Everything that left the page, per exit. `url`: the page's
 * address during the task (put back after).
 */
export async function exitsOf(markup: string, visitor: (page: HTMLElement) => void | Promise<void>, url?: string): Promise<Exits> {
  const page = await fixture<HTMLElement>(html`<form onsubmit="return false"><h2>Checkout</h2><label>Full name <input name="fullname"></label></form>`);
  page.insertAdjacentHTML('beforeend', markup);
  const lane = await createLane();
  const key = `test.${lane.id}`;
  const otherTab = new BroadcastChannel(`web-agent:${key}`);
  const broadcast: string[] = [];
  otherTab.onmessage = (event) => broadcast.push(serialise(event.data));
  const logged: string[] = [];
  const methods = ['log', 'info', 'debug', 'warn', 'error'] as const;
  const originals = methods.map((method) => console[method]);
  for (const method of methods) console[method] = (...args: unknown[]) => void logged.push(args.map(serialise).join(' '));
  const address = location.href;
  let agent: WebAgentElement | undefined;
  try {
    agent = await mountAgent(lane, { debug: true, crossTabSync: true });
    const events: string[] = [];
    for (const name of ['subtitle', 'step', 'status', 'done', 'error'] as const) agent.addEventListener(name, (event) => events.push(serialise((event as CustomEvent).detail)));
    await visitor(page);
    if (url) history.replaceState(history.state, '', url);
    await lane.script(
      { turn: { memory: 'Filling the name.', todos_remaining: ['pay'], actions: [{ narrate: 'I will fill in your name.' }, { tool: 'fill_input', args: { selector: `[${elementId(page.querySelector('[name=fullname]')!)}]`, value: 'Ada Lovelace' } }] } },
      end('Please finish the payment yourself.'),
    );
    const { done } = await runBounded(agent, 'Help me check out');
    expect(done.status).to.equal('done');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const requests = await lane.requests();
    expect(requests, 'the task made its two calls').to.have.length(2);
    return {
      model: requests.map((request) => JSON.stringify(request.body)).join('\n'),
      storage: Object.keys(sessionStorage).filter((name) => name.startsWith(key)).map((name) => sessionStorage.getItem(name)).join('\n'),
      otherTab: broadcast.join('\n'),
      debug: [serialise(window.__webAgentDebug), ...logged, ...events].join('\n'),
      requests,
    };
  } finally {
    if (url) history.replaceState(history.state, '', address);
    methods.forEach((method, index) => (console[method] = originals[index]!));
    otherTab.close();
    agent?.remove();
  }
}

/** No secret in any exit, each exit really used (so a clean one means something), and `shown` still reaching the model. */
export function expectNoLeak(exits: Exits, secrets: RegExp[], shown: string[]): void {
  expect(exits.storage, 'sessionStorage holds the session').to.include('Ada Lovelace');
  expect(exits.otherTab, 'the other tab received the session').to.include('Ada Lovelace');
  expect(exits.debug, 'debug output is on').to.include('lastMessages');
  for (const secret of secrets) {
    for (const [exit, text] of Object.entries({ 'the model server': exits.model, sessionStorage: exits.storage, 'another tab': exits.otherTab, 'debug output': exits.debug })) {
      const clean = withoutClocks(text);
      const found = secret.exec(clean);
      expect(found, `${secret} reached ${exit}: …${found ? clean.slice(Math.max(0, found.index - 80), found.index + 80) : ''}…`).to.equal(null);
    }
  }
  // As the request body holds it: quotes in a value are JSON-escaped (`value=\\"5\\"`).
  for (const value of shown) expect(exits.model, `"${value}" still reaches the model`).to.include(value);
}

/**
 * `text` with the clocks' readings taken out: the milliseconds of a timestamp (`…T01:07:39.739Z`)
 * and a turn's timings and token counts are the run's own numbers, and a short secret (a 3-digit
 * code) matched one of them now and then, in no field's words.
 */
function withoutClocks(text: string): string {
  return text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, '<time>').replace(/("\w+(?:Ms|Tokens)"):-?[\d.e+-]+/g, '$1:"#"');
}
