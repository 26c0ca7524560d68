// Secrets, round 19: what round 18 left leaking — a secret field's value echoed as text elsewhere
// on the page (a "show password" preview, a confirmation line, an attribute), a one-time code
// drawn one digit per element, recovery codes listed as page text, card numbers in other digits or
// grouped by other punctuation, and a password field re-rendered as a text field before the agent
// looked. Each runs a task through the real element: the secret reaches none of the model server,
// sessionStorage, another tab and the debug output, while its look-alike still reaches the model.
import { expect } from '@open-wc/testing';
import { modelSees } from './support/model-sees.js';
import { exitsOf, expectNoLeak, typeInto as type } from './support/secret-exits.js';

const digits = (value: string) => new RegExp(`(?<![\\d\\uff10-\\uff19])${value}(?![\\d\\uff10-\\uff19])`);
/**
 * The characters of `value` with anything but letters and digits between them (a code drawn a digit
 * per element), as JSON holds it: a line break there is `\\n`.
 */
const spread = (value: string) => new RegExp([...value].join('(?:\\\\n|[^\\p{L}\\p{N}]){0,40}'), 'u');

// First in the file: the element's watch is per document and, once started, stays on for the later tests.
describe('a password field re-rendered as a text field before the agent looked, round 19', function () {
  this.timeout(30_000);

  it('typed into before the element connected, then swapped for a text field with the same id', async () => {
    const seen = await modelSees('<label for="word">Memorable word</label><span id="slot"><input type="password" id="word" name="word"></span><label>Nickname <input id="nick" name="nick"></label>', {
      // The visitor types while the agent's script is still on its way; the page re-renders.
      prepare: (page) => {
        type(page.querySelector('#word'), 'Early-Quokka-19');
        page.querySelector('#slot')!.innerHTML = '<input type="text" id="word" name="word">';
        type(page.querySelector('#word'), 'Early-Quokka-19');
        type(page.querySelector('#nick'), 'Countess-Ada');
      },
    });
    expect(seen.body.includes('Early-Quokka-19'), 'the password in the request').to.equal(false);
    expect(seen.dump).to.include('Countess-Ada');
  });
});

describe('a secret field\'s value echoed elsewhere on the page, round 19', function () {
  this.timeout(30_000);

  it('a "show password" preview, a confirmation line and attributes carrying the typed password', async () => {
    const exits = await exitsOf(
      `<label>Password <input type="password" id="pw"></label><p>Preview: <span id="mirror"></span></p><p id="said"></p>
       <button id="copy" type="button">Copy</button><label>Nickname <input id="nick"></label><p id="hello"></p>`,
      (page) => {
        type(page.querySelector('#pw'), 'hunter2-Quokka');
        page.querySelector('#mirror')!.textContent = 'hunter2-Quokka';
        page.querySelector('#said')!.textContent = 'You chose: hunter2-Quokka. Keep it safe.';
        page.querySelector('#copy')!.setAttribute('title', 'Copy hunter2-Quokka');
        page.querySelector('#copy')!.setAttribute('aria-label', 'Copy hunter2-Quokka to the clipboard');
        // Look-alike: a field that is no secret, its value shown elsewhere.
        type(page.querySelector('#nick'), 'Countess-Ada');
        page.querySelector('#hello')!.textContent = 'Hello, Countess-Ada!';
      },
    );
    expectNoLeak(exits, [/hunter2-Quokka/, /hunter2/], ['Hello, Countess-Ada!', 'Keep it safe.']);
  });

  it('a PIN echoed in a sentence, in other digits and in the page URL', async () => {
    const exits = await exitsOf(
      '<label>PIN <input id="pin" inputmode="numeric"></label><p id="said"></p><p>Founded in 1987. Call 555-0142.</p>',
      (page) => {
        type(page.querySelector('#pin'), '8294');
        page.querySelector('#said')!.textContent = 'Your new PIN ８２９４ is set.';
      },
      '?step=confirm&chosen=8294',
    );
    expectNoLeak(exits, [digits('8294'), /８２９４/], ['Founded in 1987', '555-0142']);
  });
});

