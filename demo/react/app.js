// The Acme back office as a React 18 single-page app, written with React.createElement so it needs
// no JSX plugin. It shows a React host's idioms with <web-agent>:
// - the app renders the tag and reaches it through a ref;
// - `navigate` is taken over: the agent's page changes go through the app's own router;
// - `confirm-action` is answered with the app's own dialog;
// - `send_invoice` is a custom action registered with a handler (el.registerAction).
import React, { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { deleteOrder, findOrder, formatDate, formatMoney, listOrders, loadAccount, orderTotal, saveAccount } from '../scripts/shop-data.js';

const h = React.createElement;
const BASE = '/react';

const AGENT_CONFIG = {
  persona: 'You are Ava, the assistant of Acme\'s back office. Speak as "we" for Acme, keep it short and friendly, and only state order details you can read on the page.',
  sitemap: [
    { path: `${BASE}/`, description: 'home: overview of the back office with shortcuts to every section' },
    { path: `${BASE}/orders`, description: 'all orders with a filter box: order number, customer, date, total, status', aliases: ['purchases', 'sales'] },
    { path: `${BASE}/orders/1042`, description: "one order's details, items, invoice, Send invoice and the Delete order button (put the order number in place of 1042)" },
    { path: `${BASE}/settings`, description: 'account settings: full name, email address, newsletter', aliases: ['account', 'profile'] },
  ],
};

// ---- A router of our own: the History API and one hook -----------------------------------------

function navigate(path) {
  if (path === location.pathname + location.search) return;
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

function usePath() {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const update = () => setPath(location.pathname);
    addEventListener('popstate', update);
    return () => removeEventListener('popstate', update);
  }, []);
  return path;
}

