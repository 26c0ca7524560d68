import { REDACTION_MASK } from './redaction-mask.js';
import { newUrl, replaceText, testText } from './platform.js';
import { foldDigits, isCardNumber } from './card-number.js';

/**
 * A URL as the model, the session store and the debug output may see it: what grants access is
 * replaced by the mask. That is the value of a query or fragment parameter whose name says it is a
 * credential (`token`, `access_token`, `code`, `session`, `key`, `signature`, `pin`, `cvc`…), any value
 * or path segment that looks like a random token (long, letters and digits mixed, or a UUID) or is a
 * card number whatever it is called, and a password in the URL's user info. Names stay, so the model
 * still knows what the page was given.
 */
export function redactUrl(url: string): string {
  const redacted = redactShapes(url);
  try {
    return maskTyped(redacted);
  } catch {
    // A page that broke what finding typed secrets reads: its URL keeps the shapes' masking, and a
    // task is not stopped by it (this runs as sessions are saved and turns recorded).
    return redacted;
  }
}

// What the visitor typed into secret fields, masked where a URL carries it ("?chosen=8294"): set by
// secret-echo.ts, which loads with the agent core (this module loads with the tag, without the
// secret-field rules); until then no field has been judged and nothing has been sent.
let maskTyped = (url: string) => url;
export function maskTypedInUrls(mask: (url: string) => string): void {
  maskTyped = mask;
}

function redactShapes(url: string): string {
  // A root-relative link: judged against a placeholder origin, which is taken off again. Asked
  // before parsing, as such a path never parses without a base: most links are such paths, and
  // the parser's error costs far more than the parse.
  if (url.startsWith('/') && !url.startsWith('//')) return redactShapes(`http://h${url}`).slice('http://h'.length);
  let parsed: URL;
  try {
    parsed = newUrl(url);
  } catch {
    return url;
  }
  // Judged decoded: a card number in Arabic-Indic digits is percent-encoded there.
  const path = parsed.pathname.split('/').map((segment) => (isSecretValue(decode(segment)) ? REDACTION_MASK : segment)).join('/');
  const user = parsed.username ? `${parsed.username}${parsed.password ? `:${REDACTION_MASK}` : ''}@` : '';
  const head = `${parsed.protocol}//${user}${parsed.host}${path}`;
  return head + redactParameters(parsed.search) + redactParameters(parsed.hash);
}

// Parameter names that carry a credential, as a word of the name (words split at camelCase and
// at anything but letters and digits: `accessToken`, `api_key`, `X-Auth`).
const SECRET_NAMES = /(?:^|[^a-z0-9])(?:token|code|session|sess|sid|auth|authorization|key|apikey|secret|signature|sig|password|pass|pwd|pw|pin|passcode|cvc|cvv|csc|otp|nonce|ticket|jwt|bearer|credential|credentials|verifier|assertion)(?![a-z0-9])/;

/** `?a=1&token=…` or `#access_token=…&state=…`: secret values masked; a bare token fragment too. */
function redactParameters(part: string): string {
  if (part.length < 2) return part;
  if (!part.includes('=')) return isSecretValue(decode(part.slice(1))) ? `${part[0]}${REDACTION_MASK}` : part;
  return replaceText(part, PARAMETER, (whole, separator: string, name: string, value: string) => {
    const secret = testText(SECRET_NAMES, replaceText(decode(name), /([a-z])([A-Z])/g, '$1 $2').toLowerCase()) || isSecretValue(decode(value));
    return secret && value ? `${separator}${name}=${REDACTION_MASK}` : whole;
  });
}

const PARAMETER = /([?#&;]?)([^=&;#]*)=([^&;#]*)/g;
const TOKEN_ALPHABET = /^[\w\-.~+/=]+$/;
// A stretch between separators (- _ . ~) of 16 or more characters with a digit and a letter in it.
const MIXED_STRETCH = /(?:^|[-_.~])(?=[^-_.~]*\d)(?=[^-_.~]*[a-z])[^-_.~]{16}/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A random token rather than a word, a slug or an id a person would type: a UUID, or 16+ characters
 * of a token alphabet that mix letters and digits in a stretch of at least 16 without a separator.
 */
function isTokenLike(value: string): boolean {
  if (value.length < 16) return false;
  if (testText(UUID, value)) return true;
  return testText(TOKEN_ALPHABET, value) && testText(MIXED_STRETCH, value);
}

/** A token by {@link isTokenLike} (an IBAN is one), or a card number by its issuer digit and Luhn. */
function isSecretValue(value: string): boolean {
  // A card's first digit is its issuer's (2–6, as in page text): ids of 13–19 digits (a post's, an
  // order's) pass Luhn one time in ten.
  // Digits of any script, any one mark between groups (isCardNumber folds them).
  return isTokenLike(value) || (testText(/^[2-6](?:[^\p{L}\p{N}]?\d){12,18}$/u, foldDigits(value)) && isCardNumber(value));
}

function decode(text: string): string {
  try {
    return decodeURIComponent(replaceText(text, /\+/g, ' '));
  } catch {
    return text;
  }
}
