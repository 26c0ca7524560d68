// Unit checks of the offline model's decisions, on request bodies shaped like the agent's.
// Run: node --test demo/server/
import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, it } from 'node:test';
import { parseEnvBlock } from './page-dump.mjs';
import { readIntent } from './offline-intents.mjs';
import { answerChatCompletion, decideTurn } from './offline-model.mjs';

const ORIGIN = 'http://127.0.0.1:5173';

const HEADER = `<header>
 [h0]<a href=/index.html>Acme back office
 <nav aria-label=Main>
  [n1]<a href=/index.html>Home
  [n2]<a href=/orders.html>Orders
  [n3]<a href=/settings.html>Settings`;

const HOME = `${HEADER}
<main>
 <h1>Welcome back
 [c1]<a href=/orders.html>Orders
  Review, filter and delete orders
 [c2]<a href=/settings.html>Account settings`;

const ORDERS = (rows = ['1042 Ada Lovelace Shipped', '1043 Grace Hopper Processing', '1044 Ada Byron Delivered']) => `${HEADER}
<main>
 <h1>Orders
 ↓[f1]<input type=search name=filter value="">
   label: Filter orders
 <table>
  <tr>
   <th>Order
   <th>Customer
   <th>Status
${rows
  .map((row, i) => {
    const [id, first, last, status] = row.split(' ');
    return `  <tr>\n   <td>\n    [r${i}]<a href="/order.html?id=${id}">${id}\n   <td>${first} ${last}\n   <td>${status}`;
  })
  .join('\n')}`;

const SETTINGS = ({ name = 'Ada Lovelace', status = '' } = {}) => `${HEADER}
<main>
 <h1>Account settings
 <form>
  [s1]<input type=text name=name value="${name}">
    label: Full name
  [s2]<input type=email name=email value="ada@example.com">
    label: Email address
  [s3]<input type=checkbox name=newsletter checked>
    label: Send me the monthly newsletter
  [s4]<select name=country>Germany
    label: Country
  [s5]<button type=submit>Save changes
  <p role=status>${status}`;

const ORDER_PAGE = ({ deleted = false } = {}) => `${HEADER}
<main>
 <h1>Order 1042
 ${deleted ? '<p role=status>Order 1042 was deleted.\n [b1]<a href=/orders.html>Back to orders' : '<p>Ada Lovelace · 3 items\n [d1]<button>Delete order'}`;

const SYSTEM = `You are Ava, an assistant that lives inside the web page on Acme and helps the person using it.

# Tools
Put these inside agent_turn.actions as {"tool": name, "args": {...}}.

## navigate
Go to another page.
args: {"type":"object"}

## click
Click an element.
args: {"type":"object"}

## fill_input
Type into a field.
args: {"type":"object"}

## ask_user
Ask the user.
args: {"type":"object"}

# How to answer
Every turn, call agent_turn exactly once.

# Sitemap (where things are)
- /index.html — home: welcome and shortcuts
- /orders.html — orders, returns and invoices (also: purchases)
- /settings.html — account: name, email, newsletter, country`;

function env(path, dump, title = 'Acme') {
  return { role: 'user', content: `# Current page\n- URL: ${ORIGIN}${path}\n- Title: ${title}\n\n<page-dom>\n${dump}\n</page-dom>` };
}

/** A request body: the task, earlier turns as [turn, toolReply] pairs, then the current page. */
function request({ task, turns = [], page, system = SYSTEM }) {
  const messages = [{ role: 'system', content: system }, { role: 'user', content: task }];
  turns.forEach(([turn, reply], index) => {
    const id = `call_${index}`;
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'agent_turn', arguments: JSON.stringify(turn) } }] });
    messages.push({ role: 'tool', tool_call_id: id, content: reply });
  });
  messages.push(page);
  return { model: 'gpt-4.1-mini', stream: true, messages, tools: [{ type: 'function', function: { name: 'agent_turn', parameters: {} } }] };
}

const tools = (turn) => (turn.actions ?? []).filter((action) => action.tool);
const narration = (turn) => (turn.actions ?? []).filter((action) => 'narrate' in action).map((action) => action.narrate).join(' ');
const ends = (turn) => tools(turn).length === 0 && turn.todos_remaining.length === 0;

