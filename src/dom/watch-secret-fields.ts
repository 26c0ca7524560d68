// The part of the secret-field rules that must run from the moment the element connects: knowing
// which fields were ever password fields. Kept apart from secret-field.ts so the tag's config-check
// chunk carries only this watcher, and the classification rules load with the agent core that uses them.

// Fields seen as password fields: they stay secrets after a "show password" toggle.
const wasPassword = new WeakSet<Element>();
const watchedRoots = new WeakSet<Node>();
let observer: MutationObserver | undefined;

/**
 * Watches `root` (a document or shadow root) for password fields turned into text fields, from
 * now on. The element calls it as soon as it connects, so a toggle before the first task counts;
 * the snapshot calls it for every root where it meets a password field.
 */
export function watchSecretFields(root: Document | ShadowRoot = document): void {
  if (watchedRoots.has(root) || typeof MutationObserver !== 'function') return;
  watchedRoots.add(root);
  observer ??= new MutationObserver((records) => {
    for (const record of records) if (record.oldValue?.toLowerCase() === 'password') wasPassword.add(record.target as Element);
  });
  observer.observe(root, { subtree: true, attributeFilter: ['type'], attributeOldValue: true });
  for (const field of root.querySelectorAll('input[type=password]')) wasPassword.add(field);
}

/**
 * Whether `el` is (`password`: the caller read its type with the browser's own getter, not the
 * page's), or ever was while watched, a password field; a password field now starts its root's watch.
 */
export function isOrWasPassword(el: Element, password: boolean): boolean {
  if (password) {
    wasPassword.add(el);
    watchSecretFields(el.getRootNode() as Document | ShadowRoot);
    return true;
  }
  return wasPassword.has(el);
}
