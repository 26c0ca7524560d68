// The gallery's one manifest: per library, the app that renders its page (test/gallery/apps/) and
// per case the widget, the task given to the agent, and the outcome expected. `expected` is what
// happens today: 'works', or `{ fails }` naming the class of failure (with `seen`, a pattern the
// diagnosis must match, so a case that starts failing another way is noticed too). A case whose
// outcome differs from this in either direction fails its test. The README table shows what
// really happened, per engine.

export type Engine = 'chromium' | 'firefox' | 'webkit';
export type Expected = 'works' | { fails: string; seen?: RegExp };

export interface ManifestCase {
  widget: string;
  task: string;
  expected: Expected;
  /** An engine whose outcome differs, and why (say it in `fails`). */
  engines?: Partial<Record<Engine, Expected>>;
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
  scriptOnlyLink: 'clickable only by script: a link without href (a title and a jQuery handler) shows as plain text, no id',
  clickableCells: 'clickable table cells: a <td> with a pointer cursor, a title and a React (root-delegated) click handler shows as row text, no id',
  treeToggle: 'tree toggle not indexed: the expand icon (a span with a pointer cursor and a script handler) has no id; clicking the item only selects it, ArrowRight does nothing',
  customListOptions: 'options of a custom list without ARIA roles are not indexed: their words merge into the list\'s line',
  roleLessOpenList: 'select_option refuses an open list whose visible options have no role (the library\'s ARIA listbox is a hidden 0×0 copy), although the dump indexes the options',
  keyBurst: 'press_key with times=N sends the presses in one burst: a React-controlled slider reads its stale value and moves one step',
  midAnimation: 'snapshot mid-animation: a popup, panel or modal still animating in (CSS transitions or keyframe animations) is missing or partial in the next dump, and nothing says so',
  midScriptAnimation: 'snapshot mid-animation: a panel opening by a script-driven height animation (jQuery .animate, not a CSS animation) is left out of the next dump, and nothing says so',
} as const;

function fails(failure: string, seen?: RegExp): Expected {
  return seen ? { fails: failure, seen } : { fails: failure };
}

export function expectedFor(entry: ManifestCase, engine: Engine): Expected {
  return entry.engines?.[engine] ?? entry.expected;
}