describe('page dump parsing', () => {
  it('reads ids behind markers, tags, attributes, labels and nesting', () => {
    const page = parseEnvBlock(env('/orders.html', ORDERS()).content);
    assert.equal(page.url, `${ORIGIN}/orders.html`);
    const filter = page.nodes.find((node) => node.id === 'f1');
    assert.equal(filter.tag, 'input');
    assert.equal(filter.attrs.type, 'search');
    assert.equal(filter.attrs.value, '');
    assert.equal(filter.label, 'Filter orders');
    const link = page.nodes.find((node) => node.id === 'r0');
    assert.equal(link.attrs.href, '/order.html?id=1042');
    assert.equal(link.parent.tag, 'td');
  });

  it("keeps a form's controls in the form across the dump's place lines", () => {
    const dump = ['[fm]<form aria-label=Registration>', ' [n1]<input name=name>', '  label: Full name', '… below the screen:', ' [b1]<button type=submit>Register', '… 0.2 screens below'].join('\n');
    const page = parseEnvBlock(env('/register', dump).content);
    const button = page.nodes.find((node) => node.id === 'b1');
    assert.equal(button.parent?.id, 'fm');
    assert.equal(page.nodes.some((node) => node.text.startsWith('…')), false);
  });

  it('keeps quoted values with > and spaces inside', () => {
    const page = parseEnvBlock(env('/x', '*[ab12]<input value="a > b" disabled>Name').content);
    assert.deepEqual(page.nodes[0].attrs, { value: 'a > b', disabled: '' });
    assert.equal(page.nodes[0].text, 'Name');
  });
});

// The same orders page as src/dom prints tables: one `| cell | cell |` line per row.
const ORDERS_AS_ROWS = (rows) => `${HEADER}
<main>
 <h1>Orders
 [f1]<input type=search name=filter placeholder="Order number, customer or status">
   label: Filter orders
 <p role=status>Showing ${rows.length} of 8 orders
 <table>
  | Order | Customer | Date | Total | Status |
${rows.map(([id, customer, status], i) => `  | [q${i}]<a href="/order.html?id=${id}">${id} | ${customer} | May 2, 2025 | $129.00 | ${status} |`).join('\n')}`;

describe('table rows printed as | cells |', () => {
  const rows = [['1042', 'Ada Lovelace', 'Shipped'], ['1043', 'Grace Hopper', 'Processing'], ['1049', 'Ada "Countess" Byron', 'Delivered']];

  it('reads cells, skips the header row and keeps links inside cells targetable', () => {
    const page = parseEnvBlock(env('/orders.html', ORDERS_AS_ROWS(rows)).content);
    const link = page.nodes.find((node) => node.id === 'q0');
    assert.equal(link.tag, 'a');
    assert.equal(link.attrs.href, '/order.html?id=1042');
    assert.equal(link.text, '1042');
    const turn = decideTurn(request({ task: 'go to orders', turns: [[{ actions: [{ tool: 'navigate', args: { url: '/orders.html' } }] }, '1. navigate: ok — Opened /orders.html.']], page: env('/orders.html', ORDERS_AS_ROWS(rows)) }));
    assert.match(narration(turn), /table with 3 rows/);
  });

  it('reports matching rows and opens an order through the link in its cell', () => {
    const search = decideTurn(request({ task: 'search orders for ada', turns: [[{ actions: [{ tool: 'fill_input', args: {} }] }, '1. fill_input: ok — done']], page: env('/orders.html', ORDERS_AS_ROWS(rows)) }));
    assert.match(narration(search), /2 matches/);
    assert.match(narration(search), /1042 · Ada Lovelace · May 2, 2025 · \$129\.00 · Shipped/);
    const open = decideTurn(request({ task: 'delete order 1043', page: env('/orders.html', ORDERS_AS_ROWS(rows)) }));
    assert.deepEqual(tools(open), [{ tool: 'navigate', args: { url: '/order.html?id=1043' } }]);
  });
});

