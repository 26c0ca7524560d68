/** What never leaves the page: secrets are replaced by this mask, and only when there is something to hide. */
export const REDACTION_MASK = '•••';

export const REDACT_ATTRIBUTE = 'data-agent-redact';

/**
 * A field whose value is a secret by its nature: passwords (also once a "show password" toggle has
 * turned them into text fields, which is why the password autocomplete tokens count), payment card
 * fields and one-time codes. Many checkout and sign-in forms never set `autocomplete`, so card and
 * code fields are also known by their name, id or label (see `hasSecretHints`).
 */
export function isSecretField(el: Element): boolean {
  // A <select> holds card expiry months and years (autocomplete cc-exp-month / cc-exp-year).
  const tag = el.localName;
  if (tag !== 'input' && tag !== 'textarea' && tag !== 'select') return false;
  const type = tag === 'input' ? (el as HTMLInputElement).type : '';
  if (type === 'password') return true;
  const autocomplete = el.getAttribute('autocomplete');
  if (autocomplete) {
    // Any ASCII whitespace separates autocomplete tokens, not only spaces.
    for (const token of autocomplete.toLowerCase().split(/\s+/)) {
      if (token.startsWith('cc-') || token === 'one-time-code' || token === 'current-password' || token === 'new-password') {
        return true;
      }
    }
  }
  if (tag === 'select') return hasSecretHints(el, { expiryOnly: true });
  return tag === 'input' && HINTED_INPUT_TYPES.has(type) && hasSecretHints(el, { expiryOnly: type === 'month' });
}

// Where a card number, code or expiry is typed. Checkboxes ("enable_2fa"), emails and the like never
// hold one, so their names do not count.
const HINTED_INPUT_TYPES = new Set(['text', 'tel', 'number', 'month']);

// Words (name and id split at case changes and punctuation, then joined in runs of up to four) that
// name a secret on their own. Deliberately no bare "code", "pin" or "number": discount, postal,
// country and PIN (Indian postal) codes are not secrets.
const SECRET_WORDS = new Set([
  // card numbers
  'cardnumber', 'cardnum', 'cardno', 'cardnr', 'ccnumber', 'ccnum', 'ccno', 'kartennummer',
  // card security codes
  'cvc', 'cvv', 'cvn', 'csc', 'cvc2', 'cvv2', 'securitycode', 'cardcode', 'cardverification', 'cardcvc', 'cardcvv', 'cccsc', 'cccvc', 'cccvv',
  // one-time codes
  'otp', 'totp', 'hotp', 'otpcode', 'onetimecode', 'onetimepassword', 'onetimepasscode', 'onetimepin', '2fa', '2facode', 'twofa',
  'twofactor', 'twofactorcode', 'mfacode', 'verificationcode', 'authenticationcode', 'authenticatorcode', 'smscode',
]);
// An expiry date alone is no secret (a membership, a document): only next to a card word.
const EXPIRY_WORD = /^(?:exp|expiry|expiration|expires|expire)(?:date|month|year|mm|yy|yyyy|mmyy)?$/;
const CARD_WORDS = new Set(['card', 'cc', 'credit', 'creditcard', 'debitcard', 'kreditkarte']);

