// Secrets, round 18: forms written by an attacker who has read the other secret tests and tries
// what they miss — a revealed password rendered again as a new field, labels whose encoding hides
// the word (a soft hyphen, decomposed accents, Turkish capitals), labels in more languages, a field
// named by an icon, full-width digits an IME types, card numbers, PINs and codes in the page URL, a
// secret the page says in a sentence, fields drawn as dots or that are textboxes by role. Each form
// runs a task through the real element (cross-tab sync and debug output on where the visitor types):
// the secret reaches none of the model server, sessionStorage, another tab and the debug output,
// while its look-alike still reaches the model. (The round's invisible code points and fence
// look-alikes are in security-unicode.test.ts.)
import { expect } from '@open-wc/testing';
import { modelSees } from './support/model-sees.js';
import { exitsOf, expectNoLeak, typeInto as type } from './support/secret-exits.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const digits = (value: string) => new RegExp(`(?<![\\d\\uff10-\\uff19])${value}(?![\\d\\uff10-\\uff19])`);

/** Fields labelled `label`, each typed a value of its own: [label, value]. */
const labelled = (fields: Array<[label: string, value: string]>) => ({
  markup: fields.map(([label], index) => `<label>${label} <input id="f${index}"></label>`).join(''),
  visitor: (page: HTMLElement) => fields.forEach(([, value], index) => type(page.querySelector(`#f${index}`), value)),
});

describe('secrets typed into forms, round 18', function () {
  this.timeout(30_000);

  it('a revealed password rendered again as a new text field with the same id and name', async () => {
    const exits = await exitsOf('<label for="word">Memorable word</label><span id="slot"><input type="password" id="word" name="word"></span>', async (page) => {
      // The element starts its watch from a chunk it loads on connecting; on a real page the visitor
      // comes later than that.
      await import('../src/ui/config-check.js');
      await settle();
      type(page.querySelector('#word'), 'Quokka-Again-88');
      await settle();
      // Svelte's {#if shown}<input type="text">{:else}<input type="password">{/if}: a new element.
      page.querySelector('#slot')!.innerHTML = '<input type="text" id="word" name="word">';
      type(page.querySelector('#word'), 'Quokka-Again-88');
      await settle();
    });
    expectNoLeak(exits, [/Quokka-Again-88/], ['Memorable word']);
  });

  it('a field that takes a removed password field\'s place under another id and name stays readable', async () => {
    const exits = await exitsOf('<span id="slot"><input type="password" id="word" name="word"></span>', async (page) => {
      await settle();
      page.querySelector('#slot')!.innerHTML = '<label>Nickname <input id="nick" name="nick"></label>';
      type(page.querySelector('#nick'), 'Ada-the-Countess');
      await settle();
    });
    expectNoLeak(exits, [], ['Ada-the-Countess']);
  });

  it('labels whose encoding hides the word: a soft hyphen, decomposed accents, Turkish and full-width capitals', async () => {
    const { markup, visitor } = labelled([
      ['Kenn&shy;wort', 'Shy-Kennwort-71'], ['Pass&shy;word', 'Shy-Password-72'], ['Mật khẩu'.normalize('NFD'), 'Nfd-Matkhau-73'],
      ['ŞİFRE', 'Upper-Sifre-74'], ['ＰＡＳＳＷＯＲＤ', 'Wide-Password-75'],
    ]);
    const exits = await exitsOf(`${markup}<label>Ürün adı <input id="product"></label>`, (page) => {
      visitor(page);
      type(page.querySelector('#product'), 'Çay bardağı');
    });
    expectNoLeak(exits, [/Shy-Kennwort-71/, /Shy-Password-72/, /Nfd-Matkhau-73/, /Upper-Sifre-74/, /Wide-Password-75/], ['Çay bardağı']);
  });

  it('password, PIN and one-time code fields labelled in more languages', async () => {
    const fields: Array<[string, string]> = [
      ['Heslo', 'Heslo-CS-01'], ['Jelszó', 'Jelszo-HU-02'], ['Parolă', 'Parola-RO-03'], ['Парола', 'Parola-BG-04'], ['ПІН-код', '4822'],
      ['Κωδικός πρόσβασης', 'Kodikos-EL-05'], ['סיסמה', 'Sisma-HE-06'], ['รหัสผ่าน', 'Rahat-TH-07'], ['رمز عبور', 'Ramz-FA-08'],
      ['الرقم السري', '6931'], ['পাসওয়ার্ড', 'Pass-BN-09'], ['验证码', '482913'], ['認証コード', '570126'], ['인증번호', '335087'],
      ['Код подтверждения', '918264'], ['Doğrulama kodu', '640372'], ['Kode verifikasi', '271828'], ['Mã xác minh', '314159'],
    ];
    const { markup, visitor } = labelled(fields);
    // Look-alikes: an Italian keyword search ("parola chiave") and a Greek name field.
    const exits = await exitsOf(`${markup}<label>Parola chiave <input id="kw"></label><label>Όνομα <input id="el-name"></label>`, (page) => {
      visitor(page);
      type(page.querySelector('#kw'), 'gelato artigianale');
      type(page.querySelector('#el-name'), 'Ελένη');
    });
    expectNoLeak(exits, fields.map(([, value]) => (/^\d+$/.test(value) ? digits(value) : new RegExp(value))), ['gelato artigianale', 'Ελένη']);
  });

  it('a security code named only by the icon aria-labelledby points to, or by its own title', async () => {
    const exits = await exitsOf(
      `<svg id="cvc-icon" role="img" aria-label="CVC" width="12" height="12"></svg><input id="a" aria-labelledby="cvc-icon">
       <img id="pin-icon" alt="PIN" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input id="b" aria-labelledby="pin-icon">
       <input id="c" title="Security code"><svg id="qty-icon" role="img" aria-label="Quantity" width="12" height="12"></svg><input id="d" aria-labelledby="qty-icon">`,
      (page) => {
        type(page.querySelector('#a'), '7392');
        type(page.querySelector('#b'), '8426');
        type(page.querySelector('#c'), '5531');
        type(page.querySelector('#d'), '1207');
      },
    );
    expectNoLeak(exits, [digits('7392'), digits('8426'), digits('5531')], ['1207']);
  });

  it('a card number typed in full-width digits (an IME), and the code and expiry beside it', async () => {
    const exits = await exitsOf('<fieldset><label>Number <input id="n"></label><label>Code <input id="c"></label><label>Until <input id="e"></label></fieldset>', (page) => {
      type(page.querySelector('#n'), '４２４２４２４２４２４２４２４２');
      type(page.querySelector('#c'), '７３９');
      type(page.querySelector('#e'), '08/31');
    });
    expectNoLeak(exits, [/４２４２/, /4242 ?4242/, /７３９/, digits('739'), /08\/31/], ['Number', 'Code']);
  });
});

