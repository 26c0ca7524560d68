// Vuetify 3 on Vue 3 (Material Design): written as its docs' examples are (a template, the
// components registered by name). Its selects are inputs that open a teleported v-overlay menu,
// its switch and slider draw over hidden native inputs, and its date picker is a grid of buttons.
// Icons come from the Material Design Icons font most sites link; here there is none, so icon
// buttons show no glyph, as on a page whose icon font failed to load.
import { createApp } from 'vue';
import { createVuetify } from 'vuetify';
import { VApp, VAutocomplete, VBtn, VCard, VCardActions, VCardText, VCardTitle, VDatePicker, VDialog, VSelect, VSlider, VSwitch, VTextField } from 'vuetify/components';
import 'vuetify/styles';
import { GALLERY_TODAY, linkStyles } from './gallery-page.js';

export const title = 'Vuetify';

const COUNTRIES = ['Austria', 'Belgium', 'Denmark', 'France', 'Germany', 'Italy', 'Netherlands', 'Spain'];
const STATES = ['Alabama', 'Alaska', 'Arizona', 'California', 'Colorado', 'Florida', 'Georgia', 'Hawaii', 'Nevada', 'New York', 'Oregon', 'Texas', 'Utah', 'Washington'];

const template = `
  <v-app>
    <div style="padding: 16px; max-width: 640px">
      <section><h2>Select</h2>
        <v-select v-model="country" :items="countries" label="Country" />
        <p data-state="country">Shipping to {{ country }}</p>
      </section>
      <section><h2>Autocomplete</h2>
        <v-autocomplete v-model="state" :items="states" label="State" />
        <p data-state="state">Office in {{ state || 'no state' }}</p>
      </section>
      <section><h2>Slider</h2>
        <v-slider v-model="volume" label="Volume" :min="0" :max="100" :step="1" thumb-label />
        <p data-state="volume">Volume: {{ volume }}</p>
      </section>
      <section><h2>Switch</h2>
        <v-switch v-model="notifications" label="Notifications" color="primary" />
        <p data-state="notifications">Notifications are {{ notifications ? 'on' : 'off' }}</p>
      </section>
      <section><h2>Date picker</h2>
        <v-date-picker v-model="day" title="Appointment" :month="month" :year="year" />
        <p data-state="day">Appointment: {{ dayText }}</p>
      </section>
      <section><h2>Dialog</h2>
        <v-dialog v-model="dialog" max-width="400">
          <template #activator="{ props }"><v-btn v-bind="props" @click="draft = team">Rename team</v-btn></template>
          <v-card>
            <v-card-title>Rename team</v-card-title>
            <v-card-text><v-text-field v-model="draft" label="Team name" /></v-card-text>
            <v-card-actions>
              <v-btn @click="dialog = false">Cancel</v-btn>
              <v-btn color="primary" @click="team = draft; dialog = false">Save</v-btn>
            </v-card-actions>
          </v-card>
        </v-dialog>
        <p data-state="team">Team: {{ team }}</p>
      </section>
    </div>
  </v-app>`;

export async function mount(root) {
  await linkStyles(new URL('./vuetify.css', import.meta.url));
  const container = document.createElement('div');
  root.append(container);
  const vuetify = createVuetify({ components: { VApp, VAutocomplete, VBtn, VCard, VCardActions, VCardText, VCardTitle, VDatePicker, VDialog, VSelect, VSlider, VSwitch, VTextField } });
  const app = createApp({
    template,
    data: () => ({
      countries: COUNTRIES,
      country: 'France',
      states: STATES,
      state: null,
      volume: 50,
      notifications: false,
      day: null,
      month: GALLERY_TODAY.getMonth(),
      year: GALLERY_TODAY.getFullYear(),
      dialog: false,
      team: 'Owls',
      draft: '',
    }),
    computed: {
      dayText() {
        const day = this.day;
        if (!day) return 'none';
        return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
      },
    },
  });
  app.use(vuetify);
  app.mount(container);
  return {
    unmount() {
      app.unmount();
      root.replaceChildren();
    },
  };
}