describe('one-time codes drawn one digit per element, round 19', function () {
  this.timeout(30_000);

  it('an input-otp widget: a transparent one-time-code input over six boxes drawing a digit each', async () => {
    const boxes = Array.from({ length: 6 }, (_, index) => `<div class="slot" id="s${index}" style="display:inline-block;width:2em;border:1px solid">&nbsp;</div>`).join('');
    const exits = await exitsOf(
      `<div style="position:relative"><input id="otp" autocomplete="one-time-code" maxlength="6" inputmode="numeric"
         style="position:absolute;inset:0;opacity:0"><div>${boxes.slice(0, boxes.length / 2)}</div><div>-</div><div>${boxes.slice(boxes.length / 2)}</div></div>
       <p>Order 4127-8830 ships in 3 days.</p>`,
      (page) => {
        type(page.querySelector('#otp'), '482913');
        [...'482913'].forEach((digit, index) => (page.querySelector(`#s${index}`)!.textContent = digit));
      },
    );
    expectNoLeak(exits, [spread('482913')], ['Order 4127-8830 ships in 3 days.']);
  });

  it('six one-character boxes labelled as a code, and a row of quantity boxes that stays', async () => {
    const boxes = Array.from({ length: 6 }, (_, index) => `<input id="c${index}" maxlength="1" inputmode="numeric" style="width:2em">`).join('');
    const exits = await exitsOf(`<fieldset><legend>Enter the code we sent you</legend>${boxes}</fieldset><p id="said"></p><label>Quantity <input id="qty"></label>`, (page) => {
      [...'570126'].forEach((digit, index) => type(page.querySelector(`#c${index}`), digit));
      // The page says the whole code back: the boxes' values make one secret.
      page.querySelector('#said')!.textContent = 'Checking 570126…';
      type(page.querySelector('#qty'), '2026');
    });
    expectNoLeak(exits, [/value=\\"[057126]\\"/, spread('570126')], ['2026', 'Checking']);
  });
});

describe('recovery codes listed as page text, round 19', function () {
  this.timeout(20_000);

  it('a list of backup codes under a heading that names them, and a list of product SKUs that stays', async () => {
    const codes = ['k3v9-2mxq-8h4p', 'p8zd-7hb4-q2nw', 'x5tr-m9ka-3jfe', 'c7yu-4pzl-9dkw', 'b2qe-6vnh-5rmt', 'f9ws-1gxc-7ybo'];
    const seen = await modelSees(
      `<h2>Save your backup codes</h2><p>Each can be used once.</p><ul>${codes.map((code) => `<li>${code}</li>`).join('')}</ul>
       <h2>Product codes</h2><ul><li>SKU-1042-BLUE</li><li>SKU-1043-PINK</li><li>SKU-1044-GREY</li><li>SKU-2001-TEAL</li></ul>
       <h2>Tracking numbers</h2><ul><li>4821-7730-1190</li><li>5930-2248-7716</li><li>6617-0093-4452</li></ul>
       <h3>Recovery key</h3><pre>R7Kq-2mNx-9PzL-4vWc</pre>`,
    );
    for (const code of [...codes, 'R7Kq-2mNx-9PzL-4vWc']) expect(seen.body.includes(code), `${code} in the request`).to.equal(false);
    for (const shown of ['Save your backup codes', 'Each can be used once.', 'SKU-1042-BLUE', 'SKU-2001-TEAL', '4821-7730-1190']) expect(seen.dump).to.include(shown);
  });
});

describe('card numbers in other digits or grouped by other punctuation, round 19', function () {
  this.timeout(30_000);

  it('Arabic-Indic, Devanagari, en-dash and dotted card numbers in page text', async () => {
    const seen = await modelSees(
      `<p>Card: ٤١١١ ١١١١ ١١١١ ١١١١</p><p>Karte: ४१११ ११११ ११११ ११११</p><p>Card 4111–1111–1111–1111 on file</p><p>Card 4242.4242.4242.4242 expires soon</p>
       <p>Call 555–0142 or +1.212.555.0142</p><p>Version 4.1.11.2 released</p><p>٢٠٢٤</p>`,
    );
    for (const leak of [/٤١١١/, /४१११/, /4111.1111.1111.1111/, /4242.4242.4242.4242/]) expect(leak.test(seen.body), `${leak}`).to.equal(false);
    for (const shown of ['555–0142', '+1.212.555.0142', 'Version 4.1.11.2', '٢٠٢٤']) expect(seen.dump).to.include(shown);
  });

  it('a card number in other digits in the page URL path and query', async () => {
    const exits = await exitsOf('', () => undefined, `/cards/${encodeURIComponent('٤١١١١١١١١١١١١١١١')}/edit?n=${encodeURIComponent('४१११-११११-११११-११११')}&year=2024`);
    expectNoLeak(exits, [/٤١١١/, /%D9%A4%D9%A1/i, /४१११/, /%E0%A5%AA/i], ['/cards/', 'year=2024']);
  });
});
