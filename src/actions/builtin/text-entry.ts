import { isHtmlElement, isInput, isLabel, isTextArea } from './element-kinds.js';

/**
 * Typing as frameworks see it. React keeps its own copy of an input's value (a tracker wrapping the
 * element's `value` property) and only fires onChange when the DOM value differs from that copy, so
 * values go through the prototype's native setter, which bypasses the tracker; then the events of
 * a real keystroke follow. Vue's v-model reads the value on `input` (`change` with `.lazy`).
 */

export type TextField = HTMLInputElement | HTMLTextAreaElement;
export type Editable = TextField | HTMLElement;

// Input types that take typed text; the rest (checkbox, file, …) have actions of their own.
const TYPED_INPUT_TYPES = new Set([
  'text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week', 'color', 'range',
]);

/** Format hints for inputs that silently drop a value in the wrong format. */
export const FORMAT_HINTS: Record<string, string> = {
  date: 'YYYY-MM-DD',
  time: 'HH:MM',
  'datetime-local': 'YYYY-MM-DDTHH:MM',
  month: 'YYYY-MM',
  week: 'YYYY-Www',
  color: '#rrggbb',
  number: 'a number',
  range: 'a number in its range',
};

export function isTextField(element: Element): element is TextField {
  if (isTextArea(element)) return true;
  return isInput(element) && TYPED_INPUT_TYPES.has(element.type);
}

/**
 * The field that takes text for `target`: the target itself, the control of a label, or the one
 * text field or editable region inside a wrapper (a custom search box, a combobox's input).
 */
export function findEditable(target: Element): Editable | undefined {
  if (isTextField(target)) return target;
  if (isHtmlElement(target) && target.isContentEditable) return editingHost(target);
  if (isLabel(target) && target.control && isTextField(target.control)) return target.control;
  const inside = [...target.querySelectorAll('input, textarea, [contenteditable]:not([contenteditable=false])')].filter(
    (element) => isTextField(element) || (isHtmlElement(element) && element.isContentEditable),
  );
  return inside.length === 1 ? (inside[0] as Editable) : undefined;
}

function editingHost(element: HTMLElement): HTMLElement {
  let host = element;
  while (host.parentElement?.isContentEditable) host = host.parentElement;
  return host;
}

export function textOf(field: Editable): string {
  if (isTextField(field)) return field.value;
  // An editable region left with empty blocks (an editor keeps at least one paragraph) shows nothing;
  // line breaks at its edges are block boundaries, not text (WebKit's innerText of a one-paragraph
  // Lexical editor ends in two).
  const text = (field.innerText ?? field.textContent ?? '').replace(/^\n+|\n+$/g, '');
  return text.trim() ? text : '';
}

/** Sets `value` through the setter of the element's own prototype chain, not the instance's. */
export function setNativeValue(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  let prototype: object | null = Object.getPrototypeOf(element);
  while (prototype) {
    const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    if (setter) {
      setter.call(element, value);
      return;
    }
    prototype = Object.getPrototypeOf(prototype);
  }
  element.value = value;
}

export interface KeyInit {
  key: string;
  code: string;
  keyCode: number;
}

/** The key a character is typed with, near enough for listeners that look at key, code or keyCode. */
export function keyForCharacter(character: string): KeyInit {
  const upper = character.toUpperCase();
  if (/^[a-z]$/i.test(character)) return { key: character, code: `Key${upper}`, keyCode: upper.charCodeAt(0) };
  if (/^[0-9]$/.test(character)) return { key: character, code: `Digit${character}`, keyCode: character.charCodeAt(0) };
  if (character === ' ') return { key: ' ', code: 'Space', keyCode: 32 };
  return { key: character, code: '', keyCode: 0 };
}

export function keyboardEvent(type: string, key: KeyInit, modifiers: Partial<KeyboardEventInit> = {}): KeyboardEvent {
  const legacyCode = type === 'keypress' ? (key.key.length === 1 ? key.key.charCodeAt(0) : key.keyCode) : key.keyCode;
  const event = new KeyboardEvent(type, {
    key: key.key,
    code: key.code,
    bubbles: true,
    cancelable: true,
    composed: true,
    view: window,
    ...modifiers,
  });
  // keyCode/which are not part of KeyboardEventInit in every engine; older libraries still read them.
  for (const name of ['keyCode', 'which', ...(type === 'keypress' ? ['charCode'] : [])]) {
    if ((event as unknown as Record<string, number>)[name] !== legacyCode) Object.defineProperty(event, name, { get: () => legacyCode });
  }
  return event;
}

