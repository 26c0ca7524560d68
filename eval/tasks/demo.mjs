// The demo's own showcase (demo/, built for production): what a visitor asks of the back office in
// each host. The demo keeps its data in localStorage (demo/scripts/shop-data.js).
import { all, confirmationShown, matches, shownText, stored, verdict } from './checks.mjs';

const ACCOUNT = 'acme-demo.account';
const DELETED = 'acme-demo.deleted-orders';

/** After the visitor was asked: whether order `id` is gone (`wanted: true`) or still there. */
async function deletion(page, visitor, id, wanted) {
  const gone = (await stored(page, DELETED, [])).includes(id);
  return all(confirmationShown(visitor, /delete/i), verdict(gone === wanted, gone ? `order ${id} is deleted` : `order ${id} still exists`));
}

/** The single-page apps' notice at the top of the page, which their host actions fill in. */
async function appNotice(page, pattern) {
  const notice = await shownText(page, 'main > .notice[role="status"]');
  return verdict(pattern.test(notice), notice ? `the app says “${notice}”` : 'the app shows no notice');
}

export const demoTasks = [
  {
    id: 'demo/rename',
    title: 'Change the account name, asked on the orders page',
    start: '/orders.html',
    prompt: 'Change my name to Ada Lovelace',
    goal: [{ fill: { 'Full name': 'Ada Lovelace' }, submit: true }],
    checks: 'the account the demo stores has the name “Ada Lovelace”',
    check: async ({ page }) => matches(await stored(page, ACCOUNT, {}), { name: 'Ada Lovelace' }),
  },
  {
    id: 'demo/preferences',
    title: 'Turn the newsletter off and change the country',
    start: '/settings.html',
    prompt: 'Stop sending me the newsletter, and set my country to Germany.',
    goal: [{ fill: { newsletter: false, Country: 'Germany' }, submit: true }],
    checks: 'the stored account has the newsletter off and the country Germany (DE)',
    check: async ({ page }) => matches(await stored(page, ACCOUNT, {}), { newsletter: false, country: 'DE' }),
  },
  {
    id: 'demo/filter',
    title: 'Filter the orders table to one customer',
    start: '/orders.html',
    prompt: "Show me only Grace Hopper's orders.",
    goal: [{ fill: { 'Filter orders': 'Grace Hopper' } }],
    checks: 'the orders table shows rows, and every row shown is Grace Hopper’s',
    check: async ({ page }) => {
      const rows = await page.locator('main table[aria-labelledby="orders-heading"] tbody tr').filter({ visible: true }).allInnerTexts();
      const others = rows.filter((row) => !/Grace Hopper/.test(row));
      return verdict(rows.length > 0 && others.length === 0, `${rows.length} rows shown${others.length ? `, ${others.length} of them not Grace Hopper’s` : ''}`);
    },
  },
  {
    id: 'demo/delete-approved',
    title: 'Delete an order from the home page; the visitor allows it',
    start: '/index.html',
    prompt: 'Delete order 1042',
    goal: [{ press: 'Delete order', page: 'order 1042', expect: 'was deleted' }],
    visitor: { confirm: 'approve' },
    checks: 'order 1042 is in the demo’s deleted orders, after the visitor was asked',
    check: async ({ page, visitor }) => deletion(page, visitor, '1042', true),
  },
  {
    id: 'demo/delete-rejected',
    title: 'Delete an order; the visitor says no',
    start: '/orders.html',
    prompt: 'Delete order 1046',
    goal: [{ press: 'Delete order', page: 'order 1046', expect: 'was deleted' }],
    visitor: { confirm: 'reject' },
    checks: 'the visitor was asked to confirm the deletion, and order 1046 still exists',
    check: async ({ page, visitor }) => deletion(page, visitor, '1046', false),
  },
  {
    id: 'demo/react-delete',
    title: "React app: delete an order through the app's router and its own dialog",
    start: '/react/',
    prompt: 'Delete order 1043',
    goal: [{ press: 'Delete order', page: 'order 1043', expect: 'was deleted' }],
    visitor: { confirm: 'approve' },
    checks: 'order 1043 is deleted, after the app’s own dialog asked the visitor',
    check: async ({ page, visitor }) => deletion(page, visitor, '1043', true),
  },
  {
    id: 'demo/react-invoice',
    title: 'React app: email an invoice with the action the app registered',
    start: '/react/',
    prompt: 'Email the invoice for order 1042 to the customer.',
    goal: [{ use: 'send invoice', args: { orderId: '1042' } }],
    checks: 'the app shows its notice that invoice INV-1042 was emailed',
    check: async ({ page }) => appNotice(page, /INV-1042/),
  },
  {
    id: 'demo/vue-track',
    title: 'Vue app: track a parcel with the action declared in the JSON',
    start: '/vue/',
    prompt: 'Where is the parcel for order 1047?',
    goal: [{ use: 'track parcel', args: { orderId: '1047' } }],
    checks: 'the app shows the tracking notice for order 1047',
    check: async ({ page }) => appNotice(page, /Order 1047/),
  },
  {
    id: 'demo/vue-email',
    title: 'Vue app: change the email address, reached through the router',
    start: '/vue/orders',
    prompt: 'Change my email address to ada@example.com',
    goal: [{ fill: { 'Email address': 'ada@example.com' }, submit: true }],
    checks: 'the stored account has the email ada@example.com',
    check: async ({ page }) => matches(await stored(page, ACCOUNT, {}), { email: 'ada@example.com' }),
  },
  {
    id: 'demo/cms-guide',
    title: 'CMS page: point out where something is',
    start: '/cms/',
    prompt: 'Where are your opening hours? Show me.',
    goal: [{ show: 'Opening hours' }],
    checks: 'the overlay spotlighted or outlined the “Opening hours” section for the visitor',
    check: async ({ events }) => {
      const shown = events.filter((event) => event.name === 'overlay-update').flatMap((event) => event.detail.items ?? []);
      const hit = shown.find((item) => /Opening hours|8 am to 6 pm/.test(item?.target?.text ?? ''));
      return verdict(hit, hit ? `the ${hit.kind} showed “${hit.target.text.slice(0, 60)}”` : `the overlay showed ${shown.length ? shown.map((item) => `“${(item?.target?.text ?? '').slice(0, 30)}”`).join(', ') : 'nothing'}`);
    },
  },
];