// The same, for label text (label, aria-label, aria-labelledby, placeholder), lower-cased.
const SECRET_LABEL = new RegExp(
  [
    '\\bcard ?(?:number|num\\b|no\\b|nr\\b|#)', 'kartennummer', 'num[ée]ro de (?:la )?carte', 'n[úu]mero de (?:la )?tarjeta', 'n[úu]mero do cart[ãa]o',
    '\\b(?:cvc|cvv|cvn|csc)2?\\b', '\\bsecurity code\\b', '\\bcard (?:code|verification)\\b', 'pr[üu]fnummer', 'sicherheitscode', 'cryptogramme', 'c[óo]digo de seguridad',
    '\\bone[- ]time (?:code|password|passcode|pin)\\b', '\\b(?:otp|totp)\\b', '\\bverification code\\b', '\\bauthentication code\\b',
    '\\bauthenticator code\\b', '\\b2fa\\b', '\\btwo[- ]factor\\b', 'best[äa]tigungscode', 'code de v[ée]rification', 'c[óo]digo de verificaci[óo]n',
  ].join('|'),
);
const EXPIRY_LABEL = /\b(?:exp|expiry|expiration|expires|valid (?:thru|through|until))\b|ablaufdatum|g[üu]ltig bis|date d'expiration|vencimiento/;
const CARD_LABEL = /\b(?:card|cc|credit)\b|karte|carte|tarjeta|cart[ãa]o/;
// Placeholders that show a card number's shape: "1234 1234 1234 1234".
const CARD_NUMBER_SHAPE = /^\s*(?:\d{4}[ -]?){3}\d{1,4}\s*$/;

/** Whether a field's name, id, non-standard autocomplete value or label says it takes a secret. */
function hasSecretHints(el: Element, { expiryOnly }: { expiryOnly: boolean }): boolean {
  let expiry = false;
  let card = false;
  for (const attribute of ['name', 'id', 'autocomplete']) {
    const value = el.getAttribute(attribute);
    if (!value) continue;
    const words = splitWords(value);
    for (let start = 0; start < words.length; start += 1) {
      let run = '';
      for (let end = start; end < words.length && end < start + 4; end += 1) {
        run += words[end];
        if (!expiryOnly && SECRET_WORDS.has(run)) return true;
        if (EXPIRY_WORD.test(run)) expiry = true;
        else if ((run.startsWith('cc') && EXPIRY_WORD.test(run.slice(2))) || (run.startsWith('card') && EXPIRY_WORD.test(run.slice(4)))) return true;
        if (CARD_WORDS.has(run)) card = true;
      }
    }
    if (expiry && card) return true;
  }
  const label = labelText(el);
  if (!label) return false;
  if (!expiryOnly && (SECRET_LABEL.test(label) || CARD_NUMBER_SHAPE.test(el.getAttribute('placeholder') ?? ''))) return true;
  return (expiry || EXPIRY_LABEL.test(label)) && (card || CARD_LABEL.test(label));
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

function labelText(el: Element): string {
  const parts = [el.getAttribute('aria-label'), el.getAttribute('placeholder')];
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) {
    const root = el.getRootNode() as Document | ShadowRoot;
    for (const id of labelledBy.split(/\s+/)) if (id) parts.push(root.getElementById?.(id)?.textContent ?? null);
  }
  const labels = (el as HTMLInputElement).labels;
  if (labels) for (const label of labels) parts.push(label.textContent);
  let text = '';
  for (const part of parts) if (part) text += ` ${part.slice(0, LABEL_CAP)}`;
  return text.replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Whether `el`'s text and value must be masked: a secret field, or anything inside a
 * `[data-agent-redact]` subtree. The subtree test crosses shadow roots and same-origin frames, since
 * a host marking a widget as private means everything rendered inside it.
 */
export function isRedacted(el: Element): boolean {
  return isSecretField(el) || insideRedactedSubtree(el);
}

/** Whether `el` sits inside a `[data-agent-redact]` subtree, across shadow roots and frames. */
export function insideRedactedSubtree(el: Element): boolean {
  let current: Element | null = el;
  while (current) {
    if (current.closest(`[${REDACT_ATTRIBUTE}]`)) return true;
    const root = current.getRootNode();
    // Node types, not instanceof: nodes from another frame come from another realm.
    current = root.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? (root as ShadowRoot).host ?? null : frameOf(current);
  }
  return false;
}

function frameOf(el: Element): Element | null {
  try {
    return el.ownerDocument.defaultView?.frameElement ?? null;
  } catch {
    return null;
  }
}
