// PrimeVue through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { pickOption, submenuPick, switchOn, toastAnswer } from './case-shapes.js';
import { click, done, stuck, waitOnce } from '../support/dump-policy.js';

/** The 14th of the month the calendar opens on (today's), as the status line prints it. */
function fourteenth(): string {
  const today = new Date();
  return `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-14`;
}

galleryCases('primevue', {
  'autocomplete-async': pickOption({ role: 'combobox', name: 'Destination' }, 'the Destination combobox', 'Lisbon', { state: 'destination', shows: 'Destination: Lisbon', said: 'The destination is Lisbon.' }),
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
  'tiered-menu': submenuPick('Message actions', /Move to/, 'Archive', { state: 'folder', shows: 'Folder: Archive', said: 'The message is in Archive.' }),
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
  drawer: switchOn('Email notifications', { state: 'notifications', shows: 'Email notifications: on', said: 'Email notifications are on.' }, 'Settings'),
  toast: toastAnswer('Save draft', /Draft saved/, /version 7/),
});
