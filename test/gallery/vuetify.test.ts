// Vuetify through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { check, choose, click, done, fill, press, stuck, waitOnce } from '../support/dump-policy.js';

galleryCases('vuetify', {
  select: {
    decide(view) {
      if (view.shows('Shipping to Germany')) return done('The country is Germany.');
      // The field is the combobox; its words are its floating label and the value (the labelled input inside is transparent).
      return [choose(view.find({ role: 'combobox', name: 'Country' }) ?? view.need({ role: 'combobox', text: /^Country\b/ }), 'Germany')];
    },
    check: (root) => stateText(root, 'country', 'Shipping to Germany'),
  },
  autocomplete: {
    decide(view) {
      if (view.shows('Office in California')) return done('The state is California.');
      return [choose(view.need({ role: 'combobox', name: 'State' }), 'California')];
    },
    check: (root) => stateText(root, 'state', 'Office in California'),
  },
  'autocomplete-type': {
    decide(view) {
      if (view.shows('Office in Nevada')) return done('The state is Nevada.');
      const option = view.find({ role: 'option', text: 'Nevada' });
      if (option) return [click(option)];
      if (view.did('fill_input')) return waitOnce(view, 'after typing "Nev" the dump shows no Nevada option');
      return [fill(view.need({ role: 'combobox', name: 'State' }), 'Nev')];
    },
    check: (root) => stateText(root, 'state', 'Office in Nevada'),
  },
  slider: {
    decide(view) {
      // Vuetify's thumb has no name of its own: the slider is the one after its label's words.
      const slider = view.find({ role: 'slider', name: 'Volume' }) ?? view.need({ role: 'slider', after: view.need({ text: 'Volume', indexed: false }) });
      const value = slider.attrs['aria-valuenow'] ?? slider.attrs.value ?? slider.attrs['aria-valuetext'];
      if (value === undefined) return stuck(`the slider's value is not in the dump: "${slider.raw.trim()}"`);
      if (Number(value) === 30) return done('The volume is 30.');
      return [press(Number(value) < 30 ? 'ArrowRight' : 'ArrowLeft', slider, Math.min(20, Math.abs(30 - Number(value))))];
    },
    maxTurns: 6,
    check: (root) => stateText(root, 'volume', 'Volume: 30'),
  },
  switch: {
    decide(view) {
      // Vuetify's switch is a checkbox under the track it draws.
      const toggle = view.find({ role: 'switch', name: 'Notifications' }) ?? view.need({ role: 'checkbox', name: 'Notifications' });
      if (toggle.attrs['aria-checked'] === 'true' || toggle.attrs.checked !== undefined) return done('Notifications are on.');
      return [check(toggle)];
    },
    check: (root) => stateText(root, 'notifications', 'Notifications are on'),
  },
  'date-picker': {
    decide(view) {
      if (view.shows('Appointment: 2026-05-14')) return done('The appointment is on 14 May 2026.');
      return [click(view.need({ role: 'button', text: /^14$/ }, 'the day 14 in the calendar'))];
    },
    check: (root) => stateText(root, 'day', 'Appointment: 2026-05-14'),
  },
  dialog: {
    decide(view) {
      if (view.shows('Team: Falcons')) return done('The team is Falcons.');
      const name = view.find({ tag: 'input', name: 'Team name' });
      const rename = view.find({ role: 'button', text: 'Rename team' });
      if (!name && !rename) return waitOnce(view, 'the dump shows neither the dialog nor the page behind it');
      if (!name) return [click(rename!)];
      if (name.attrs.value !== 'Falcons') return [fill(name, 'Falcons')];
      const save = view.need({ role: 'button', text: 'Save' });
      if (view.did('click', save)) return waitOnce(view, `after a click on Save (${view.results.trim()}) the dump still shows the dialog`);
      return [click(save)];
    },
    check: (root) => stateText(root, 'team', 'Team: Falcons'),
  },
});
