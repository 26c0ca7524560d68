// Element Plus through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { check, choose, click, done, fill, hover, press, stuck, wait, waitFor, waitOnce, type PageView } from '../support/dump-policy.js';
import { findLine } from '../support/dump-lines.js';

/** The dates in the table's rows, in the order shown. */
function tableDates(view: PageView): string[] {
  return view.lines.filter((line) => line.cells && /^\d{4}-\d\d-\d\d$/.test(line.cells[0] ?? '')).map((row) => row.cells![0]!);
}

function shownDates(root: HTMLElement): string[] {
  return [...root.querySelectorAll('.el-table__body tr td:first-child')].map((cell) => cell.textContent!.trim());
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

galleryCases('element-plus', {
  'date-picker': {
    decide(view) {
      const field = view.need({ tag: 'input', name: 'Delivery day' });
      if (field.attrs.value === '2027-03-14') return done('The delivery day is 2027-03-14.');
      const calendar = view.find({ role: 'dialog' });
      if (!calendar || !view.find({ indexed: false, within: calendar })) {
        if (!view.did('click', field)) return [click(field)];
        if (!view.did('wait')) return [wait(1)];
        return stuck('after a click on the field and a wait, the dump shows no calendar');
      }
      const year = view.find({ role: 'button', text: /^\d{4}$/, within: calendar });
      const month = view.find({ role: 'button', text: new RegExp(`^(${MONTHS.join('|')})`), within: calendar });
      if (view.find({ text: /^\d{4} - \d{4}$/, indexed: false, within: calendar })) {
        // The year panel: its cells, not the header.
        const cell = view.findAll({ text: '2027', within: calendar }).find((line) => line.attrs.role !== 'button');
        return cell ? [click(cell)] : stuck(view.need({ text: '2027', within: calendar }, 'the year 2027').raw);
      }
      if (!year || !month) {
        // The month panel.
        const cell = view.find({ text: /^Mar(ch)?$/, within: calendar });
        return cell ? [click(cell)] : stuck(view.need({ text: 'Mar', within: calendar }, 'March').raw);
      }
      if (year.text !== '2027') return [click(year)];
      if (!month.text.startsWith('Mar')) return [click(month)];
      return [click(view.need({ text: '14', within: calendar }, 'day 14'))];
    },
    check(root) {
      const value = root.querySelector<HTMLInputElement>('#ep-day')!.value;
      return { ok: value === '2027-03-14', shows: `the field holding "${value}"` };
    },
  },
  select: {
    decide(view) {
      const city = view.need({ role: 'combobox', name: 'City' });
      if (view.after(city)?.text === 'Chengdu' || city.attrs.value === 'Chengdu') return done('The city is Chengdu.');
      // select_option on the closed select reached for the option while the list was still zooming
      // open, so its outcome hung on the machine's load: the list is opened first, and waited for.
      if (city.attrs['aria-expanded'] !== 'true') return [click(city)];
      if (!view.find({ role: 'option', text: 'Chengdu' })) return waitOnce(view, 'the select opened (aria-expanded=true) but the dump shows none of its options');
      return [choose(city, 'Chengdu')];
    },
    check(root) {
      // The chosen city is drawn in the placeholder's place (transparent only while a filter is typed).
      const shown = root.querySelector('#ep-city')!.closest('.el-select')!.querySelector('.el-select__placeholder:not(.is-transparent)')?.textContent?.trim() ?? '(none)';
      return { ok: shown === 'Chengdu', shows: `"${shown}" in the select` };
    },
  },
  autocomplete: {
    decide(view) {
      const field = view.need({ tag: 'input', name: 'Restaurant' });
      const suggestion = view.find({ text: 'Hanoi Pho House' });
      if (field.attrs.value === 'Hanoi Pho House' && !suggestion) return done('The restaurant is Hanoi Pho House.');
      if (suggestion) return [click(suggestion)];
      if (field.attrs.value !== 'Ha') return [fill(field, 'Ha')];
      if (!view.did('wait')) return [waitFor('Hanoi Pho House')];
      return stuck(`after typing "Ha" and waiting: ${view.need({ text: 'Hanoi Pho House' }, 'the suggestion').raw}`);
    },
    check(root) {
      const value = root.querySelector<HTMLInputElement>('#ep-restaurant')!.value;
      return { ok: value === 'Hanoi Pho House', shows: `the field holding "${value}"` };
    },
  },
  'menu-submenu': {
    decide(view) {
      if (view.shows('Menu: workspace/export/pdf')) return done('PDF export is chosen.');
      const pdf = view.find({ role: 'menuitem', text: 'PDF' });
      if (pdf) return [click(pdf)];
      const exportItem = view.find({ role: 'menuitem', name: 'Export' });
      if (exportItem) return [hover(exportItem)];
      return [hover(view.need({ role: 'menuitem', name: 'Workspace' }))];
    },
    check: (root) => stateText(root, 'menu', 'Menu: workspace/export/pdf'),
  },
  collapse: {
    decide(view) {
      const answer = view.find({ text: /^Operation feedback/, indexed: false });
      if (answer) return done(answer.text);
      const header = view.need({ role: 'button', text: 'Feedback' });
      if (header.attrs['aria-expanded'] === 'true') return waitOnce(view, 'the Feedback section is open but its text is not in the dump');
      return [click(header)];
    },
    check(root, run) {
      const text = [...root.querySelectorAll<HTMLElement>('.el-collapse-item__content > div')].find((element) => element.textContent!.startsWith('Operation feedback'));
      const open = Boolean(text?.checkVisibility());
      const answered = Boolean(run.verdict.done?.includes('see their operations'));
      return { ok: open && answered, shows: `the Feedback panel ${open ? 'open' : 'closed'}, the answer ${answered ? 'given' : 'missing'}` };
    },
  },
  tabs: {
    decide(view) {
      const tab = view.need({ role: 'tab', text: 'Role' });
      if (tab.attrs['aria-selected'] === 'true' && view.shows('Roles: admin')) return done('The Role tab is showing.');
      return [click(tab)];
    },
    check(root) {
      const panel = [...root.querySelectorAll<HTMLElement>('[role=tabpanel]')].find((element) => element.textContent!.includes('Roles: admin'));
      const shown = Boolean(panel?.checkVisibility());
      return { ok: shown, shows: `the Role panel ${shown ? 'shown' : 'hidden'}` };
    },
  },
  tree: {
    decide(view) {
      if (view.shows('Picked: Lemon')) return done('Lemon is picked.');
      for (const label of ['Lemon', 'Citrus', 'Fruit']) {
        const item = view.find({ role: 'treeitem', name: label });
        if (!item) continue;
        if (label !== 'Lemon' && item.attrs['aria-expanded'] === 'true') return waitOnce(view, `"${label}" is open but its children are not in the dump`);
        return [click(item)];
      }
      return stuck(view.need({ role: 'treeitem', name: 'Fruit' }).raw);
    },
    check: (root) => stateText(root, 'tree', 'Picked: Lemon'),
  },
  slider: {
    decide(view) {
      const reading = view.need({ text: /^Zoom: \d+%$/, indexed: false }, 'the zoom reading');
      const value = Number(/\d+/.exec(reading.text)![0]);
      if (value === 50) return done('The zoom is 50%.');
      const earlier = findLine(view.previous, { text: /^Zoom: \d+%$/, indexed: false });
      const before = earlier && Number(/\d+/.exec(earlier.text)![0]);
      if (before !== undefined && value - before < 20) return stuck(`ArrowRight pressed 20 times moved the zoom from ${before}% to ${value}%`);
      const slider = view.need({ role: 'slider', after: view.need({ text: 'Zoom', indexed: false }) });
      return [press(value < 50 ? 'ArrowRight' : 'ArrowLeft', slider, Math.min(20, Math.abs(50 - value)))];
    },
    check: (root) => stateText(root, 'zoom', 'Zoom: 50%'),
  },
  switch: {
    decide(view) {
      if (view.shows('Dark mode is on')) return done('Dark mode is on.');
      const toggle = view.find({ role: 'switch', name: /Dark mode/ }) ?? view.find({ name: /^Dark mode$/ });
      if (!toggle) return stuck(`no switch named "Dark mode" in the dump; before "Dark mode is off" it shows: ${view.lines.filter((line) => line.index < view.need({ text: 'Dark mode is off', indexed: false }).index).slice(-2).map((line) => `"${line.raw.trim()}"`).join(', ')}`);
      return [check(toggle)];
    },
    check: (root) => stateText(root, 'dark', 'Dark mode is on'),
  },
  dialog: {
    decide(view) {
      if (view.shows('Nickname: Moss')) return done('The nickname is Moss.');
      const nickname = view.find({ tag: 'input', name: 'Nickname' });
      if (!nickname && view.did('click')) return waitOnce(view, `the dialog opened ("${view.results.trim()}") but the dump shows no Nickname field`);
      if (!nickname) return [click(view.need({ role: 'button', text: 'Change nickname' }))];
      if (nickname.attrs.value !== 'Moss') return [fill(nickname, 'Moss')];
      const confirm = view.need({ role: 'button', text: 'Confirm' });
      if (view.did('click', confirm)) return waitOnce(view, `after a click on Confirm (${view.results.trim()}) the dump still shows the dialog, not the page behind it`);
      return [click(confirm)];
    },
    check: (root) => stateText(root, 'nickname', 'Nickname: Moss'),
  },
  message: {
    decide(view) {
      const toast = view.find({ text: /^Invite link copied/, indexed: false }) ?? view.find({ text: /^Invite link copied/ });
      if (toast) return done(toast.text);
      if (view.did('click')) return waitOnce(view, 'after the click the dump shows no message');
      return [click(view.need({ role: 'button', text: 'Copy invite link' }))];
    },
    check(_root, run) {
      const said = run.verdict.done ?? '';
      return { ok: said.includes('Invite link copied: it expires in 7 days'), shows: `the answer "${said}"` };
    },
  },
  'table-sort': {
    decide(view) {
      const dates = tableDates(view);
      if (dates[0] === '2016-05-08') return done(`Newest first: ${dates.join(', ')}.`);
      return [click(view.need({ tag: 'th', text: 'Date' }))];
    },
    check(root) {
      const dates = shownDates(root);
      return { ok: dates[0] === '2016-05-08', shows: `rows dated ${dates.join(', ')}` };
    },
  },
  'table-page': {
    decide(view) {
      const dates = tableDates(view);
      if (dates.length === 2 && dates[0] === '2016-05-07') return done(`Page 3: ${dates.join(', ')}.`);
      return [click(view.need({ name: 'page 3' }))];
    },
    check(root) {
      const dates = shownDates(root);
      return { ok: dates.join() === '2016-05-07,2016-05-08', shows: `rows dated ${dates.join(', ')}` };
    },
  },
});
