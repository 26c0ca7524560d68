/** What never leaves the page: secrets are replaced by this mask, and only when there is something to hide. */
export const REDACTION_MASK = '•••';

export const REDACT_ATTRIBUTE = 'data-agent-redact';

/**
 * A field whose value is a secret by its nature: passwords (also once a "show password" toggle has
 * turned them into text fields, which is why the password autocomplete tokens count), payment card
 * fields and one-time codes.
 */
export function isSecretField(el: Element): boolean {
  // A <select> holds card expiry months and years (autocomplete cc-exp-month / cc-exp-year).
  if (el.localName !== 'input' && el.localName !== 'textarea' && el.localName !== 'select') return false;
  if (el.localName === 'input' && (el as HTMLInputElement).type === 'password') return true;
  const autocomplete = el.getAttribute('autocomplete');
  if (!autocomplete) return false;
  // Any ASCII whitespace separates autocomplete tokens, not only spaces.
  for (const token of autocomplete.toLowerCase().split(/\s+/)) {
    if (token.startsWith('cc-') || token === 'one-time-code' || token === 'current-password' || token === 'new-password') {
      return true;
    }
  }
  return false;
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
