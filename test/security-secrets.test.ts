// Secrets by every signal a person would use. Each form design holds secrets the visitor typed
// (or the page's URL carries); a task of two turns runs through the real element with cross-tab sync
// and debug output on, and each exit is read: every request the model server received, what
// sessionStorage holds, what another tab receives over the BroadcastChannel, and the debug output
// (window.__webAgentDebug, the console, the element's events). The secret appears in none of them,
// while the fields themselves, and ordinary values beside them, still reach the model.
import { expect, fixture, html } from '@open-wc/testing';
import fc from 'fast-check';
import { maskSecretShapes, scanSecretShapes } from '../src/dom/secret-shapes.js';
import { elementId } from '../src/dom/index.js';
import { mountAgent } from './support/agent-fixture.js';
import { createLane } from './support/model-lane.js';
import { end, runBounded } from './support/reliability-contract.js';
import { modelSees } from './support/model-sees.js';
import { exitsOf as exitsAt, expectNoLeak, typeInto as type } from './support/secret-exits.js';

interface Design {
  markup: string;
  /** What the visitor does before asking: typing, toggling "show password". */
  visitor: (page: HTMLElement) => void | Promise<void>;
  /** How each secret could show up in text. */
  secrets: RegExp[];
  /** Ordinary words and values that must still reach the model. */
  shown: string[];
}


const digits = (value: string) => new RegExp(`(?<!\\d)${value}(?!\\d)`);

