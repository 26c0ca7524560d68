// Ant Design through the agent: each task is played by a policy that reads only the dump.
import { fieldValue, galleryCases, stateText } from './gallery-case.js';
import { check, choose, click, done, failedActions, fill, hover, press, stuck, wait, waitOnce, type PageView } from '../support/dump-policy.js';
import { findLine, type DumpLine } from '../support/dump-lines.js';

/** The words a select shows, as a person reads them next to its label. */
function selectShows(root: HTMLElement, label: string): string {
  const field = [...root.querySelectorAll('label')].find((element) => element.textContent!.startsWith(label));
  return field?.querySelector('.ant-select, .ant-cascader')?.textContent?.trim() ?? '(none)';
}

/** Clicks a closed tree item open; when a click does not open it, tries the arrow key; then gives up. */
function expand(view: PageView, item: DumpLine) {
  // The item's toggle, when the dump gives it a line: a control inside the item with no words, only an icon.
  const toggle = view.findAll({ within: item }).find((line) => !line.text && line.attrs.icon !== undefined);
  if (toggle && !view.did('click', toggle)) return [click(toggle)];
  const tried = view.memory.filter((entry) => entry.includes(item.ref!)).length;
  if (tried === 0) return [click(item)];
  if (tried === 1) return [press('ArrowRight', item)];
  return stuck(`"${item.text}" stays collapsed (aria-expanded=${item.attrs['aria-expanded']}) after a click and ArrowRight, and the dump shows no other control to open it`);
}

/** The ages in the Age column of the table after `heading`, in the order shown. */
function ageColumn(view: PageView): number[] {
  const rows = view.lines.filter((line) => line.cells && /^A-\d+$/.test(line.cells[0] ?? ''));
  return rows.map((row) => Number(row.cells![2]));
}