describe('reading the task', () => {
  const cases = [
    ['go to orders', 'navigate'],
    ['Open settings', 'navigate'],
    ['show me where invoices are', 'navigate'],
    ['Change my name to "Ada Byron"', 'set-field'],
    ['set email to ada@example.org', 'set-field'],
    ['my email is grace@navy.mil', 'set-field'],
    ['find order 1042', 'search'],
    ['Search orders for Ada', 'search'],
    ["look up Grace's orders", 'search'],
    ['delete order 1042', 'delete'],
    ['please remove order #1043!', 'delete'],
    ['What can you do?', 'help'],
    ['tell me a joke about databases and cats', 'help'],
  ];
  for (const [task, kind] of cases) {
    it(`"${task}" → ${kind}`, () => assert.equal(readIntent(task).kind, kind));
  }

  it('keeps the value as typed', () => {
    assert.deepEqual(readIntent('Change my name to "Ada Byron".'), { kind: 'set-field', field: 'name', value: 'Ada Byron' });
    assert.equal(readIntent('search orders for Grace Hopper').query, 'Grace Hopper');
    assert.equal(readIntent('delete order 1042').orderId, '1042');
  });
});

describe('navigation', () => {
  it('narrates, then navigates to the page whose link matches', () => {
    const turn = decideTurn(request({ task: 'go to orders', page: env('/index.html', HOME) }));
    assert.deepEqual(tools(turn), [{ tool: 'navigate', args: { url: '/orders.html' } }]);
    assert.match(narration(turn), /Opening Orders/);
    assert.ok(turn.todos_remaining.length > 0, 'the task continues on the next page');
  });

  it('after the navigation, describes the new page and ends', () => {
    const first = decideTurn(request({ task: 'go to orders', page: env('/index.html', HOME) }));
    const turn = decideTurn(request({ task: 'go to orders', turns: [[first, '2. navigate: ok — Opened /orders.html.']], page: env('/orders.html', ORDERS()) }));
    assert.ok(ends(turn));
    assert.match(narration(turn), /Orders/);
    assert.match(narration(turn), /table with 3 rows/);
    assert.match(narration(turn), /Filter orders/);
  });

  it('finds invoices through the sitemap description and says so on arrival', () => {
    const first = decideTurn(request({ task: 'show me where invoices are', page: env('/settings.html', SETTINGS()) }));
    assert.deepEqual(tools(first), [{ tool: 'navigate', args: { url: '/orders.html' } }]);
    const turn = decideTurn(request({ task: 'show me where invoices are', turns: [[first, '2. navigate: ok — Opened /orders.html.']], page: env('/orders.html', ORDERS()) }));
    assert.ok(ends(turn));
    assert.match(narration(turn), /invoices.*under Orders/);
  });

  it('does not navigate to the page it is already on', () => {
    const turn = decideTurn(request({ task: 'open settings', page: env('/settings.html', SETTINGS()) }));
    assert.ok(ends(turn));
    assert.match(narration(turn), /already on Settings/);
  });

  it('reports a failed navigation instead of describing a page', () => {
    const first = decideTurn(request({ task: 'go to orders', page: env('/index.html', HOME) }));
    const turn = decideTurn(request({ task: 'go to orders', turns: [[first, '2. navigate: failed (not-allowed) — Only pages of this site can be opened.']], page: env('/index.html', HOME) }));
    assert.ok(ends(turn));
    assert.match(narration(turn), /couldn't open/);
  });
});

describe('changing a setting', () => {
  it('navigates to settings first when the field is not on the page', () => {
    const turn = decideTurn(request({ task: 'change my name to Ada Byron', page: env('/orders.html', ORDERS()) }));
    assert.deepEqual(tools(turn), [{ tool: 'navigate', args: { url: '/settings.html' } }]);
    assert.ok(turn.todos_remaining.length > 0);
  });

  it('fills the field whose label matches and clicks Save', () => {
    const first = decideTurn(request({ task: 'change my name to Ada Byron', page: env('/orders.html', ORDERS()) }));
    const turn = decideTurn(request({ task: 'change my name to Ada Byron', turns: [[first, '2. navigate: ok — Opened /settings.html.']], page: env('/settings.html', SETTINGS()) }));
    assert.deepEqual(tools(turn), [
      { tool: 'fill_input', args: { selector: '[s1]', value: 'Ada Byron' } },
      { tool: 'click', args: { selector: '[s5]' } },
    ]);
  });

  it('matches "email" to the Email address field', () => {
    const turn = decideTurn(request({ task: 'set email to grace@navy.mil', page: env('/settings.html', SETTINGS()) }));
    assert.deepEqual(tools(turn)[0], { tool: 'fill_input', args: { selector: '[s2]', value: 'grace@navy.mil' } });
  });

  it('reports the confirmation the page shows after saving', () => {
    const task = 'change my name to Ada Byron';
    const first = decideTurn(request({ task, page: env('/settings.html', SETTINGS()) }));
    const reply = '2. fill_input: ok — Full name now holds "Ada Byron".\n3. click: ok — Clicked button "Save changes".';
    const turn = decideTurn(request({ task, turns: [[first, reply]], page: env('/settings.html', SETTINGS({ name: 'Ada Byron', status: 'Saved. Your account details were updated.' })) }));
    assert.ok(ends(turn));
    assert.match(narration(turn), /Saved\. Your account details were updated\./);
  });

  it('does not claim success when the page shows no confirmation', () => {
    const task = 'change my name to Ada Byron';
    const first = decideTurn(request({ task, page: env('/settings.html', SETTINGS()) }));
    const reply = '2. fill_input: ok — Full name now holds "Ada Byron".\n3. click: ok — Clicked button "Save changes".';
    const turn = decideTurn(request({ task, turns: [[first, reply]], page: env('/settings.html', SETTINGS({ name: 'Ada Byron' })) }));
    assert.match(narration(turn), /can't promise/);
  });

  it('passes on a validation problem the page reports', () => {
    const task = 'set email to nobody';
    const first = decideTurn(request({ task, page: env('/settings.html', SETTINGS()) }));
    const reply = '2. fill_input: ok — Email address now holds "nobody".\n3. click: ok — Clicked button "Save changes".';
    const turn = decideTurn(request({ task, turns: [[first, reply]], page: env('/settings.html', SETTINGS({ status: 'Please enter a valid email address.' })) }));
    assert.match(narration(turn), /reports a problem: “Please enter a valid email address\.”/);
  });
});

describe('feedback printed as plain text, the way src/dom prints a role=status paragraph', () => {
  const settings = (status) => `${HEADER}
[m1]<main>
 [h1]<h1>Account settings
 [f0]<form aria-labelledby=profile-heading>
  [h2]<h2>Profile
  [s1]<input name=name value="Ada Byron">
   label: Full name
  [s2]<input type=email name=email value="ada@example.com" required>
   label: Email address
  We send order notifications here.
  [s4]<select name=country selected="United States">
   label: Country
   options: United States | Germany
  [s3]<input type=checkbox name=newsletter checked>
   label: Send me the monthly newsletter
  ${status}
  [s5]<button type=submit>Save changes`;
  const task = 'change my name to Ada Byron';
  const saved = [{ actions: [{ tool: 'fill_input', args: {} }, { tool: 'click', args: {} }] }, '1. fill_input: ok — done\n2. click: ok — Clicked.'];

  it('finds the confirmation line in the form', () => {
    const turn = decideTurn(request({ task, turns: [saved], page: env('/settings.html', settings('Saved. Your account details are up to date.')) }));
    assert.match(narration(turn), /The page confirms: “Saved\. Your account details are up to date\.”/);
  });

  it('finds a validation message in the form', () => {
    const turn = decideTurn(request({ task: 'set email to nope', turns: [saved], page: env('/settings.html', settings('That email address is not valid (nope); use the form name@example.com.')) }));
    assert.match(narration(turn), /reports a problem: “That email address is not valid \(nope\)/);
  });

  it('reads the select and checkbox state from the dump', () => {
    const select = decideTurn(request({ task: 'set country to Germany', page: env('/settings.html', settings('')) }));
    assert.ok(ends(select));
    assert.match(narration(select), /drop-down list/);
    const already = decideTurn(request({ task: 'turn on the newsletter', page: env('/settings.html', settings('')) }));
    assert.match(narration(already), /already on/);
    const off = decideTurn(request({ task: 'turn off the newsletter', page: env('/settings.html', settings('')) }));
    assert.deepEqual(tools(off), [{ tool: 'click', args: { selector: '[s3]' } }, { tool: 'click', args: { selector: '[s5]' } }]);
  });
});

describe('searching orders', () => {
  it('fills the filter field, then reports the rows that match', () => {
    const task = 'search orders for Ada';
    const first = decideTurn(request({ task, page: env('/orders.html', ORDERS()) }));
    assert.deepEqual(tools(first), [{ tool: 'fill_input', args: { selector: '[f1]', value: 'Ada' } }]);
    const filtered = ORDERS(['1042 Ada Lovelace Shipped', '1044 Ada Byron Delivered']);
    const turn = decideTurn(request({ task, turns: [[first, '2. fill_input: ok — Filter orders now holds "Ada".']], page: env('/orders.html', filtered) }));
    assert.ok(ends(turn));
    assert.match(narration(turn), /2 matches/);
    assert.match(narration(turn), /1042 · Ada Lovelace · Shipped/);
    assert.doesNotMatch(narration(turn), /Grace/);
  });

  it('goes to the orders page first from elsewhere', () => {
    const turn = decideTurn(request({ task: 'find order 1042', page: env('/index.html', HOME) }));
    assert.deepEqual(tools(turn), [{ tool: 'navigate', args: { url: '/orders.html' } }]);
  });

  it('says so when nothing matches', () => {
    const task = 'find order 9999';
    const first = decideTurn(request({ task, page: env('/orders.html', ORDERS()) }));
    const turn = decideTurn(request({ task, turns: [[first, '2. fill_input: ok — Filter orders now holds "9999".']], page: env('/orders.html', ORDERS([])) }));
    assert.match(narration(turn), /Nothing matches “9999”/);
  });
});

describe('deleting an order', () => {
  it('opens the order through its link, then clicks Delete', () => {
    const task = 'delete order 1042';
    const first = decideTurn(request({ task, page: env('/orders.html', ORDERS()) }));
    assert.deepEqual(tools(first), [{ tool: 'navigate', args: { url: '/order.html?id=1042' } }]);
    const second = decideTurn(request({ task, turns: [[first, '2. navigate: ok — Opened /order.html?id=1042.']], page: env('/order.html?id=1042', ORDER_PAGE()) }));
    assert.deepEqual(tools(second), [{ tool: 'click', args: { selector: '[d1]' } }]);
  });

  it('uses the built-in path when no link to the order is on the page', () => {
    const turn = decideTurn(request({ task: 'delete order 1042', page: env('/index.html', HOME) }));
    assert.deepEqual(tools(turn), [{ tool: 'navigate', args: { url: '/order.html?id=1042' } }]);
  });

  it('reports the outcome from the next page', () => {
    const task = 'delete order 1042';
    const click = { memory: '', todos_remaining: ['Report'], actions: [{ narrate: 'Deleting' }, { tool: 'click', args: { selector: '[d1]' } }] };
    const turn = decideTurn(request({ task, turns: [[click, '2. click: ok — Clicked button "Delete order".']], page: env('/order.html?id=1042', ORDER_PAGE({ deleted: true })) }));
    assert.ok(ends(turn));
    assert.match(narration(turn), /Order 1042 was deleted/);
  });

  it('says it was cancelled when the tool result says the user declined', () => {
    const task = 'delete order 1042';
    const click = { memory: '', todos_remaining: ['Report'], actions: [{ tool: 'click', args: { selector: '[d1]' } }] };
    const turn = decideTurn(request({ task, turns: [[click, '1. click: failed (declined) — The user declined click.']], page: env('/order.html?id=1042', ORDER_PAGE()) }));
    assert.ok(ends(turn));
    assert.match(narration(turn), /cancelled.*not deleted/);
  });

  it('asks which order when the task names none', () => {
    const turn = decideTurn(request({ task: 'delete an order', page: env('/orders.html', ORDERS()) }));
    assert.equal(tools(turn)[0].tool, 'ask_user');
    const next = decideTurn(request({ task: 'delete an order', turns: [[turn, '1. ask_user: ok — The user answered: 1043']], page: env('/orders.html', ORDERS()) }));
    assert.deepEqual(tools(next), [{ tool: 'navigate', args: { url: '/order.html?id=1043' } }]);
    const opened = [next, '1. navigate: ok — Opened /order.html?id=1043.'];
    const third = decideTurn(request({ task: 'delete an order', turns: [[turn, '1. ask_user: ok — The user answered: 1043'], opened], page: env('/order.html?id=1043', ORDER_PAGE().replaceAll('1042', '1043')) }));
    assert.deepEqual(tools(third), [{ tool: 'click', args: { selector: '[d1]' } }], 'the answer is remembered after the navigation');
  });

  it('says an order is already deleted instead of claiming nothing happened', () => {
    const turn = decideTurn(request({ task: 'delete order 1042', page: env('/order.html?id=1042', ORDER_PAGE({ deleted: true })) }));
    assert.ok(ends(turn));
    assert.match(narration(turn), /already deleted/);
  });
});

describe('honesty', () => {
  it('explains it is an offline model and lists what it can do', () => {
    const turn = decideTurn(request({ task: 'write me a poem about the sea and the sky', page: env('/index.html', HOME) }));
    assert.ok(ends(turn));
    assert.match(narration(turn), /offline demo model/);
    assert.match(narration(turn), /go to orders/);
    assert.match(narration(turn), /OPENAI_API_KEY/);
  });

  it('uses only tools the request offers', () => {
    const system = SYSTEM.replace(/## fill_input[\s\S]*?(?=## ask_user)/, '');
    const turn = decideTurn(request({ task: 'set email to x@y.z', page: env('/settings.html', SETTINGS()), system }));
    assert.ok(ends(turn));
    assert.match(narration(turn), /fill_input/);
  });

  it('takes the newest task, not an earlier one in the same session', () => {
    const body = request({ task: 'go to orders', page: env('/orders.html', ORDERS()) });
    body.messages.splice(1, 0, { role: 'user', content: 'open settings' }, { role: 'user', content: '(I declined click; stop here.)' });
    const turn = decideTurn(body);
    assert.match(narration(turn), /already on Orders/);
  });

  it('stops after too many steps', () => {
    const step = [{ memory: '', todos_remaining: ['x'], actions: [{ tool: 'click', args: { selector: '[zz]' } }] }, '1. click: ok — Clicked.'];
    const turn = decideTurn(request({ task: 'go to orders', turns: Array(6).fill(step), page: env('/index.html', HOME) }));
    assert.ok(ends(turn));
    assert.match(narration(turn), /stopping/);
  });
});

describe('the wire', () => {
  it('streams agent_turn arguments as SSE chunks that end with [DONE]', async () => {
    const server = http.createServer((req, res) => void answerChatCompletion(req, res, { pace: { chunkChars: 7, delayMs: 0, thinkMs: 0 } }));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const body = request({ task: 'go to orders', page: env('/index.html', HOME) });
      body.stream_options = { include_usage: true };
      const response = await fetch(`http://127.0.0.1:${server.address().port}/v1/chat/completions`, { method: 'POST', body: JSON.stringify(body) });
      assert.equal(response.headers.get('content-type'), 'text/event-stream');
      const text = await response.text();
      const events = text.split('\n\n').filter(Boolean).map((event) => event.replace(/^data: /, ''));
      assert.equal(events.at(-1), '[DONE]');
      const chunks = events.slice(0, -1).map((event) => JSON.parse(event));
      assert.equal(chunks[0].choices[0].delta.tool_calls[0].function.name, 'agent_turn');
      const args = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []).map((call) => call.function.arguments).join('');
      assert.deepEqual(JSON.parse(args), decideTurn(body));
      assert.ok(chunks.length > 10, 'arguments arrive in many small pieces');
      assert.deepEqual(chunks.at(-1).choices, [], 'include_usage ends with a usage-only chunk');
    } finally {
      server.close();
    }
  });
});
