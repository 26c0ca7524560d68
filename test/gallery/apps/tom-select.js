// Tom Select 2: a vanilla enhancer dropped onto a server-rendered page's <select> and <input>, as
// its docs' examples are: it hides the original control and draws its own (an input with
// role=combobox, a dropdown listbox of role=option items, chips with a × to remove).
import 'tom-select/dist/css/tom-select.default.css';
import TomSelect from 'tom-select';
import { linkStyles, section } from './gallery-page.js';

export const title = 'Tom Select';

const COUNTRIES = ['Austria', 'Belgium', 'Denmark', 'France', 'Germany', 'Italy', 'Netherlands', 'Norway', 'Portugal', 'Spain', 'Sweden', 'Switzerland'];
const options = (names, chosen = []) => names.map((name) => `<option value="${name.toLowerCase()}"${chosen.includes(name) ? ' selected' : ''}>${name}</option>`).join('');

export async function mount(root) {
  await linkStyles(new URL('./tom-select.css', import.meta.url));
  root.style.cssText = 'padding: 16px; max-width: 560px; font: 14px/1.4 system-ui, sans-serif';
  section(root, 'Single select', `
    <label for="ts-country">Country</label>
    <select id="ts-country" name="country">${options(COUNTRIES, ['France'])}</select>
    <p data-state="country">Country: France</p>`);
  section(root, 'Multiple select', `
    <label for="ts-colours">Tags</label>
    <select id="ts-colours" name="tags" multiple>${options(['Red', 'Orange', 'Yellow', 'Green', 'Blue', 'Purple'], ['Green'])}</select>
    <p data-state="tags">Tags: green</p>`);
  section(root, 'Tagging (create items)', `
    <label for="ts-labels">Labels</label>
    <input id="ts-labels" name="labels" value="bug,docs">
    <p data-state="labels">Labels: bug, docs</p>`);
  section(root, 'Remote search (loads as you type)', `
    <label for="ts-city">City</label>
    <select id="ts-city" name="city" placeholder="Type a city…"></select>
    <p data-state="city">City: none</p>`);

  const state = (name, text) => {
    root.querySelector(`[data-state=${name}]`).textContent = text;
  };
  const byId = (id) => root.querySelector(`#${id}`);
  const controls = [
    new TomSelect(byId('ts-country'), { onChange: (value) => state('country', `Country: ${controls[0].options[value]?.text ?? 'none'}`) }),
    new TomSelect(byId('ts-colours'), { plugins: ['remove_button'], onChange: (values) => state('tags', `Tags: ${values.join(', ') || 'none'}`) }),
    new TomSelect(byId('ts-labels'), { create: true, plugins: ['remove_button'], onChange: (value) => state('labels', `Labels: ${value.split(',').filter(Boolean).join(', ') || 'none'}`) }),
    new TomSelect(byId('ts-city'), {
      valueField: 'name', labelField: 'name', searchField: ['name'],
      // A server's search, answered after a moment, as the docs' remote example is.
      load(query, callback) {
        const cities = ['Lisbon', 'Porto', 'Riga', 'Rome', 'Madrid', 'Malmö', 'Lyon'].filter((name) => name.toLowerCase().includes(query.toLowerCase()));
        setTimeout(() => callback(cities.map((name) => ({ name }))), 150);
      },
      onChange: (value) => state('city', `City: ${value || 'none'}`),
    }),
  ];
  return {
    unmount() {
      for (const control of controls) control.destroy();
      root.replaceChildren();
    },
  };
}
