// Shoelace 2: web components in open shadow roots, loaded per component as its docs show.
import '@shoelace-style/shoelace/dist/themes/light.css';
import { getAnimation, setDefaultAnimation } from '@shoelace-style/shoelace/dist/utilities/animation-registry.js';
import { setBasePath } from '@shoelace-style/shoelace/dist/utilities/base-path.js';
import '@shoelace-style/shoelace/dist/components/alert/alert.js';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/details/details.js';
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/dropdown/dropdown.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/menu/menu.js';
import '@shoelace-style/shoelace/dist/components/menu-item/menu-item.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import '@shoelace-style/shoelace/dist/components/range/range.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/switch/switch.js';
import '@shoelace-style/shoelace/dist/components/tab/tab.js';
import '@shoelace-style/shoelace/dist/components/tab-group/tab-group.js';
import '@shoelace-style/shoelace/dist/components/tab-panel/tab-panel.js';
import '@shoelace-style/shoelace/dist/components/tree/tree.js';
import '@shoelace-style/shoelace/dist/components/tree-item/tree-item.js';
import { GALLERY_ANIMATION_MS, linkStyles, section } from './gallery-page.js';

// Icons come from the package's own assets, served locally (never a CDN).
setBasePath('/node_modules/@shoelace-style/shoelace/dist');

export const title = 'Shoelace';

// Shoelace animates with the Web Animations API; its animation registry is how a site changes them.
for (const name of ['alert.show', 'details.show', 'dialog.show', 'dialog.overlay.show', 'dropdown.show', 'select.show', 'tree-item.expand']) {
  const animation = getAnimation(document.body, name, { dir: 'ltr' });
  setDefaultAnimation(name, { ...animation, options: { ...animation.options, duration: GALLERY_ANIMATION_MS } });
}

const TAGS = ['sl-alert', 'sl-button', 'sl-details', 'sl-dialog', 'sl-dropdown', 'sl-input', 'sl-menu', 'sl-menu-item', 'sl-option', 'sl-range', 'sl-select', 'sl-switch', 'sl-tab', 'sl-tab-group', 'sl-tab-panel', 'sl-tree', 'sl-tree-item'];

