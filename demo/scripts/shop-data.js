// The demo shop's data: a fixed set of orders plus what the visitor changed, kept in localStorage
// so that a deletion or a saved name survives the agent's full-page navigations.

const DELETED_KEY = 'acme-demo.deleted-orders';
const ACCOUNT_KEY = 'acme-demo.account';

const ORDERS = [
  { id: '1042', customer: 'Ada Lovelace', date: '2025-05-02', status: 'Shipped', items: [['Analytical notebook', 2, 24.5], ['Brass gear set', 1, 80]] },
  { id: '1043', customer: 'Grace Hopper', date: '2025-05-03', status: 'Processing', items: [['Nanosecond wire (pack of 10)', 3, 19.5]] },
  { id: '1044', customer: 'Alan Turing', date: '2025-05-03', status: 'Delivered', items: [['Enigma puzzle box', 1, 145], ['Tape reels', 4, 23.75]] },
  { id: '1045', customer: 'Katherine Johnson', date: '2025-05-05', status: 'Refunded', items: [['Slide rule', 1, 17.9]] },
  { id: '1046', customer: 'Hedy Lamarr', date: '2025-05-06', status: 'Awaiting payment', items: [['Frequency-hopping radio kit', 1, 212], ['Piano rolls', 2, 9.99]] },
  { id: '1047', customer: 'Margaret Hamilton', date: '2025-05-08', status: 'Shipped', items: [['Listing binder', 6, 12], ['Core rope sampler', 1, 64]] },
  { id: '1048', customer: 'Tim Berners-Lee', date: '2025-05-09', status: 'Processing', items: [['NeXT-style cube lamp', 1, 99]] },
  { id: '1049', customer: 'Radia Perlman', date: '2025-05-11', status: 'Delivered', items: [['Spanning tree poster', 2, 15], ['Network cable set', 1, 38.4]] },
];

const DEFAULT_ACCOUNT = { name: 'Sam Rivera', email: 'sam@acme.example', newsletter: true, country: 'US' };

export const COUNTRIES = [
  ['US', 'United States'],
  ['GB', 'United Kingdom'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['ES', 'Spain'],
  ['JP', 'Japan'],
  ['BR', 'Brazil'],
];

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function formatMoney(amount) {
  return money.format(amount);
}

export function formatDate(isoDate) {
  return day.format(new Date(`${isoDate}T00:00:00Z`));
}

export function orderTotal(order) {
  return order.items.reduce((sum, [, quantity, price]) => sum + quantity * price, 0);
}

/** Orders not deleted in this browser, newest first. */
export function listOrders() {
  const deleted = deletedIds();
  return ORDERS.filter((order) => !deleted.has(order.id)).reverse();
}

/** @returns {{ order?: object, deleted: boolean }} */
export function findOrder(id) {
  const order = ORDERS.find((candidate) => candidate.id === id);
  return { order, deleted: Boolean(order) && deletedIds().has(id) };
}

export function deleteOrder(id) {
  const deleted = deletedIds();
  deleted.add(id);
  localStorage.setItem(DELETED_KEY, JSON.stringify([...deleted]));
}

export function deletedCount() {
  return deletedIds().size;
}

export function loadAccount() {
  try {
    return { ...DEFAULT_ACCOUNT, ...JSON.parse(localStorage.getItem(ACCOUNT_KEY) ?? '{}') };
  } catch {
    return { ...DEFAULT_ACCOUNT };
  }
}

export function saveAccount(account) {
  localStorage.setItem(ACCOUNT_KEY, JSON.stringify(account));
}

const ACCOUNT_DELETED_KEY = 'acme-demo.account-deleted';

export function deleteAccount() {
  localStorage.setItem(ACCOUNT_KEY, JSON.stringify({ name: '', email: '', newsletter: false, country: 'US' }));
  localStorage.setItem(ACCOUNT_DELETED_KEY, 'true');
}

export function isAccountDeleted() {
  return localStorage.getItem(ACCOUNT_DELETED_KEY) === 'true';
}

/** Puts the demo back to its first state: every order back, the default account. */
export function resetDemoData() {
  localStorage.removeItem(DELETED_KEY);
  localStorage.removeItem(ACCOUNT_KEY);
  localStorage.removeItem(ACCOUNT_DELETED_KEY);
}

function deletedIds() {
  try {
    const stored = JSON.parse(localStorage.getItem(DELETED_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.map(String) : []);
  } catch {
    return new Set();
  }
}