galleryCases('antd', {
  'date-picker': {
    decide(view) {
      const field = view.need({ tag: 'input', name: 'Start date' });
      if (field.attrs.value === '2027-03-14') return done('The start date is 2027-03-14.');
      const panel = view.find({ name: /^Choose a (year|month|decade)$/ });
      if (!panel) {
        if (!view.did('click', field)) return [click(field)];
        // The calendar slides in; a model that saw nothing yet would look again once.
        if (!view.did('wait')) return [wait(1)];
        return stuck('after a click on the field and a wait, the dump shows no calendar');
      }
      const year = view.find({ name: 'Choose a year' });
      const month = view.find({ name: 'Choose a month' });
      // The year panel (its header names the decade), or the month panel (its header names only
      // the year): pick from its cells.
      const cells = !year ? '2027' : !month && year.text === '2027' ? 'Mar' : undefined;
      if (cells) {
        const cell = view.find({ tag: 'td', text: cells });
        return cell ? [click(cell)] : stuck(explainCells(view, cells));
      }
      if (year!.text !== '2027' || !month) return [click(year!)];
      if (month.text !== 'Mar') return [click(month)];
      const day = view.find({ text: '14', after: month });
      return day ? [click(day)] : stuck(explainCells(view, '14'));
    },
    check: (root) => fieldValue(root, 'input[placeholder="Select date"]', '2027-03-14'),
  },
  'date-typed': {
    decide(view) {
      const field = view.need({ tag: 'input', name: 'Start date' });
      if (field.attrs.value === '2027-03-14' && view.turn > 2) return done('The start date is 2027-03-14.');
      if (field.attrs.value !== '2027-03-14') return [fill(field, '2027-03-14')];
      return [press('Enter', field)];
    },
    check: (root) => fieldValue(root, 'input[placeholder="Select date"]', '2027-03-14'),
  },
  select: {
    decide(view) {
      const city = view.need({ role: 'combobox', name: /^City/ });
      // As in select-click: once picked, the label also carries the option's title ("City Shanghai Shanghai").
      if (city.details.label?.startsWith('City Shanghai')) return done('The city is Shanghai.');
      return [choose(city, 'Shanghai')];
    },
    check(root) {
      const shown = selectShows(root, 'City');
      return { ok: shown === 'Shanghai', shows: `"${shown}" in the select` };
    },
  },
  cascader: {
    decide(view) {
      const address = view.need({ role: 'combobox', name: /^Address/ });
      if (/Jiangsu \/ Nanjing \/ Zhong Hua Men/.test(address.details.label ?? '')) return done('The address is Jiangsu / Nanjing / Zhong Hua Men.');
      for (const step of ['Zhong Hua Men', 'Nanjing', 'Jiangsu']) {
        const option = view.find({ text: step, role: 'menuitemcheckbox' }) ?? view.find({ text: step, after: address });
        if (option) return [click(option)];
      }
      if (address.attrs['aria-expanded'] === 'true') return waitOnce(view, 'the cascader opened (aria-expanded=true) but the dump shows none of its options');
      return [click(address)];
    },
    check(root) {
      const shown = selectShows(root, 'Address');
      return { ok: shown === 'Jiangsu / Nanjing / Zhong Hua Men', shows: `"${shown}" in the cascader` };
    },
  },
  tree: {
    maxTurns: 8,
    tolerateFailures: true,
    decide(view) {
      // A stale id (the tree re-renders its nodes once an opening animation ends, which can be just
      // after the snapshot) is what a model retries from the new dump; any other failure ends the run.
      const failure = failedActions(view.results).find((line) => !/: failed \(stale\)/.test(line));
      if (failure) return stuck(failure.trim().replace(/^\d+\. /, ''));
      if (view.shows('Selected file: Q1 report.pdf')) return done('Q1 report.pdf is selected.');
      const file = view.find({ role: 'treeitem', name: 'Q1 report.pdf' });
      // The item's words are a control of their own: a person clicks the words, not the row's middle.
      if (file) return [click(view.find({ within: file, text: 'Q1 report.pdf' }) ?? file)];
      const reports = view.find({ role: 'treeitem', name: 'Reports' });
      if (reports) return expand(view, reports);
      return expand(view, view.need({ role: 'treeitem', name: 'Documents' }));
    },
    check: (root) => stateText(root, 'file', 'Selected file: Q1 report.pdf'),
  },
  'select-click': {
    decide(view) {
      const city = view.need({ role: 'combobox', name: /^City/ });
      // The label also carries the chosen option's title once one is picked ("City Shenzhen Shenzhen").
      if (city.details.label?.startsWith('City Shenzhen')) return done('The city is Shenzhen.');
      const option = view.find({ text: 'Shenzhen', after: city });
      if (option) return [click(option)];
      if (city.attrs['aria-expanded'] === 'true') return waitOnce(view, 'the select opened (aria-expanded=true) but the dump shows none of its options');
      return [click(city)];
    },
    check(root) {
      const shown = selectShows(root, 'City');
      return { ok: shown === 'Shenzhen', shows: `"${shown}" in the select` };
    },
  },
  'menu-submenu': {
    decide(view) {
      if (view.shows('Opened: settings / notifications / email')) return done('Email notifications are open.');
      const email = view.find({ role: 'menuitem', text: 'Email' });
      if (email) return [click(email)];
      const notifications = view.find({ role: 'menuitem', text: 'Notifications' });
      if (notifications) return [hover(notifications)];
      return [hover(view.need({ role: 'menuitem', text: 'Settings' }))];
    },
    check: (root) => stateText(root, 'menu', 'Opened: settings / notifications / email'),
  },
  collapse: {
    decide(view) {
      const answer = view.find({ text: /within 10 days/, indexed: false });
      if (answer) return done(answer.text);
      const header = view.need({ role: 'button', text: 'Refunds' });
      if (header.attrs['aria-expanded'] === 'true') return waitOnce(view, 'the Refunds section is open but its text is not in the dump');
      return [click(header)];
    },
    check(root, run) {
      const open = [...root.querySelectorAll<HTMLElement>('p')].some((p) => p.textContent!.includes('within 10 days') && p.checkVisibility());
      const answered = Boolean(run.verdict.done?.includes('within 10 days'));
      return { ok: open && answered, shows: `the Refunds panel ${open ? 'open' : 'closed'}, the answer ${answered ? 'given' : 'missing'}` };
    },
  },
  tabs: {
    decide(view) {
      const tab = view.need({ role: 'tab', text: 'Specs' });
      if (tab.attrs['aria-selected'] === 'true' && view.shows('15 bar pump')) return done('The specs are showing.');
      return [click(tab)];
    },
    check(root) {
      const panel = [...root.querySelectorAll<HTMLElement>('[role=tabpanel]')].find((element) => element.textContent!.includes('15 bar'));
      const shown = Boolean(panel?.checkVisibility());
      return { ok: shown, shows: `the Specs panel ${shown ? 'shown' : 'hidden'}` };
    },
  },
  slider: {
    decide(view) {
      const reading = view.need({ text: /^Brightness: \d+%$/, indexed: false }, 'the brightness reading');
      const value = Number(/\d+/.exec(reading.text)![0]);
      if (value === 70) return done('The brightness is 70%.');
      const earlier = findLine(view.previous, { text: /^Brightness: \d+%$/, indexed: false });
      const before = earlier && Number(/\d+/.exec(earlier.text)![0]);
      if (before !== undefined && value - before < 20) return stuck(`ArrowRight pressed 20 times moved the brightness from ${before}% to ${value}%`);
      const slider = view.need({ role: 'slider', after: view.need({ text: 'Brightness', indexed: false }) });
      return [press(value < 70 ? 'ArrowRight' : 'ArrowLeft', slider, Math.min(20, Math.abs(70 - value)))];
    },
    check: (root) => stateText(root, 'brightness', 'Brightness: 70%'),
  },
  switch: {
    decide(view) {
      const toggle = view.need({ role: 'switch', name: 'Notifications' });
      if (toggle.attrs['aria-checked'] === 'true') return done('Notifications are on.');
      return [check(toggle)];
    },
    check: (root) => stateText(root, 'notify', 'Notifications are on'),
  },
  modal: {
    decide(view) {
      if (view.shows('Project: Apollo')) return done('The project is now called Apollo.');
      const name = view.find({ tag: 'input', name: 'New name' });
      if (!name && view.did('click')) return waitOnce(view, `the modal opened ("${view.results.trim()}") but the dump shows ${view.lines.length ? `${view.lines.length} lines and no New name field` : 'nothing of it'}`);
      if (!name) return [click(view.need({ role: 'button', text: 'Rename project' }))];
      if (name.attrs.value !== 'Apollo') return [fill(name, 'Apollo')];
      const ok = view.need({ role: 'button', text: 'OK' });
      // A second click would land on the modal while it closes.
      if (view.did('click', ok)) return waitOnce(view, `after a click on OK (${view.results.trim()}) the dump still shows the modal, not the page behind it`);
      return [click(ok)];
    },
    check: (root) => stateText(root, 'project', 'Project: Apollo'),
  },
  message: {
    decide(view) {
      const toast = view.find({ text: /Draft saved/, indexed: false });
      if (toast) return done(toast.text);
      if (view.turn > 1) return waitOnce(view, 'after the click the dump shows no message');
      return [click(view.need({ role: 'button', text: 'Save draft' }))];
    },
    check(_root, run) {
      const said = run.verdict.done ?? '';
      return { ok: said.includes('Draft saved to your outbox'), shows: `the answer "${said}"` };
    },
  },
  'table-sort': {
    decide(view) {
      const ages = ageColumn(view);
      if (ages[0] === 101 && ages.every((age, index) => index === 0 || ages[index - 1]! >= age)) return done(`Sorted by age, oldest first: ${ages.join(', ')}.`);
      return [click(view.need({ tag: 'th', text: 'Age' }))];
    },
    check(root) {
      const first = root.querySelector('.ant-table-tbody tr td:nth-child(2)')?.textContent ?? '(none)';
      return { ok: first === 'Katherine Johnson', shows: `"${first}" in the first row` };
    },
  },
  'table-page': {
    decide(view) {
      const rows = view.lines.filter((line) => line.cells && /^A-\d+$/.test(line.cells[0] ?? '')).map((row) => row.cells![0]);
      if (rows[0] === 'A-1011') return done(`Page 3 shows ${rows.join(', ')}.`);
      return [click(view.need({ tag: 'li', name: '3' }, 'page 3'))];
    },
    check(root) {
      const orders = [...root.querySelectorAll('.ant-table-tbody tr td:first-child')].map((cell) => cell.textContent).join(', ');
      return { ok: orders === 'A-1011, A-1012', shows: `rows ${orders}` };
    },
  },
});

function explainCells(view: PageView, day: string): string {
  const row = view.lines.find((line) => line.cells?.includes(day) && !line.ref);
  return row ? `the calendar's cells show as table text without ids ("${row.raw.trim()}")` : `day ${day} is not in the dump`;
}
