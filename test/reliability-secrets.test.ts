// Secrets a visitor types into the page (passwords, card numbers and codes, one-time codes, and
// anything under [data-agent-redact]) never leave it: not in any request the model server
// records over a task of several turns (one in which the agent fills a field itself and tries the
// secret fields), not in the session the element keeps in storage, not in the debug output.
// And an API key in the page is refused unless the host says it knows the risk.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId } from '../src/dom/index.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, nextEvent, subtitleText, waitFor } from './support/agent-fixture.js';
import { createLane, type Lane, type RecordedRequest } from './support/model-lane.js';
import { end, runBounded, watchAgent, type AgentWatch } from './support/reliability-contract.js';

interface Secret {
  name: string;
  /** The field (or region) as the host writes it; `{value}` is what the visitor types. */
  markup: string;
  value: string;
  /** How the value could show up in text: itself, and forms a serialiser might produce. */
  leaks: RegExp;
}

const digits = (value: string) => new RegExp(`(?<!\\d)${value}(?!\\d)`);
const SECRETS: Secret[] = [
  { name: 'a password field', markup: '<label>Password <input type="password" data-secret></label>', value: 'Hunter2-Pw-771', leaks: /Hunter2-Pw-771/ },
  { name: 'a password shown as text by a "show password" toggle', markup: '<label>New password <input type="text" autocomplete="new-password" data-secret></label>', value: 'Reveal-Pw-5521', leaks: /Reveal-Pw-5521/ },
  { name: 'a card number (autocomplete cc-number)', markup: '<label>Card number <input autocomplete="cc-number" inputmode="numeric" data-secret></label>', value: '4111 1111 1111 1111', leaks: /4111 ?1111 ?1111 ?1111/ },
  { name: 'a card security code (autocomplete cc-csc)', markup: '<label>CVC <input autocomplete="cc-csc" data-secret></label>', value: '8642', leaks: digits('8642') },
  { name: 'a card expiry (autocomplete cc-exp)', markup: '<label>Expiry <input autocomplete="billing cc-exp" data-secret></label>', value: '07/39', leaks: /07\/39/ },
  { name: 'a one-time code (autocomplete one-time-code)', markup: '<label>Code from your app <input autocomplete="one-time-code" data-secret></label>', value: '493817', leaks: digits('493817') },
  { name: 'a field inside [data-agent-redact]', markup: '<div data-agent-redact><label>Mother\'s maiden name <input data-secret></label></div>', value: 'Okafor-Maiden', leaks: /Okafor-Maiden/ },
  { name: 'text inside [data-agent-redact]', markup: '<p data-agent-redact>IBAN <span data-secret-text>DE89 3704 0044 0532 0130 00</span></p>', value: 'DE89 3704 0044 0532 0130 00', leaks: /DE89 ?3704/ },
];

/** What the task left behind, read once and checked case by case. */
interface Trail {
  requests: RecordedRequest[];
  storage: string;
  debug: string;
  console: string;
  events: string;
  watch: AgentWatch;
}

/**
 * The visitor types every secret; the agent then fills the name field itself, tries to type into
 * the password and card fields (refused), clears the one-time code field, presses a key in the
 * card field, and ends: four requests in all.
 */
