// Select2 through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, type Seen } from './gallery-case.js';
import { choose, click, done, fill, press, type PageView } from '../support/dump-policy.js';

/** The combobox a person finds by the words before it ("Country", "Frameworks"). */
function comboboxAfter(view: PageView, label: string) {
  return view.need({ role: 'combobox', after: view.need({ text: label, indexed: false }) }, `the ${label} control`);
}

/** The chips a multiple select shows, by their words. */
function chipsAre(root: HTMLElement, id: string, wanted: string[]): Seen {
  const box = root.querySelector(`#${id}`)!.nextElementSibling!;
  const shown = [...box.querySelectorAll('.select2-selection__choice')].map((chip) => chip.getAttribute('title') ?? chip.textContent!.replace('×', '').trim());
  return { ok: JSON.stringify(shown) === JSON.stringify(wanted), shows: `chips ${JSON.stringify(shown)}` };
}

function rendered(root: HTMLElement, id: string, wanted: string): Seen {
  const shown = root.querySelector(`#${id}`)!.nextElementSibling!.querySelector('.select2-selection__rendered')!.textContent!.trim();
  return { ok: shown === wanted, shows: `"${shown}" in the box` };
}

galleryCases('select2', {
  'single-select-option': {
    decide(view) {
      const country = comboboxAfter(view, 'Country');
      if (country.details.label === 'Portugal' || country.text === 'Portugal') return done('The country is Portugal.');
      return [choose(country, 'Portugal')];
    },
    check: (root) => rendered(root, 's2-country', 'Portugal'),
  },
  'single-search': {
    decide(view) {
      const country = comboboxAfter(view, 'Country');
      if (country.details.label === 'Sweden') return done('The country is Sweden.');
      const option = view.find({ role: 'option', text: 'Sweden' });
      // The open list's own search box sits right above it.
      const list = view.find({ role: 'listbox' });
      const search = list && view.before(list, { role: 'searchbox' });
      if (!search) return [click(country)];
      if (option && search.attrs.value === 'Swe') return [click(option)];
      return [fill(search, 'Swe')];
    },
    check: (root) => rendered(root, 's2-country', 'Sweden'),
  },
  'multi-add': {
    decide(view) {
      const frameworks = comboboxAfter(view, 'Frameworks');
      const within = view.findAll({ indexed: false, within: frameworks }).map((line) => line.text);
      if (['React', 'Vue', 'Svelte'].every((name) => within.includes(name))) return done('React, Vue and Svelte are selected.');
      return [choose(frameworks, ['React', 'Vue', 'Svelte'])];
    },
    check: (root) => chipsAre(root, 's2-frameworks', ['React', 'Vue', 'Svelte']),
  },
  'multi-remove': {
    decide(view) {
      const labels = comboboxAfter(view, 'Labels');
      const bug = view.find({ text: 'bug', indexed: false, within: labels });
      if (!bug) return done('The bug label is removed.');
      // The chip's "Remove item" button sits right before its words.
      const remove = view.before(bug, { name: 'Remove item' });
      return [click(remove ?? view.need({ name: 'Remove bug' }))];
    },
    check: (root) => chipsAre(root, 's2-labels', []),
  },
  'tag-create': {
    decide(view) {
      const labels = comboboxAfter(view, 'Labels');
      if (view.find({ text: 'urgent', indexed: false, within: labels })) return done('The label urgent is added.');
      const search = view.need({ role: 'searchbox', within: labels }, 'the Labels search field');
      if (search.attrs.value !== 'urgent') return [fill(search, 'urgent')];
      return [press('Enter', search)];
    },
    check: (root) => chipsAre(root, 's2-labels', ['bug', 'urgent']),
  },
});
