// The Acme back office as a Vue 3 single-page app, with render functions (no template compiler,
// no plugin). The <web-agent> tag is in index.html; the app shows a Vue host's idioms with it:
// - `navigate` is taken over: the agent's page changes go through the app's router;
// - `track_shipment` is declared in the tag's JSON (no code there), and the app answers each
//   `custom-action` event for it with what it knows about the parcel.
import { computed, createApp, h, onBeforeUnmount, onMounted, ref, watch, Fragment } from 'vue';
import { findOrder, formatDate, formatMoney, listOrders, loadAccount, orderTotal, saveAccount } from '../scripts/shop-data.js';

const BASE = '/vue';

// ---- A router of our own: one reactive path and the History API --------------------------------

const path = ref(location.pathname);
addEventListener('popstate', () => (path.value = location.pathname));

function navigate(to) {
  if (to === location.pathname + location.search) return;
  history.pushState(null, '', to);
  path.value = location.pathname;
}

function link(to, text, attrs = {}) {
  const onClick = (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return h('a', { href: to, onClick, ...attrs }, text);
}

// ---- What the app knows about parcels, for the JSON-declared action ----------------------------

function trackShipment(orderId) {
  const { order, deleted } = findOrder(String(orderId ?? ''));
  if (!order || deleted) return { ok: false, reason: 'not-found', message: `There is no order ${orderId} to track.` };
  const day = (offset) => formatDate(new Date(Date.parse(`${order.date}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10));
  const parcel = {
    Shipped: `Order ${order.id} is with Acme Express, in transit to ${order.customer}; it should arrive on ${day(4)}.`,
    Delivered: `Order ${order.id} was delivered to ${order.customer} on ${day(3)}.`,
    Processing: `Order ${order.id} has not shipped yet: it is being packed.`,
    'Awaiting payment': `Order ${order.id} has not shipped: it is awaiting payment.`,
    Refunded: `Order ${order.id} was refunded; its parcel came back to us.`,
  }[order.status];
  return { ok: true, message: parcel ?? `Order ${order.id} is ${order.status.toLowerCase()}.` };
}

// ---- The app ------------------------------------------------------------------------------------

const App = {
  setup() {
    const version = ref(0);
    const notice = ref('');
    const agent = document.querySelector('web-agent');
    const onNavigate = (event) => {
      event.preventDefault();
      navigate(event.detail.path);
    };
    const onCustomAction = (event) => {
      if (event.detail.name !== 'track_shipment') return;
      event.preventDefault();
      const result = trackShipment(event.detail.params.orderId);
      notice.value = result.message;
      event.detail.respond(result);
    };
    onMounted(() => {
      agent.addEventListener('navigate', onNavigate);
      agent.addEventListener('custom-action', onCustomAction);
    });
    onBeforeUnmount(() => {
      agent.removeEventListener('navigate', onNavigate);
      agent.removeEventListener('custom-action', onCustomAction);
    });
    watch(path, () => (notice.value = ''));
    const route = computed(() => path.value.slice(BASE.length).replace(/\/+$/, '') || '/');
    const refresh = () => version.value++;

    return () => {
      void version.value; // re-render after the data changed
      const current = route.value;
      const order = /^\/orders\/(\w+)$/.exec(current);
      let page;
      if (current === '/') page = h(Home);
      else if (current === '/orders') page = h(Orders);
      else if (order) page = h(Order, { id: order[1], key: order[1] });
      else if (current === '/settings') page = h(Settings, { onSaved: refresh });
      else page = h('h1', null, 'Page not found');
      return h(Fragment, null, [
        header(current.split('/')[1] || ''),
        h('main', { id: 'main' }, [notice.value ? h('p', { class: 'notice ok', role: 'status' }, notice.value) : null, page]),
        h('footer', { class: 'site-footer' }, h('div', { class: 'inner' }, [h('p', null, '© Acme Inc. · Back office (Vue)'), h('p', null, 'Need a hand? Ask Ava, our assistant.')])),
      ]);
    };
  },
};

function header(section) {
  const item = (to, label, name) => h('li', null, link(to, label, { 'aria-current': section === name ? 'page' : undefined }));
  return h('header', { class: 'site-header' }, h('div', { class: 'inner' }, [
    link(`${BASE}/`, [h('span', { class: 'brand-mark', 'aria-hidden': 'true' }), 'Acme back office'], { class: 'brand' }),
    h('nav', { class: 'site-nav', 'aria-label': 'Main' }, h('ul', null, [item(`${BASE}/`, 'Home', ''), item(`${BASE}/orders`, 'Orders', 'orders'), item(`${BASE}/settings`, 'Settings', 'settings')])),
    h('p', { class: 'signed-in' }, ['Signed in as ', h('strong', null, loadAccount().name)]),
  ]));
}

const Home = () => {
  const tasks = ['Change my name to Ada Lovelace', 'Track the parcel for order 1047', 'Search orders for Grace', 'Open order 1044'];
  return [
    h('h1', null, `Good to see you, ${loadAccount().name.split(/\s+/)[0]}`),
    h('p', { class: 'lead' }, 'Here is what is happening at Acme today.'),
    h('section', { 'aria-labelledby': 'sections-heading' }, [
      h('h2', { id: 'sections-heading' }, 'Sections'),
      h('div', { class: 'cards' }, [
        link(`${BASE}/orders`, [h('span', { class: 'card-title' }, 'Orders'), h('span', { class: 'card-text' }, `${listOrders().length} orders · filter, open, track`)], { class: 'card' }),
        link(`${BASE}/settings`, [h('span', { class: 'card-title' }, 'Account settings'), h('span', { class: 'card-text' }, 'Your name, email and newsletter')], { class: 'card' }),
      ]),
    ]),
    h('section', { class: 'panel', 'aria-labelledby': 'try-heading', 'data-agent-ignore': '' }, [
      h('h2', { id: 'try-heading' }, 'Try the assistant'),
      h('p', null, 'In this app the assistant moves between pages through the Vue router, and tracks parcels through an action declared in the tag’s JSON that the app answers.'),
      h('ul', { class: 'examples' }, tasks.map((task) => h('li', { key: task }, h('button', { type: 'button', class: 'example', onClick: () => document.querySelector('web-agent')?.run(task) }, task)))),
    ]),
  ];
};

const Orders = {
  setup() {
    const query = ref('');
    return () => {
      const orders = listOrders();
      const needle = query.value.trim().toLowerCase();
      const shown = orders.filter((order) => !needle || [order.id, order.customer, order.status, formatDate(order.date)].join(' ').toLowerCase().includes(needle));
      const count = !needle ? `${orders.length} orders` : shown.length ? `Showing ${shown.length} of ${orders.length} orders` : `No orders match “${query.value.trim()}”.`;
      return [
        h('h1', null, 'Orders'),
        h('p', { class: 'lead' }, 'Every order placed in the shop. Open an order to see its items and invoice.'),
        h('section', { class: 'panel', 'aria-labelledby': 'orders-heading' }, [
          h('div', { class: 'toolbar' }, [
            h('div', { class: 'field' }, [
              h('label', { for: 'order-filter' }, 'Filter orders'),
              h('input', { id: 'order-filter', type: 'search', name: 'filter', value: query.value, placeholder: 'Order number, customer or status', autocomplete: 'off', onInput: (event) => (query.value = event.target.value) }),
            ]),
            h('p', { class: 'count', role: 'status', 'aria-live': 'polite' }, count),
          ]),
          h('h2', { id: 'orders-heading', class: 'visually-hidden' }, 'Recent orders'),
          h('div', { class: 'table-wrap' }, h('table', { 'aria-labelledby': 'orders-heading' }, [
            h('thead', null, h('tr', null, ['Order', 'Customer', 'Date', 'Total', 'Status'].map((name) => h('th', { scope: 'col', class: name === 'Total' ? 'num' : undefined }, name)))),
            h('tbody', null, shown.map((order) => h('tr', { key: order.id }, [
              h('td', null, link(`${BASE}/orders/${order.id}`, order.id)),
              h('td', null, order.customer),
              h('td', null, h('time', { datetime: order.date }, formatDate(order.date))),
              h('td', { class: 'num' }, formatMoney(orderTotal(order))),
              h('td', null, h('span', { class: 'badge', 'data-status': order.status }, order.status)),
            ]))),
          ])),
        ]),
      ];
    };
  },
};

const Order = (props) => {
  const { order, deleted } = findOrder(props.id);
  const back = h('p', null, link(`${BASE}/orders`, '← All orders'));
  if (!order || deleted) return [back, h('h1', null, 'Order not found'), h('p', { class: 'notice error', role: 'status' }, `There is no order “${props.id}”.`)];
  return [
    back,
    h('h1', null, `Order ${order.id}`),
    h('section', { class: 'panel', 'aria-labelledby': 'summary-heading' }, [
      h('h2', { id: 'summary-heading' }, 'Summary'),
      h('dl', { class: 'order-meta' }, [
        ['Customer', order.customer],
        ['Placed on', formatDate(order.date)],
        ['Status', h('span', { class: 'badge', 'data-status': order.status }, order.status)],
        ['Total', formatMoney(orderTotal(order))],
      ].map(([term, value]) => h('div', null, [h('dt', null, term), h('dd', null, value)]))),
      h('div', { class: 'table-wrap' }, h('table', null, [
        h('caption', { class: 'visually-hidden' }, 'Items in this order'),
        h('thead', null, h('tr', null, ['Item', 'Quantity', 'Price'].map((name) => h('th', { scope: 'col' }, name)))),
        h('tbody', null, order.items.map(([item, quantity, price]) => h('tr', null, [h('td', null, item), h('td', null, String(quantity)), h('td', null, formatMoney(price))]))),
      ])),
    ]),
  ];
};
Order.props = ['id'];

const Settings = {
  emits: ['saved'],
  setup(_props, { emit }) {
    const account = ref(loadAccount());
    const status = ref({ kind: '', text: '' });
    const change = (name, value) => {
      account.value = { ...account.value, [name]: value };
      status.value = { kind: '', text: '' };
    };
    const submit = (event) => {
      event.preventDefault();
      const { name, email } = account.value;
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
        status.value = { kind: 'error', text: 'Please enter a valid email address.' };
        return;
      }
      saveAccount({ ...account.value, name: name.trim(), email: email.trim() });
      status.value = { kind: 'ok', text: 'Saved. Your account details are up to date.' };
      emit('saved');
    };
    const field = (id, label, name, type) =>
      h('div', { class: 'field' }, [
        h('label', { for: id }, label),
        h('input', { id, name, type, value: account.value[name], onInput: (event) => change(name, event.target.value) }),
      ]);
    return () => [
      h('h1', null, 'Account settings'),
      h('p', { class: 'lead' }, 'How we address you and where we send news.'),
      h('form', { class: 'panel', novalidate: true, onSubmit: submit, 'aria-labelledby': 'profile-heading' }, [
        h('h2', { id: 'profile-heading' }, 'Profile'),
        field('full-name', 'Full name', 'name', 'text'),
        field('email', 'Email address', 'email', 'email'),
        h('div', { class: 'checkbox' }, [
          h('input', { id: 'newsletter', name: 'newsletter', type: 'checkbox', checked: account.value.newsletter, onChange: (event) => change('newsletter', event.target.checked) }),
          h('label', { for: 'newsletter' }, 'Send me the monthly newsletter'),
        ]),
        h('p', { class: `notice ${status.value.kind}`.trim(), role: 'status', 'aria-live': 'polite' }, status.value.text),
        h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'button' }, 'Save changes')),
      ]),
    ];
  },
};

createApp(App).mount('#app');
