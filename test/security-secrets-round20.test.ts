// Secrets, round 20: echoes of a typed secret that round 19's matching walked past — the page
// showing it in other letter case, and a URL carrying it percent-encoded (any character but a
// letter or digit, and every non-ASCII one, is escaped there). Each runs a task through the real
// element: the secret reaches none of the model server, sessionStorage, another tab and the debug
// output, while its look-alikes still reach the model.
import { expect } from '@open-wc/testing';
import { exitsOf, expectNoLeak, typeInto as type } from './support/secret-exits.js';

describe('a secret field\'s value echoed in other case or percent-encoded, round 20', function () {
  this.timeout(30_000);

  it('a password shown in capitals and carried percent-encoded in the page URL', async () => {
    const exits = await exitsOf(
      '<label>Password <input type="password" id="pw"></label><p id="said"></p><p>Troubadour night at 8: tickets at the door.</p>',
      (page) => {
        type(page.querySelector('#pw'), 'Tr0ub4dor&3x');
        page.querySelector('#said')!.textContent = 'Saved: TR0UB4DOR&3X';
      },
      // Once in the query, and again encoded twice, as a redirect's return address carries it.
      '?step=confirm&pw=Tr0ub4dor%263x&next=%2Fdone%3Fpw%3DTr0ub4dor%25263x',
    );
    expectNoLeak(exits, [/tr0ub4dor/i, /%263x/, /%25263x/], ['Saved:', 'Troubadour night at 8']);
    expect(exits.model, 'the URL the model was given').to.match(/step=confirm/);
  });

  it('a passphrase with letters beyond ASCII, percent-encoded as UTF-8 in the URL path', async () => {
    const exits = await exitsOf(
      '<label>Passphrase <input type="password" id="pw"></label><p>Crème brûlée on Fridays.</p>',
      (page) => type(page.querySelector('#pw'), 'Crème-Brûlée-42'),
      '#/confirm/Cr%C3%A8me-Br%C3%BBl%C3%A9e-42',
    );
    expectNoLeak(exits, [/Cr%C3%A8me-Br%C3%BBl%C3%A9e/i, /crème-brûlée-42/i], ['Crème brûlée on Fridays.']);
  });
});

describe('a secret cleared from its field before the page says it back, round 20', function () {
  this.timeout(30_000);

  it('a one-time code the page verifies, clears and then names in a sentence', async () => {
    const exits = await exitsOf(
      '<label>Verification code <input id="otp" autocomplete="one-time-code" inputmode="numeric" maxlength="6"></label><p id="said"></p><p>Order 4127-8830 ships in 3 days.</p>',
      (page) => {
        type(page.querySelector('#otp'), '482913');
        // Filling the name (the task's first action) has the page verify the code: the field is
        // emptied, and the code is said back.
        page.querySelector('[name=fullname]')!.addEventListener('input', () => {
          (page.querySelector('#otp') as HTMLInputElement).value = '';
          page.querySelector('#said')!.textContent = 'Code 482913 verified.';
        });
      },
    );
    expectNoLeak(exits, [/(?<!\d)482913(?!\d)/], ['verified.', 'Order 4127-8830 ships in 3 days.']);
  });
});
