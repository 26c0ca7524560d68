import { describeElement } from '../../dom/describe-element.js';
import { matchesSafely } from '../../dom/matches-safely.js';
import { nextInFocusOrder } from './focus-order.js';
import { commitIfEdited, deleteInField, editRegion, insertIntoField, moveInField, stepNumber } from './key-editing.js';
import { typesCharacter, type KeySpec } from './key-spec.js';
import { isShown } from './reach-target.js';
import { fireChange, isTextField } from './text-entry.js';
import { isHtmlElement, isInput, isSelect, isTextArea } from './element-kinds.js';
import { attributeOf } from '../../dom/platform.js';

/**
 * What the browser itself does for a key press that the page did not cancel. A dispatched
 * KeyboardEvent has no default action, so each one a user relies on is done here: typing and
 * deleting in fields, Enter's implicit form submission and activation, Space, Tab's focus move,
 * arrows in lists, radio groups and number fields, scrolling, and Escape closing a modal dialog.
 */
export interface KeyDefault {
  /** What happened, for the result, when it is not visible from the page state alone. */
  note?: string;
  /** Space activates on release: run after keyup. */
  afterKeyUp?: () => void;
}

const BUTTON_LIKE = 'button, input[type=submit], input[type=reset], input[type=button], input[type=image], summary';
// Fields whose presence (more than one) stops Enter from submitting a form with no submit button.
const BLOCKS_IMPLICIT_SUBMISSION = /^(text|search|url|tel|email|password|date|month|week|time|datetime-local|number)$/;

export function runKeyDefault(target: Element, spec: KeySpec): KeyDefault {
  const { ctrlKey, altKey, metaKey, shiftKey } = spec.modifiers;
  const field = isTextField(target) ? target : undefined;
  const region = !field && isHtmlElement(target) && target.isContentEditable ? target : undefined;
  if (spec.key === 'Tab') return moveFocus(target, shiftKey);
  if ((ctrlKey || metaKey) && spec.key.toLowerCase() === 'a' && (field || region)) {
    if (field) field.select();
    else target.ownerDocument.getSelection()?.selectAllChildren(target);
    return {};
  }
  if (spec.key === 'Enter' && !ctrlKey && !altKey && !metaKey) return pressEnter(target, field, region, shiftKey);
  if (spec.key === ' ' && !field && !region && !ctrlKey && !altKey && !metaKey) {
    if (target.matches(`${BUTTON_LIKE}, input[type=checkbox], input[type=radio]`)) return { afterKeyUp: () => activate(target) };
    if (!isSelect(target)) return scroll(target, spec);
    return {};
  }
  if (typesCharacter(spec)) {
    if (field) return insertIntoField(field, spec.character!) ? {} : { note: 'the field took no more characters' };
    if (region) editRegion(region, 'insertText', spec.character);
    return {};
  }
  if (spec.key === 'Backspace' || spec.key === 'Delete') {
    const backward = spec.key === 'Backspace';
    if (field) deleteInField(field, backward ? 'backward' : 'forward');
    else if (region) editRegion(region, backward ? 'delete' : 'forwardDelete');
    return {};
  }
  if (spec.key === 'Escape') return closeTopLayer();
  if (/^(Arrow|Home$|End$|Page)/.test(spec.key)) return navigate(target, field, spec);
  return {};
}

function pressEnter(target: Element, field: HTMLInputElement | HTMLTextAreaElement | undefined, region: HTMLElement | undefined, shift: boolean): KeyDefault {
  if (isTextArea(field)) {
    insertIntoField(field, '\n');
    return {};
  }
  if (region) {
    editRegion(region, shift ? 'insertLineBreak' : 'insertParagraph');
    return {};
  }
  if (target.matches(`${BUTTON_LIKE}, a[href], area[href]`)) {
    activate(target);
    return {};
  }
  if (isInput(target)) {
    commitIfEdited(target);
    return submitImplicitly(target);
  }
  return {};
}

/** HTML's implicit submission: press the form's default button, or submit a one-field form. */
function submitImplicitly(field: HTMLInputElement): KeyDefault {
  const form = field.form;
  if (!form) return {};
  const controls = [...form.elements];
  const submitter = controls.find((control) => control.matches('button[type=submit], button:not([type]), input[type=submit], input[type=image]'));
  if (submitter) {
    if ((submitter as HTMLButtonElement).disabled) return { note: `the form's ${describeElement(submitter)} is disabled, so Enter did not submit` };
    activate(submitter);
    return {};
  }
  const blocking = controls.filter((control) => isInput(control) && BLOCKS_IMPLICIT_SUBMISSION.test(control.type));
  if (blocking.length > 1) return { note: 'Enter does not submit this form (several fields and no submit button)' };
  form.requestSubmit();
  return {};
}

/** Keyboard activation: a click with no pointer position, as browsers send for Enter and Space. */
function activate(element: Element): void {
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window, detail: 0 }));
}

function moveFocus(from: Element, backwards: boolean): KeyDefault {
  const next = nextInFocusOrder(from === document.body ? null : from, backwards);
  commitIfEdited(from);
  if (!next) return { note: 'there is nothing to move focus to' };
  next.focus();
  // Tabbing into a text field selects its text, so typing replaces it.
  if (isTextField(next)) {
    try {
      next.select();
    } catch {
      // some input types have no selection
    }
  }
  return {};
}

