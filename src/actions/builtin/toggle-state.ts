import { ariaAttribute } from '../../dom/element-internals.js';
import { isInput, isLabel } from './element-kinds.js';
import { attributeOf } from '../../dom/platform.js';

/** On/off states a control shows, native or ARIA, so a result can say what a click changed. */
export interface ToggleState {
  checked?: boolean | 'mixed';
  pressed?: boolean | 'mixed';
  expanded?: boolean;
  selected?: boolean;
}

/** The control whose state a click on `element` changes: a label's input, otherwise itself. */
export function stateHolder(element: Element): Element {
  return isLabel(element) && element.control ? element.control : element;
}

export function readToggleState(element: Element): ToggleState {
  const holder = stateHolder(element);
  const state: ToggleState = {};
  if (isInput(holder) && (holder.type === 'checkbox' || holder.type === 'radio')) {
    state.checked = holder.indeterminate ? 'mixed' : holder.checked;
  } else {
    const checked = triState(ariaAttribute(holder, 'aria-checked'));
    if (checked !== undefined) state.checked = checked;
  }
  const pressed = triState(attributeOf(holder, 'aria-pressed'));
  if (pressed !== undefined) state.pressed = pressed;
  const expanded = attributeOf(holder, 'aria-expanded');
  if (expanded === 'true' || expanded === 'false') state.expanded = expanded === 'true';
  const selected = attributeOf(holder, 'aria-selected');
  if (selected === 'true' || selected === 'false') state.selected = selected === 'true';
  return state;
}

function triState(value: string | null): boolean | 'mixed' | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value === 'mixed' ? 'mixed' : undefined;
}

const WORDS: Record<keyof ToggleState, [on: string, off: string]> = {
  checked: ['checked', 'unchecked'],
  pressed: ['pressed', 'not pressed'],
  expanded: ['expanded', 'collapsed'],
  selected: ['selected', 'not selected'],
};

/** "it is now checked", "it is now expanded": only the states that changed. */
export function stateChanges(before: ToggleState, after: ToggleState): string[] {
  const notes: string[] = [];
  for (const name of Object.keys(WORDS) as Array<keyof ToggleState>) {
    if (before[name] === after[name] || after[name] === undefined) continue;
    notes.push(`it is now ${stateWord(name, after[name]!)}`);
  }
  return notes;
}

export function stateWord(name: keyof ToggleState, value: boolean | 'mixed'): string {
  if (value === 'mixed') return `partly ${WORDS[name][0]}`;
  return WORDS[name][value ? 0 : 1];
}
