// Material Web through the agent: each task is played by a policy that reads only the dump.
import { fieldValue, galleryCases, stateText } from './gallery-case.js';
import { dialogFill, sliderTo, switchOn } from './case-shapes.js';
import { check, choose, click, done, fill, waitOnce } from '../support/dump-policy.js';

galleryCases('material-web', {
  select: {
    decide(view) {
      const country = view.need({ role: 'combobox', name: 'Country' });
      if (view.shows('Country: Germany')) return done('The country is Germany.');
      return [choose(country, 'Germany')];
    },
    check(root) {
      const select = root.querySelector('#md-country') as HTMLElement & { value: string; displayText: string };
      const shown = stateText(root, 'country', 'Country: Germany');
      return { ok: select.value === 'germany' && shown.ok, shows: `"${select.displayText}" in the select, ${shown.shows} below it` };
    },
  },
  'text-field': {
    decide(view) {
      const city = view.need({ tag: 'input', name: 'City' });
      if (city.attrs.value === 'Hamburg') return done('The city is Hamburg.');
      return [fill(city, 'Hamburg')];
    },
    check: (root) => fieldValue(root, '#md-city', 'Hamburg'),
  },
  switch: switchOn('Notifications', { state: 'notify', shows: 'Notifications are on', said: 'Notifications are on.' }),
  checkbox: {
    decide(view) {
      const terms = view.need({ role: 'checkbox', name: /accept the terms/ });
      if (terms.attrs['aria-checked'] === 'true' || 'checked' in terms.attrs) return done('The terms are accepted.');
      return [check(terms)];
    },
    check(root) {
      const box = root.querySelector('#md-terms') as HTMLElement & { checked: boolean };
      return { ok: box.checked, shows: `the checkbox ${box.checked ? 'ticked' : 'empty'}` };
    },
  },
  slider: sliderTo('Volume', 30, { state: 'volume', shows: 'Volume: 30', said: 'The volume is 30.' }),
  radio: {
    decide(view) {
      const express = view.need({ role: 'radio', name: 'Express' });
      if (express.attrs['aria-checked'] === 'true' || 'checked' in express.attrs) return done('Express shipping is chosen.');
      return [check(express)];
    },
    check: (root) => stateText(root, 'shipping', 'Shipping: Express'),
  },
  menu: {
    decide(view) {
      if (view.shows('Last action: Archive')) return done('The message is archived.');
      const archive = view.find({ role: 'menuitem', text: 'Archive' });
      if (archive) return [click(archive)];
      if (view.did('click')) return waitOnce(view, 'the menu button was clicked but the dump shows no Archive item');
      return [click(view.need({ role: 'button', name: 'Message actions' }))];
    },
    check: (root) => stateText(root, 'action', 'Last action: Archive'),
  },
  dialog: dialogFill('Settings', 'Nickname', 'Rain', 'Save', { state: 'nickname', shows: 'Nickname: Rain', said: 'The nickname is Rain.' }),
});