const DESIGNS: Array<[name: string, design: Design]> = [
  ['a password revealed by a "show password" button', {
    markup: '<label>Password <input type="password" id="pw"></label><button type="button" id="show">Show</button>',
    visitor: (page) => {
      type(page.querySelector('#pw'), 'Reveal-Pw-5521');
      page.querySelector('#pw')!.setAttribute('type', 'text');
    },
    secrets: [/Reveal-Pw-5521/],
    shown: ['Password'],
  }],
  ['a field that once was a password, revealed, with no other sign of a secret', {
    markup: '<label>Memorable word <input type="password" id="word"></label>',
    visitor: async (page) => {
      type(page.querySelector('#word'), 'Quokka-Word-88');
      (page.querySelector('#word') as HTMLInputElement).type = 'text';
      await new Promise((resolve) => setTimeout(resolve));
    },
    secrets: [/Quokka-Word-88/],
    shown: ['Memorable word'],
  }],
  ['password and PIN fields named or labelled in other languages', {
    markup: `<label>Passwort <input id="de"></label><label>Mot de passe <input id="fr"></label><label>Contraseña <input id="es"></label>
      <label>Senha <input id="pt"></label><label>パスワード <input id="ja"></label><input name="kennwort" aria-label="Zugang">
      <label>PIN <input id="pin" inputmode="numeric"></label><label>Passcode <input id="passcode"></label><label>Security code <input id="sc"></label>`,
    visitor: (page) => {
      for (const [id, value] of [['de', 'Geheim-DE-1'], ['fr', 'Secret-FR-2'], ['es', 'Clave-ES-3'], ['pt', 'Senha-PT-4'], ['ja', 'Himitsu-JA-5'], ['pin', '8426'], ['passcode', '771906'], ['sc', '5531']]) {
        type(page.querySelector(`#${id}`), value);
      }
      type(page.querySelector('[name=kennwort]'), 'Kennwort-DE-6');
    },
    secrets: [/Geheim-DE-1/, /Secret-FR-2/, /Clave-ES-3/, /Senha-PT-4/, /Himitsu-JA-5/, /Kennwort-DE-6/, digits('8426'), digits('771906'), digits('5531')],
    shown: ['Passwort', 'Contraseña', 'PIN'],
  }],
  ['a one-time code split over six boxes', {
    markup: `<p>Enter the code we sent you</p><div class="otp">${Array.from({ length: 6 }, (_, index) => `<input inputmode="numeric" maxlength="1" aria-label="Digit ${index + 1}" ${index === 0 ? 'autocomplete="one-time-code"' : ''}>`).join('')}</div>
      <label>Quantity <input name="qty" value="5"></label>`,
    visitor: (page) => [...page.querySelectorAll('.otp input')].forEach((box, index) => type(box, '739204'[index]!)),
    secrets: [/7\D{0,40}3\D{0,40}9\D{0,40}2\D{0,40}0\D{0,40}4/, /value=\\"[79320]\\"/],
    shown: ['Digit 1', 'value=\\"5\\"'],
  }],
  ['a card number, expiry and CVC labelled only by the text before them', {
    markup: `<div class="pay"><div>Card number</div><input id="n"><div>Expiry</div><input id="e"><div>CVC</div><input id="c"><div>Name on card</div><input id="name"></div>`,
    visitor: (page) => {
      type(page.querySelector('#n'), '4111 1111 1111 1111');
      type(page.querySelector('#e'), '07/39');
      type(page.querySelector('#c'), '862');
      type(page.querySelector('#name'), 'ADA LOVELACE');
    },
    secrets: [/4111 ?1111/, /07\/39/, digits('862')],
    shown: ['Card number', 'ADA LOVELACE'],
  }],
  ['a card number known only by its value, and the expiry and code beside it', {
    markup: `<fieldset><legend>Payment</legend><label>Reference <input id="ref"></label><label>Valid <input id="valid"></label><label>Check <input id="check"></label><label>Order note <input id="note"></label></fieldset>`,
    visitor: (page) => {
      type(page.querySelector('#ref'), '5555-5555-5555-4444');
      type(page.querySelector('#valid'), '11/31');
      type(page.querySelector('#check'), '4417');
      type(page.querySelector('#note'), 'Ring twice');
    },
    secrets: [/5555.?5555/, /11\/31/, digits('4417')],
    shown: ['Reference', 'Ring twice'],
  }],
  // Fields by what a visitor types into, not by tag: an editing host is one.
  ['a password typed into a contenteditable box labelled by another element', {
    markup: `<span id="pw-label">Password</span><div contenteditable="true" role="textbox" aria-labelledby="pw-label" id="ce"></div><label>Nickname <input id="nick" value="Ada"></label>`,
    visitor: (page) => {
      page.querySelector('#ce')!.textContent = 'Editable-Pw-7731';
    },
    secrets: [/Editable-Pw-7731/],
    shown: ['Password', 'Nickname'],
  }],
  ['a recovery phrase in a rich-text box named by aria-label, with a formatted word inside', {
    markup: `<div contenteditable="plaintext-only" aria-label="Recovery phrase" id="seed"></div><p>Keep it offline.</p>`,
    visitor: (page) => {
      page.querySelector('#seed')!.innerHTML = 'abandon ability <b>able</b> about above absent';
    },
    secrets: [/abandon ability/, /above absent/],
    shown: ['Keep it offline'],
  }],
  ['a private key pasted into a textarea whose only label is its placeholder', {
    markup: `<textarea id="key" placeholder="Paste your private key"></textarea><label>Key name <input id="kn"></label>`,
    visitor: (page) => {
      type(page.querySelector('#key'), 'PRIVKEY-9f8e7d6c5b4a');
      type(page.querySelector('#kn'), 'deploy-bot');
    },
    secrets: [/PRIVKEY-9f8e7d6c5b4a/],
    shown: ['private key', 'deploy-bot'],
  }],
  ['a card number split over four boxes of four digits', {
    markup: `<div>Card</div><div class="card">${[1, 2, 3, 4].map((index) => `<input maxlength="4" inputmode="numeric" aria-label="Group ${index}">`).join(' ')}</div>`,
    visitor: (page) => [...page.querySelectorAll('.card input')].forEach((box, index) => type(box, ['4012', '8888', '8888', '1881'][index]!)),
    secrets: [digits('4012'), digits('1881'), /8888/],
    shown: ['Group 1'],
  }],
];

