// The orders table and its filter: rows narrow down as you type, on every `input` event, so
// a person typing and an assistant filling the field see the same thing.
import { deletedCount, formatDate, formatMoney, listOrders, orderTotal } from './shop-data.js';

const body = document.querySelector('[data-order-rows]');
const filter = document.querySelector('#order-filter');
const count = document.querySelector('#order-count');
const notice = document.querySelector('[data-orders-notice]');
const statusFilter = document.querySelector('#status-filter');
const orders = listOrders();

statusFilter.append(...[...new Set(orders.map((order) => order.status))].sort().map((status) => new Option(status, status)));

body.replaceChildren(...orders.map(renderRow));

const removed = deletedCount();
if (removed) {
  notice.textContent = `${removed} ${removed === 1 ? 'order was' : 'orders were'} deleted in this demo. “Reset demo data” at the top brings ${removed === 1 ? 'it' : 'them'} back.`;
}

filter.addEventListener('input', applyFilter);
statusFilter.addEventListener('change', applyFilter);
// A query in the address bar (orders.html?q=ada&status=Shipped) pre-fills the filters, so filtered views can be linked.
const params = new URLSearchParams(location.search);
filter.value = params.get('q') ?? '';
statusFilter.value = params.get('status') ?? '';
applyFilter();

function applyFilter() {
  const query = filter.value.trim().toLowerCase();
  const status = statusFilter.value;
  let shown = 0;
  for (const row of body.rows) {
    const match = (!query || row.dataset.search.includes(query)) && (!status || row.dataset.status === status);
    row.hidden = !match;
    if (match) shown++;
  }
  if (!query && !status) count.textContent = `${orders.length} ${orders.length === 1 ? 'order' : 'orders'}`;
  else if (!shown) count.textContent = `No orders match ${[filter.value.trim() && `“${filter.value.trim()}”`, status && `status “${status}”`].filter(Boolean).join(' with ')}.`;
  else count.textContent = `Showing ${shown} of ${orders.length} orders`;
}

function renderRow(order) {
  const row = document.createElement('tr');
  const total = formatMoney(orderTotal(order));
  const date = formatDate(order.date);
  row.dataset.status = order.status;
  row.dataset.search = [order.id, order.customer, date, order.date, total, order.status].join(' ').toLowerCase();

  const link = Object.assign(document.createElement('a'), { href: `/order.html?id=${order.id}`, textContent: order.id });
  const time = Object.assign(document.createElement('time'), { dateTime: order.date, textContent: date });
  const badge = Object.assign(document.createElement('span'), { className: 'badge', textContent: order.status });
  badge.dataset.status = order.status;

  row.append(cell(link), cell(order.customer), cell(time), cell(total, 'num'), cell(badge));
  return row;
}

function cell(content, className) {
  const td = document.createElement('td');
  if (className) td.className = className;
  td.append(content);
  return td;
}
