// react-select through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, type Seen } from './gallery-case.js';
import { choose, click, done, fill, stuck, waitFor, type PageView } from '../support/dump-policy.js';

function control(view: PageView, label: string) {
  return view.need({ role: 'combobox', name: label });
}

/**
 * The value shown under a select's heading: the first line of text after it, or the words on the
 * combobox's own line (once a value is chosen, its input is transparent and the box showing the
 * value is the control).
 */
function shownValue(view: PageView, label: string): string | undefined {
  const heading = view.find({ role: 'heading', text: label });
  return heading && view.lines.find((line) => line.index > heading.index && (!line.ref || line.attrs.role === 'combobox') && line.text && line.text !== label)?.text;
}

/** What the select shows next to its label: the chosen value, or the chips of a multi select. */
function shows(root: HTMLElement, id: string): string[] {
  const container = root.querySelector(`#${id}-input`)!.closest('.rs__control')!;
  return [...container.querySelectorAll('.rs__single-value, .rs__multi-value__label')].map((value) => value.textContent!);
}

function showsExactly(root: HTMLElement, id: string, wanted: string[]): Seen {
  const shown = shows(root, id);
  return { ok: JSON.stringify(shown) === JSON.stringify(wanted), shows: `${JSON.stringify(shown)} in the select` };
}

galleryCases('react-select', {
  single: {
    decide(view) {
      if (shownValue(view, 'Flavour') === 'Vanilla') return done('The flavour is Vanilla.');
      return [choose(control(view, 'Flavour'), 'Vanilla')];
    },
    check: (root) => showsExactly(root, 'rs-flavour', ['Vanilla']),
  },
  'single-twice': {
    decide(view) {
      if (shownValue(view, 'Flavour') === 'Pistachio') return done('The flavour is Pistachio.');
      if (shownValue(view, 'Flavour') === 'Vanilla' && view.did('select_option')) return [choose(control(view, 'Flavour'), 'Pistachio')];
      return [choose(control(view, 'Flavour'), 'Vanilla')];
    },
    check: (root) => showsExactly(root, 'rs-flavour', ['Pistachio']),
  },
  'multi-add': {
    decide(view) {
      const colours = control(view, 'Colours');
      if (view.find({ name: 'Remove Purple' })) return done('Purple is added.');
      return [choose(colours, ['Ocean', 'Red', 'Purple'])];
    },
    check: (root) => showsExactly(root, 'rs-colours', ['Ocean', 'Red', 'Purple']),
  },
  'multi-remove': {
    decide(view) {
      const remove = view.find({ role: 'button', name: 'Remove Ocean' });
      if (!remove) return done('Ocean is removed.');
      return [click(remove)];
    },
    check: (root) => showsExactly(root, 'rs-colours', ['Red']),
  },
  'async-type-and-pick': {
    decide(view) {
      const option = view.find({ role: 'option', text: 'Lisbon' });
      if (!option && shownValue(view, 'City') === 'Lisbon') return done('The city is Lisbon.');
      const city = control(view, 'City');
      if (option) return [click(option)];
      if (city.attrs.value !== 'Lis') return [fill(city, 'Lis')];
      if (!view.did('wait')) return [waitFor('Lisbon')];
      return stuck(`after typing "Lis" and waiting, no Lisbon option: ${view.need({ text: 'Lisbon' }, 'the Lisbon option').raw}`);
    },
    check: (root) => showsExactly(root, 'rs-city', ['Lisbon']),
  },
  'async-select-option': {
    decide(view) {
      if (shownValue(view, 'City') === 'Riga') return done('The city is Riga.');
      return [choose(control(view, 'City'), 'Riga')];
    },
    check: (root) => showsExactly(root, 'rs-city', ['Riga']),
  },
});
