// Element Plus 2 on Vue 3: the Vue library of many admin panels, written as its docs' examples are
// (a template; the components it uses registered by name, as on-demand imports do).
import { createApp } from 'vue';
import {
  ElAutocomplete, ElButton, ElCollapse, ElCollapseItem, ElDatePicker, ElDialog, ElInput, ElMenu, ElMenuItem, ElMessage, ElOption,
  ElPagination, ElSelect, ElSlider, ElSubMenu, ElSwitch, ElTabPane, ElTable, ElTableColumn, ElTabs, ElTree,
} from 'element-plus';
import 'element-plus/dist/index.css';
import { GALLERY_ANIMATION_MS, GALLERY_TODAY, linkStyles } from './gallery-page.js';

export const title = 'Element Plus';

const RESTAURANTS = ['Vintage Milk Tea', 'Hot Honey Chicken', 'Happy Noodles', 'Hanoi Pho House', 'Green Garden Salad', 'Golden Dumplings', 'Blue Harbour Fish'];

const ROWS = [
  ['2016-05-03', 'Tom', 'No. 189, Grove St, Los Angeles'], ['2016-05-02', 'Amy', 'No. 12, Elm St, Denver'], ['2016-05-04', 'Ben', 'No. 7, Oak Ave, Boston'],
  ['2016-05-01', 'Cleo', 'No. 33, Pine Rd, Austin'], ['2016-05-08', 'Dan', 'No. 5, Birch Ln, Seattle'], ['2016-05-06', 'Eve', 'No. 71, Cedar Ct, Miami'],
  ['2016-05-07', 'Finn', 'No. 2, Maple Dr, Chicago'], ['2016-05-05', 'Gail', 'No. 18, Ash Way, Portland'],
].map(([date, name, address]) => ({ date, name, address }));

const TREE = [
  { label: 'Fruit', children: [{ label: 'Citrus', children: [{ label: 'Lemon' }, { label: 'Orange' }] }, { label: 'Berries', children: [{ label: 'Strawberry' }] }] },
  { label: 'Vegetables', children: [{ label: 'Carrot' }, { label: 'Leek' }] },
];

const template = `
  <div style="padding: 16px; max-width: 760px">
    <section><h2>Date picker</h2>
      <label for="ep-day">Delivery day</label>
      <el-date-picker id="ep-day" v-model="day" type="date" placeholder="Pick a day" format="YYYY-MM-DD" value-format="YYYY-MM-DD" :default-value="today" />
    </section>
    <section><h2>Select</h2>
      <label for="ep-city">City</label>
      <el-select id="ep-city" v-model="city" placeholder="Select" filterable style="width: 240px">
        <el-option v-for="item in cities" :key="item" :label="item" :value="item" />
      </el-select>
    </section>
    <section><h2>Autocomplete</h2>
      <label for="ep-restaurant">Restaurant</label>
      <el-autocomplete id="ep-restaurant" v-model="restaurant" :fetch-suggestions="suggest" placeholder="Type a restaurant" style="width: 260px" />
    </section>
    <section><h2>Menu</h2>
      <el-menu mode="horizontal" :ellipsis="false" @select="onMenu">
        <el-menu-item index="home">Home</el-menu-item>
        <el-sub-menu index="workspace">
          <template #title>Workspace</template>
          <el-menu-item index="workspace/reports">Reports</el-menu-item>
          <el-sub-menu index="workspace/export">
            <template #title>Export</template>
            <el-menu-item index="workspace/export/csv">CSV</el-menu-item>
            <el-menu-item index="workspace/export/pdf">PDF</el-menu-item>
          </el-sub-menu>
        </el-sub-menu>
        <el-menu-item index="help">Help</el-menu-item>
      </el-menu>
      <p data-state="menu">Menu: {{ menu }}</p>
    </section>
    <section><h2>Collapse</h2>
      <el-collapse v-model="openPanels">
        <el-collapse-item title="Consistency" name="consistency"><div>Consistent with real life: in line with the process and logic of real life.</div></el-collapse-item>
        <el-collapse-item title="Feedback" name="feedback"><div>Operation feedback: let users clearly see their operations by style updates.</div></el-collapse-item>
        <el-collapse-item title="Efficiency" name="efficiency"><div>Simplify the process: keep operating process simple and intuitive.</div></el-collapse-item>
      </el-collapse>
    </section>
    <section><h2>Tabs</h2>
      <el-tabs v-model="tab">
        <el-tab-pane label="User" name="user">User settings live here.</el-tab-pane>
        <el-tab-pane label="Config" name="config">Configure the cache size here.</el-tab-pane>
        <el-tab-pane label="Role" name="role">Roles: admin, editor, viewer.</el-tab-pane>
      </el-tabs>
    </section>
    <section><h2>Tree</h2>
      <el-tree :data="tree" @node-click="(node) => (picked = node.label)" />
      <p data-state="tree">Picked: {{ picked }}</p>
    </section>
    <section><h2>Slider</h2>
      <p>Zoom</p>
      <el-slider v-model="zoom" :min="0" :max="100" style="width: 300px" />
      <p data-state="zoom">Zoom: {{ zoom }}%</p>
    </section>
    <section><h2>Switch</h2>
      <el-switch v-model="dark" active-text="Dark mode" />
      <p data-state="dark">Dark mode is {{ dark ? 'on' : 'off' }}</p>
    </section>
    <section><h2>Dialog</h2>
      <el-button @click="openDialog">Change nickname</el-button>
      <p data-state="nickname">Nickname: {{ nickname }}</p>
      <el-dialog v-model="dialog" title="Change nickname" width="400">
        <label for="ep-nickname">Nickname</label> <el-input id="ep-nickname" v-model="draft" />
        <template #footer>
          <el-button @click="dialog = false">Cancel</el-button>
          <el-button type="primary" @click="saveNickname">Confirm</el-button>
        </template>
      </el-dialog>
    </section>
    <section><h2>Message</h2>
      <el-button @click="copyLink">Copy invite link</el-button>
    </section>
    <section><h2>Table</h2>
      <el-table :data="page" style="width: 100%" :default-sort="sort" @sort-change="onSort">
        <el-table-column prop="date" label="Date" sortable="custom" width="140" />
        <el-table-column prop="name" label="Name" width="120" />
        <el-table-column prop="address" label="Address" />
      </el-table>
      <el-pagination layout="prev, pager, next" :total="rows.length" :page-size="3" v-model:current-page="current" />
    </section>
  </div>`;

