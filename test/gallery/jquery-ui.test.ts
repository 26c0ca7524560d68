// jQuery UI through the agent: each task is played by a policy that reads only the dump.
import { fieldValue, galleryCases, stateText } from './gallery-case.js';
import { choose, click, done, fill, hover, press, stuck, waitFor, waitOnce } from '../support/dump-policy.js';

const MONTH_TITLE = /^(January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{4}$/;

galleryCases('jquery-ui', {
  'datepicker-month-year': {
    decide(view) {
      const field = view.need({ tag: 'input', name: 'Check-in date' });
      if (field.attrs.value === '03/14/2027') return done('The check-in date is now 03/14/2027.');
      const year = view.find({ tag: 'select', name: 'Select year' });
      if (!year) return [click(field)];
      if (year.attrs.selected !== '2027') return [choose(year, '2027')];
      const month = view.need({ tag: 'select', name: 'Select month' });
      if (month.attrs.selected !== 'Mar') return [choose(month, 'Mar')];
      const calendar = view.need({ tag: 'table', after: month }, 'the calendar');
      return [click(view.need({ text: '14', within: calendar }, 'day 14'))];
    },
    check: (root) => fieldValue(root, '#jq-checkin', '03/14/2027'),
  },
  'datepicker-next': {
    decide(view) {
      const field = view.need({ tag: 'input', name: 'Check-out date' });
      if (field.attrs.value === '07/03/2026') return done('The check-out date is now 07/03/2026.');
      const title = view.find({ text: MONTH_TITLE, indexed: false });
      if (!title) return [click(field)];
      if (title.text.replace(/\s+/g, ' ') !== 'July 2026') return [click(view.need({ name: 'Next' }, 'the Next control'))];
      const calendar = view.need({ tag: 'table', after: title }, 'the calendar');
      return [click(view.need({ text: '3', within: calendar }, 'day 3'))];
    },
    check: (root) => fieldValue(root, '#jq-checkout', '07/03/2026'),
  },
  autocomplete: {
    decide(view) {
      const field = view.need({ tag: 'input', name: 'Programming language' });
      const suggestion = view.find({ text: 'JavaScript' });
      if (field.attrs.value === 'JavaScript' && !suggestion) return done('The language is JavaScript.');
      if (suggestion) return [click(suggestion)];
      if (field.attrs.value !== 'Jav') return [fill(field, 'Jav')];
      if (!view.did('wait')) return [waitFor('JavaScript')];
      return stuck(`no suggestion after typing: ${view.need({ text: 'JavaScript' }, 'the JavaScript suggestion').raw}`);
    },
    check: (root) => fieldValue(root, '#jq-language', 'JavaScript'),
  },
  selectmenu: {
    decide(view) {
      const speed = view.need({ role: 'combobox', after: view.need({ text: 'Speed', indexed: false }) }, 'the Speed control');
      if (speed.text === 'Fast') return done('The speed is Fast.');
      return [choose(speed, 'Fast')];
    },
    check: (root) => stateText(root, 'speed', 'Speed: Fast'),
  },
  'menu-submenu': {
    decide(view) {
      if (view.shows('Department: Big Band')) return done('Big Band is chosen.');
      const leaf = view.find({ role: 'menuitem', text: 'Big Band' });
      if (leaf) return [click(leaf)];
      const jazz = view.find({ role: 'menuitem', text: 'Jazz' });
      if (jazz) return [hover(jazz)];
      return [hover(view.need({ role: 'menuitem', text: 'Music' }))];
    },
    check: (root) => stateText(root, 'menu', 'Department: Big Band'),
  },
  accordion: {
    decide(view) {
      const answer = view.find({ text: /working days/, indexed: false });
      if (answer) return done(answer.text);
      const header = view.need({ role: 'tab', text: 'Delivery' });
      if (header.attrs['aria-expanded'] === 'true') return waitOnce(view, `the Delivery section is open but its text is not in the dump`);
      return [click(header)];
    },
    check(root, run) {
      const panel = [...root.querySelectorAll<HTMLElement>('#jq-accordion > div')][2]!;
      const open = panel.checkVisibility() && panel.getBoundingClientRect().height > 20;
      const answered = Boolean(run.verdict.done?.includes('3 to 5 working days'));
      return { ok: open && answered, shows: `the Delivery panel ${open ? 'open' : 'closed'}, and the answer ${answered ? 'given' : 'missing'}` };
    },
  },
  tabs: {
    decide(view) {
      const tab = view.need({ role: 'tab', name: 'Reviews' });
      if (tab.attrs['aria-selected'] === 'true' && view.shows('Rated 4.6')) return done('The reviews are showing.');
      return [click(tab)];
    },
    check(root) {
      const panel = root.querySelector<HTMLElement>('#jq-tab-reviews')!;
      return { ok: panel.checkVisibility(), shows: `the Reviews panel ${panel.checkVisibility() ? 'shown' : 'hidden'}` };
    },
  },
  slider: {
    decide(view) {
      const reading = view.need({ text: /^Volume: \d+$/, indexed: false }, 'the volume reading');
      const value = Number(reading.text.split(': ')[1]);
      if (value === 60) return done('The volume is 60.');
      const handle = view.need({ after: view.need({ text: 'Volume', indexed: false }) }, 'the slider handle');
      const steps = Math.min(Math.abs(60 - value), 20);
      return [press(value < 60 ? 'ArrowRight' : 'ArrowLeft', handle, steps)];
    },
    check: (root) => stateText(root, 'volume', 'Volume: 60'),
  },
  dialog: {
    decide(view) {
      if (view.shows('Display name: Robin')) return done('Your display name is Robin.');
      const input = view.find({ tag: 'input', name: 'Display name' });
      if (!input) return [click(view.need({ role: 'button', text: 'Edit profile' }))];
      if (input.attrs.value !== 'Robin') return [fill(input, 'Robin')];
      const save = view.need({ role: 'button', text: 'Save' });
      // A second click would land on the dialog while it closes.
      if (view.did('click', save)) return waitOnce(view, `after a click on Save (${view.results.trim()}) the dump still shows the dialog, not the page behind it`);
      return [click(save)];
    },
    check: (root) => stateText(root, 'profile', 'Display name: Robin'),
  },
});
