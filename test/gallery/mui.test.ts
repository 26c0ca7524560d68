// MUI through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { check, choose, click, done, fill, press, waitOnce } from '../support/dump-policy.js';

/** The name in the grid's first row on screen. */
function firstRowName(root: HTMLElement): string {
  return root.querySelector('.MuiDataGrid-row [data-field=name]')?.textContent ?? '(none)';
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

galleryCases('mui', {
  select: {
    decide(view) {
      const age = view.need({ role: 'combobox', name: 'Age' });
      if (age.text === 'Twenty') return done('The age is Twenty.');
      return [choose(age, 'Twenty')];
    },
    check(root) {
      const shown = root.querySelector('#mui-age')!.textContent!.trim();
      return { ok: shown === 'Twenty', shows: `"${shown}" in the select` };
    },
  },
  autocomplete: {
    decide(view) {
      const movie = view.need({ role: 'combobox', name: 'Movie' });
      const option = view.find({ role: 'option', text: 'The Godfather' });
      if (movie.attrs.value === 'The Godfather' && !option) return done('The movie is The Godfather.');
      if (option) return [click(option)];
      return [fill(movie, 'Godf')];
    },
    check(root) {
      const value = root.querySelector<HTMLInputElement>('input[role=combobox]:not([readonly])')!.value;
      return { ok: value === 'The Godfather', shows: `the field holding "${value}"` };
    },
  },
  'date-picker': {
    decide(view) {
      const dialog = view.find({ role: 'dialog' });
      if (!dialog) {
        const opener = view.need({ name: /^Choose date/ }, 'the Choose date button');
        if (/Sep 21, 2027/.test(opener.details.label ?? '')) return done('The departure date is 21/09/2027.');
        return [click(opener)];
      }
      const year = view.find({ text: '2027', within: dialog });
      if (year) return [click(year)];
      const month = view.find({ text: /^Sep(tember)?$/, within: dialog });
      if (month) return [click(month)];
      const header = view.find({ text: new RegExp(`^(${MONTHS.join('|')}) \\d{4}`), indexed: false, within: dialog });
      const switcher = view.find({ name: /switch to year view/, within: dialog });
      if (!header || !switcher) {
        const shown = view.findAll({ indexed: false, within: dialog }).length;
        return waitOnce(view, `the date dialog opened but the dump shows it incomplete (${shown} lines in it, no ${header ? 'year switch' : 'month header'})`);
      }
      if (!header.text.endsWith('2027')) return [click(switcher)];
      if (!header.text.startsWith('September')) return [click(view.need({ name: 'Next month', within: dialog }))];
      const day = view.need({ role: 'gridcell', text: '21', within: dialog }, 'day 21');
      if (view.did('click', day)) return waitOnce(view, `after a click on day 21 (${view.results.trim()}) the dump still shows the calendar`);
      return [click(day)];
    },
    check(root) {
      const shown = root.querySelector('.MuiPickersSectionList-root')?.textContent?.replace(/\u2066|\u2069/g, '') ?? '';
      return { ok: shown === '21/09/2027', shows: `"${shown}" in the date field` };
    },
  },
  menu: {
    decide(view) {
      if (view.shows('Last chosen: My account')) return done('My account is chosen.');
      const item = view.find({ role: 'menuitem', text: 'My account' });
      if (item) return [click(item)];
      const button = view.need({ role: 'button', text: 'Account' });
      if (view.did('click', button)) return waitOnce(view, `the menu opened (${view.results.trim()}) but the dump shows none of its items`);
      return [click(button)];
    },
    check: (root) => stateText(root, 'menu', 'Last chosen: My account'),
  },
  accordion: {
    decide(view) {
      const answer = view.find({ text: /within 60 days/, indexed: false });
      if (answer) return done(answer.text);
      const header = view.need({ role: 'button', text: 'Returns' });
      if (header.attrs['aria-expanded'] === 'true') return waitOnce(view, 'the Returns section is open but its text is not in the dump');
      return [click(header)];
    },
    check(root, run) {
      const details = root.querySelector<HTMLElement>('#mui-faq-Returns')!;
      const open = details.checkVisibility() && details.getBoundingClientRect().height > 10;
      const answered = Boolean(run.verdict.done?.includes('within 60 days'));
      return { ok: open && answered, shows: `the Returns panel ${open ? 'open' : 'closed'}, the answer ${answered ? 'given' : 'missing'}` };
    },
  },
  tabs: {
    decide(view) {
      const tab = view.need({ role: 'tab', text: 'Ratings' });
      if (tab.attrs['aria-selected'] === 'true' && view.shows('4.8 out of 5')) return done('The ratings are showing.');
      return [click(tab)];
    },
    check(root) {
      const panel = root.querySelector<HTMLElement>('#mui-tabpanel-2')!;
      return { ok: panel.checkVisibility() && panel.textContent!.includes('4.8'), shows: `the Ratings panel ${panel.checkVisibility() ? 'shown' : 'hidden'}` };
    },
  },
  slider: {
    decide(view) {
      const reading = view.need({ text: /^Temperature: \d+ °C$/, indexed: false }, 'the temperature reading');
      const value = Number(/\d+/.exec(reading.text)![0]);
      if (value === 25) return done('The temperature is 25 °C.');
      const thumb = view.need({ after: view.need({ text: 'Temperature', indexed: false }) }, 'the slider');
      return [press(value < 25 ? 'ArrowRight' : 'ArrowLeft', thumb, Math.abs(25 - value))];
    },
    check: (root) => stateText(root, 'temperature', 'Temperature: 25 °C'),
  },
  switch: {
    decide(view) {
      const bluetooth = view.need({ role: 'switch', name: 'Bluetooth' });
      if ('checked' in bluetooth.attrs || bluetooth.attrs['aria-checked'] === 'true') return done('Bluetooth is on.');
      return [check(bluetooth)];
    },
    check(root) {
      const input = [...root.querySelectorAll<HTMLInputElement>('input[type=checkbox]')][1]!;
      return { ok: input.checked, shows: `the Bluetooth switch ${input.checked ? 'on' : 'off'}` };
    },
  },
  dialog: {
    decide(view) {
      if (view.shows('Subscribed: sam@example.com')) return done('sam@example.com is subscribed.');
      const email = view.find({ name: 'Email address' });
      if (!email) return [click(view.need({ role: 'button', text: 'Subscribe to the newsletter' }))];
      if (email.attrs.value !== 'sam@example.com') return [fill(email, 'sam@example.com')];
      const subscribe = view.need({ role: 'button', text: 'Subscribe' });
      if (view.did('click', subscribe)) return waitOnce(view, `after a click on Subscribe (${view.results.trim()}) the dump still shows the dialog, not the page behind it`);
      return [click(subscribe)];
    },
    check: (root) => stateText(root, 'subscribe', 'Subscribed: sam@example.com'),
  },
  snackbar: {
    decide(view) {
      const toast = view.find({ text: /^Message archived/, indexed: false }) ?? view.find({ text: /^Message archived/ });
      if (toast) return done(toast.text);
      if (view.turn > 1) return waitOnce(view, `after the click (${view.results.trim()}) the dump shows no notification`);
      return [click(view.need({ role: 'button', text: 'Archive the message' }))];
    },
    check(_root, run) {
      const said = run.verdict.done ?? '';
      return { ok: said.includes('Message archived: 1 conversation moved to Archive'), shows: `the answer "${said}"` };
    },
  },
  'grid-sort': {
    decide(view) {
      const grid = view.need({ role: 'grid', after: view.need({ text: 'Data grid', role: 'heading' }) });
      const ages = view.findAll({ text: /^\d+$/, indexed: false, within: grid }).map((line) => Number(line.text));
      if (ages.length > 1 && ages.every((age, index) => index === 0 || ages[index - 1]! >= age) && ages[0] === 150) return done(`Sorted by age, oldest first: ${ages.join(', ')}.`);
      return [click(view.need({ role: 'columnheader', text: 'Age', within: grid }))];
    },
    check(root) {
      const first = firstRowName(root);
      return { ok: first === 'Melisandre', shows: `"${first}" in the first row` };
    },
  },
  'grid-page': {
    decide(view) {
      if (view.find({ text: /^6–10 of 12$/, indexed: false })) return done('Showing people 6 to 10 of 12.');
      return [click(view.need({ role: 'button', name: 'Go to next page' }))];
    },
    check(root) {
      const range = root.querySelector('.MuiTablePagination-displayedRows')?.textContent ?? '(none)';
      const first = firstRowName(root);
      return { ok: range === '6–10 of 12' && first === 'Melisandre', shows: `"${range}", "${first}" first` };
    },
  },
});
