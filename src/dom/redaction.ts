import { isSecretField } from './secret-field.js';

/** What never leaves the page: secrets are replaced by this mask, and only when there is something to hide. */
export const REDACTION_MASK = '•••';

export const REDACT_ATTRIBUTE = 'data-agent-redact';

export { isSecretField, watchSecretFields } from './secret-field.js';

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
