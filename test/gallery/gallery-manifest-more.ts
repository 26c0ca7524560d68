// The gallery's libraries from the eighth round (AG Grid, React Aria Components, CodeMirror) and the
// ninth (Fluent UI React v9, PrimeVue), in a module of their own so the manifest stays readable;
// gallery-manifest.ts lists them after the others.
import type { ManifestLibrary } from './gallery-manifest.js';

export const MORE_LIBRARIES = {
  'ag-grid': {
    title: 'AG Grid',
    packages: 'ag-grid-community 34',
    app: 'ag-grid',
    cases: {
      sort: { widget: 'Sort by a column', task: 'Sort the cars by price, cheapest first', expected: 'works' },
      'below-fold': { widget: 'Read a row below the fold (virtualised)', task: 'What does the Volvo XC90 Recharge cost?', expected: 'works' },
      edit: { widget: 'Edit a cell', task: 'Change the price of the Ford Mondeo 2006 to $39,000', expected: 'works' },
      select: { widget: 'Select a row (checkbox)', task: 'Select the Porsche Cayenne 2007', expected: 'works' },
      filter: { widget: 'Floating column filter', task: 'Show only the Skoda cars', expected: 'works' },
    },
  },
  'react-aria': {
    title: 'React Aria Components',
    packages: 'react-aria-components 1',
    app: 'react-aria',
    cases: {
      combobox: { widget: 'ComboBox (select_option)', task: 'Pick Germany as the country', expected: 'works' },
      select: { widget: 'Select (hidden native select)', task: 'Set the size to Large', expected: 'works' },
      menu: { widget: 'Menu', task: 'Archive the message with the message actions menu', expected: 'works' },
      slider: { widget: 'Slider (hidden range input)', task: 'Set the volume to 30', expected: 'works' },
      'date-picker': { widget: 'DatePicker (segments, calendar popover)', task: 'Choose the 14th for the appointment', expected: 'works' },
      tabs: { widget: 'Tabs', task: 'When is the next invoice? It is on the Billing tab', expected: 'works' },
    },
  },
  codemirror: {
    title: 'CodeMirror',
    packages: 'codemirror 6',
    app: 'codemirror',
    cases: {
      'replace-line': { widget: 'Code editor: replace a line', task: 'Change the port in config.js to 3000', expected: 'works' },
      'read-line': { widget: 'Code editor: read a line', task: 'Which host does config.js use?', expected: 'works' },
      'append-line': { widget: 'Code editor: edit within a line', task: "Add the comment '// per request' after retries in config.js", expected: 'works' },
      empty: { widget: 'Code editor: type into an empty editor', task: "Write 'TODO: rotate the keys' in the notes", expected: 'works' },
      clear: { widget: 'Code editor: clear it', task: 'Clear config.js', expected: 'works' },
    },
  },
  fluent: {
    title: 'Fluent UI React v9',
    packages: '@fluentui/react-components 9',
    app: 'fluent',
    cases: {
      'combobox-async': { widget: 'Combobox (freeform, asynchronous search)', task: 'Choose Lisbon as the destination', expected: 'works' },
      dropdown: { widget: 'Dropdown', task: 'Set the size to Large', expected: 'works' },
      submenu: { widget: 'Menu with a submenu', task: 'Move the message to the Archive folder', expected: 'works' },
      drawer: { widget: 'OverlayDrawer with a Switch', task: 'Turn on email notifications in the settings', expected: 'works' },
      tree: { widget: 'Tree (nested branches)', task: 'Open q3-report.pdf in the Reports 2025 folder', expected: 'works' },
      toast: { widget: 'Toast', task: 'Save the draft and tell me what the notification says', expected: 'works' },
      dialog: { widget: 'Dialog (confirm)', task: 'Delete the project', expected: 'works', waits: true },
    },
  },
  primevue: {
    title: 'PrimeVue',
    packages: 'primevue 4, @primeuix/themes 1',
    app: 'primevue',
    cases: {
      'autocomplete-async': { widget: 'AutoComplete (asynchronous search)', task: 'Choose Lisbon as the destination', expected: 'works' },
      'date-picker': { widget: 'DatePicker (popup calendar)', task: 'Choose the 14th of this month as the check-in date', expected: 'works', waits: true },
      'tiered-menu': { widget: 'TieredMenu popup with a submenu', task: 'Move the message to the Archive folder', expected: 'works', waits: true },
      picklist: { widget: 'PickList (transfer list)', task: 'Add Paris to the selected cities', expected: 'works' },
      drawer: { widget: 'Drawer with a ToggleSwitch', task: 'Turn on email notifications in the settings', expected: 'works' },
      toast: { widget: 'Toast', task: 'Save the draft and tell me what the notification says', expected: 'works' },
    },
  },
} satisfies Record<string, ManifestLibrary>;
