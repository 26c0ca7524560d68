// The part of the secret-field rules that must run from the moment the element connects: knowing
// which fields were ever password fields. Kept apart from secret-field.ts so the tag's config-check
// chunk carries only this watcher, and the classification rules load with the agent core that uses them.

import { attributeOf, inputTypeOf, listen, lowerText, own, tagOf } from './platform.js';
import { takePasswordsTyped } from './early-passwords.js';

// Fields seen as password fields: they stay secrets after a "show password" toggle.
const wasPassword = new WeakSet<Element>();
// The same fields by their id and name: a framework that reveals a password by rendering a new text
// field in its place (Svelte's {#if}, a keyed React branch) gives the new one the same id or name.
// Held weakly: a view the visitor left (a sign-in form and all around it) is not kept alive for this.
const byKey = new Map<string, WeakRef<Element>>();
const keysOf = (el: Element): string[] => ['id', 'name'].map((name) => `${name}=${attributeOf(el, name) ?? ''}`).filter((key) => !key.endsWith('='));

function remember(el: Element): void {
  wasPassword.add(el);
  for (const key of keysOf(el)) byKey.set(key, new WeakRef(el));
}
/**
 * Password fields typed into before the watch started, maybe replaced since (early-passwords.ts):
 * taken over whenever a field is judged, as a task may look before the element's watch has started.
 */
function adoptEarly(): void {
  for (const [ref, id, name] of takePasswordsTyped()) {
    const field = ref.deref();
    if (field) wasPassword.add(field);
    if (id) byKey.set(`id=${id}`, ref);
    if (name) byKey.set(`name=${name}`, ref);
  }
}

/** Password fields remembered by id or name and still in memory (their values are masked where the page echoes them). */
export function rememberedPasswordFields(): Element[] {
  adoptEarly();
  const fields: Element[] = [];
  for (const ref of byKey.values()) {
    const field = ref.deref();
    if (field) fields.push(field);
  }
  return fields;
}
const watchedRoots = new WeakSet<Node>();
let observer: MutationObserver | undefined;

/**
 * Watches `root` (a document or shadow root) for password fields turned into text fields, or
 * replaced by one, from now on. The element calls it as soon as it connects, so a toggle before the
 * first task counts; the snapshot calls it for every root where it meets a password field.
 */
export function watchSecretFields(root: Document | ShadowRoot = document): void {
  if (watchedRoots.has(root) || typeof MutationObserver !== 'function') return;
  watchedRoots.add(root);
  observer ??= new MutationObserver((records) => {
    for (const record of records) if (lowerText(record.oldValue ?? '') === 'password') remember(record.target as Element);
  });
  observer.observe(root, { subtree: true, attributeFilter: ['type'], attributeOldValue: true });
  for (const field of root.querySelectorAll('input[type=password]')) remember(field);

  // A password field the page adds later is known once it is typed into (autofill included), before
  // a re-render can put a text field in its place.
  listen(root, 'input', (event) => {
    const field = own<EventTarget[]>(event, 'Event.composedPath')[0] as HTMLInputElement;
    if (tagOf(field) === 'input' && inputTypeOf(field) === 'password') remember(field);
  }, true);
}

/**
 * Whether `el` is (`password`: the caller read its type with the browser's own getter, not the
 * page's), or ever was while watched, a password field, or took the place of one that left the page
 * under its id or name; a password field now starts its root's watch.
 */
export function isOrWasPassword(el: Element, password: boolean): boolean {
  if (password) {
    remember(el);
    watchSecretFields(el.getRootNode() as Document | ShadowRoot);
    return true;
  }
  adoptEarly();
  if (wasPassword.has(el)) return true;
  for (const key of keysOf(el)) {
    const known = byKey.get(key);
    const before = known?.deref();
    // Gone from the page (or collected, which it had to leave first).
    if (known && before !== el && !before?.isConnected) {
      remember(el);
      return true;
    }
  }
  return false;
}