async function runTask(): Promise<Trail> {
  const page = document.createElement('form');
  page.innerHTML = `<h2>Checkout</h2><label>Full name <input name="name"></label>${SECRETS.map((secret) => secret.markup).join('')}<button type="button">Continue</button>`;
  document.body.append(page);
  const typed = SECRETS.filter((secret) => secret.markup.includes('data-secret>'));
  for (const [index, field] of [...page.querySelectorAll<HTMLInputElement>('[data-secret]')].entries()) {
    const secret = typed[index]!;
    field.focus();
    field.value = secret.value;
    field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: secret.value }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  const id = (selector: string) => `[${elementId(page.querySelector(selector)!)}]`;
  const lane = await createLane();
  await lane.script(
    { turn: { memory: 'Filling the name.', todos_remaining: ['card'], actions: [{ narrate: 'I will fill in your name.' }, { tool: 'fill_input', args: { selector: id('[name=name]'), value: 'Ada Lovelace' } }] } },
    { turn: { memory: 'Trying the password.', todos_remaining: ['card'], actions: [{ tool: 'fill_input', args: { selector: id('[type=password]'), value: 'model-guess' } }] } },
    { turn: { memory: 'Clearing the code.', todos_remaining: ['card'], actions: [{ tool: 'clear_input', args: { selector: id('[autocomplete=one-time-code]') } }, { tool: 'press_key', args: { key: '5', selector: id('[autocomplete=cc-number]') } }] } },
    end('Please type your card details yourself.'),
  );
  const captured: string[] = [];
  const methods = ['log', 'info', 'debug', 'warn', 'error'] as const;
  const originals = methods.map((method) => console[method]);
  for (const method of methods) console[method] = (...args: unknown[]) => void captured.push(args.map(serialise).join(' '));
  const events: string[] = [];
  let agent: WebAgentElement | undefined;
  try {
    agent = await mountAgent(lane, { debug: true });
    for (const name of ['subtitle', 'step', 'before-action', 'status', 'done', 'error'] as const) {
      agent.addEventListener(name, (event) => events.push(serialise((event as CustomEvent).detail)));
    }
    const watch = watchAgent(agent);
    const { done } = await runBounded(agent, 'Help me check out');
    expect(done.status).to.equal('done');
    const storage = [sessionStorage, localStorage].flatMap((store) => Object.keys(store).map((key) => `${key}=${store.getItem(key)}`)).join('\n');
    return {
      requests: await lane.requests(),
      storage,
      debug: serialise(window.__webAgentDebug),
      console: captured.join('\n'),
      events: events.join('\n'),
      watch,
    };
  } finally {
    methods.forEach((method, index) => (console[method] = originals[index]!));
    agent?.remove();
    page.remove();
  }
}

function serialise(value: unknown): string {
  try {
    return typeof value === 'string' ? value : JSON.stringify(value, (_key, inner) => (inner instanceof Element ? `<${inner.localName}>` : inner)) ?? String(value);
  } catch {
    return String(value);
  }
}

describe('secrets typed by the visitor', function () {
  this.timeout(30_000);
  let trail: Trail;
  before(async () => {
    trail = await runTask();
  });

  it('the task ran as scripted: four requests, the name filled, the secret fields refused', () => {
    expect(trail.requests).to.have.length(4);
    expect(trail.watch.steps.map((step) => `${step.action}:${step.ok}`)).to.deep.equal(['fill_input:true', 'fill_input:false', 'clear_input:true', 'press_key:false']);
    // The page did reach the model, with what the agent typed and masks where secrets are.
    const last = JSON.stringify(trail.requests.at(-1)!.body);
    expect(last).to.include('Ada Lovelace').and.to.include('•••');
  });

  for (const secret of SECRETS) {
    it(`never sends ${secret.name} to the model, in any of the task's requests`, () => {
      trail.requests.forEach((request, index) => {
        expect(secret.leaks.test(JSON.stringify(request.body)), `request ${index + 1} carries the secret`).to.equal(false);
      });
    });
  }

  for (const secret of SECRETS) {
    it(`never stores ${secret.name} in sessionStorage or localStorage`, () => {
      expect(trail.storage, 'the element stored its session').to.include('Ada Lovelace');
      expect(secret.leaks.test(trail.storage)).to.equal(false);
    });
  }

  for (const secret of SECRETS) {
    it(`never shows ${secret.name} in debug output or events`, () => {
      expect(trail.debug, 'window.__webAgentDebug is on').to.include('lastMessages');
      expect(secret.leaks.test(trail.debug), 'window.__webAgentDebug').to.equal(false);
      expect(secret.leaks.test(trail.console), 'the console').to.equal(false);
      expect(secret.leaks.test(trail.events), 'the element\'s events').to.equal(false);
    });
  }
});