describe('secrets typed into forms', function () {
  this.timeout(30_000);
  for (const [name, design] of DESIGNS) {
    it(name, async () => {
      expectNoLeak(await exitsAt(design.markup, design.visitor), design.secrets, design.shown);
    });
  }

  it('a password revealed between two turns stays masked on the second', async () => {
    const page = await fixture<HTMLElement>(html`<form><label>Name <input name="fullname"></label><label>Your word <input type="password" id="w"></label></form>`);
    type(page.querySelector('#w'), 'Turn-Two-Secret');
    const lane = await createLane();
    await lane.script(
      { turn: { memory: 'Reveal it.', todos_remaining: ['look'], actions: [{ tool: 'fill_input', args: { selector: `[${elementId(page.querySelector('[name=fullname]')!)}]`, value: 'Ada' } }] } },
      end('Done.'),
    );
    page.querySelector('[name=fullname]')!.addEventListener('change', () => page.querySelector('#w')!.setAttribute('type', 'text'));
    const agent = await mountAgent(lane);
    await runBounded(agent, 'Fill my name');
    const requests = await lane.requests();
    expect(requests).to.have.length(2);
    expect((page.querySelector('#w') as HTMLInputElement).type, 'the page revealed it').to.equal('text');
    for (const request of requests) expect(JSON.stringify(request.body)).not.to.include('Turn-Two-Secret');
  });
});

const URLS: Array<[name: string, url: string, secrets: RegExp[], shown: string[]]> = [
  ['a password-reset token in the query', '?page=2&token=Zk3PqY7vL2mN9xR4tB8w', [/Zk3PqY7vL2mN9xR4tB8w/], ['page=2']],
  ['an OAuth access token in the fragment', '#access_token=ya29.A0ARrdaM-Qx9Tz1Lk7Pw3&token_type=Bearer&expires_in=3599', [/ya29\.A0ARrdaM/], ['expires_in=3599']],
  ['an authorization code and session id in the query', '?code=4%2F0AX4XfWh7Qm2&session=8f9a2b7c&sort=price', [/0AX4XfWh7Qm2/, /8f9a2b7c/], ['sort=price']],
  ['a long random token as a path segment', 'reset/eyJhbGciOiJIUzI1NiJ9x7Q2mZpL9Rt4?lang=en', [/eyJhbGciOiJIUzI1NiJ9/], ['lang=en']],
  ['a UUID capability link', 'invite/3f2a9c1e-7b4d-4e8a-9f10-2c6d5e8b1a47', [/3f2a9c1e-7b4d/], ['invite']],
];

describe('secrets in the page URL', function () {
  this.timeout(30_000);
  for (const [name, url, secrets, shown] of URLS) {
    it(name, async () => {
      const exits = await exitsAt('', () => undefined, url);
      expectNoLeak(exits, secrets, shown);
    });
  }
});

