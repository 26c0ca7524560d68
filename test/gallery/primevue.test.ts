// PrimeVue through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { check, choose, click, done, stuck, waitOnce } from '../support/dump-policy.js';

/** The 14th of the month the calendar opens on (today's), as the status line prints it. */
function fourteenth(): string {
  const today = new Date();
  return `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-14`;
}

galleryCases('primevue', {
  'autocomplete-async': {
    decide(view) {
      if (view.shows('Destination: Lisbon')) return done('The destination is Lisbon.');
      return [choose(view.need({ role: 'combobox', name: 'Destination' }, 'the Destination combobox'), 'Lisbon')];
    },
    check: (root) => stateText(root, 'destination', 'Destination: Lisbon'),
  },
  'date-picker': {
    decide(view) {
      if (view.shows(`Check-in: ${fourteenth()}`)) return done('The check-in is on the 14th.');
      const day = view.find({ text: '14', role: 'gridcell' }) ?? view.find({ text: '14' });
      // PrimeVue closes the calendar 150 ms after the pick, by a timer the click's report waits for;
      // in Firefox and WebKit the dump can still show it fading out (part of it, or the 14th
      // selected): a model reads again once.
      const picked = view.did('click') && view.find({ role: 'dialog', name: 'Choose Date' });
      if (day?.attrs['aria-selected'] === 'true' || (picked && !day)) return waitOnce(view, 'the 14th is picked but the calendar stays open');
      if (day?.ref) return [click(day)];
      const field = view.need({ tag: 'input', name: 'Check-in' });
      if (view.did('click', field)) return waitOnce(view, 'the date field was clicked but the dump shows no day 14');
      return [click(field)];
    },
    check: (root) => stateText(root, 'checkin', `Check-in: ${fourteenth()}`),
  },
  'tiered-menu': {
    decide(view) {
      if (view.shows('Folder: Archive')) return done('The message is in Archive.');
      // Under load the dump after the pick can still show the menu fading out: read again once.
      const archive = view.find({ role: 'menuitem', name: 'Archive' });
      if (archive) return view.did('click', archive) ? waitOnce(view, 'Archive was clicked but the menu stays open') : [click(archive)];
      const moveTo = view.find({ role: 'menuitem', name: /Move to/ });
      if (moveTo) {
        if (view.did('click', moveTo)) return waitOnce(view, 'Move to was clicked but the dump shows no Archive item');
        return [click(moveTo)];
      }
      const trigger = view.need({ role: 'button', name: 'Message actions' });
      if (view.did('click', trigger)) return waitOnce(view, 'the menu was opened but the dump shows no Move to item');
      return [click(trigger)];
    },
    check: (root) => stateText(root, 'folder', 'Folder: Archive'),
  },
  picklist: {
    decide(view) {
      if (view.shows(/Selected cities: .*Paris/)) return done('Paris is among the selected cities.');
      const paris = view.need({ role: 'option', name: 'Paris' });
      if (paris.attrs['aria-selected'] !== 'true') return view.did('click', paris) ? stuck('Paris was clicked but is not selected') : [click(paris)];
      const move = view.need({ role: 'button', name: /Move to Target/i }, 'the button that moves an item to the selected list');
      if (view.did('click', move)) return stuck('Move to Target was clicked but Paris is not selected');
      return [click(move)];
    },
    check: (root) => stateText(root, 'picked', 'Selected cities: Oslo, Paris'),
  },
  drawer: {
    decide(view) {
      const toggle = view.find({ role: 'switch', name: 'Email notifications' }) ?? view.find({ state: { type: 'checkbox' }, name: 'Email notifications' });
      if (toggle && ('checked' in toggle.attrs || toggle.attrs['aria-checked'] === 'true')) return done('Email notifications are on.');
      if (toggle) return view.did('check', toggle) ? stuck(`check did not turn it on: ${view.results.trim()}`) : [check(toggle)];
      const settings = view.need({ role: 'button', name: 'Settings' });
      if (view.did('click', settings)) return waitOnce(view, 'Settings was clicked but the dump shows no Email notifications switch');
      return [click(settings)];
    },
    check: (root) => stateText(root, 'notifications', 'Email notifications: on'),
  },
  toast: {
    decide(view) {
      const toast = view.find({ text: /Draft saved/ });
      if (toast) return done(`The notification says: ${toast.text}`);
      const save = view.need({ role: 'button', name: 'Save draft' });
      if (view.did('click', save)) return waitOnce(view, `Save draft was clicked (${view.results.trim()}) but the dump shows no notification`);
      return [click(save)];
    },
    check: (root, run) => ({ ok: /version 7/.test(run.verdict.done ?? ''), shows: `the answer "${run.verdict.done ?? '(none)'}"` }),
  },
});
