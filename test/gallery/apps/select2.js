// Select2 4.1: the jQuery replacement for <select>, with search, as countless admin pages use it.
import { $ } from './jquery-global.js';
import select2 from 'select2/dist/js/select2.full.js';
import 'select2/dist/css/select2.css';
import { linkStyles, section } from './gallery-page.js';

// Under a bundler Select2 exports a factory to call with jQuery (its CommonJS branch).
select2(window, $);

export const title = 'Select2';

const COUNTRIES = ['Argentina', 'Australia', 'Austria', 'Belgium', 'Brazil', 'Canada', 'Chile', 'Denmark', 'Finland', 'France', 'Germany', 'Greece', 'India', 'Ireland', 'Italy', 'Japan', 'Mexico', 'Netherlands', 'Norway', 'Poland', 'Portugal', 'Spain', 'Sweden', 'Switzerland', 'United Kingdom', 'United States'];

export async function mount(root) {
  await linkStyles(new URL('./select2.css', import.meta.url));
  section(root, 'Single select with search', `
    <p><label for="s2-country">Country</label>
    <select id="s2-country" name="country" style="width: 260px">${COUNTRIES.map((country) => `<option${country === 'France' ? ' selected' : ''}>${country}</option>`).join('')}</select></p>`);
  section(root, 'Multiple select', `
    <p><label for="s2-frameworks">Frameworks</label>
    <select id="s2-frameworks" name="frameworks" multiple style="width: 320px">
      <optgroup label="Component frameworks"><option selected>React</option><option>Vue</option><option>Svelte</option><option>Angular</option></optgroup>
      <optgroup label="Server"><option>Express</option><option>Django</option><option>Rails</option></optgroup>
    </select></p>`);
  section(root, 'Tagging', `
    <p><label for="s2-labels">Labels</label>
    <select id="s2-labels" name="labels" multiple style="width: 320px"><option selected>bug</option><option>docs</option></select></p>`);
  $('#s2-country').select2();
  $('#s2-frameworks').select2({ placeholder: 'Pick frameworks' });
  $('#s2-labels').select2({ tags: true });
  return {
    unmount() {
      $('#s2-country, #s2-frameworks, #s2-labels').select2('destroy');
      root.replaceChildren();
    },
  };
}