// What actions report about where a click led: the link or request is the page's, not the model's,
// and its URL can carry a token the dump already masked.
describe('secrets in URLs that actions report', function () {
  this.timeout(30_000);
  const TOKEN = 'Zk3PqY7vL2mN9xR4tB8w';

  async function clickAndRead(markup: string, wire?: (page: HTMLElement) => void) {
    const page = await fixture<HTMLElement>(html`<div></div>`);
    page.innerHTML = markup;
    wire?.(page);
    const lane = await createLane();
    await lane.script(
      { turn: { memory: 'open', todos_remaining: ['read it'], actions: [{ tool: 'click', args: { selector: `[${elementId(page.querySelector('a, button')!)}]` } }] } },
      end('Here it is.'),
    );
    const agent = await mountAgent(lane);
    const routed: string[] = [];
    agent.addEventListener('navigate', (event) => {
      event.preventDefault();
      routed.push(event.detail.path);
    });
    const steps: string[] = [];
    agent.addEventListener('step', (event) => steps.push(event.detail.result.message));
    try {
      const { done } = await runBounded(agent, 'Open it');
      expect(done.status).to.equal('done');
    } finally {
      agent.remove();
    }
    const requests = await lane.requests();
    expect(requests, 'the task went on after the click').to.have.length(2);
    return { routed, steps, model: JSON.stringify(requests[1]!.body) };
  }

  it('a new-tab link of this site with a reset token, opened here through the host router', async () => {
    const { routed, steps, model } = await clickAndRead(`<a href="/reset?step=2&token=${TOKEN}" target="_blank">Reset password</a>`);
    expect(routed, 'the host still gets the real address').to.deep.equal([`/reset?step=2&token=${TOKEN}`]);
    expect(steps[0]).to.include('Opened /reset?step=2&token=');
    expect(model.includes('step=2'), 'the rest of the address reaches the model').to.equal(true);
    expect((steps.join('\n') + model).includes(TOKEN), 'the token reached the model or the step').to.equal(false);
  });

  it('a new-tab link to this very page with a token in the fragment: scrolled to, masked', async () => {
    const page = await fixture<HTMLElement>(html`<div></div>`);
    const here = location.pathname + location.search;
    page.innerHTML = `<a href="${here}#access_token=${TOKEN}&state=7" target="_blank">Continue</a>`;
    const lane = await createLane();
    await lane.script(
      { turn: { memory: 'open', todos_remaining: ['read it'], actions: [{ tool: 'click', args: { selector: `[${elementId(page.querySelector('a')!)}]` } }] } },
      end('Here it is.'),
    );
    const agent = await mountAgent(lane);
    const steps: string[] = [];
    agent.addEventListener('step', (event) => steps.push(event.detail.result.message));
    const before = location.hash;
    try {
      const { done } = await runBounded(agent, 'Continue');
      expect(done.status).to.equal('done');
      expect(location.hash, 'the page went to the fragment').to.include('access_token=');
      expect(steps.join('\n')).to.include('#access_token=');
      expect(steps.join('\n')).to.include('state=7');
      const model = JSON.stringify((await lane.requests())[1]!.body);
      expect((steps.join('\n') + model).includes(TOKEN), 'the token reached the model or the step').to.equal(false);
    } finally {
      agent.remove();
      history.replaceState(null, '', before || location.pathname + location.search);
    }
  });

  it("a page handler's window.open() of an invite link of this site, opened here", async () => {
    const invite = '3f2a9c1e-7b4d-4e8a-9f10-2c6d5e8b1a47';
    const { routed, steps, model } = await clickAndRead('<button type="button">Open invite</button>', (page) =>
      page.querySelector('button')!.addEventListener('click', () => window.open(`/invite/${invite}?lang=en`)),
    );
    expect(routed, 'the host still gets the real address').to.deep.equal([`/invite/${invite}?lang=en`]);
    expect(steps[0]).to.include('Opened /invite/');
    expect(model.includes('lang=en'), 'the rest of the address reaches the model').to.equal(true);
    expect((steps.join('\n') + model).includes(invite.slice(0, 13)), 'the invite id reached the model or the step').to.equal(false);
  });
});