export async function mount(root) {
  await linkStyles(new URL('./shoelace.css', import.meta.url));
  section(root, 'Date input', `<sl-input id="sl-birthday" type="date" label="Birthday" style="width: 240px"></sl-input>`);
  section(root, 'Select', `
    <sl-select id="sl-plan" label="Plan" value="basic" style="width: 260px">
      <sl-option value="basic">Basic</sl-option><sl-option value="team">Team</sl-option><sl-option value="enterprise">Enterprise</sl-option>
    </sl-select>`);
  section(root, 'Dropdown with submenu', `
    <sl-dropdown id="sl-edit">
      <sl-button slot="trigger" caret>Edit</sl-button>
      <sl-menu>
        <sl-menu-item value="undo">Undo</sl-menu-item>
        <sl-menu-item value="redo">Redo</sl-menu-item>
        <sl-menu-item>Find
          <sl-menu slot="submenu">
            <sl-menu-item value="find">Find…</sl-menu-item>
            <sl-menu-item value="find-next">Find next</sl-menu-item>
            <sl-menu-item value="replace">Replace…</sl-menu-item>
          </sl-menu>
        </sl-menu-item>
      </sl-menu>
    </sl-dropdown>
    <p data-state="edit">Edit action: none</p>`);
  section(root, 'Details', `
    <sl-details summary="Opening hours"><p>Monday to Friday, 9 am to 6 pm.</p></sl-details>
    <sl-details summary="Parking"><p>Free parking for 90 minutes behind the shop.</p></sl-details>`);
  section(root, 'Tab group', `
    <sl-tab-group id="sl-tabs">
      <sl-tab slot="nav" panel="general">General</sl-tab><sl-tab slot="nav" panel="custom">Custom</sl-tab><sl-tab slot="nav" panel="advanced">Advanced</sl-tab>
      <sl-tab-panel name="general">General settings.</sl-tab-panel>
      <sl-tab-panel name="custom">Custom themes and fonts.</sl-tab-panel>
      <sl-tab-panel name="advanced">Proxy and cache settings.</sl-tab-panel>
    </sl-tab-group>`);
  section(root, 'Tree', `
    <sl-tree id="sl-tree">
      <sl-tree-item>Deciduous
        <sl-tree-item>Birch</sl-tree-item>
        <sl-tree-item>Maple<sl-tree-item>Field maple</sl-tree-item><sl-tree-item>Red maple</sl-tree-item><sl-tree-item>Sugar maple</sl-tree-item></sl-tree-item>
        <sl-tree-item>Oak</sl-tree-item>
      </sl-tree-item>
      <sl-tree-item>Coniferous<sl-tree-item>Cedar</sl-tree-item><sl-tree-item>Pine</sl-tree-item><sl-tree-item>Spruce</sl-tree-item></sl-tree-item>
    </sl-tree>
    <p data-state="tree">Tree: none</p>`);
  section(root, 'Range', `<sl-range id="sl-opacity" label="Opacity" min="0" max="100" value="40" style="width: 300px"></sl-range><p data-state="opacity">Opacity: 40%</p>`);
  section(root, 'Switch', `<sl-switch id="sl-sync">Sync across devices</sl-switch><p data-state="sync">Sync is off</p>`);
  section(root, 'Dialog', `
    <sl-button id="sl-open-rename">Rename file</sl-button>
    <p data-state="file">File: draft.txt</p>
    <sl-dialog id="sl-rename" label="Rename file">
      <sl-input id="sl-file-name" label="File name" value="draft.txt"></sl-input>
      <sl-button slot="footer" id="sl-rename-cancel">Cancel</sl-button>
      <sl-button slot="footer" variant="primary" id="sl-rename-save">Rename</sl-button>
    </sl-dialog>`);
  section(root, 'Toast', `
    <sl-button id="sl-export">Export report</sl-button>
    <sl-alert id="sl-toast" variant="success" duration="8000" closable><strong>Export started</strong><br>The report will be emailed to you in about 2 minutes.</sl-alert>`);
  await Promise.all(TAGS.map((tag) => customElements.whenDefined(tag)));

  const byId = (id) => root.querySelector(`#${id}`);
  byId('sl-edit').addEventListener('sl-select', (event) => {
    byId('sl-edit').parentElement.querySelector('[data-state=edit]').textContent = `Edit action: ${event.detail.item.getTextLabel()}`;
  });
  byId('sl-tree').addEventListener('sl-selection-change', (event) => {
    root.querySelector('[data-state=tree]').textContent = `Tree: ${event.detail.selection.map((item) => item.firstChild.textContent.trim()).join(', ')}`;
  });
  byId('sl-opacity').addEventListener('sl-input', (event) => {
    root.querySelector('[data-state=opacity]').textContent = `Opacity: ${event.target.value}%`;
  });
  byId('sl-opacity').addEventListener('sl-change', (event) => {
    root.querySelector('[data-state=opacity]').textContent = `Opacity: ${event.target.value}%`;
  });
  byId('sl-sync').addEventListener('sl-change', (event) => {
    root.querySelector('[data-state=sync]').textContent = `Sync is ${event.target.checked ? 'on' : 'off'}`;
  });
  const dialog = byId('sl-rename');
  byId('sl-open-rename').addEventListener('click', () => dialog.show());
  byId('sl-rename-cancel').addEventListener('click', () => dialog.hide());
  byId('sl-rename-save').addEventListener('click', () => {
    root.querySelector('[data-state=file]').textContent = `File: ${byId('sl-file-name').value}`;
    dialog.hide();
  });
  byId('sl-export').addEventListener('click', () => byId('sl-toast').toast());
  return {
    unmount() {
      // toast() moves the alert into a stack on <body>; take it away with the page.
      document.querySelector('.sl-toast-stack')?.remove();
      root.replaceChildren();
    },
  };
}
