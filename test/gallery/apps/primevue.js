// PrimeVue 4 on Vue 3, styled mode with the Aura preset (its styles injected by script, its icons
// inline SVG), written as its docs' examples are: an AutoComplete whose suggestions come from an
// asynchronous search, a DatePicker with its popup calendar, a TieredMenu popup with a submenu, a
// PickList (two lists and move buttons named only by aria-label), a Drawer holding a ToggleSwitch
// (a native checkbox drawn over) and a Toast. Overlays are appended to <body>.
import { createApp } from 'vue';
import PrimeVue from 'primevue/config';
import Aura from '@primeuix/themes/aura';
import AutoComplete from 'primevue/autocomplete';
import Button from 'primevue/button';
import DatePicker from 'primevue/datepicker';
import Drawer from 'primevue/drawer';
import PickList from 'primevue/picklist';
import TieredMenu from 'primevue/tieredmenu';
import Toast from 'primevue/toast';
import ToastService from 'primevue/toastservice';
import ToggleSwitch from 'primevue/toggleswitch';

export const title = 'PrimeVue';

const CITIES = ['Lima', 'Lisbon', 'Ljubljana', 'London', 'Los Angeles', 'Luxembourg', 'Lyon', 'Madrid', 'Milan', 'Oslo', 'Paris', 'Prague'];

const template = `
  <div style="padding: 16px; max-width: 640px; font: 14px/1.4 system-ui, sans-serif">
    <Toast />
    <section><h2>AutoComplete (asynchronous search)</h2>
      <label for="destination">Destination</label>
      <AutoComplete v-model="destination" inputId="destination" :suggestions="suggestions" @complete="search" placeholder="Search cities" />
      <p data-state="destination">Destination: {{ destination || 'none' }}</p>
    </section>
    <section><h2>DatePicker</h2>
      <label for="checkin">Check-in</label>
      <DatePicker v-model="checkin" inputId="checkin" showIcon />
      <p data-state="checkin">Check-in: {{ checkinText }}</p>
    </section>
    <section><h2>TieredMenu</h2>
      <Button type="button" label="Message actions" @click="toggleMenu" aria-haspopup="true" aria-controls="message_menu" />
      <TieredMenu ref="menu" id="message_menu" :model="menuItems" popup />
      <p data-state="folder">Folder: {{ folder }}</p>
    </section>
    <section><h2>PickList</h2>
      <PickList v-model="cities" dataKey="name" breakpoint="1px">
        <template #sourceheader>Available</template>
        <template #targetheader>Selected</template>
        <template #option="{ option }">{{ option.name }}</template>
      </PickList>
      <p data-state="picked">Selected cities: {{ cities[1].map((city) => city.name).join(', ') || 'none' }}</p>
    </section>
    <section><h2>Drawer</h2>
      <Button label="Settings" @click="settings = true" />
      <Drawer v-model:visible="settings" header="Settings" position="right">
        <p><ToggleSwitch v-model="dark" inputId="dark" /> <label for="dark">Dark mode</label></p>
        <p><ToggleSwitch v-model="notifications" inputId="notifications" /> <label for="notifications">Email notifications</label></p>
      </Drawer>
      <p data-state="notifications">Email notifications: {{ notifications ? 'on' : 'off' }}</p>
    </section>
    <section><h2>Toast</h2>
      <Button label="Save draft" @click="saveDraft" />
    </section>
  </div>`;

export async function mount(root) {
  const container = document.createElement('div');
  root.append(container);
  const app = createApp({
    template,
    components: { AutoComplete, Button, DatePicker, Drawer, PickList, TieredMenu, Toast, ToggleSwitch },
    data: () => ({
      destination: null,
      suggestions: [],
      checkin: null,
      folder: 'Inbox',
      cities: [['Berlin', 'Madrid', 'Paris', 'Rome', 'Vienna'].map((name) => ({ name })), [{ name: 'Oslo' }]],
      settings: false,
      dark: false,
      notifications: false,
    }),
    computed: {
      checkinText() {
        const day = this.checkin;
        if (!day) return 'none';
        return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
      },
      menuItems() {
        return [
          { label: 'Reply' },
          { label: 'Forward' },
          { label: 'Move to', items: ['Inbox', 'Archive', 'Spam', 'Trash'].map((name) => ({ label: name, command: () => { this.folder = name; } })) },
        ];
      },
    },
    methods: {
      search(event) {
        const query = event.query.toLowerCase();
        // A search endpoint's answer, a moment later.
        setTimeout(() => { this.suggestions = CITIES.filter((city) => city.toLowerCase().startsWith(query)); }, 300);
      },
      toggleMenu(event) {
        this.$refs.menu.toggle(event);
      },
      saveDraft() {
        this.$toast.add({ severity: 'success', summary: 'Saved', detail: 'Draft saved as version 7', life: 4000 });
      },
    },
  });
  app.use(PrimeVue, { theme: { preset: Aura } });
  app.use(ToastService);
  app.mount(container);
  return {
    unmount() {
      app.unmount();
      root.replaceChildren();
    },
  };
}