export async function mount(root) {
  await linkStyles(new URL('./element-plus.css', import.meta.url));
  // Element Plus times its collapse, zoom and fade transitions with this theme variable; its
  // poppers are teleported to <body>, so it is set on the document.
  document.documentElement.style.setProperty('--el-transition-duration', `${GALLERY_ANIMATION_MS / 1000}s`);
  const container = document.createElement('div');
  root.append(container);
  const app = createApp({
    template,
    data: () => ({
      day: '', today: GALLERY_TODAY, city: '', cities: ['Shanghai', 'Beijing', 'Guangzhou', 'Shenzhen', 'Chengdu', 'Hangzhou'],
      restaurant: '', menu: 'none', openPanels: [], tab: 'user', tree: TREE, picked: 'nothing', zoom: 30, dark: false,
      dialog: false, nickname: 'Kit', draft: '', rows: ROWS, current: 1, sort: { prop: 'date', order: 'ascending' },
    }),
    computed: {
      sorted() {
        const direction = this.sort.order === 'descending' ? -1 : 1;
        return this.sort.order ? [...this.rows].sort((a, b) => direction * a.date.localeCompare(b.date)) : this.rows;
      },
      page() {
        return this.sorted.slice((this.current - 1) * 3, this.current * 3);
      },
    },
    methods: {
      suggest(query, callback) {
        // As a search endpoint would: suggestions arrive a moment later.
        setTimeout(() => callback(RESTAURANTS.filter((name) => name.toLowerCase().includes(query.toLowerCase())).map((value) => ({ value }))), 150);
      },
      onMenu(index) {
        this.menu = index;
      },
      onSort({ prop, order }) {
        this.sort = { prop, order };
        this.current = 1;
      },
      openDialog() {
        this.draft = this.nickname;
        this.dialog = true;
      },
      saveNickname() {
        this.nickname = this.draft;
        this.dialog = false;
      },
      copyLink() {
        ElMessage({ message: 'Invite link copied: it expires in 7 days', type: 'success', duration: 6000 });
      },
    },
  });
  for (const component of [ElAutocomplete, ElButton, ElCollapse, ElCollapseItem, ElDatePicker, ElDialog, ElInput, ElMenu, ElMenuItem, ElOption, ElPagination, ElSelect, ElSlider, ElSubMenu, ElSwitch, ElTabPane, ElTable, ElTableColumn, ElTabs, ElTree]) {
    app.use(component);
  }
  app.mount(container);
  return {
    unmount() {
      app.unmount();
      document.documentElement.style.removeProperty('--el-transition-duration');
      root.replaceChildren();
    },
  };
}
