// Secrets a visitor types into the page (passwords, card numbers and codes, one-time codes, and
// anything under [data-agent-redact]) never leave it: not in any request the model server
// records over a task of several turns (one in which the agent fills a field itself and tries the
// secret fields), not in the session the element keeps in storage, not in the debug output.
// And an API key in the page is refused unless the host says it knows the risk.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId } from '../src/dom/index.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, nextEvent, subtitleText, waitFor } from './support/agent-fixture.js';
import { idOf, runTurns } from './fixtures/apps/agent-driver.js';
import { createLane, type Lane, type RecordedRequest, type ScriptedAction } from './support/model-lane.js';
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
  const storedBefore = new Set(storageEntries());
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
    // What this task wrote: a tab that ran earlier test files still holds their sessions, where a
    // model's own scripted arguments may carry a test card number.
    const storage = storageEntries().filter((entry) => !storedBefore.has(entry)).join('\n');
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

function storageEntries(): string[] {
  return [sessionStorage, localStorage].flatMap((store) => Object.keys(store).map((key) => `${key}=${store.getItem(key)}`));
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

  /** What must still reach the model: the heuristics leave ordinary fields alone. */
  function expectShown(body: string, values: string[]): void {
    for (const value of values) expect(body.includes(value), `${value} is shown`).to.equal(true);
  }

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

  it('masks card numbers known only by a field\'s name, id or label, and still shows discount and postal codes', async () => {
    const body = await firstPage(`
      <label>Card <input name="card_number" value="4000056655665556"></label>
      <label>Pay with <input id="ccNum" value="5200828282828210"></label>
      <input name="payment[cardNumber]" aria-label="Number" value="371449635398431">
      <label>Credit card number <input name="f1" value="6011111111111117"></label>
      <label>Discount code <input name="discount_code" value="SPRING-SALE-25"></label>
      <label>Postal code <input name="postal_code" value="SW1A 1AA"></label>`);
    for (const leak of [/4000 ?0566/, /5200 ?8282/, /3714 ?4963/, /6011 ?1111/]) expect(leak.test(body), `${leak} in the request`).to.equal(false);
    expectShown(body, ['SPRING-SALE-25', 'SW1A 1AA']);
  });

  it('masks card security codes known only by a field\'s name, label or placeholder, and still shows other codes', async () => {
    const body = await firstPage(`
      <label>Code on the back <input name="cvv2" value="7391"></label>
      <label>Security code <input name="sc" value="5820"></label>
      <input name="f3" placeholder="CVC" value="9174">
      <label>Card verification <input id="txtCardCode" value="3306"></label>
      <label>Discount code <input name="code" value="WELCOME10"></label>
      <label>Gift card message <input name="message" value="Happy birthday"></label>`);
    for (const code of ['7391', '5820', '9174', '3306']) expect(digits(code).test(body), `${code} in the request`).to.equal(false);
    expectShown(body, ['WELCOME10', 'Happy birthday']);
  });

  it('masks an expiry date only where a name or label says it is a card\'s', async () => {
    const body = await firstPage(`
      <label>Expires <input name="cc_exp" value="08/31"></label>
      <label>Card expiry date <input name="valid" value="09/32"></label>
      <label>Card expiry month <select name="m"><option>01</option><option selected>11</option></select></label>
      <label>Membership expiry <input name="expiry" value="10/33"></label>`);
    for (const leak of [/08\/31/, /09\/32/, /selected=\\"11/]) expect(leak.test(body), `${leak} in the request`).to.equal(false);
    expectShown(body, ['10/33']);
  });

  it('masks one-time codes known only by a field\'s name or id: otp, one-time-code, 2fa, totp, verification code', async () => {
    const body = await firstPage(`
      <label>Code <input name="otp" value="482913"></label>
      <label>Code <input id="one-time-code" value="570126"></label>
      <label>Code <input name="2fa_code" value="335087"></label>
      <label>Code <input name="totpToken" value="918264"></label>
      <label>Code we emailed you <input name="email_verification_code" value="640372"></label>
      <label>Promo code <input name="promo" value="FREESHIP"></label>`);
    for (const code of ['482913', '570126', '335087', '918264', '640372']) expect(digits(code).test(body), `${code} in the request`).to.equal(false);
    expectShown(body, ['FREESHIP']);
  });

  it('refuses to fill a card field known only by its label, and types nothing into it', async () => {
    const page = await fixture<HTMLElement>(html`<div><label>Card number <input name="pan"></label><label>CVC <input name="f2"></label></div>`);
    const [card, code] = page.querySelectorAll('input');
    const steps = await runTurns(lane, [
      [{ tool: 'fill_input', args: { selector: idOf(card!), value: '4111 1111 1111 1111' } }],
      [{ tool: 'fill_input', args: { selector: idOf(code!), value: '8642' } }],
    ]);
    expect(steps.map((step) => step.reason)).to.deep.equal(['not-allowed', 'not-allowed']);
    expect(steps[0]!.message).to.include('Ask the user to type it');
    expect(card!.value + code!.value).to.equal('');
  });
});

/** Plays the turns through the agent; what the model read back after each one, from the request it sent next. */
async function reportedResults(turns: ScriptedAction[][]): Promise<{ replies: string[]; requests: RecordedRequest[] }> {
  const lane = await createLane();
  await runTurns(lane, turns);
  const requests = await lane.requests();
  const replies = turns.map((_, index) => {
    const tools = (requests[index + 1]?.body.messages ?? []).filter((message) => message.role === 'tool');
    return String(tools.at(-1)?.content ?? '');
  });
  return { replies, requests };
}

/** Fails naming what leaked, rather than printing whole requests. */
function expectNowhere(requests: RecordedRequest[], leaks: RegExp[]): void {
  requests.forEach((request, index) => {
    for (const leak of leaks) expect(leak.test(JSON.stringify(request.body)), `request ${index + 1} carries ${leak}`).to.equal(false);
  });
}

/** A result with the model's own guess left out, to compare what two guesses taught it. */
const withoutGuess = (reply: string, guess: string) => reply.split(guess).join('…').replace(/\d+(\.\d)? s\b/g, 'N s');

describe('secrets behind what actions report', function () {
  this.timeout(20_000);

  it('wait until_text finds no text under [data-agent-redact]: the true value and a wrong guess get the same answer', async () => {
    await fixture(html`<div><p>Order summary</p><p data-agent-redact>Card ending 4242</p></div>`);
    const { replies } = await reportedResults([
      [{ tool: 'wait', args: { until_text: 'Order summary', seconds: 0.3 } }],
      [{ tool: 'wait', args: { until_text: '4242', seconds: 0.3 } }],
      [{ tool: 'wait', args: { until_text: '9999', seconds: 0.3 } }],
    ]);
    expect(replies[0]).to.include('wait: ok');
    expect(replies[1]).to.include('wait: failed');
    expect(withoutGuess(replies[1]!, '4242')).to.equal(withoutGuess(replies[2]!, '9999'));
  });

  it('wait until_gone cannot tell a redacted value is there either', async () => {
    await fixture(html`<div><p>Order summary</p><p data-agent-redact>IBAN DE89 3704 0044</p></div>`);
    const { replies } = await reportedResults([
      [{ tool: 'wait', args: { until_gone: 'DE89', seconds: 0.3 } }],
      [{ tool: 'wait', args: { until_gone: 'FR76', seconds: 0.3 } }],
    ]);
    expect(withoutGuess(replies[0]!, 'DE89')).to.equal(withoutGuess(replies[1]!, 'FR76'));
    expect(replies[0]).to.include('wait: ok');
  });

  it('wait finds no redacted text inside a web component', async () => {
    const root = await fixture(html`<div><span id="host" data-agent-redact></span></div>`);
    root.querySelector('#host')!.attachShadow({ mode: 'open' }).innerHTML = '<p>Recovery phrase: maple orbit canyon</p>';
    const { replies } = await reportedResults([[{ tool: 'wait', args: { until_text: 'maple orbit', seconds: 0.3 } }]]);
    expect(replies[0]).to.include('wait: failed');
  });

  it("wait cannot probe what the host's domFilter leaves out of the page", async () => {
    await fixture(html`<div><p>Ticket 5521</p><aside data-internal>Staff note: refund approved by Priya</aside></div>`);
    const lane = await createLane();
    await lane.script(
      { turn: { memory: 'm', todos_remaining: ['x'], actions: [{ tool: 'wait', args: { until_text: 'Ticket 5521', seconds: 0.3 } }] } },
      { turn: { memory: 'm', todos_remaining: ['x'], actions: [{ tool: 'wait', args: { until_text: 'refund approved', seconds: 0.3 } }] } },
      end('Done.'),
    );
    const agent = await mountAgent(lane);
    agent.config = { domFilter: (element: Element) => element.matches('[data-internal]') };
    await agent.run('Check the ticket');
    const requests = await lane.requests();
    const replies = requests.slice(1, 3).map((request) => String(request.body.messages!.filter((message) => message.role === 'tool').at(-1)?.content));
    expect(replies[0]).to.include('wait: ok');
    expect(replies[1]).to.include('wait: failed');
    expectNowhere(requests, [/Priya/]);
  });

  it("what a click reports leaves out announcements the host's domFilter leaves out", async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <div role="status" id="public"></div>
      <aside data-internal><div role="status" id="internal"></div></aside>
      <button type="button">Save ticket</button>
    </div>`);
    const button = page.querySelector('button')!;
    button.addEventListener('click', () => {
      page.querySelector('#public')!.textContent = 'Ticket saved';
      page.querySelector('#internal')!.textContent = 'Escalated by Priya to legal';
    });
    const lane = await createLane();
    await lane.script(
      { turn: { memory: 'm', todos_remaining: ['x'], actions: [{ tool: 'click', args: { selector: `[${elementId(button)}]` } }] } },
      end('Saved.'),
    );
    const agent = await mountAgent(lane);
    agent.config = { domFilter: (element: Element) => element.matches('[data-internal]') };
    await agent.run('Save the ticket');
    const requests = await lane.requests();
    const reply = String(requests[1]!.body.messages!.filter((message) => message.role === 'tool').at(-1)?.content);
    expect(reply).to.include('the page says "Ticket saved"');
    expectNowhere(requests, [/Priya/, /legal/]);
  });

  it('wait does not match text a visitor cannot see', async () => {
    await fixture(html`<div><p>Checkout</p><p style="opacity: 0">Hidden-Note-5150</p><p style="position: absolute; left: -9999px">Offscreen-Note-6160</p></div>`);
    const { replies } = await reportedResults([
      [{ tool: 'wait', args: { until_text: 'Hidden-Note-5150', seconds: 0.3 } }],
      [{ tool: 'wait', args: { until_text: 'Offscreen-Note-6160', seconds: 0.3 } }],
    ]);
    expect(replies[0]).to.include('wait: failed');
    expect(replies[1]).to.include('wait: failed');
  });

  it('a live region\'s announcement leaves out its redacted and hidden parts', async () => {
    const page = await fixture<HTMLElement>(html`<div><div role="status"></div><button type="button">Save card</button></div>`);
    page.querySelector('button')!.addEventListener('click', () => {
      page.querySelector('[role=status]')!.innerHTML =
        'Saved card <span data-agent-redact>4242 4242 4242 4242</span><span style="display: none">internal-ref-7781</span>';
    });
    const { replies, requests } = await reportedResults([[{ tool: 'click', args: { selector: idOf(page.querySelector('button')!) } }]]);
    expect(replies[0]).to.include('the page says "Saved card •••"');
    expectNowhere(requests, [/4242/, /internal-ref-7781/]);
  });

  it('a field\'s error message leaves out its redacted and hidden parts', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <label>Card holder <input name="holder" aria-describedby="holder-error"></label>
      <p id="holder-error" hidden></p>
      <button type="button">Continue</button>
    </div>`);
    page.querySelector('button')!.addEventListener('click', () => {
      const error = page.querySelector<HTMLElement>('#holder-error')!;
      error.innerHTML = 'Card <span data-agent-redact>5555 5555 5555 4444</span> was declined<script>/* ref 9931-audit */<\/script><span hidden>risk-score-0.93</span>';
      error.hidden = false;
      page.querySelector('input')!.setAttribute('aria-invalid', 'true');
    });
    const { replies, requests } = await reportedResults([[{ tool: 'click', args: { selector: idOf(page.querySelector('button')!) } }]]);
    expect(replies[0]).to.include('is marked invalid: "Card ••• was declined"');
    expectNowhere(requests, [/5555/, /9931-audit/, /risk-score/]);
  });

  it('a tooltip\'s text leaves out what it hides', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <button id="copy" aria-describedby="tip">Copy</button>
      <span id="tip" role="tooltip" hidden>Copy the link<span style="display: none">token=tip-secret-2207</span></span>
    </div>`);
    const copy = page.querySelector('#copy')!;
    copy.addEventListener('pointerenter', () => (page.querySelector<HTMLElement>('#tip')!.hidden = false));
    const { replies, requests } = await reportedResults([[{ tool: 'hover', args: { selector: idOf(copy) } }]]);
    expect(replies[0]).to.include('tooltip "Copy the link" opened');
    expectNowhere(requests, [/tip-secret-2207/]);
  });

  it('a browser validation message does not repeat the value of a redacted field', async () => {
    const page = await fixture<HTMLElement>(html`<form>
      <div data-agent-redact><label>Recovery email <input type="email" name="recovery" required></label></div>
      <button>Save</button>
    </form>`);
    page.addEventListener('submit', (event) => event.preventDefault());
    const field = page.querySelector('input')!;
    field.value = 'visitor-private-alias';
    const { replies, requests } = await reportedResults([[{ tool: 'click', args: { selector: idOf(page.querySelector('button')!) } }]]);
    expect(replies[0]).to.include('the form was not submitted');
    expectNowhere(requests, [/visitor-private-alias/]);
  });

  it('a step-mismatch message does not give away a redacted number by its nearest valid values', async () => {
    const page = await fixture<HTMLElement>(html`<form>
      <div data-agent-redact><label>Account number <input type="number" step="10" name="account"></label></div>
      <button>Save</button>
    </form>`);
    page.addEventListener('submit', (event) => event.preventDefault());
    page.querySelector('input')!.value = '7391';
    const { replies, requests } = await reportedResults([[{ tool: 'click', args: { selector: idOf(page.querySelector('button')!) } }]]);
    expect(replies[0]).to.include('the form was not submitted');
    expectNowhere(requests, [/(?<!\d)7[34]\d\d(?!\d)/]);
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
      // Plain words in the bar (issue 16); the refusal's detail is in the error event.
      await waitFor(() => subtitleText(agent).endsWith('cannot be reached right now. Please try again in a moment.'), 'the refusal in the bar');
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
