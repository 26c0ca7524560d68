// Mantine through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { check, choose, click, done, fill, press, stuck, waitOnce } from '../support/dump-policy.js';

galleryCases('mantine', {
  select: {
    decide(view) {
      const country = view.need({ tag: 'input', name: 'Country' });
      if (country.attrs.value === 'Germany' && (view.shows('Country: Germany') || view.results.includes('now shows "Germany"'))) return done('The country is Germany.');
      return [choose(country, 'Germany')];
    },
    check: (root) => stateText(root, 'country', 'Country: Germany'),
  },
  'multi-select': {
    decide(view) {
      const chosen = ['Green', 'Red', 'Blue'].every((name) => view.results.includes(`"${name}" is already chosen`));
      if (view.shows('Tags: Green, Red, Blue') || chosen) return done('The tags are green, red and blue.');
      // The field's input is transparent: its line is the box showing the chosen tags.
      return [choose(view.need({ name: 'Tags' }), ['Green', 'Red', 'Blue'])];
    },
    check: (root) => stateText(root, 'tags', 'Tags: Green, Red, Blue'),
  },
  'number-input': {
    decide(view) {
      const quantity = view.need({ tag: 'input', name: 'Quantity' });
      if (quantity.attrs.value === '5' && view.shows('Quantity: 5')) return done('The quantity is 5.');
      return [fill(quantity, '5')];
    },
    check: (root) => stateText(root, 'quantity', 'Quantity: 5'),
  },
  switch: {
    decide(view) {
      const toggle = view.need({ role: 'switch', name: 'Email notifications' });
      if ('checked' in toggle.attrs || toggle.attrs['aria-checked'] === 'true') return done('Email notifications are on.');
      return [check(toggle)];
    },
    check: (root) => stateText(root, 'notify', 'Notifications are on'),
  },
  slider: {
    decide(view) {
      const volume = view.need({ role: 'slider', name: 'Volume' });
      const value = Number(volume.attrs.value ?? volume.attrs['aria-valuenow']);
      if (value === 30) return done('The volume is 30.');
      if (view.did('press_key') && /nothing changed/.test(view.results)) return stuck(`${view.results.trim().replace(/^1\. /, '')} (the value stays ${value})`);
      return [press(value < 30 ? 'ArrowRight' : 'ArrowLeft', volume, Math.min(20, Math.abs(30 - value)))];
    },
    check: (root) => stateText(root, 'volume', 'Volume: 30'),
  },
  'date-picker': {
    decide(view) {
      if (view.shows(/Delivery: 2026-05-14/)) return done('The delivery date is 14 May 2026.');
      const day = view.find({ role: 'button', name: /14 May 2026|^14$/ });
      if (day) return [click(day)];
      const field = view.need({ role: 'button', name: 'Delivery date' });
      if (view.did('click', field)) return waitOnce(view, 'the date field was clicked but the dump shows no day 14');
      return [click(field)];
    },
    check: (root) => stateText(root, 'delivery', 'Delivery: 2026-05-14'),
  },
  modal: {
    decide(view) {
      if (view.shows('Nickname: Rain')) return done('The nickname is Rain.');
      const name = view.find({ tag: 'input', name: 'Nickname' });
      if (!name && view.did('click')) return waitOnce(view, `the modal opened ("${view.results.trim()}") but the dump shows no Nickname field`);
      if (!name) return [click(view.need({ role: 'button', name: 'Settings' }))];
      if (name.attrs.value !== 'Rain') return [fill(name, 'Rain')];
      const save = view.need({ role: 'button', name: 'Save' });
      if (view.did('click', save)) return waitOnce(view, `after a click on Save (${view.results.trim()}) the dump still shows the modal`);
      return [click(save)];
    },
    check: (root) => stateText(root, 'nickname', 'Nickname: Rain'),
  },
});