function Link({ to, children, ...rest }) {
  const onClick = (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return h('a', { href: to, onClick, ...rest }, children);
}

// ---- The app ------------------------------------------------------------------------------------

function App() {
  const path = usePath();
  const [, setVersion] = useState(0);
  const refresh = () => setVersion((version) => version + 1);
  const [toast, setToast] = useState('');
  const [confirmation, setConfirmation] = useState(null);
  const agent = useRef(null);

  useEffect(() => {
    const element = agent.current;
    const onNavigate = (event) => {
      event.preventDefault();
      navigate(event.detail.path);
    };
    const onConfirm = (event) => {
      event.preventDefault();
      setConfirmation({ message: event.detail.message, decide: event.detail.decide });
    };
    element.addEventListener('navigate', onNavigate);
    element.addEventListener('confirm-action', onConfirm);
    element.registerAction({
      name: 'send_invoice',
      description: "Email the invoice of an order to that order's customer.",
      // Sending counts as consequential, so this would ask first; the host opts out: the invoice
      // only ever goes to the order's own customer, and the server checks that.
      requireConfirmation: false,
      parameters: { type: 'object', properties: { orderId: { type: 'string', description: 'The order number, e.g. "1042".' } }, required: ['orderId'] },
      handler: async ({ orderId }) => {
        const { order, deleted } = findOrder(String(orderId));
        if (!order || deleted) return { ok: false, reason: 'not-found', message: `There is no order ${orderId} to send an invoice for.` };
        const text = `Invoice INV-${order.id} (${formatMoney(orderTotal(order))}) was emailed to ${order.customer}.`;
        setToast(text);
        return { ok: true, message: text };
      },
    });
    return () => {
      element.removeEventListener('navigate', onNavigate);
      element.removeEventListener('confirm-action', onConfirm);
    };
  }, []);

  useEffect(() => setToast(''), [path]);

  const route = path.slice(BASE.length).replace(/\/+$/, '') || '/';
  const orderMatch = /^\/orders\/(\w+)$/.exec(route);
  let page;
  if (route === '/') page = h(Home);
  else if (route === '/orders') page = h(Orders);
  else if (orderMatch) page = h(Order, { id: orderMatch[1], refresh });
  else if (route === '/settings') page = h(Settings, { refresh });
  else page = h(NotFound);

  const section = route.split('/')[1] || '';
  return h(
    React.Fragment,
    null,
    h(Header, { section }),
    h('main', { id: 'main' }, toast ? h('p', { className: 'notice ok', role: 'status' }, toast) : null, page),
    h('footer', { className: 'site-footer' }, h('div', { className: 'inner' }, h('p', null, '© Acme Inc. · Back office (React)'), h('p', null, 'Need a hand? Ask Ava, our assistant.'))),
    confirmation &&
      h(ConfirmDialog, {
        message: confirmation.message,
        onDecide: (ok) => {
          confirmation.decide(ok);
          setConfirmation(null);
        },
      }),
    h(
      'web-agent',
      { ref: agent, endpoint: '/api/llm/v1', model: 'gpt-4.1-mini', 'agent-name': 'Ava', 'site-name': 'Acme', locale: 'en', 'session-storage-key': 'acme-react.session' },
      h('script', { type: 'application/json', dangerouslySetInnerHTML: { __html: JSON.stringify(AGENT_CONFIG) } }),
    ),
  );
}

function Header({ section }) {
  const item = (to, label, name) => h('li', null, h(Link, { to, 'aria-current': section === name ? 'page' : undefined }, label));
  return h(
    'header',
    { className: 'site-header' },
    h(
      'div',
      { className: 'inner' },
      h(Link, { to: `${BASE}/`, className: 'brand' }, h('span', { className: 'brand-mark', 'aria-hidden': 'true' }), 'Acme back office'),
      h('nav', { className: 'site-nav', 'aria-label': 'Main' }, h('ul', null, item(`${BASE}/`, 'Home', ''), item(`${BASE}/orders`, 'Orders', 'orders'), item(`${BASE}/settings`, 'Settings', 'settings'))),
      h('p', { className: 'signed-in' }, 'Signed in as ', h('strong', null, loadAccount().name)),
    ),
  );
}

/** The app's own confirmation dialog: a modal <dialog>, opened when the agent asks. */
function ConfirmDialog({ message, onDecide }) {
  const dialog = useRef(null);
  useEffect(() => {
    dialog.current.showModal();
    return () => dialog.current?.close();
  }, []);
  // Closed before answering: the agent acts right away, and an open modal would cover the page.
  const answer = (ok) => {
    dialog.current.close();
    onDecide(ok);
  };
  return h(
    'dialog',
    { ref: dialog, className: 'panel confirm-dialog', 'aria-labelledby': 'confirm-title', onCancel: (event) => (event.preventDefault(), answer(false)) },
    h('h2', { id: 'confirm-title' }, 'Ava asks first'),
    h('p', null, message),
    h('div', { className: 'actions' }, h('button', { type: 'button', className: 'button secondary', onClick: () => answer(false) }, 'Not now'), h('button', { type: 'button', className: 'button danger', onClick: () => answer(true) }, 'Yes, go ahead')),
  );
}

function Home() {
  const open = listOrders().length;
  return h(
    React.Fragment,
    null,
    h('h1', null, `Good to see you, ${loadAccount().name.split(/\s+/)[0]}`),
    h('p', { className: 'lead' }, 'Here is what is happening at Acme today.'),
    h(
      'section',
      { 'aria-labelledby': 'sections-heading' },
      h('h2', { id: 'sections-heading' }, 'Sections'),
      h(
        'div',
        { className: 'cards' },
        h(Link, { to: `${BASE}/orders`, className: 'card' }, h('span', { className: 'card-title' }, 'Orders'), h('span', { className: 'card-text' }, `${open} orders · filter, open, delete`)),
        h(Link, { to: `${BASE}/settings`, className: 'card' }, h('span', { className: 'card-title' }, 'Account settings'), h('span', { className: 'card-text' }, 'Your name, email and newsletter')),
      ),
    ),
    h(Examples, { tasks: ['Delete order 1043', 'Email the invoice for order 1042', 'Go to orders', 'Change my name to Ada Lovelace'] }),
  );
}

/** Example tasks that hand their text to the element's public API, as a host could. */
function Examples({ tasks }) {
  const run = (task) => document.querySelector('web-agent')?.run(task);
  return h(
    'section',
    { className: 'panel', 'aria-labelledby': 'try-heading', 'data-agent-ignore': '' },
    h('h2', { id: 'try-heading' }, 'Try the assistant'),
    h('p', null, 'In this app the assistant moves between pages through the React router, asks with the app’s own dialog, and can email invoices through an action the app registered.'),
    h('ul', { className: 'examples' }, tasks.map((task) => h('li', { key: task }, h('button', { type: 'button', className: 'example', onClick: () => run(task) }, task)))),
  );
}

function Orders() {
  const [query, setQuery] = useState('');
  const orders = listOrders();
  const needle = query.trim().toLowerCase();
  const shown = orders.filter((order) => !needle || [order.id, order.customer, order.status, formatDate(order.date)].join(' ').toLowerCase().includes(needle));
  const count = !needle ? `${orders.length} orders` : shown.length ? `Showing ${shown.length} of ${orders.length} orders` : `No orders match “${query.trim()}”.`;
  return h(
    React.Fragment,
    null,
    h('h1', null, 'Orders'),
    h('p', { className: 'lead' }, 'Every order placed in the shop. Open an order to see its items and invoice.'),
    h(
      'section',
      { className: 'panel', 'aria-labelledby': 'orders-heading' },
      h(
        'div',
        { className: 'toolbar' },
        h('div', { className: 'field' }, h('label', { htmlFor: 'order-filter' }, 'Filter orders'), h('input', { id: 'order-filter', type: 'search', name: 'filter', value: query, placeholder: 'Order number, customer or status', autoComplete: 'off', onChange: (event) => setQuery(event.target.value) })),
        h('p', { className: 'count', role: 'status', 'aria-live': 'polite' }, count),
      ),
      h('h2', { id: 'orders-heading', className: 'visually-hidden' }, 'Recent orders'),
      h(
        'div',
        { className: 'table-wrap' },
        h(
          'table',
          { 'aria-labelledby': 'orders-heading' },
          h('thead', null, h('tr', null, ['Order', 'Customer', 'Date', 'Total', 'Status'].map((name) => h('th', { key: name, scope: 'col', className: name === 'Total' ? 'num' : undefined }, name)))),
          h(
            'tbody',
            null,
            shown.map((order) =>
              h(
                'tr',
                { key: order.id },
                h('td', null, h(Link, { to: `${BASE}/orders/${order.id}` }, order.id)),
                h('td', null, order.customer),
                h('td', null, h('time', { dateTime: order.date }, formatDate(order.date))),
                h('td', { className: 'num' }, formatMoney(orderTotal(order))),
                h('td', null, h('span', { className: 'badge', 'data-status': order.status }, order.status)),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

function Order({ id, refresh }) {
  const { order, deleted } = findOrder(id);
  const back = h('p', null, h(Link, { to: `${BASE}/orders` }, '← All orders'));
  if (!order) return h(React.Fragment, null, back, h('h1', null, 'Order not found'), h('p', { className: 'notice error', role: 'status' }, `There is no order “${id}”.`));
  if (deleted) return h(React.Fragment, null, back, h('h1', null, `Order ${order.id}`), h('p', { className: 'notice ok', role: 'status' }, `Order ${order.id} was deleted.`));
  const total = formatMoney(orderTotal(order));
  const remove = () => {
    deleteOrder(order.id);
    refresh();
  };
  return h(
    React.Fragment,
    null,
    back,
    h('h1', null, `Order ${order.id}`),
    h(
      'section',
      { className: 'panel', 'aria-labelledby': 'summary-heading' },
      h('h2', { id: 'summary-heading' }, 'Summary'),
      h(
        'dl',
        { className: 'order-meta' },
        h('div', null, h('dt', null, 'Customer'), h('dd', null, order.customer)),
        h('div', null, h('dt', null, 'Placed on'), h('dd', null, formatDate(order.date))),
        h('div', null, h('dt', null, 'Status'), h('dd', null, h('span', { className: 'badge', 'data-status': order.status }, order.status))),
        h('div', null, h('dt', null, 'Total'), h('dd', null, total)),
      ),
    ),
    h(
      'section',
      { className: 'panel', 'aria-labelledby': 'invoice-heading' },
      h('h2', { id: 'invoice-heading' }, 'Invoice'),
      h('p', null, 'Invoice ', h('strong', null, `INV-${order.id}`), ' for ', h('strong', null, total), '.'),
      h('div', { className: 'actions' }, h('button', { type: 'button', className: 'button danger', onClick: remove }, 'Delete order')),
    ),
  );
}

function Settings({ refresh }) {
  const [account, setAccount] = useState(loadAccount);
  const [status, setStatus] = useState({ kind: '', text: '' });
  const change = (name, value) => {
    setAccount({ ...account, [name]: value });
    setStatus({ kind: '', text: '' });
  };
  const submit = (event) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(account.email.trim())) return setStatus({ kind: 'error', text: 'Please enter a valid email address.' });
    saveAccount({ ...account, name: account.name.trim(), email: account.email.trim() });
    setStatus({ kind: 'ok', text: 'Saved. Your account details are up to date.' });
    refresh();
  };
  const field = (id, label, props) => h('div', { className: 'field' }, h('label', { htmlFor: id }, label), h('input', { id, ...props }));
  return h(
    React.Fragment,
    null,
    h('h1', null, 'Account settings'),
    h('p', { className: 'lead' }, 'How we address you and where we send news.'),
    h(
      'form',
      { className: 'panel', noValidate: true, onSubmit: submit, 'aria-labelledby': 'profile-heading' },
      h('h2', { id: 'profile-heading' }, 'Profile'),
      field('full-name', 'Full name', { name: 'name', type: 'text', autoComplete: 'name', value: account.name, onChange: (event) => change('name', event.target.value) }),
      field('email', 'Email address', { name: 'email', type: 'email', autoComplete: 'email', required: true, value: account.email, onChange: (event) => change('email', event.target.value) }),
      h('div', { className: 'checkbox' }, h('input', { id: 'newsletter', name: 'newsletter', type: 'checkbox', checked: account.newsletter, onChange: (event) => change('newsletter', event.target.checked) }), h('label', { htmlFor: 'newsletter' }, 'Send me the monthly newsletter')),
      h('p', { className: `notice ${status.kind}`.trim(), role: 'status', 'aria-live': 'polite' }, status.text),
      h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button' }, 'Save changes')),
    ),
  );
}

function NotFound() {
  return h(React.Fragment, null, h('h1', null, 'Page not found'), h('p', null, h(Link, { to: `${BASE}/` }, 'Back to the start')));
}

createRoot(document.getElementById('root')).render(h(App));