describe('secrets in the pages the agent reads', function () {
  this.timeout(20_000);
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  async function firstPage(markup: string): Promise<string> {
    const page = await fixture<HTMLElement>(html`<div></div>`);
    page.innerHTML = markup;
    await lane.script(end());
    const agent = await mountAgent(lane);
    await runBounded(agent, 'What is here?');
    return JSON.stringify((await lane.requests())[0]!.body);
  }

  it('masks a card number the page mirrors as text in a preview marked [data-agent-redact]', async () => {
    const body = await firstPage('<div class="card-preview" data-agent-redact><span>4242 4242 4242 4242</span><span>ADA LOVELACE</span></div><label>Card <input autocomplete="cc-number" value="4242424242424242"></label>');
    expect(body).not.to.match(/4242/);
    expect(body).to.include('•••');
  });

  it('masks a secret inside an open shadow root and inside a same-origin frame', async () => {
    const page = await fixture<HTMLElement>(html`<div><span id="host"></span><iframe style="width: 300px; height: 80px"></iframe></div>`);
    page.querySelector('#host')!.attachShadow({ mode: 'open' }).innerHTML = '<label>PIN <input type="password" value="Shadow-Pin-3141"></label>';
    const frame = page.querySelector('iframe')!;
    frame.contentDocument!.body.innerHTML = '<label>Card <input autocomplete="cc-number" value="5555 5555 5555 4444"></label><p data-agent-redact>Frame-Secret-2718</p>';
    await lane.script(end());
    const agent = await mountAgent(lane);
    await runBounded(agent, 'What is here?');
    const body = JSON.stringify((await lane.requests())[0]!.body);
    expect(body).to.include('PIN').and.to.include('Card');
    expect(body).not.to.include('Shadow-Pin-3141').and.not.to.include('Frame-Secret-2718').and.not.to.match(/5555 ?5555/);
  });
});

describe('an API key in the page', function () {
  this.timeout(20_000);

  it('is refused without dangerously-allow-api-key: the element makes no request and repeats the key nowhere', async () => {
    const lane = await createLane();
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    const container = await fixture<HTMLElement>(html`<div></div>`);
    const agent = document.createElement('web-agent') as WebAgentElement;
    agent.setAttribute('endpoint', lane.baseURL);
    agent.setAttribute('api-key', 'sk-page-secret-0451');
    const errors: string[] = [];
    agent.addEventListener('error', (event) => errors.push(event.detail.message));
    const ready = nextEvent(agent, 'ready');
    try {
      container.append(agent);
      expect((await ready).detail.configured).to.equal(false);
      await waitFor(() => subtitleText(agent).includes('apiKey'), 'the refusal in the bar');
      const bar = subtitleText(agent);
      await agent.run('Hello').catch(() => undefined);
      expect(await lane.requests(), 'requests made with a refused key').to.have.length(0);
      expect(errors.join(' ')).to.include('apiKey');
      const said = [...errors, ...warnings, bar, agent.shadowRoot!.textContent ?? ''].join(' ');
      expect(said).not.to.include('sk-page-secret-0451');
    } finally {
      console.warn = warn;
    }
  });

  it('with dangerously-allow-api-key: warns, and sends the key only as the authorization header', async () => {
    const lane = await createLane();
    await lane.script(end());
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      const agent = await fixture<WebAgentElement>(html`<web-agent endpoint=${lane.baseURL} api-key="sk-page-secret-0451" dangerously-allow-api-key></web-agent>`);
      await runBounded(agent, 'Hello');
    } finally {
      console.warn = warn;
    }
    expect(warnings.join(' ')).to.include('every visitor can read it');
    const [request] = await lane.requests();
    expect(request!.headers.authorization).to.equal('Bearer sk-page-secret-0451');
    expect(JSON.stringify(request!.body)).not.to.include('sk-page-secret-0451');
  });
});
