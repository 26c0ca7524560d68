import * as z from 'zod/mini';
import { defineAction, type ActionDefinition } from '../define-action.js';
import { check, uncheck } from './check.js';
import { clearInput } from './clear-input.js';
import { click } from './click.js';
import { fillInput } from './fill-input.js';
import { hover } from './hover.js';
import { lazyHandler } from './lazy-handler.js';
import { selectText } from './select-text.js';
import { targetSelector } from './target-parameter.js';

// Defined here, with what the model reads of each: press_key's and select_option's code, which
// only those two actions reach, loads with their first use (lazy-handler.ts).
const target = { parameters: z.object({ selector: targetSelector }), targetParameter: 'selector' };

/** Actions that operate the page's controls the way a visitor's hands would. */
export const interactionActions: ActionDefinition<any>[] = [
  defineAction({
    name: 'click',
    description: 'Click an element (button, link, tab, menu item, card…) as a user would.',
    instructions: 'Fields, lists and checkboxes take fill_input, select_option and check. When the result says nothing changed, do not click again blindly.',
    ...target,
    handler: click,
  }),
  defineAction({
    name: 'fill_input',
    description: 'Type into one text field, textarea or editable region, replacing its text, as a user would.',
    instructions: 'If the result shows the page rejected or reformatted the value, adapt it.',
    parameters: z.object({
      selector: targetSelector,
      value: z.string().check(z.describe('The full text the field should hold.')),
    }),
    targetParameter: 'selector',
    handler: fillInput,
  }),
  defineAction({
    name: 'clear_input',
    description: 'Empty a text field, textarea or editable region (password fields too), as select-all and Backspace would.',
    ...target,
    handler: clearInput,
  }),
  defineAction({
    name: 'select_option',
    description:
      'Choose an option of a dropdown: target the <select> (also multiple), combobox, listbox or the control that opens the list, not an option. It opens the list, types into a searchable one, picks by visible text (or value) and checks the choice took; a missing option gets the list of those there are.',
    parameters: z.object({
      selector: targetSelector,
      option: z.union([z.string(), z.array(z.string()).check(z.minLength(1))]).check(
        z.describe('Visible text (or value); for a multiple select, an array of all that should end up selected.'),
      ),
    }),
    targetParameter: 'selector',
    handler: lazyHandler('selectOption', 'selectOption'),
  }),
  defineAction({
    name: 'check',
    description: 'Turn on a checkbox, radio button, switch or toggle button. For a radio group, check the option you want.',
    ...target,
    handler: check,
  }),
  defineAction({
    name: 'uncheck',
    description: 'Turn off a checkbox, switch or toggle button.',
    ...target,
    handler: uncheck,
  }),
  defineAction({
    name: 'press_key',
    description:
      'Press a key on the focused element, or on selector after focusing it: Enter submits a search or field, Escape closes a dialog or menu, arrows move in lists, menus and sliders, Tab goes to the next field. Enter text with fill_input, not key by key.',
    parameters: z.object({
      key: z.string().check(z.minLength(1), z.maxLength(40), z.describe('A key name or character, modifiers joined by "+": "Enter", "Shift+Tab", "PageDown", "Control+a", "a".')),
      selector: z.optional(targetSelector),
      times: z.optional(z.int().check(z.gte(1), z.lte(20), z.describe('Default 1.'))),
    }),
    targetParameter: 'selector',
    handler: lazyHandler('pressKey', 'pressKey'),
  }),
  defineAction({
    name: 'hover',
    description: 'Move the mouse over an element to reveal what appears on hover: a menu, a tooltip, hidden buttons.',
    ...target,
    handler: hover,
  }),
  // Selecting words as a person drags over them: an editor's toolbar (Bold, Link, a heading level)
  // acts on the selection, and there is no other way to name a word inside a paragraph.
  defineAction({
    name: 'select_text',
    description: 'Select words inside an element, as dragging over them would; then a toolbar button (Bold, Link…) applies to them.',
    parameters: z.object({
      selector: targetSelector,
      text: z.string().check(z.minLength(1), z.describe('The words to select, as the element shows them.')),
    }),
    targetParameter: 'selector',
    handler: selectText,
  }),
];
