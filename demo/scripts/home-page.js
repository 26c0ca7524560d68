import { listOrders } from './shop-data.js';

const open = listOrders().length;
const count = document.querySelector('[data-open-orders]');
if (count) count.textContent = `${open} ${open === 1 ? 'order' : 'orders'}`;

// The example tasks hand their text to the element's public API, as a host page could.
for (const button of document.querySelectorAll('[data-task]')) {
  button.addEventListener('click', async () => {
    await customElements.whenDefined('web-agent');
    document.querySelector('web-agent')?.run(button.dataset.task);
  });
}
