// Tom Select through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { choose, click, done, fill, press, type PageView } from '../support/dump-policy.js';

/** The control a person finds by its label ("Country", "Tags"). */
function control(view: PageView, label: string) {
  return view.need({ role: 'combobox', name: label }, `the ${label} control`);
}

galleryCases('tom-select', {
  single: {
    decide(view) {
      // The list may still cover the line below the control; the action's result says what it shows.
      if (view.shows('Country: Germany') || view.results.includes('now shows "Germany"')) return done('The country is Germany.');
      return [choose(control(view, 'Country'), 'Germany')];
    },
    check: (root) => stateText(root, 'country', 'Country: Germany'),
  },
  'single-click': {
    decide(view) {
      if (view.shows('Country: Sweden')) return done('The country is Sweden.');
      const country = control(view, 'Country');
      const option = view.find({ role: 'option', text: 'Sweden' });
      if (option && country.attrs.value === 'Swe') return [click(option)];
      if (country.attrs['aria-expanded'] === 'true') return [fill(country, 'Swe')];
      return [click(country)];
    },
    check: (root) => stateText(root, 'country', 'Country: Sweden'),
  },
  'multi-add': {
    decide(view) {
      // The list stays open over the line below (Tom Select keeps a multiple select's list open); the
      // chips and the action's result say what is chosen.
      const chosen = ['Green', 'Red', 'Blue'].every((name) => view.results.includes(`"${name}" is already chosen`));
      if (view.shows('Tags: green, red, blue') || chosen) return done('The tags are green, red and blue.');
      return [choose(control(view, 'Tags'), ['Green', 'Red', 'Blue'])];
    },
    check: (root) => stateText(root, 'tags', 'Tags: green, red, blue'),
  },
  'multi-remove': {
    decide(view) {
      if (view.shows('Tags: none')) return done('The green tag is removed.');
      const green = view.need({ text: /^Green/, after: view.need({ text: 'Multiple select' }) }, 'the Green chip');
      // The chip's × sits right after its words.
      return [click(view.after(green) ?? view.need({ name: /Remove/ }))];
    },
    check: (root) => stateText(root, 'tags', 'Tags: none'),
  },
  create: {
    decide(view) {
      if (view.shows('Labels: bug, docs, urgent')) return done('The label urgent is added.');
      const labels = control(view, 'Labels');
      if (labels.attrs.value !== 'urgent') return [fill(labels, 'urgent')];
      return [press('Enter', labels)];
    },
    check: (root) => stateText(root, 'labels', 'Labels: bug, docs, urgent'),
  },
  remote: {
    decide(view) {
      if (view.shows('City: Riga')) return done('The city is Riga.');
      return [choose(control(view, 'City'), 'Riga')];
    },
    check: (root) => stateText(root, 'city', 'City: Riga'),
  },
});
