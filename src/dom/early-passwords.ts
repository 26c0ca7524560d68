// Password fields typed into from the moment the tag's script runs, before the element's watch
// (watch-secret-fields.ts, in a chunk loaded later) starts: a page that swaps the field for a text
// field under its id or name meanwhile ("show password" as a new element) leaves no other trace.
// Imports nothing, so the tag's first chunk carries only this; the watch takes the fields over.

// Each field with its keys as watch-secret-fields.ts makes them (`id=…`, `name=…`), read when typed
// into: the field may be collected, once replaced, before the watch takes it over.
const typed: Array<[WeakRef<Element>, string[]]> = [];

/**
 * An `input` event's listener (define.ts adds it on the document, capturing, as the tag's script
 * runs): notes a password field typed into (autofill included).
 */
export function notePasswordTyped(event: Event): void {
  const field = event.composedPath()[0] as HTMLInputElement;
  if (field.localName === 'input' && field.type === 'password' && typed.length < 32 && !typed.some(([ref]) => ref.deref() === field)) {
    typed.push([new WeakRef(field), ['id', 'name'].map((name) => `${name}=${field.getAttribute(name) ?? ''}`).filter((key) => !key.endsWith('='))]);
  }
}

/** The fields noted so far, each once: the watch takes them over. */
export function takePasswordsTyped(): Array<[WeakRef<Element>, string[]]> {
  return typed.splice(0);
}
