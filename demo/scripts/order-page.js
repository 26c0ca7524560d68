// One order's page (order.html?id=1042): details, items, invoice, and a Delete order button that
// removes it for good (in this browser) and says so on the page.
import { deleteOrder, findOrder, formatDate, formatMoney, orderTotal } from './shop-data.js';

const id = new URLSearchParams(location.search).get('id') ?? '';
const heading = document.querySelector('[data-order-heading]');
const notice = document.querySelector('[data-order-notice]');
const body = document.querySelector('[data-order-body]');

render();

function render() {
  const { order, deleted } = findOrder(id);
  if (!order) {
    document.title = 'Order not found — Acme';
    heading.textContent = 'Order not found';
    showNotice('error', id ? `There is no order “${id}”.` : 'No order number was given.');
    body.replaceChildren(backLink());
    return;
  }
  document.title = `Order ${order.id} — Acme`;
  heading.textContent = `Order ${order.id}`;
  if (deleted) {
    showNotice('ok', `Order ${order.id} was deleted.`);
    body.replaceChildren(backLink());
    return;
  }
  showNotice('', '');
  body.replaceChildren(details(order));
}

function details(order) {
  const total = formatMoney(orderTotal(order));
  const wrapper = document.createElement('div');
  wrapper.innerHTML = `
    <section class="panel" aria-labelledby="summary-heading">
      <h2 id="summary-heading">Summary</h2>
      <dl class="order-meta">
        <div><dt>Customer</dt><dd></dd></div>
        <div><dt>Placed on</dt><dd><time></time></dd></div>
        <div><dt>Status</dt><dd><span class="badge"></span></dd></div>
        <div><dt>Total</dt><dd></dd></div>
      </dl>
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">Items in this order</caption>
          <thead><tr><th scope="col">Item</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Price</th><th scope="col" class="num">Subtotal</th></tr></thead>
          <tbody></tbody>
        </table>
      </div>
    </section>
    <section class="panel" aria-labelledby="invoice-heading">
      <h2 id="invoice-heading">Invoice</h2>
      <p>Invoice <strong>INV-${order.id}</strong> was issued on the order date for <strong>${total}</strong>.</p>
      <div class="actions">
        <button type="button" class="button secondary" data-print>Print invoice</button>
        <button type="button" class="button danger" data-delete>Delete order</button>
      </div>
    </section>`;
  const values = wrapper.querySelectorAll('dd');
  values[0].textContent = order.customer;
  const time = wrapper.querySelector('time');
  time.dateTime = order.date;
  time.textContent = formatDate(order.date);
  const badge = wrapper.querySelector('.badge');
  badge.textContent = order.status;
  badge.dataset.status = order.status;
  values[3].textContent = total;
  wrapper.querySelector('tbody').append(
    ...order.items.map(([item, quantity, price]) => {
      const row = document.createElement('tr');
      for (const [text, numeric] of [[item, false], [String(quantity), true], [formatMoney(price), true], [formatMoney(quantity * price), true]]) {
        const td = Object.assign(document.createElement('td'), { textContent: text });
        if (numeric) td.className = 'num';
        row.append(td);
      }
      return row;
    }),
  );
  wrapper.querySelector('[data-print]').addEventListener('click', () => window.print());
  wrapper.querySelector('[data-delete]').addEventListener('click', () => {
    deleteOrder(order.id);
    render();
    heading.tabIndex = -1;
    heading.focus();
  });
  return wrapper;
}

function showNotice(kind, text) {
  notice.className = `notice ${kind}`.trim();
  notice.textContent = text;
}

function backLink() {
  return Object.assign(document.createElement('a'), { href: '/orders.html', className: 'button secondary', textContent: 'Back to orders' });
}