const LIBRARIES = {
  'jquery-ui': {
    title: 'jQuery UI',
    packages: 'jquery-ui 1.14, jquery 3',
    app: 'jquery-ui',
    cases: {
      'datepicker-month-year': { widget: 'Datepicker (month and year menus)', task: 'Set the check-in date to 14 March 2027', expected: 'works' },
      'datepicker-next': { widget: 'Datepicker (Prev/Next links)', task: 'Set the check-out date to 3 July 2026', expected: fails(FAILURES.scriptOnlyLink, /Next control \("Next"\) shows as text without an id/) },
      autocomplete: { widget: 'Autocomplete', task: 'Enter JavaScript as the programming language, picking it from the suggestions', expected: fails(FAILURES.customListOptions, /"JavaScript"\) appears only inside another line: "\*?\[\w+\]<ul>Java JavaScript"/) },
      selectmenu: { widget: 'Selectmenu', task: 'Set the speed to Fast', expected: 'works' },
      'menu-submenu': { widget: 'Menu with submenus', task: 'Choose Music › Jazz › Big Band in the department menu', expected: 'works' },
      accordion: { widget: 'Accordion', task: 'How long does delivery take?', expected: fails(FAILURES.midScriptAnimation, /Delivery section is open but its text is not in the dump/) },
      tabs: { widget: 'Tabs', task: 'Show the reviews tab', expected: 'works' },
      slider: { widget: 'Slider', task: 'Set the volume to 60', expected: 'works' },
      dialog: { widget: 'Modal dialog', task: 'Change my display name to Robin', expected: 'works' },
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
      'date-picker': { widget: 'Date picker (year, month, day views)', task: 'Set the departure date to 21 September 2027', expected: fails(FAILURES.midAnimation, /date dialog opened but the dump shows it incomplete/) },
      menu: { widget: 'Menu', task: 'Open the account menu and choose My account', expected: 'works' },
      accordion: { widget: 'Accordion', task: 'What is the return window?', expected: 'works' },
      tabs: { widget: 'Tabs', task: 'Show the ratings tab', expected: 'works' },
      slider: { widget: 'Slider', task: 'Set the temperature to 25 °C', expected: 'works' },
      switch: { widget: 'Switch', task: 'Turn Bluetooth on', expected: 'works' },
      dialog: { widget: 'Dialog', task: 'Subscribe sam@example.com to the newsletter', expected: 'works' },
      snackbar: { widget: 'Snackbar (toast)', task: 'Archive the message and tell me what the notification says', expected: 'works' },
      'grid-sort': { widget: 'Data grid, sorting', task: 'Sort the people by age, oldest first', expected: 'works' },
      'grid-page': { widget: 'Data grid, paging', task: 'Show the second page of people', expected: 'works' },
    },
  },
  antd: {
    title: 'Ant Design',
    packages: 'antd 6',
    app: 'antd',
    cases: {
      'date-picker': { widget: 'Date picker (month and year panels)', task: 'Set the start date to 14 March 2027 with the calendar', expected: fails(FAILURES.clickableCells, /calendar's cells show as table text without ids/) },
      'date-typed': { widget: 'Date picker, typed', task: 'Type 2027-03-14 as the start date', expected: 'works' },
      select: { widget: 'Select (select_option)', task: 'Set the city to Shanghai', expected: fails(FAILURES.roleLessOpenList, /select_option: failed .* showed no list of options when clicked/) },
      'select-click': { widget: 'Select (click, click)', task: 'Set the city to Shenzhen', expected: fails(FAILURES.midAnimation, /select opened \(aria-expanded=true\) but the dump shows none of its options/) },
      cascader: { widget: 'Cascader', task: 'Set the address to Jiangsu / Nanjing / Zhong Hua Men', expected: fails(FAILURES.midAnimation, /cascader opened \(aria-expanded=true\) but the dump shows none of its options/) },
      tree: { widget: 'Tree', task: 'Select Q1 report.pdf in Documents › Reports', expected: fails(FAILURES.treeToggle, /"Documents" stays collapsed/) },
      'menu-submenu': { widget: 'Menu with popup submenus', task: 'Open Settings › Notifications › Email', expected: 'works' },
      collapse: { widget: 'Collapse (accordion)', task: 'When do refunds reach my card?', expected: fails(FAILURES.midAnimation, /Refunds section is open but its text is not in the dump/) },
      tabs: { widget: 'Tabs', task: 'Show the specs tab', expected: 'works' },
      slider: { widget: 'Slider', task: 'Set the brightness to 70%', expected: fails(FAILURES.keyBurst, /ArrowRight pressed 20 times moved the brightness from 30% to 31%/) },
      switch: { widget: 'Switch', task: 'Turn notifications on', expected: 'works' },
      modal: { widget: 'Modal', task: 'Rename the project to Apollo', expected: fails(FAILURES.midAnimation, /the modal opened .* but the dump shows/) },
      message: { widget: 'Message (toast)', task: 'Save the draft and tell me what the message says', expected: fails(FAILURES.midAnimation, /after the click the dump shows no message/) },
      'table-sort': { widget: 'Table, sorting', task: 'Sort the orders by age, oldest first', expected: 'works' },
      'table-page': { widget: 'Table, paging', task: 'Show page 3 of the orders', expected: 'works' },
    },
  },
} satisfies Record<string, ManifestLibrary>;

export type LibraryKey = keyof typeof LIBRARIES;
export const GALLERY: Record<LibraryKey, ManifestLibrary> = LIBRARIES;
