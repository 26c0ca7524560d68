// The synthetic page of bench/scale.mjs: an admin screen that grows the way real ones do. A top
// navigation, a filter form, a sidebar of links and a customers table with an Edit button per row;
// the table and the links grow with the page (about 5,000 rows and 2,000 links at 29,000 elements,
// the page of issue 19). Deterministic: the same size always gives the same page.

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Margaret', 'Ken', 'Radia', 'Tim', 'Sophie', 'Linus', 'Hedy', 'Dennis'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Backus', 'Hamilton', 'Thompson', 'Perlman', 'Berners-Lee', 'Wilson', 'Torvalds', 'Lamarr', 'Ritchie'];
const STATUS = ['Active', 'Invited', 'Suspended', 'Active', 'Active', 'Overdue'];
const TOPICS = ['Invoices', 'Orders', 'Refunds', 'Shipping', 'Reports', 'Settings', 'Audit log', 'Webhooks', 'Teams', 'Billing'];

// Elements a row (tr, three td, the button) and a link (li, a) take; the rest of the page is fixed.
const PER_ROW = 5;
const PER_LINK = 2;
const ROWS_PER_LINK = 5000 / 2000;

/** The page's HTML for about `elements` elements (the exact count is measured in the page). */
export function adminPage(elements) {
  const fixed = 80;
  const units = Math.max(0, elements - fixed) / (ROWS_PER_LINK * PER_ROW + PER_LINK);
  const links = Math.max(1, Math.round(units));
  const rows = Math.max(1, Math.round(units * ROWS_PER_LINK));
  const name = (i) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
  const out = [];
  out.push(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Customers — admin (${elements.toLocaleString('en')} elements)</title>
<style>
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #1b1f24; }
header { display: flex; gap: 16px; align-items: center; padding: 8px 16px; background: #24292f; color: #fff; }
header a { color: #fff; }
header ul, aside ul { list-style: none; margin: 0; padding: 0; }
header ul { display: flex; gap: 12px; }
.layout { display: grid; grid-template-columns: 220px 1fr; gap: 16px; padding: 16px; }
aside li { padding: 2px 0; }
form { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: end; margin-bottom: 16px; }
label { display: grid; gap: 2px; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #d0d7de; padding: 4px 8px; text-align: left; }
</style></head><body>
<header><strong>Acme admin</strong><nav aria-label="Main"><ul>`);
  for (const topic of ['Dashboard', 'Customers', ...TOPICS]) out.push(`<li><a href="/${slug(topic)}">${topic}</a></li>`);
  out.push(`</ul></nav><button type="button" aria-label="Account menu">SR</button></header>
<div class="layout"><aside><nav aria-label="Saved views"><h2>Saved views</h2><ul>`);
  for (let i = 0; i < links; i++) out.push(`<li><a href="/views/${i}">${TOPICS[i % TOPICS.length]} · ${name(i * 7)}</a></li>`);
  out.push(`</ul></nav></aside><main><h1>Customers</h1>
<form role="search" aria-label="Filter customers" onsubmit="return false">
<label>Name <input name="name" placeholder="Any name"></label>
<label>Email <input type="email" name="email"></label>
<label>Status <select name="status"><option>Any</option>${[...new Set(STATUS)].map((status) => `<option>${status}</option>`).join('')}</select></label>
<label>Joined after <input type="date" name="after"></label>
<label><input type="checkbox" name="overdue"> Only overdue</label>
<button type="submit">Search</button><button type="reset">Clear</button>
</form>
<table><caption>${rows.toLocaleString('en')} customers</caption><thead><tr><th>#</th><th>Customer</th><th>Actions</th></tr></thead><tbody>`);
  for (let i = 0; i < rows; i++) {
    const id = 1000 + i;
    out.push(`<tr><td>${id}</td><td>${name(i)} · ${STATUS[i % STATUS.length]} · c${id}@example.com</td><td><button type="button">Edit</button></td></tr>`);
  }
  out.push(`</tbody></table></main></div><footer><p>Acme Inc. · <a href="/help">Help</a> · <a href="/privacy">Privacy</a></p></footer></body></html>`);
  return out.join('\n');
}

function slug(text) {
  return text.toLowerCase().replace(/[^a-z]+/g, '-');
}