export type EditKind = 'insertText' | 'insertFromPaste' | 'deleteContentBackward' | 'deleteContentForward' | 'insertLineBreak';

/**
 * Replaces a field's whole text with `value` as one edit: `beforeinput` (the page may cancel it),
 * the new value through the native setter, `input`. Returns false when the page cancelled it.
 * `change` is left to the caller, which decides when the edit is committed.
 */
export function replaceText(field: Editable, value: string, inputType: EditKind): boolean {
  const data = inputType.startsWith('insert') ? value : null;
  const before = new InputEvent('beforeinput', { bubbles: true, cancelable: true, composed: true, inputType, data });
  if (!field.dispatchEvent(before)) return false;
  if (isTextField(field)) {
    setNativeValue(field, value);
    field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType, data }));
    return true;
  }
  replaceEditableContent(field, value);
  return true;
}

/**
 * An editable region takes the edit through the editing commands when the engine still has them,
 * so editors that watch the DOM (and undo) see an ordinary edit; otherwise the text is set directly.
 */
function replaceEditableContent(field: HTMLElement, value: string): void {
  const host = selectContents(field);
  let done = false;
  try {
    done = value ? host.ownerDocument.execCommand('insertText', false, value) : host.ownerDocument.execCommand('delete', false);
  } catch {
    done = false;
  }
  // An editor may reshape what it was given (wrap it in a paragraph, autocorrect): that is its
  // answer and is reported as such; only an engine without the command gets the text set directly.
  if (!done) {
    field.textContent = value;
    host.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: value ? 'insertText' : 'deleteContentBackward', data: value || null }));
  }
}

/**
 * Selects an editable region's content, as a person does before typing over it. The browser tells
 * the page of a new selection only in a later task; an editor with a model of its own (ProseMirror,
 * Lexical, Quill) reads it then, and would apply the next key or edit to its old selection. Told
 * now, as after a person's selecting. Returns the editing host, focused.
 */
function selectContents(field: HTMLElement): HTMLElement {
  const range = field.ownerDocument.createRange();
  range.selectNodeContents(field);
  return selectRange(field, range);
}

/** Selects `range` inside `element` (see selectContents); returns the editing host, focused. */
export function selectRange(element: Element, range: Range): HTMLElement {
  const host = editingHost(element as HTMLElement);
  // Words of the page outside any editor are selected without moving the focus.
  if (host.isContentEditable) host.focus();
  const document = host.ownerDocument;
  document.getSelection()?.removeAllRanges();
  document.getSelection()?.addRange(range);
  document.dispatchEvent(new Event('selectionchange'));
  return host;
}

const BACKSPACE: KeyInit = { key: 'Backspace', code: 'Backspace', keyCode: 8 };

/**
 * One edit with the keystroke that finishes it: keydown (and keypress) of the last character, or
 * Backspace to empty the field, the edit itself, keyup. Returns false when the page blocked it.
 * Autocomplete widgets often look for new suggestions on keydown or keyup, not on input.
 */
export function typeText(field: Editable, value: string): boolean {
  const key = value ? keyForCharacter(value.at(-1)!) : BACKSPACE;
  // An editable region's selection is made first, so Backspace deletes it in editors that handle
  // the key themselves; no keypress there: ProseMirror reads one as a character typed over a
  // selection spanning blocks, and the edit would type it twice.
  const region = !isTextField(field);
  if (region) selectContents(field);
  let accepted = field.dispatchEvent(keyboardEvent('keydown', key));
  if (accepted && value && !region) accepted = field.dispatchEvent(keyboardEvent('keypress', key));
  if (accepted) accepted = replaceText(field, value, value ? 'insertText' : 'deleteContentBackward');
  field.dispatchEvent(keyboardEvent('keyup', key));
  return accepted;
}

export function fireChange(element: Element): void {
  element.dispatchEvent(new Event('change', { bubbles: true }));
}
