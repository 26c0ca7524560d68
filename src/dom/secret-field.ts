/**
 * Fields whose value is a secret, known by every signal a person would use: the field's type, now
 * or ever (a "show password" toggle turns a password field into a text field, which stays a secret),
 * its autocomplete token, its name, id or label (in the common languages, nearby text included), its
 * value (a card number passes the Luhn check; an expiry or code typed next to one goes with it) and
 * its shape (a one-time code split over a row of one-character boxes).
 */
import { isCardNumber } from './card-number.js';
import { isEditingHost } from './classify-element.js';
import { isOrWasPassword } from './watch-secret-fields.js';
import { ariaAttribute } from './element-internals.js';
import { attributeOf, inputTypeOf, normalizeText, replaceText, styleOf, tagOf } from './platform.js';

// Where a secret is typed. Checkboxes ("enable_2fa"), emails and the like never hold one.
const HINTED_INPUT_TYPES = new Set(['text', 'tel', 'number', 'month', 'search']);

// Words (name and id split at case changes and punctuation, then joined in runs of up to four) that
// name a secret on their own. Deliberately no bare "code" or "number": discount, postal and country
// codes are not secrets.
const SECRET_WORDS = new Set([
  // passwords and PINs, in the common languages
  'password', 'passwd', 'pwd', 'pass', 'passcode', 'passphrase', 'pin', 'pinnumber', 'pinno', 'passwort', 'kennwort', 'geheimzahl',
  'motdepasse', 'mdp', 'contrasena', 'contrasenia', 'senha', 'wachtwoord', 'haslo', 'sifre', 'losenord', 'salasana', 'passord', 'adgangskode', 'secret',
  // card security codes
  'cvc', 'cvv', 'cvn', 'csc', 'cvc2', 'cvv2', 'securitycode', 'cardcode', 'cardverification', 'cardcvc', 'cardcvv', 'cccsc', 'cccvc', 'cccvv',
  // one-time codes
  'otp', 'totp', 'hotp', 'otpcode', 'onetimecode', 'onetimepassword', 'onetimepasscode', 'onetimepin', '2fa', '2facode', 'twofa',
  'twofactor', 'twofactorcode', 'mfacode', 'verificationcode', 'authenticationcode', 'authenticatorcode', 'smscode',
]);
const CARD_NUMBER_WORDS = new Set(['cardnumber', 'cardnum', 'cardno', 'cardnr', 'ccnumber', 'ccnum', 'ccno', 'kartennummer', 'pan']);
// An expiry date alone is no secret (a membership, a document): only next to a card word.
const EXPIRY_WORD = /^(?:exp|expiry|expiration|expires|expire)(?:date|month|year|mm|yy|yyyy|mmyy)?$/;
const CARD_WORDS = new Set(['card', 'cc', 'credit', 'creditcard', 'debitcard', 'kreditkarte']);

