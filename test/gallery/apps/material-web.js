// Material Web (@material/web 2, Google's Material 3 components): Lit elements in open shadow roots,
// form-associated through ElementInternals (the real <input>, <select>-like list and range live in
// the shadow root; a <label> names them through the element), written as the components' docs show.
import '@material/web/button/filled-button.js';
import '@material/web/button/text-button.js';
import '@material/web/checkbox/checkbox.js';
import '@material/web/dialog/dialog.js';
import '@material/web/menu/menu.js';
import '@material/web/menu/menu-item.js';
import '@material/web/radio/radio.js';
import '@material/web/select/outlined-select.js';
import '@material/web/select/select-option.js';
import '@material/web/slider/slider.js';
import '@material/web/switch/switch.js';
import '@material/web/textfield/filled-text-field.js';
import { section } from './gallery-page.js';

export const title = 'Material Web';

const TAGS = ['md-filled-button', 'md-text-button', 'md-checkbox', 'md-dialog', 'md-menu', 'md-menu-item', 'md-radio', 'md-outlined-select', 'md-select-option', 'md-slider', 'md-switch', 'md-filled-text-field'];
const COUNTRIES = ['Austria', 'Belgium', 'France', 'Germany', 'Italy', 'Spain'];

export async function mount(root) {
  root.style.font = '14px/1.4 Roboto, system-ui, sans-serif';
  section(root, 'Outlined select', `
    <md-outlined-select id="md-country" label="Country" style="min-width: 220px">
      ${COUNTRIES.map((name) => `<md-select-option value="${name.toLowerCase()}"${name === 'France' ? ' selected' : ''}><div slot="headline">${name}</div></md-select-option>`).join('')}
    </md-outlined-select>
    <p data-state="country">Country: France</p>`);
  section(root, 'Filled text field', `<md-filled-text-field id="md-city" label="City" value="Lyon"></md-filled-text-field>`);
  section(root, 'Switch', `<label style="display: flex; gap: 12px; align-items: center">Notifications <md-switch id="md-notify"></md-switch></label><p data-state="notify">Notifications are off</p>`);
  section(root, 'Checkbox', `<label style="display: flex; gap: 8px; align-items: center"><md-checkbox id="md-terms" touch-target="wrapper"></md-checkbox> I accept the terms of service</label>`);
  section(root, 'Slider', `<span id="md-volume-label">Volume</span> <md-slider id="md-volume" aria-labelledby="md-volume-label" labeled min="0" max="100" value="50" style="width: 300px"></md-slider><p data-state="volume">Volume: 50</p>`);
  section(root, 'Radio buttons', `
    <div role="radiogroup" aria-labelledby="md-shipping-title">
      <p id="md-shipping-title">Shipping</p>
      ${['Standard', 'Express', 'Overnight'].map((name) => `
        <div style="display: flex; gap: 8px; align-items: center">
          <md-radio id="md-ship-${name.toLowerCase()}" name="shipping" value="${name.toLowerCase()}"${name === 'Standard' ? ' checked' : ''}></md-radio>
          <label for="md-ship-${name.toLowerCase()}">${name}</label>
        </div>`).join('')}
    </div>
    <p data-state="shipping">Shipping: Standard</p>`);
  section(root, 'Menu', `
    <span style="position: relative">
      <md-filled-button id="md-more">Message actions</md-filled-button>
      <md-menu id="md-actions" anchor="md-more">
        <md-menu-item><div slot="headline">Reply</div></md-menu-item>
        <md-menu-item><div slot="headline">Forward</div></md-menu-item>
        <md-menu-item><div slot="headline">Archive</div></md-menu-item>
      </md-menu>
    </span>
    <p data-state="action">Last action: none</p>`);
  section(root, 'Dialog', `
    <md-filled-button id="md-open-settings">Settings</md-filled-button>
    <p data-state="nickname">Nickname: Sky</p>
    <md-dialog id="md-settings">
      <div slot="headline">Settings</div>
      <form slot="content" id="md-settings-form" method="dialog">
        <md-filled-text-field id="md-nickname" label="Nickname" value="Sky"></md-filled-text-field>
      </form>
      <div slot="actions">
        <md-text-button form="md-settings-form" value="cancel">Cancel</md-text-button>
        <md-text-button form="md-settings-form" value="save">Save</md-text-button>
      </div>
    </md-dialog>`);
  await Promise.all(TAGS.map((tag) => customElements.whenDefined(tag)));

  const byId = (id) => root.querySelector(`#${id}`);
  const state = (name, text) => {
    root.querySelector(`[data-state=${name}]`).textContent = text;
  };
  byId('md-country').addEventListener('change', (event) => state('country', `Country: ${event.target.displayText}`));
  byId('md-notify').addEventListener('change', (event) => state('notify', `Notifications are ${event.target.selected ? 'on' : 'off'}`));
  byId('md-volume').addEventListener('input', (event) => state('volume', `Volume: ${event.target.value}`));
  byId('md-volume').addEventListener('change', (event) => state('volume', `Volume: ${event.target.value}`));
  for (const radio of root.querySelectorAll('md-radio')) {
    radio.addEventListener('change', () => state('shipping', `Shipping: ${root.querySelector(`label[for=${radio.id}]`).textContent}`));
  }
  const menu = byId('md-actions');
  byId('md-more').addEventListener('click', () => {
    menu.open = !menu.open;
  });
  menu.addEventListener('close-menu', (event) => {
    const item = event.detail.itemPath?.[0];
    if (item) state('action', `Last action: ${item.typeaheadText}`);
  });
  const dialog = byId('md-settings');
  byId('md-open-settings').addEventListener('click', () => dialog.show());
  dialog.addEventListener('close', () => {
    if (dialog.returnValue === 'save') state('nickname', `Nickname: ${byId('md-nickname').value}`);
  });
  await Promise.all([...root.querySelectorAll(TAGS.join(','))].map((element) => element.updateComplete));
  return {
    unmount() {
      root.replaceChildren();
    },
  };
}
