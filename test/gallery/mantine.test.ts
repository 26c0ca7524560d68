// Mantine through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { dialogFill, sliderTo, switchOn } from './case-shapes.js';
import { choose, click, done, fill, waitOnce } from '../support/dump-policy.js';

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
  switch: switchOn('Email notifications', { state: 'notify', shows: 'Notifications are on', said: 'Email notifications are on.' }),
  slider: sliderTo('Volume', 30, { state: 'volume', shows: 'Volume: 30', said: 'The volume is 30.' }),
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
  modal: dialogFill('Settings', 'Nickname', 'Rain', 'Save', { state: 'nickname', shows: 'Nickname: Rain', said: 'The nickname is Rain.' }),
});