// Secrets the page shows as text, recognised by their shape (no label, no field): the model gets
// the mask in their place. Ordinary numbers and codes a visitor may ask about still reach it.
describe('secrets shown on the page, by their shape', function () {
  this.timeout(20_000);
  const keypad = (display: string, extra = '') => `<div class="pad"><p>Enter your PIN</p>${display}<div>${[1, 2, 3, 4, 5, 6, 7, 8, 9, 0].map((digit) => `<button type="button">${digit}</button>`).join('')}${extra}</div></div>`;
  const SHOWN_SECRETS: Array<[string, string, RegExp]> = [
    ['a PIN pad echoing the digits into <output>', keypad('<output>4821</output>'), /4\s*8\s*2\s*1/],
    ['a PIN pad echoing spaced digits into a status box', keypad('<div role="status">7 3 9 0</div>'), /7\s*3\s*9\s*0/],
    ['a Stripe secret key in <code>', '<p>Your key: <code>sk_live_51HxYz8KpQ2rT4vW6nB9mC3dF</code></p>', /51HxYz8KpQ2rT4vW6nB9mC3dF/],
    ['an OpenAI-style key in a <pre>', '<pre>OPENAI_API_KEY=sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34</pre>', /Ab12Cd34Ef56Gh78/],
    ['an AWS access key id in a table cell', '<table><tr><th>Access key</th><td>AKIAIOSFODNN7EXAMPLE</td></tr></table>', /IOSFODNN7EXAMPLE/],
    ['a GitHub token split over two spans', '<p>Token <span>ghp_16C7e42F292c6912E7710c8</span><span>38347Ae178B4a</span></p>', /16C7e42F292c6912E7710c8/],
    ['an unprefixed random API key in <code>', '<p>API key <code>Zx8Qp2LmN4vR7tKw9sYb3HcJ5dFg</code></p>', /Zx8Qp2LmN4vR7tKw9sYb3HcJ/],
    ['a JWT shown in a debug panel', '<p>Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U</p>', /eyJzdWIiOiIxMjM0NTY3ODkwIn0/],
    ['a card number in visible text, grouped', '<p>Card on file: 4000 0566 5566 5556, expires 12/29</p>', /5566\s*5556|4000056655665556/],
    ['a card number with dashes inside a readonly field', '<label>Saved card <input readonly value="5555-5555-5555-4444"></label>', /5555-5555-5555-4444|5555555555554444/],
    ['an IBAN in visible text', '<p>Pay to DE89 3704 0044 0532 0130 00 by Friday.</p>', /3704\s*0044/],
    ['an IBAN without spaces', '<p>IBAN: GB29NWBK60161331926819</p>', /NWBK60161331926819/],
    ['a token in a copy button\'s aria-label', '<button type="button" aria-label="Copy sk_live_51HxYz8KpQ2rT4vW6nB9mC3dF">Copy</button>', /51HxYz8KpQ2rT4vW6nB9mC3dF/],
    ['a token as the name of an icon-only link (its title)', '<a href="/keys" title="ghp_16C7e42F292c6912E7710c838347Ae178B4a"><svg width="16" height="16"><rect width="16" height="16"/></svg></a>', /16C7e42F292c6912E7710c8/],
    // Hex-only keys: masked where the words before them call them a key, secret or token.
    ['a hex API key labelled in the same line', '<p>API key: <code>9f86d081884c7d659a2feaa0c55ad015</code></p>', /9f86d081884c7d659a2feaa0c55ad015/],
    ['a hex webhook secret in a settings row', '<p>Webhook secret <span>e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855</span> (keep it private)</p>', /e3b0c44298fc1c149afbf4c8996fb924/],
    ['a hex session id in a debug line', '<pre>session_id=a94a8fe5ccb19ba61c4c0873d391e987982fbbd3</pre>', /a94a8fe5ccb19ba61c4c0873d391e987/],
    ['an API key in a readonly textarea', '<label>Key <textarea readonly>Zx8Qp2LmN4vR7tKw9sYb3HcJ5dFg</textarea></label>', /Zx8Qp2LmN4vR7tKw9sYb3HcJ/],
  ];
  for (const [name, markup, secret] of SHOWN_SECRETS) {
    it(name, async () => {
      const seen = await modelSees(markup);
      expect(seen.body, `the secret reached the model; the page as sent:\n${seen.env}`).not.to.match(secret);
      expect(seen.dump).to.include('•••');
    });
  }

  it('a card number in the page title', async () => {
    const seen = await modelSees('<p>Receipt</p>', { title: 'Receipt for 4242 4242 4242 4242' });
    expect(seen.body).not.to.match(/4242 4242 4242 4242|4242424242424242/);
  });

  const ORDINARY = [
    'Total $1,299.99', 'Order #100234567', 'Call +1 (415) 555-2671', 'Delivered 2024-11-24', 'Tracking 1Z999AA10123456784',
    'Ref 1234 5678 9012 3456', 'Commit 9fceb02d0ae598e95dc970b74767f19372d61af8', 'SKU WIDGET-PRO-2024-XL-BLUE-EDITION',
    'See sk-learn-documentation-examples', 'Call getElementById2ForLegacyBrowsers1 first', 'Flight LH4021 seat 32C',
    // Numbers that pass the Luhn check but are not written as card numbers are (or not by a card issuer).
    'Order 402-4567890-1234561', 'ISBN 978-0-596-52068-2', 'Parcel 9400 1000 0000 0005',
    // Hex that is public by what the words before it say: a checksum, a key's fingerprint.
    'SHA-256 checksum e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'Key fingerprint 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b',
  ];
  it('ordinary numbers and codes stay: prices, order ids, phones, dates, tracking, hashes, identifiers', async () => {
    const seen = await modelSees(ORDINARY.map((line) => `<p>${line}</p>`).join(''));
    for (const line of ORDINARY) expect(seen.dump, `${line} was left out; the page as sent:\n${seen.env}`).to.include(line);
  });

  it("a calculator's display stays (its keypad has operators)", async () => {
    const seen = await modelSees(keypad('<output>1234</output>', '<button type="button">+</button><button type="button">=</button>'));
    expect(seen.dump).to.include('1234');
  });

  it("an amount keypad's display stays (it has a decimal point), and a PIN pad's keys keep their digits", async () => {
    const amount = await modelSees(keypad('<output>25</output>', '<button type="button">.</button><button type="button">⌫</button>'));
    expect(amount.dump).to.match(/<output>25|\b25\b/);
    const pin = await modelSees(keypad('<output>4821</output>'));
    for (const digit of [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]) expect(pin.dump, pin.dump).to.match(new RegExp(`<button type=button>${digit}\\b`));
    expect(pin.dump).not.to.match(/4\s*8\s*2\s*1/);
  });

  it('a JWT whose parts are short (no run of 16 plain characters) is masked too', async () => {
    const seen = await modelSees('<p>Session eyJhIjoxfQ.eyJiIjoyfQ.c2lnbmF0dXJl</p><p>Key xoxb-12.ab-34.cd-56.ef-7g</p>');
    expect(/eyJiIjoyfQ|ab-34\.cd/.test(seen.body), `a token reached the model; the page as sent:\n${seen.env}`).to.equal(false);
  });

  // The quick pre-check lets most text skip the full scan; it must never skip a text the scan
  // would change. Tokens are built from vendor prefixes, word characters and the separators they
  // are written with (dots, dashes, slashes, spaces), inside prose.
  it('the quick pre-check never skips a secret the full scan masks (generated tokens in text)', () => {
    const prefixes = ['sk-', 'sk-proj-', 'sk_live_', 'rk_test_', 'ghp_', 'github_pat_', 'xoxb-', 'glpat-', 'AKIA', 'AIza', 'eyJ', 'DE89', 'GB29 ', ''];
    const piece = fc.oneof(fc.constantFrom(...'AZaz09x.-_/+= '.split('')), fc.stringMatching(/^[A-Za-z0-9]{1,7}$/), fc.stringMatching(/^\d{1,3}$/));
    const token = fc.tuple(fc.constantFrom(...prefixes), fc.array(piece, { minLength: 4, maxLength: 24 })).map(([prefix, parts]) => prefix + parts.join(''));
    const text = fc.tuple(fc.constantFrom('', 'Your key ', 'Bearer ', 'see: '), token, fc.constantFrom('', ' now.', ', then')).map((parts) => parts.join(''));
    fc.assert(fc.property(text, (line) => maskSecretShapes(line) === scanSecretShapes(line)), { numRuns: 3000 });
  });
});
