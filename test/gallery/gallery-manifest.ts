// The gallery's one manifest: per library, the app that renders its page (test/gallery/apps/) and
// per case the widget, the task given to the agent, and the outcome expected. `expected` is what
// happens today: 'works', or `{ fails }` naming the class of failure (with `seen`, a pattern the
// diagnosis must match, so a case that starts failing another way is noticed too). A case whose
// outcome differs from this in either direction fails its test. The README table shows what
// really happened, per engine.

import { MORE_LIBRARIES } from './gallery-manifest-more.js';

export type Engine = 'chromium' | 'firefox' | 'webkit';
export type Expected = 'works' | { fails: FailureClass; seen?: RegExp };

export interface ManifestCase {
  widget: string;
  task: string;
  expected: Expected;
  /** An engine whose outcome differs, and why (say it in `fails`). */
  engines?: Partial<Record<Engine, Expected>>;
  /**
   * The next snapshot may land inside the widget's animation (how far it has run by then depends on
   * the machine's load; snapshots wait at most about a second, and some widgets animate by script, which
   * no snapshot can see as running): the policy waits two seconds
   * once when the dump shows the widget opening or closing without its content (`waitOnce`), so the
   * outcome is the same under any load, and the README marks the case.
   */
  waits?: true;
}

export interface ManifestLibrary {
  title: string;
  /** The npm packages the page uses, as the README names them. */
  packages: string;
  /** The app module in test/gallery/apps/ (without extension). */
  app: string;
  cases: Record<string, ManifestCase>;
}

/**
 * The classes of failure seen, named by cause (what the dump showed, what the action did), as the
 * README's table and the issues for the snapshot and the actions name them.
 */
export const FAILURES = {
  customListOptions: 'options of a custom list without ARIA roles are not indexed: their words merge into the list\'s line',
  roleLessOpenList: 'select_option refuses an open list whose visible options have no role (the library\'s ARIA listbox is a hidden 0×0 copy), although the dump indexes the options',
  multiChosenHidden: 'select_option on a multi-value combobox: the options already chosen (shown as chips) are hidden from its list, so asking for the full set, as the tool says, fails as "no option"',
  asyncNotTyped: 'select_option on an async combobox that lists nothing until something is typed: it clicks, sees no list and gives up instead of typing the option\'s text',
  ariaValueHidden: 'a slider\'s value is only in aria-valuenow (the page prints no number, as in Radix\'s own example), and the dump does not show it',
  keyBurst: 'press_key with times=N sends the presses in one burst: a framework-controlled slider (React, Vue) reads its stale value and moves one step per burst',
  slottedOptions: 'select_option on a web component whose listbox sits in its shadow root and whose options are slotted light-DOM children: it reports no list, while the dump shows the open list and its options',
  nativeRangeKeys: 'press_key on a native <input type=range> changes nothing: synthetic arrow keys have no default action, and the agent supplies none for a range',
  transparentCombobox: 'a combobox input made transparent (opacity 0) once a value is chosen, the value drawn beside it: the dump drops the control, so a second change has nothing to target',
  switchNameless: 'a switch drawn over a hidden native checkbox: the dump shows two nameless <span>s (its words are aria-hidden, the input is 0×0), with no role or state',
} as const;

export type FailureClass = keyof typeof FAILURES;

export function fails(failure: FailureClass, seen?: RegExp): Expected {
  return seen ? { fails: failure, seen } : { fails: failure };
}

/** The outcome expected in `engine`. */
export function expectationFor(entry: ManifestCase, engine: Engine): Expected {
  return entry.engines?.[engine] ?? entry.expected;
}

/** The same tasks for every rich-text editor (test/gallery/rich-text-cases.ts plays them). */
function richTextCases(): Record<string, ManifestCase> {
  return {
    heading: { widget: 'Rich text: replace a heading', task: 'Change the article title to Annual Report', expected: 'works' },
    append: { widget: 'Rich text: append to a paragraph', task: "Add the sentence 'Margins improved.' to the end of the article's first paragraph", expected: 'works' },
    empty: { widget: 'Rich text: type into an empty editor', task: "Write 'Call the printer on Friday.' in the notes", expected: 'works' },
    bold: { widget: 'Rich text: bold a word with the toolbar', task: 'Make the word revenue bold in the article', expected: 'works' },
    clear: { widget: 'Rich text: clear the editor', task: 'Clear the whole article', expected: 'works' },
  };
}