describe('secrets in fields a person reads as secret by how they look or what they ask, round 18', function () {
  this.timeout(30_000);

  it('a PIN field the page draws as dots (-webkit-text-security), under a neutral label', async () => {
    const exits = await exitsOf('<label>Code <input id="dots" inputmode="numeric" style="-webkit-text-security: disc"></label><label>Room <input id="room"></label>', (page) => {
      type(page.querySelector('#dots'), '9137');
      type(page.querySelector('#room'), '2468');
    });
    expectNoLeak(exits, [digits('9137')], ['2468']);
  });

  it('a PIN widget with role=textbox drawing its digits, and a custom element whose internals make it a password textbox', async () => {
    if (!customElements.get('secret-face-r18')) {
      customElements.define('secret-face-r18', class extends HTMLElement {
        static formAssociated = true;
        internals = this.attachInternals();
        constructor() {
          super();
          this.attachShadow({ mode: 'open' }).innerHTML = '<span part="face"></span>';
          this.internals.role = 'textbox';
          this.internals.ariaLabel = 'Password';
          this.tabIndex = 0;
        }
      });
    }
    const exits = await exitsOf('<div role="textbox" aria-label="PIN" tabindex="0" id="pad"></div><secret-face-r18 id="face"></secret-face-r18><div role="textbox" aria-label="Nickname" tabindex="0" id="nick"></div>', (page) => {
      page.querySelector('#pad')!.textContent = '4719';
      page.querySelector<HTMLElement>('#face')!.shadowRoot!.querySelector('span')!.textContent = 'Face-Pw-4455';
      page.querySelector('#nick')!.textContent = 'Countess-Ada';
    });
    expectNoLeak(exits, [digits('4719'), /Face-Pw-4455/], ['Countess-Ada']);
  });

  it("a select asking for one digit of the visitor's PIN, and backup codes pasted into a textarea", async () => {
    const exits = await exitsOf(
      `<label>PIN digit 3 <select id="digit"><option value="">-</option><option>6</option><option>7</option></select></label>
       <label>Backup codes <textarea id="codes"></textarea></label><label>Quantity <select id="qty"><option>1</option><option>3</option></select></label>`,
      (page) => {
        const digit = page.querySelector<HTMLSelectElement>('#digit')!;
        digit.value = '7';
        digit.dispatchEvent(new Event('change', { bubbles: true }));
        type(page.querySelector('#codes'), 'k3v9-2mxq 7hb4-p8zd');
        const quantity = page.querySelector<HTMLSelectElement>('#qty')!;
        quantity.value = '3';
        quantity.dispatchEvent(new Event('change', { bubbles: true }));
      },
    );
    expectNoLeak(exits, [/selected=\\"7/, /k3v9-2mxq/], ['selected=\\"3\\"']);
  });
});

describe('secrets in the page URL, round 18', function () {
  this.timeout(30_000);

  it('a card number, PIN, CVC and password in the query under short or plain names', async () => {
    const exits = await exitsOf('', () => undefined, '?pin=4823&cvc=7394&number=4242424242424242&pw=Hunter2x9&sku=AB-1234&order=112-4567890-1234567');
    expectNoLeak(exits, [digits('4823'), digits('7394'), /4242424242424242/, /Hunter2x9/], ['sku=AB-1234', 'order=112-4567890-1234567']);
  });

  it('a card number and an IBAN as path segments', async () => {
    const exits = await exitsOf('', () => undefined, '/cards/4242424242424242/payouts/DE89370400440532013000/edit?view=2024-11-30');
    expectNoLeak(exits, [/4242424242424242/, /DE89370400440532013000/], ['/cards/', '/payouts/', 'view=2024-11-30']);
  });
});

describe('secrets the page says in a sentence, round 18', function () {
  this.timeout(20_000);

  it('a temporary password, a new PIN and a verification code said in text', async () => {
    const seen = await modelSees(
      `<p>Your temporary password is: Tr0ub4dor&amp;3</p><p>New PIN: 5820</p><p>Your verification code is 335087. It expires in 10 minutes.</p>
       <p>Password: at least 8 characters</p><p>Password is incorrect</p><p>Promo code: SAVE2024</p><p>PIN is 4 digits</p>`,
    );
    for (const leak of [/Tr0ub4dor/, digits('5820'), digits('335087')]) expect(leak.test(seen.body), `${leak} in the request`).to.equal(false);
    for (const shown of ['at least 8 characters', 'Password is incorrect', 'Promo code: SAVE2024', 'PIN is 4 digits', 'expires in 10 minutes']) expect(seen.dump).to.include(shown);
  });
});
