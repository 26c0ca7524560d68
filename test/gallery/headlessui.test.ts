// Headless UI through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { check, choose, click, done, fill, waitOnce } from '../support/dump-policy.js';

galleryCases('headlessui', {
  listbox: {
    decide(view) {
      if (view.shows('Shipping to Germany')) return done('The country is Germany.');
      return [choose(view.need({ role: 'button', name: /^Country/ }, 'the Country listbox button'), 'Germany')];
    },
    check: (root) => stateText(root, 'country', 'Shipping to Germany'),
  },
  'combobox-type': {
    decide(view) {
      if (view.shows('Assigned to Tom Cook')) return done('Tom Cook is the assignee.');
      const option = view.find({ role: 'option', text: 'Tom Cook' });
      if (option) return [click(option)];
      return [fill(view.need({ role: 'combobox', name: 'Assignee' }), 'Tom')];
    },
    check: (root) => stateText(root, 'assignee', 'Assigned to Tom Cook'),
  },
  'combobox-select-option': {
    decide(view) {
      if (view.shows('Assigned to Hellen Schmidt')) return done('Hellen Schmidt is the assignee.');
      return [choose(view.need({ role: 'combobox', name: 'Assignee' }), 'Hellen Schmidt')];
    },
    check: (root) => stateText(root, 'assignee', 'Assigned to Hellen Schmidt'),
  },
  switch: {
    decide(view) {
      const toggle = view.need({ role: 'switch', name: 'Enable notifications' });
      if (toggle.attrs['aria-checked'] === 'true' || toggle.attrs.checked !== undefined) return done('Notifications are on.');
      return [check(toggle)];
    },
    check: (root) => stateText(root, 'notifications', 'Notifications are on'),
  },
  disclosure: {
    decide(view) {
      const answer = view.find({ text: /^Yes: email support/, indexed: false }) ?? view.find({ text: /^Yes: email support/ });
      if (answer) return done(answer.text);
      const trigger = view.need({ role: 'button', text: 'Do you offer technical support?' });
      if (trigger.attrs['aria-expanded'] === 'true') return waitOnce(view, 'the answer is open but its text is not in the dump');
      return [click(trigger)];
    },
    check(_root, run) {
      const said = run.verdict.done ?? '';
      return { ok: said.includes('one business day'), shows: `the answer "${said}"` };
    },
  },
  menu: {
    decide(view) {
      if (view.shows('Last action: Duplicate')) return done('Duplicate is chosen.');
      const item = view.find({ role: 'menuitem', text: 'Duplicate' });
      if (item) return [click(item)];
      const options = view.need({ role: 'button', text: /^Options/ });
      if (options.attrs['aria-expanded'] === 'true') return waitOnce(view, 'the menu is open but the dump shows none of its items');
      return [click(options)];
    },
    check: (root) => stateText(root, 'menu', 'Last action: Duplicate'),
  },
  dialog: {
    decide(view) {
      if (view.shows('Project: Launch site')) return done('The project is Launch site.');
      const name = view.find({ tag: 'input', name: 'Project name' });
      const rename = view.find({ role: 'button', text: 'Rename project' });
      // Neither the dialog nor the page: the dialog is fading in or out, and the page behind it stays inert until it is done.
      if (!name && !rename) return waitOnce(view, 'the dump shows neither the dialog nor the page behind it');
      if (!name) return [click(rename!)];
      if (name.attrs.value !== 'Launch site') return [fill(name, 'Launch site')];
      const save = view.need({ role: 'button', text: 'Save' });
      if (view.did('click', save)) return waitOnce(view, `after a click on Save (${view.results.trim()}) the dump still shows the dialog`);
      return [click(save)];
    },
    check: (root) => stateText(root, 'project', 'Project: Launch site'),
  },
});
