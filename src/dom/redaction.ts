import { isSecretField } from './secret-field.js';
import { closestOf } from './platform.js';

export { REDACTION_MASK } from './redaction-mask.js';

export const REDACT_ATTRIBUTE = 'data-agent-redact';

export { isSecretField, isTextHost } from './secret-field.js';
export { watchSecretFields } from './watch-secret-fields.js';

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
    if (closestOf(current, `[${REDACT_ATTRIBUTE}]`)) return true;
    current = outsideRoot(current);
  }
  return false;
}

/** The parent across shadow roots and out of same-origin frames. */
export function composedParent(el: Element): Element | null {
  return el.parentElement ?? outsideRoot(el);
}

/** What holds `el`'s tree: its shadow root's host, or the frame element of its (same-origin) document. */
function outsideRoot(el: Element): Element | null {
  const root = el.getRootNode();
  // Node types, not instanceof: nodes from another frame come from another realm.
  if (root.nodeType === Node.DOCUMENT_FRAGMENT_NODE) return (root as ShadowRoot).host ?? null;
  try {
    return el.ownerDocument.defaultView?.frameElement ?? null;
  } catch {
    return null;
  }
}
