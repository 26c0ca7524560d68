import { fireChange, setNativeValue, type TextField } from './text-entry.js';
import { isInput } from './element-kinds.js';

/**
 * Text editing a key press does in a field, since a dispatched KeyboardEvent types nothing by
 * itself: insert at the caret (replacing the selection), delete before or after it, move it.
 * Each edit is `beforeinput` (cancelable) → value through the native setter → `input`, like a key.
 */

// Fields edited by keys since their last `change`: Enter, Tab and blur commit them, as browsers do.
const uncommitted = new WeakSet<Element>();

export function commitIfEdited(field: Element | null): void {
  if (field && uncommitted.has(field)) {
    uncommitted.delete(field);
    fireChange(field);
  }
}

function selectionOf(field: TextField): [number, number] {
  try {
    if (field.selectionStart !== null && field.selectionEnd !== null) return [field.selectionStart, field.selectionEnd];
  } catch {
    // email and number inputs expose no selection
  }
  return [field.value.length, field.value.length];
}

function moveCaret(field: TextField, start: number, end = start): void {
  try {
    field.setSelectionRange(start, end);
  } catch {
    // no selection API on this input type
  }
}

function applyEdit(field: TextField, next: string, caret: number, inputType: string, data: string | null): boolean {
  const init = { bubbles: true, composed: true, inputType, data };
  if (!field.dispatchEvent(new InputEvent('beforeinput', { ...init, cancelable: true }))) return false;
  setNativeValue(field, next);
  moveCaret(field, caret);
  field.dispatchEvent(new InputEvent('input', init));
  uncommitted.add(field);
  return true;
}

export function insertIntoField(field: TextField, text: string): boolean {
  if (isInput(field) && field.type === 'number' && !/^[0-9eE.+-]$/.test(text)) return false;
  const [start, end] = selectionOf(field);
  const value = field.value;
  if (field.maxLength >= 0 && value.length - (end - start) + text.length > field.maxLength) return false;
  const inputType = text === '\n' ? 'insertLineBreak' : 'insertText';
  return applyEdit(field, value.slice(0, start) + text + value.slice(end), start + text.length, inputType, text === '\n' ? null : text);
}

export function deleteInField(field: TextField, direction: 'backward' | 'forward'): boolean {
  let [start, end] = selectionOf(field);
  const value = field.value;
  if (start === end) {
    if (direction === 'backward') start = Math.max(0, start - 1);
    else end = Math.min(value.length, end + 1);
  }
  if (start === end) return false;
  const inputType = direction === 'backward' ? 'deleteContentBackward' : 'deleteContentForward';
  return applyEdit(field, value.slice(0, start) + value.slice(end), start, inputType, null);
}

/** Left/Right/Home/End in a field: the caret moves (Shift extends the selection). */
export function moveInField(field: TextField, key: string, extend: boolean): boolean {
  const [start, end] = selectionOf(field);
  const length = field.value.length;
  const target = key === 'Home' ? 0 : key === 'End' ? length : key === 'ArrowLeft' ? Math.max(0, start - (start === end || extend ? 1 : 0)) : Math.min(length, end + (start === end || extend ? 1 : 0));
  if (extend) moveCaret(field, Math.min(start, target), Math.max(end, target));
  else moveCaret(field, target);
  return true;
}

/** ArrowUp/ArrowDown on a number field: one step, committed like the spinner buttons. */
export function stepNumber(field: HTMLInputElement, up: boolean, count = 1): boolean {
  const before = field.value;
  try {
    if (up) field.stepUp(count);
    else field.stepDown(count);
  } catch {
    return false;
  }
  const after = field.value;
  // stepUp changes the value without the `value` setter, so React's tracker still sees the old one.
  if (after === before) return false;
  field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertReplacementText' }));
  fireChange(field);
  return true;
}

/** An editable region takes keys through the editing commands, which fire its input events. */
export function editRegion(host: HTMLElement, command: 'insertText' | 'delete' | 'forwardDelete' | 'insertParagraph' | 'insertLineBreak', text = ''): boolean {
  const selection = host.ownerDocument.getSelection();
  if (selection && !host.contains(selection.anchorNode)) {
    const range = host.ownerDocument.createRange();
    range.selectNodeContents(host);
    range.collapse(false);
    selection.removeAllRanges();
    selection.addRange(range);
  }
  const inputType = { insertText: 'insertText', delete: 'deleteContentBackward', forwardDelete: 'deleteContentForward', insertParagraph: 'insertParagraph', insertLineBreak: 'insertLineBreak' }[command];
  const before = new InputEvent('beforeinput', { bubbles: true, cancelable: true, composed: true, inputType, data: command === 'insertText' ? text : null });
  if (!host.dispatchEvent(before)) return false;
  try {
    return host.ownerDocument.execCommand(command, false, text);
  } catch {
    return false;
  }
}