// The same, for label text (label, aria-label, aria-labelledby, title, placeholder, text just before
// the field), folded as labelText folds it (lower case, NFKC, no invisible characters).
const SECRET_LABEL = new RegExp(
  [
    '\\bpass(?:word|code|phrase)\\b', '\\bpin\\b', 'passwort', 'kennwort', 'geheimzahl', 'mot de passe', 'code (?:secret|confidentiel)', '\\bnip\\b',
    'contrase[ñn]a', 'clave (?:de acceso|secreta|personal)', '\\bsenha\\b', 'wachtwoord', 'has[łl]o', '[şs]ifre', 'l[öo]senord', 'salasana', 'passord',
    'adgangskode', 'пароль', 'пин-?код', 'パスワード', '暗証番号', '密码', '密碼', '비밀번호', 'كلمة المرور', 'पासवर्ड', 'mật khẩu', 'kata sandi',
    '\\b(?:cvc|cvv|cvn|csc)2?\\b', '\\bsecurity code\\b', '\\bcard (?:code|verification)\\b', 'pr[üu]fnummer', 'sicherheitscode', 'cryptogramme',
    'c[óo]digo de seguri?dad', 'c[óo]digo de seguran[çc]a', 'codice di sicurezza', 'beveiligingscode', 'kod bezpiecze', 'セキュリティコード', '安全码',
    '\\bone[- ]time (?:code|password|passcode|pin)\\b', '\\b(?:otp|totp)\\b', '\\bverification code\\b', '\\bauthentication code\\b',
    '\\b(?:recovery|backup) codes?\\b|\\b(?:recovery|seed) phrase|\\b(?:private|secret) key\\b', '\\bauthenticator code\\b', '\\b2fa\\b', '\\btwo[- ]factor\\b', 'best[äa]tigungscode', 'code de v[ée]rification', 'c[óo]digo de verificaci[óo]n',
    'heslo', 'jelsz[óo]', '\\bparol[aă](?![a-z])(?! chiave)', 'парола', 'пін', 'κωδικός πρόσβασης', 'סיסמ', 'รหัสผ่าน', 'رمز عبور', 'گذرواژه',
    'كلمة السر', 'الرقم السري', 'পাসওয়ার্ড', '验证码', '驗證碼', '認証コード', '確認コード', '인증 ?번호', 'код подтверждения', 'doğrulama kodu',
    'kode verifikasi', 'mã xác (?:minh|thực|nhận)', 'codice di verifica', 'verificatiecode', 'kod weryfikacyjny', 'c[óo]digo de verifica[çc][ãa]o',
  ].join('|'),
);
const CARD_NUMBER_LABEL = /\bcard ?(?:number|num\b|no\b|nr\b|#)|kartennummer|num[ée]ro de (?:la )?carte|n[úu]mero de (?:la )?tarjeta|n[úu]mero do cart[ãa]o/;
const EXPIRY_LABEL = /\b(?:exp|expiry|expiration|expires|valid (?:thru|through|until))\b|ablaufdatum|g[üu]ltig bis|date d'expiration|vencimiento/;
const CARD_LABEL = /\b(?:card|cc|credit)\b|karte|carte|tarjeta|cart[ãa]o/;
// Placeholders that show a card number's shape: "1234 1234 1234 1234".
const CARD_NUMBER_SHAPE = /^\s*(?:\d{4}[ -]?){3}\d{1,4}\s*$/;
// "PIN code" is also how India says postal code: next to address fields it is one.
const POSTAL_PIN = /\bpin ?code\b|\bpincode\b/;
const ADDRESS_FIELDS = '[autocomplete*="address"],[autocomplete~="postal-code"],[name*="city" i],[name*="street" i],[name*="address" i]';
const FIELDS = 'input, select, textarea, button';
const CVC_VALUE = /^\s*\d{3,4}\s*$/;
const EXPIRY_VALUE = /^\s*(?:0?[1-9]|1[0-2])\s*[/\-. ]\s*(?:\d{2}|\d{4})\s*$/;

/** A field whose value is a secret by its nature; see the module comment for the signals. */
export function isSecretField(el: Element): boolean {
  const tag = tagOf(el);
  // An editing host is a field too, whatever its tag: a password typed into a contenteditable; so is
  // a textbox by its role (a PIN widget drawing its digits, a custom element's internals).
  if ((tag !== 'input' && tag !== 'textarea' && tag !== 'select') || isEditingHost(el)) return isTextHost(el) && hints(el, false) !== undefined;
  const field = el as HTMLInputElement;
  const type = tag === 'input' ? inputTypeOf(field) : '';
  if (isOrWasPassword(el, type === 'password')) return true;
  const autocomplete = attributeOf(el, 'autocomplete');
  if (autocomplete) {
    // Any ASCII whitespace separates autocomplete tokens, not only spaces.
    for (const token of autocomplete.toLowerCase().split(/\s+/)) {
      if (token.startsWith('cc-') || token === 'one-time-code' || token === 'current-password' || token === 'new-password') return true;
    }
  }
  // A select of single characters asks for a PIN's or a password's one by one ("PIN digit 3", a
  // bank's sign-in); one of methods ("two_factor_method": SMS, app) names a topic, not a secret.
  const select = el as unknown as HTMLSelectElement;
  if (tag === 'select') return hints(el, true) !== undefined || (everyOption(select, /^.$/) && hints(el, false) !== undefined) || (everyOption(select, /^\d{1,4}$/) && besideCard(el));
  if (tag === 'input' && !HINTED_INPUT_TYPES.has(type)) return false;
  if (hints(el, type === 'month') !== undefined) return true;
  // A field the page draws as dots (a PIN kept from password managers) is masked for the visitor too.
  if (!/^(?:none|)$/.test(styleOf(el).getPropertyValue('-webkit-text-security'))) return true;
  // Full-width digits (a Japanese IME's) are digits too.
  const value = normalizeText(field.value, 'NFKC');
  if (isCardNumber(value)) return true;
  if ((CVC_VALUE.test(value) || EXPIRY_VALUE.test(value)) && besideCard(el)) return true;
  return tag === 'input' && inCodeRow(field);
}

/** What a visitor types into that is no form field: an editing host, or a textbox by its role. */
export function isTextHost(el: Element): boolean {
  return isEditingHost(el) || ariaAttribute(el, 'role') === 'textbox';
}

/**
 * What a field's name, id, non-standard autocomplete value or label says it takes: 'card' for a
 * card number, 'secret' for any other secret, undefined for nothing of the kind.
 */
function hints(el: Element, expiryOnly: boolean): 'card' | 'secret' | undefined {
  let expiry = false;
  let card = false;
  for (const attribute of ['name', 'id', 'autocomplete']) {
    const value = attributeOf(el, attribute);
    if (!value) continue;
    const words = splitWords(value);
    const postal = words.join('').includes('pincode') && besideAddress(el);
    for (let start = 0; start < words.length; start += 1) {
      let run = '';
      for (let end = start; end < words.length && end < start + 4; end += 1) {
        run += words[end];
        if (!expiryOnly && CARD_NUMBER_WORDS.has(run)) return 'card';
        if (!expiryOnly && (SECRET_WORDS.has(run) || run === 'pincode') && !(postal && run.startsWith('pin'))) return 'secret';
        if (EXPIRY_WORD.test(run)) expiry = true;
        else if ((run.startsWith('cc') && EXPIRY_WORD.test(run.slice(2))) || (run.startsWith('card') && EXPIRY_WORD.test(run.slice(4)))) return 'secret';
        if (CARD_WORDS.has(run)) card = true;
      }
    }
    if (expiry && card) return 'secret';
  }
  const label = labelText(el);
  if (!label) return undefined;
  if (!expiryOnly) {
    if (CARD_NUMBER_LABEL.test(label) || CARD_NUMBER_SHAPE.test(attributeOf(el, 'placeholder') ?? '')) return 'card';
    if (SECRET_LABEL.test(label) && !(POSTAL_PIN.test(label) && besideAddress(el))) return 'secret';
  }
  return (expiry || EXPIRY_LABEL.test(label)) && (card || CARD_LABEL.test(label)) ? 'secret' : undefined;
}

/** The form (or the nearest box holding a few fields) around a field: what a person reads as "beside" it. */
function fieldGroup(el: Element): Element | null {
  const form = (el as HTMLInputElement).form;
  if (form) return form;
  let box = el.parentElement;
  for (let level = 0; box && level < 4; level += 1, box = box.parentElement) if (box.querySelectorAll('input, select').length > 2) return box;
  return box;
}

/** Whether a card number field (by value, autocomplete or hints) is in the same group as `el`. */
function besideCard(el: Element): boolean {
  for (const other of fieldGroup(el)?.querySelectorAll('input') ?? []) {
    if (other === el) continue;
    if (isCardNumber(other.value) || /\bcc-number\b/.test(attributeOf(other, 'autocomplete') ?? '') || hints(other, false) === 'card') return true;
  }
  return false;
}

function besideAddress(el: Element): boolean {
  return fieldGroup(el)?.querySelector(ADDRESS_FIELDS) != null;
}

/** A short list whose every option (but an empty one) is `shape`: months or years, a PIN's digits. */
function everyOption(select: HTMLSelectElement, shape: RegExp): boolean {
  const options = select.options;
  if (options.length === 0 || options.length > 40) return false;
  for (const option of options) if (option.value && !shape.test(option.value)) return false;
  return true;
}

/**
 * One box of a code typed a character or two at a time (at least four boxes side by side), or of a
 * card number split into groups of digits that together pass the Luhn check.
 */
function inCodeRow(field: HTMLInputElement): boolean {
  const length = field.maxLength;
  if (length < 1 || length > 6) return false;
  for (let box = field.parentElement, level = 0; box && level < 2; box = box.parentElement, level += 1) {
    const row = [...box.querySelectorAll('input')].filter((input) => input.maxLength >= 1 && input.maxLength <= 6);
    if (length <= 2 && row.filter((input) => input.maxLength <= 2).length >= 4) return true;
    if (row.length >= 3 && isCardNumber(row.map((input) => input.value).join(''))) return true;
  }
  return false;
}

/** `creditCardNumber`, `cc_number`, `payment[card-no]`, `otp1` → their words, lower-cased. */
function splitWords(value: string): string[] {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([a-zA-Z])([0-9])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

// Classification only, never shown: raw text is enough, and a long wrapping label is cut short.
const LABEL_CAP = 200;

/** Everything that names a field for a person: labels, ARIA names, its title, the placeholder, and the text just before it. */
function labelText(el: Element): string {
  const parts = [ariaAttribute(el, 'aria-label'), attributeOf(el, 'title'), attributeOf(el, 'placeholder'), textBefore(el)];
  const labelledBy = attributeOf(el, 'aria-labelledby');
  if (labelledBy) {
    const root = el.getRootNode() as Document | ShadowRoot;
    // An icon names a field by its own name as often as by text: an <img alt>, an <svg aria-label>, a title.
    for (const id of labelledBy.split(/\s+/)) {
      const named = id ? root.getElementById?.(id) : null;
      if (named) parts.push(named.textContent, attributeOf(named, 'aria-label'), attributeOf(named, 'alt'), attributeOf(named, 'title'));
    }
  }
  const labels = (el as HTMLInputElement).labels;
  if (labels) for (const label of labels) parts.push(label.textContent);
  let text = '';
  for (const part of parts) if (part) text += ` ${part.slice(0, LABEL_CAP)}`;
  // Folded so that how a label is encoded does not hide its words: a soft hyphen in `Pass&shy;wort`, a
  // decomposed `mật khẩu`, full-width letters, and the dot JavaScript's lower case leaves on `ŞİFRE`'s İ.
  return replaceText(normalizeText(text.toLowerCase(), 'NFKC'), /[\p{Default_Ignorable_Code_Point}\u0307]/gu, '').replace(/\s+/g, ' ');
}

/**
 * The text a person reads just before a field that has no label element: its previous siblings',
 * or its parent's previous siblings' (a `<div>Card number</div><div><input></div>` layout), up to
 * the previous field.
 */
function textBefore(el: Element): string {
  for (let node: Element | null = el, level = 0; node && level < 2; node = node.parentElement, level += 1) {
    let text = '';
    for (let sibling = node.previousSibling; sibling && text.length < 60; sibling = sibling.previousSibling) {
      // Another field's label and the like belong to that field.
      if (sibling.nodeType === Node.ELEMENT_NODE && ((sibling as Element).matches(FIELDS) || (sibling as Element).querySelector(FIELDS))) break;
      text = `${sibling.textContent ?? ''} ${text}`;
    }
    if (text.trim()) return text.slice(-LABEL_CAP);
  }
  return '';
}