const LIBRARIES = {
  'jquery-ui': {
    title: 'jQuery UI',
    packages: 'jquery-ui 1.14, jquery 3',
    app: 'jquery-ui',
    cases: {
      'datepicker-month-year': { widget: 'Datepicker (month and year menus)', task: 'Set the check-in date to 14 March 2027', expected: 'works' },
      'datepicker-next': { widget: 'Datepicker (Prev/Next links)', task: 'Set the check-out date to 3 July 2026', expected: 'works' },
      autocomplete: { widget: 'Autocomplete', task: 'Enter JavaScript as the programming language, picking it from the suggestions', expected: 'works' },
      selectmenu: { widget: 'Selectmenu', task: 'Set the speed to Fast', expected: 'works' },
      'menu-submenu': { widget: 'Menu with submenus', task: 'Choose Music › Jazz › Big Band in the department menu', expected: 'works' },
      accordion: { widget: 'Accordion', task: 'How long does delivery take?', expected: 'works', waits: true },
      tabs: { widget: 'Tabs', task: 'Show the reviews tab', expected: 'works' },
      slider: { widget: 'Slider', task: 'Set the volume to 60', expected: 'works' },
      dialog: { widget: 'Modal dialog', task: 'Change my display name to Robin', expected: 'works', waits: true },
    },
  },
  select2: {
    title: 'Select2',
    packages: 'select2 4.1, jquery 3',
    app: 'select2',
    cases: {
      'single-select-option': { widget: 'Single select', task: 'Choose Portugal as the country', expected: 'works' },
      'single-search': { widget: 'Single select, search box', task: 'Open the country list, search for "Swe" and pick Sweden', expected: 'works' },
      'multi-add': { widget: 'Multiple select', task: 'Add Vue and Svelte to the frameworks, keeping React', expected: 'works' },
      'multi-remove': { widget: 'Multiple select, remove a chip', task: 'Remove the bug label', expected: 'works' },
      'tag-create': { widget: 'Tagging', task: 'Add a new label "urgent"', expected: 'works' },
    },
  },
  mui: {
    title: 'MUI',
    packages: '@mui/material 9, @mui/x-date-pickers 9, @mui/x-data-grid 9',
    app: 'mui',
    cases: {
      select: { widget: 'Select', task: 'Set the age to Twenty', expected: 'works' },
      autocomplete: { widget: 'Autocomplete', task: 'Choose The Godfather as the movie', expected: 'works' },
      'date-picker': { widget: 'Date picker (year, month, day views)', task: 'Set the departure date to 21 September 2027', expected: 'works', waits: true },
      menu: { widget: 'Menu', task: 'Open the account menu and choose My account', expected: 'works', waits: true },
      accordion: { widget: 'Accordion', task: 'What is the return window?', expected: 'works', waits: true },
      tabs: { widget: 'Tabs', task: 'Show the ratings tab', expected: 'works' },
      slider: { widget: 'Slider', task: 'Set the temperature to 25 °C', expected: 'works' },
      switch: { widget: 'Switch', task: 'Turn Bluetooth on', expected: 'works' },
      dialog: { widget: 'Dialog', task: 'Subscribe sam@example.com to the newsletter', expected: 'works', waits: true },
      snackbar: { widget: 'Snackbar (toast)', task: 'Archive the message and tell me what the notification says', expected: 'works', waits: true },
      'grid-sort': { widget: 'Data grid, sorting', task: 'Sort the people by age, oldest first', expected: 'works' },
      'grid-page': { widget: 'Data grid, paging', task: 'Show the second page of people', expected: 'works' },
    },
  },
  antd: {
    title: 'Ant Design',
    packages: 'antd 6',
    app: 'antd',
    cases: {
      'date-picker': { widget: 'Date picker (month and year panels)', task: 'Set the start date to 14 March 2027 with the calendar', expected: 'works' },
      'date-typed': { widget: 'Date picker, typed', task: 'Type 2027-03-14 as the start date', expected: 'works' },
      select: { widget: 'Select (select_option)', task: 'Set the city to Shanghai', expected: 'works' },
      'select-click': { widget: 'Select (click, click)', task: 'Set the city to Shenzhen', expected: 'works', waits: true },
      cascader: { widget: 'Cascader', task: 'Set the address to Jiangsu / Nanjing / Zhong Hua Men', expected: 'works', waits: true },
      tree: { widget: 'Tree', task: 'Select Q1 report.pdf in Documents › Reports', expected: 'works' },
      'menu-submenu': { widget: 'Menu with popup submenus', task: 'Open Settings › Notifications › Email', expected: 'works' },
      collapse: { widget: 'Collapse (accordion)', task: 'When do refunds reach my card?', expected: 'works', waits: true },
      tabs: { widget: 'Tabs', task: 'Show the specs tab', expected: 'works' },
      slider: { widget: 'Slider', task: 'Set the brightness to 70%', expected: 'works' },
      switch: { widget: 'Switch', task: 'Turn notifications on', expected: 'works' },
      modal: { widget: 'Modal', task: 'Rename the project to Apollo', expected: 'works', waits: true },
      message: { widget: 'Message (toast)', task: 'Save the draft and tell me what the message says', expected: 'works', waits: true },
      'table-sort': { widget: 'Table, sorting', task: 'Sort the orders by age, oldest first', expected: 'works' },
      'table-page': { widget: 'Table, paging', task: 'Show page 3 of the orders', expected: 'works' },
    },
  },
  'react-select': {
    title: 'react-select',
    packages: 'react-select 5',
    app: 'react-select',
    cases: {
      single: { widget: 'Select (select_option)', task: 'Choose Vanilla as the flavour', expected: 'works' },
      'single-twice': { widget: 'Select, changed twice', task: 'Choose Vanilla as the flavour, then change it to Pistachio', expected: 'works' },
      'multi-add': { widget: 'Multi select, add', task: 'Add Purple to the colours', expected: 'works' },
      'multi-remove': { widget: 'Multi select, remove a chip', task: 'Remove Ocean from the colours', expected: 'works' },
      'async-type-and-pick': { widget: 'Async search (type, pick)', task: 'Set the city to Lisbon', expected: 'works' },
      'async-select-option': { widget: 'Async search (select_option)', task: 'Set the city to Riga', expected: 'works' },
    },
  },
  radix: {
    title: 'Radix',
    packages: 'radix-ui 1',
    app: 'radix',
    cases: {
      'dropdown-submenu': { widget: 'Dropdown menu with submenu', task: 'Choose More tools › Developer tools in the options menu', expected: 'works' },
      select: { widget: 'Select', task: 'Choose Blueberry as the fruit', expected: 'works' },
      accordion: { widget: 'Accordion (animated)', task: 'Can it be animated?', expected: 'works', waits: true },
      tabs: { widget: 'Tabs', task: 'Show the password tab', expected: 'works' },
      slider: { widget: 'Slider (no readout)', task: 'Set the volume to 75', expected: 'works' },
      switch: { widget: 'Switch', task: 'Turn airplane mode on', expected: 'works' },
      dialog: { widget: 'Dialog', task: 'Change the name to Ada Lovelace', expected: 'works', waits: true },
      toast: { widget: 'Toast', task: 'Add the event to the calendar and tell me when it is', expected: 'works' },
    },
  },
  'element-plus': {
    title: 'Element Plus',
    packages: 'element-plus 2.14, vue 3',
    app: 'element-plus',
    cases: {
      'date-picker': { widget: 'Date picker (year and month panels)', task: 'Set the delivery day to 14 March 2027', expected: 'works' },
      select: { widget: 'Select, filterable (opened, then select_option)', task: 'Set the city to Chengdu', expected: 'works', waits: true },
      autocomplete: { widget: 'Autocomplete', task: 'Choose Hanoi Pho House as the restaurant', expected: 'works' },
      'menu-submenu': { widget: 'Horizontal menu with submenus', task: 'Choose Workspace › Export › PDF', expected: 'works' },
      collapse: { widget: 'Collapse', task: 'What does the Feedback section say?', expected: 'works', waits: true },
      tabs: { widget: 'Tabs', task: 'Show the Role tab', expected: 'works' },
      tree: { widget: 'Tree', task: 'Pick Lemon in Fruit › Citrus', expected: 'works', waits: true },
      slider: { widget: 'Slider', task: 'Set the zoom to 50%', expected: 'works' },
      switch: { widget: 'Switch', task: 'Turn dark mode on', expected: 'works' },
      dialog: { widget: 'Dialog', task: 'Change the nickname to Moss', expected: 'works', waits: true },
      message: { widget: 'Message (toast)', task: 'Copy the invite link and tell me what the message says', expected: 'works', waits: true },
      'table-sort': { widget: 'Table, sorting', task: 'Sort the table by date, newest first', expected: 'works' },
      'table-page': { widget: 'Table with pagination', task: 'Show page 3 of the table', expected: 'works' },
    },
  },
  shoelace: {
    title: 'Shoelace',
    packages: '@shoelace-style/shoelace 2',
    app: 'shoelace',
    cases: {
      'date-input': { widget: 'Date input (native, in a shadow root)', task: 'Set the birthday to 4 July 1990', expected: 'works' },
      select: { widget: 'Select', task: 'Choose the Team plan', expected: 'works' },
      'dropdown-submenu': { widget: 'Dropdown menu with submenu', task: 'Choose Find › Replace… in the Edit menu', expected: 'works', waits: true },
      details: { widget: 'Details (disclosure)', task: 'What are the parking rules?', expected: 'works', waits: true },
      tabs: { widget: 'Tab group', task: 'Show the Advanced tab', expected: 'works' },
      tree: { widget: 'Tree', task: 'Select Sugar maple in Deciduous › Maple', expected: 'works', waits: true },
      range: { widget: 'Range', task: 'Set the opacity to 75%', expected: 'works' },
      switch: { widget: 'Switch', task: 'Turn sync on', expected: 'works' },
      dialog: { widget: 'Dialog', task: 'Rename the file to notes.txt', expected: 'works', waits: true },
      toast: { widget: 'Toast (alert)', task: 'Export the report and tell me when it will arrive', expected: 'works', waits: true },
    },
  },
  tiptap: {
    title: 'Tiptap (ProseMirror)',
    packages: '@tiptap/core 3, @tiptap/starter-kit 3',
    app: 'tiptap',
    cases: richTextCases(),
  },
  lexical: {
    title: 'Lexical',
    packages: 'lexical 0.52, @lexical/rich-text 0.52',
    app: 'lexical',
    cases: richTextCases(),
  },
  quill: {
    title: 'Quill',
    packages: 'quill 2',
    app: 'quill',
    cases: richTextCases(),
  },
  headlessui: {
    title: 'Headless UI',
    packages: '@headlessui/react 2',
    app: 'headlessui',
    cases: {
      listbox: { widget: 'Listbox', task: 'Ship to Germany', expected: 'works' },
      'combobox-type': { widget: 'Combobox (type, pick)', task: 'Assign the task to Tom Cook', expected: 'works' },
      'combobox-select-option': { widget: 'Combobox (select_option)', task: 'Assign the task to Hellen Schmidt', expected: 'works' },
      switch: { widget: 'Switch', task: 'Turn on notifications', expected: 'works' },
      disclosure: { widget: 'Disclosure', task: 'Do you offer technical support?', expected: 'works' },
      menu: { widget: 'Menu', task: 'Duplicate it from the options menu', expected: 'works' },
      dialog: { widget: 'Dialog (fade)', task: 'Rename the project to Launch site', expected: 'works', waits: true },
    },
  },
  vuetify: {
    title: 'Vuetify',
    packages: 'vuetify 3, vue 3',
    app: 'vuetify',
    cases: {
      select: { widget: 'Select (v-select)', task: 'Ship to Germany', expected: 'works' },
      autocomplete: { widget: 'Autocomplete (select_option)', task: 'Set the office state to California', expected: 'works' },
      'autocomplete-type': { widget: 'Autocomplete (type, pick)', task: 'Set the office state to Nevada', expected: 'works' },
      slider: { widget: 'Slider', task: 'Set the volume to 30', expected: 'works' },
      switch: { widget: 'Switch', task: 'Turn on notifications', expected: 'works' },
      'date-picker': { widget: 'Date picker', task: 'Choose the 14th for the appointment', expected: 'works' },
      dialog: { widget: 'Dialog', task: 'Rename the team to Falcons', expected: 'works', waits: true },
    },
  },
  bootstrap: {
    title: 'Bootstrap',
    packages: 'bootstrap 5, @popperjs/core 2',
    app: 'bootstrap',
    cases: {
      dropdown: { widget: 'Dropdown', task: 'Choose Export as CSV in the Actions menu', expected: 'works' },
      modal: { widget: 'Modal (fade)', task: 'Rename the team to Falcons', expected: 'works', waits: true },
      accordion: { widget: 'Accordion (collapse)', task: 'How long is the warranty?', expected: 'works', waits: true },
      tabs: { widget: 'Tabs', task: 'When is the next invoice? It is on the Billing tab', expected: 'works' },
      switch: { widget: 'Switch (native checkbox)', task: 'Turn email alerts on', expected: 'works' },
      toast: { widget: 'Toast', task: 'Publish the post and tell me what the notification says', expected: 'works', waits: true },
    },
  },
  'material-web': {
    title: 'Material Web',
    packages: '@material/web 2',
    app: 'material-web',
    cases: {
      select: { widget: 'Outlined select', task: 'Pick Germany as the country', expected: 'works' },
      'text-field': { widget: 'Filled text field', task: 'Change the city to Hamburg', expected: 'works' },
      switch: { widget: 'Switch', task: 'Turn notifications on', expected: 'works' },
      checkbox: { widget: 'Checkbox', task: 'Accept the terms of service', expected: 'works' },
      slider: { widget: 'Slider', task: 'Set the volume to 30', expected: 'works' },
      radio: { widget: 'Radio buttons', task: 'Choose express shipping', expected: 'works' },
      menu: { widget: 'Menu', task: 'Archive the message with the message actions menu', expected: 'works' },
      dialog: { widget: 'Dialog', task: 'Open settings, change the nickname to Rain and save', expected: 'works' },
    },
  },
  'tom-select': {
    title: 'Tom Select',
    packages: 'tom-select 2',
    app: 'tom-select',
    cases: {
      single: { widget: 'Single select (select_option)', task: 'Pick Germany as the country', expected: 'works' },
      'single-click': { widget: 'Single select (click, search, click)', task: 'Open the country list, search for "Swe" and pick Sweden', expected: 'works' },
      'multi-add': { widget: 'Multiple select, add', task: 'Add tags red and blue, keeping green', expected: 'works' },
      'multi-remove': { widget: 'Multiple select, remove a chip', task: 'Remove the green tag', expected: 'works' },
      create: { widget: 'Tagging, create an item', task: 'Add a new label "urgent"', expected: 'works' },
      remote: { widget: 'Remote search (select_option)', task: 'Set the city to Riga', expected: 'works' },
    },
  },
  mantine: {
    title: 'Mantine',
    packages: '@mantine/core 8, @mantine/dates 8',
    app: 'mantine',
    cases: {
      select: { widget: 'Select (searchable)', task: 'Pick Germany as the country', expected: 'works' },
      'multi-select': { widget: 'MultiSelect', task: 'Add tags red and blue, keeping green', expected: 'works' },
      'number-input': { widget: 'NumberInput (spin buttons)', task: 'Set the quantity to 5', expected: 'works' },
      switch: { widget: 'Switch', task: 'Turn email notifications on', expected: 'works' },
      slider: { widget: 'Slider', task: 'Set the volume to 30', expected: 'works' },
      'date-picker': { widget: 'DatePickerInput', task: 'Choose the 14th as the delivery date', expected: 'works' },
      modal: { widget: 'Modal', task: 'Open settings, change the nickname to Rain and save', expected: 'works' },
    },
  },
  ...MORE_LIBRARIES,
} satisfies Record<string, ManifestLibrary>;

export type LibraryKey = keyof typeof LIBRARIES;
export const GALLERY: Record<LibraryKey, ManifestLibrary> = LIBRARIES;
