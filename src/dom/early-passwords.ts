// Password fields typed into from the moment the tag's script runs, before the element's watch
// (watch-secret-fields.ts, in a chunk loaded later) starts: a page that swaps the field for a text
// field under its id or name meanwhile ("show password" as a new element) leaves no other trace.
// Imports nothing, so the tag's first chunk carries only this; the watch takes the fields over.

// Each field with its id and name, read when typed into: the field may be collected, once
// replaced, before the watch takes it over.
const typed: Array<[WeakRef<Element>, string, string]> = [];
const { apply } = Reflect;
const path = Event.prototype.composedPath;

/**
 * An `input` event's listener (define.ts adds it on the document, capturing, as the tag's script
 * runs): notes a password field typed into (autofill included), once per run of keystrokes.
 */
export function notePasswordTyped(event: Event): void {
  // The event's path by the browser's own method, and nothing thrown into the page from here (a
  // page that broke a getter read below): this listener runs on every input the page has.
  try {
    const field = apply(path, event, [])[0] as HTMLInputElement;
    if (field.type === 'password' && field.localName === 'input' && typed.length < 32 && typed.at(-1)?.[0].deref() !== field) typed.push([new WeakRef(field), field.id, field.name]);
  } catch {
    // the watch, when it starts, reads the fields by the browser's own getters
  }
}

/** The fields noted so far, each once: the watch takes them over. */
export function takePasswordsTyped(): Array<[WeakRef<Element>, string, string]> {
  return typed.splice(0);
}