function navigate(target: Element, field: HTMLInputElement | HTMLTextAreaElement | undefined, spec: KeySpec): KeyDefault {
  const { key } = spec;
  if (isInput(field) && field.type === 'range') return moveRange(field, key);
  if (isInput(field) && field.type === 'number' && (key === 'ArrowUp' || key === 'ArrowDown')) {
    stepNumber(field, key === 'ArrowUp');
    return {};
  }
  if (field) {
    if (key !== 'ArrowUp' && key !== 'ArrowDown' && !key.startsWith('Page')) moveInField(field, key, spec.modifiers.shiftKey);
    return {};
  }
  if (isSelect(target) && !target.multiple) return moveInSelect(target, key);
  if (isInput(target) && target.type === 'radio' && key.startsWith('Arrow')) return moveInRadioGroup(target, key);
  if (isHtmlElement(target) && target.isContentEditable) return {};
  return scroll(target, spec);
}

/**
 * A range's keys as browsers handle them: arrows step, PageUp/PageDown move a tenth of the range,
 * Home/End go to the ends. Stepped (not set) so frameworks' value trackers see the change.
 */
function moveRange(range: HTMLInputElement, key: string): KeyDefault {
  const min = Number(range.min || 0);
  const max = Number(range.max || 100);
  const step = Number(range.step) || 1;
  const value = range.valueAsNumber;
  const up = /Right|Up$/.test(key) || key === 'End';
  let count = 1;
  if (key.startsWith('Page')) count = Math.max(1, Math.round((max - min) / 10 / step));
  else if (key === 'Home' || key === 'End') count = Math.ceil(Math.abs((up ? max : min) - value) / step);
  if (count > 0) stepNumber(range, up, count);
  return {};
}

function moveInSelect(select: HTMLSelectElement, key: string): KeyDefault {
  const enabled = [...select.options].filter((option) => !option.disabled);
  const at = enabled.indexOf(select.selectedOptions[0]!);
  let next = at;
  if (key === 'ArrowDown' || key === 'ArrowRight' || key === 'PageDown') next = Math.min(enabled.length - 1, at + 1);
  else if (key === 'ArrowUp' || key === 'ArrowLeft' || key === 'PageUp') next = Math.max(0, at - 1);
  else if (key === 'Home') next = 0;
  else if (key === 'End') next = enabled.length - 1;
  if (next === at || !enabled[next]) return {};
  enabled[next]!.selected = true;
  select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  fireChange(select);
  return {};
}

function moveInRadioGroup(radio: HTMLInputElement, key: string): KeyDefault {
  if (!radio.name) return {};
  const scope = radio.form ?? radio.getRootNode();
  const group = [...(scope as ParentNode).querySelectorAll<HTMLInputElement>('input[type=radio]')].filter(
    (other) => other.name === radio.name && other.form === radio.form && !other.disabled && isShown(other),
  );
  const at = group.indexOf(radio);
  const step = key === 'ArrowDown' || key === 'ArrowRight' ? 1 : -1;
  const next = group[(at + step + group.length) % group.length];
  if (!next || next === radio) return {};
  next.focus();
  // The arrow checks the radio it lands on, with the click event frameworks listen to.
  next.click();
  return {};
}

function closeTopLayer(): KeyDefault {
  const modals = [...document.querySelectorAll('dialog')].filter((dialog) => dialog.open && matchesSafely(dialog, ':modal'));
  const dialog = modals.at(-1);
  if (dialog) {
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
    return {};
  }
  const popover = [...document.querySelectorAll('[popover]')].filter((element) => matchesSafely(element, ':popover-open')).at(-1) as HTMLElement | undefined;
  if (popover && attributeOf(popover, 'popover') !== 'manual') popover.hidePopover();
  return {};
}

/** Keys that scroll when nothing else takes them: the nearest scrollable box, else the page. */
function scroll(target: Element, spec: KeySpec): KeyDefault {
  const scroller = scrollableAncestor(target);
  const page = scroller === document.scrollingElement ? window.innerHeight : scroller.clientHeight;
  const before = { top: scroller.scrollTop, left: scroller.scrollLeft };
  const upward = spec.modifiers.shiftKey;
  const deltas: Record<string, [number, number]> = {
    ArrowDown: [0, 40], ArrowUp: [0, -40], ArrowRight: [40, 0], ArrowLeft: [-40, 0],
    PageDown: [0, page * 0.875], PageUp: [0, -page * 0.875], ' ': [0, page * (upward ? -0.875 : 0.875)],
    Home: [0, -scroller.scrollHeight], End: [0, scroller.scrollHeight],
  };
  const [left, top] = deltas[spec.key] ?? [0, 0];
  scroller.scrollBy({ left, top, behavior: 'instant' as ScrollBehavior });
  const moved = scroller.scrollTop - before.top || scroller.scrollLeft - before.left;
  const where = scroller === document.scrollingElement ? 'the page' : describeElement(scroller);
  if (!moved) return { note: `${where} did not scroll (already at its ${top < 0 || left < 0 ? 'start' : 'end'})` };
  const direction = top ? (top > 0 ? 'down' : 'up') : left > 0 ? 'right' : 'left';
  return { note: `${where} scrolled ${direction} ${Math.abs(Math.round(moved))} px` };
}

function scrollableAncestor(target: Element): Element {
  for (let current: Element | null = target; current && current !== document.body && current !== document.documentElement; current = current.parentElement) {
    const style = getComputedStyle(current);
    const scrollsY = /(auto|scroll)/.test(style.overflowY) && current.scrollHeight > current.clientHeight;
    const scrollsX = /(auto|scroll)/.test(style.overflowX) && current.scrollWidth > current.clientWidth;
    if (scrollsY || scrollsX) return current;
  }
  return document.scrollingElement ?? document.documentElement;
}
