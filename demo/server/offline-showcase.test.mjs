// Unit checks of the offline model's showcase scripts: the tour (CMS page), host actions (the
// React app's registered send_invoice, the Vue app's JSON-declared track_shipment), deleting the
// account (plain settings page) and the single-page apps' own order paths.
// Run: node --test demo/server/
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readIntent } from './offline-intents.mjs';
import { decideTurn } from './offline-model.mjs';

const ORIGIN = 'http://127.0.0.1:4173';

const tools = (...names) =>
  names
    .map((name) => (typeof name === 'string' ? `## ${name}\nBuilt in.\nargs: {"type":"object"}` : `## ${name.name}\n${name.description}\nargs: ${JSON.stringify(name.parameters)}`))
    .join('\n\n');

const system = ({ toolList, sitemap = '' }) =>
  `You are Ava, an assistant that lives inside the web page.\n\n# Tools\nPut these inside agent_turn.actions.\n\n${toolList}\n\n# How to answer\nCall agent_turn.${sitemap ? `\n\n# Sitemap (where things are)\n${sitemap}` : ''}`;

function request({ task, turns = [], url, dump, systemText }) {
  const messages = [{ role: 'system', content: systemText }, { role: 'user', content: task }];
  turns.forEach(([turn, reply], index) => {
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: `c${index}`, type: 'function', function: { name: 'agent_turn', arguments: JSON.stringify(turn) } }] });
    messages.push({ role: 'tool', tool_call_id: `c${index}`, content: reply });
  });
  messages.push({ role: 'user', content: `# Current page\n- URL: ${ORIGIN}${url}\n- Title: Acme\n\n<page-dom>\n${dump}\n</page-dom>` });
  return { model: 'gpt-4.1-mini', stream: true, messages, tools: [{ type: 'function', function: { name: 'agent_turn', parameters: {} } }] };
}

const toolCalls = (turn) => turn.actions.filter((action) => action.tool);
const said = (turn) => turn.actions.filter((action) => 'narrate' in action).map((action) => action.narrate).join(' ');
const ends = (turn) => toolCalls(turn).length === 0 && turn.todos_remaining.length === 0;

const ARTICLE = `[a1]<header>
 [a2]<a>Acme Journal
[m1]<main>
 [t1]<h1>Spring update
 A few things changed.
 [s1]<section>
  [h1]<h2>Same-day dispatch
  Orders placed before 2 pm leave the same day. Later ones leave the next morning.
 [s2]<section>
  [h2]<h2>Talk to us
  Write to
  [l1]<a>help@acme.example
  or ask Ava.`;

describe('the tour', () => {
  const systemText = system({ toolList: tools('highlight', 'border', 'navigate') });

  it('reads "give me a tour" and "show me around" as a tour', () => {
    assert.equal(readIntent('Give me a tour of this page').kind, 'tour');
    assert.equal(readIntent('show me around').kind, 'tour');
  });

  it('spotlights the first section with a sentence from the page', () => {
    const turn = decideTurn(request({ task: 'Give me a tour', url: '/cms/', dump: ARTICLE, systemText }));
    assert.deepEqual(toolCalls(turn), [{ tool: 'highlight', args: { selector: '[s1]', label: 'Same-day dispatch' } }]);
    assert.match(said(turn), /“Spring update” in 2 parts\. 1 of 2: “Same-day dispatch”\. Orders placed before 2 pm leave the same day\./);
  });

  it('goes on to the next section, its text read across a link, then sums up', () => {
    const first = decideTurn(request({ task: 'Give me a tour', url: '/cms/', dump: ARTICLE, systemText }));
    const second = decideTurn(request({ task: 'Give me a tour', url: '/cms/', dump: ARTICLE, systemText, turns: [[first, '1. highlight: ok — Highlighted section.']] }));
    assert.equal(toolCalls(second)[0].args.selector, '[s2]');
    assert.match(said(second), /Write to help@acme\.example or ask Ava\./);
    const last = decideTurn(request({ task: 'Give me a tour', url: '/cms/', dump: ARTICLE, systemText, turns: [[first, '1. highlight: ok'], [second, '1. highlight: ok']] }));
    assert.ok(ends(last));
    assert.match(said(last), /“Same-day dispatch” and “Talk to us”/);
  });

  it('outlines with border when the page offers no highlight', () => {
    const turn = decideTurn(request({ task: 'Give me a tour', url: '/cms/', dump: ARTICLE, systemText: system({ toolList: tools('border') }) }));
    assert.deepEqual(toolCalls(turn)[0], { tool: 'border', args: { selectors: ['[s1]'] } });
  });
});

const SEND_INVOICE = {
  name: 'send_invoice',
  description: "Email the invoice of an order to that order's customer.",
  parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
};
const TRACK = {
  name: 'track_shipment',
  description: "Track an order's parcel: the carrier, where it is now and when it should arrive.",
  parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
};
const SPA_HOME = `[n0]<nav aria-label=Main>
 [n1]<a>Home
 [n2]<a>Orders
[m0]<main>
 [h0]<h1>Good to see you, Sam`;

describe("the host's own actions", () => {
  const systemText = system({ toolList: tools('navigate', 'click', SEND_INVOICE, TRACK) });

  it('calls the action whose verb the request uses, with the order number from the request', () => {
    const invoice = decideTurn(request({ task: 'Email the invoice for order 1042', url: '/react/', dump: SPA_HOME, systemText }));
    assert.deepEqual(toolCalls(invoice), [{ tool: 'send_invoice', args: { orderId: '1042' } }]);
    const parcel = decideTurn(request({ task: 'Track the parcel for order 1047', url: '/vue/', dump: SPA_HOME, systemText }));
    assert.deepEqual(toolCalls(parcel), [{ tool: 'track_shipment', args: { orderId: '1047' } }]);
  });

  it('reports what the action answered, word for word', () => {
    const first = decideTurn(request({ task: 'Track the parcel for order 1047', url: '/vue/', dump: SPA_HOME, systemText }));
    const last = decideTurn(request({ task: 'Track the parcel for order 1047', url: '/vue/', dump: SPA_HOME, systemText, turns: [[first, '2. track_shipment: ok — Order 1047 is with Acme Express.']] }));
    assert.ok(ends(last));
    assert.equal(said(last), 'Order 1047 is with Acme Express.');
  });

  it('passes on a failure', () => {
    const first = decideTurn(request({ task: 'Email the invoice for order 9999', url: '/react/', dump: SPA_HOME, systemText }));
    const last = decideTurn(request({ task: 'Email the invoice for order 9999', url: '/react/', dump: SPA_HOME, systemText, turns: [[first, '2. send_invoice: failed (not-found) — There is no order 9999.']] }));
    assert.match(said(last), /didn't work: There is no order 9999\./);
  });

  it('asks for a required argument the request does not give, instead of inventing one', () => {
    const turn = decideTurn(request({ task: 'Email the invoice', url: '/react/', dump: SPA_HOME, systemText }));
    assert.ok(ends(turn));
    assert.match(said(turn), /need the order id/);
  });

  it('leaves requests that only share a word with an action to the usual scripts', () => {
    const turn = decideTurn(request({ task: 'Show me where invoices are', url: '/react/', dump: SPA_HOME, systemText }));
    assert.ok(!toolCalls(turn).some((action) => action.tool === 'send_invoice'));
  });

  it('lists the page\'s own actions in its help', () => {
    const turn = decideTurn(request({ task: 'What can you do?', url: '/react/', dump: SPA_HOME, systemText }));
    assert.match(said(turn), /this page's own action “send invoice”/);
  });
});

describe('single-page apps', () => {
  const systemText = system({
    toolList: tools('navigate', 'click'),
    sitemap: ["- /react/ — home", "- /react/orders — all orders with a filter box", "- /react/orders/1042 — one order's details and the Delete order button (put the order number in place of 1042)", '- /react/settings — account settings (also: account, profile)'].join('\n'),
  });

  it("opens an order at the app's own path, taken from the sitemap", () => {
    const turn = decideTurn(request({ task: 'Delete order 1043', url: '/react/', dump: SPA_HOME, systemText }));
    assert.deepEqual(toolCalls(turn), [{ tool: 'navigate', args: { url: '/react/orders/1043' } }]);
  });

  it('knows which order a /orders/1043 page is about and presses Delete there', () => {
    const first = decideTurn(request({ task: 'Delete order 1043', url: '/react/', dump: SPA_HOME, systemText }));
    const dump = `${SPA_HOME.replace('Good to see you, Sam', 'Order 1043')}\n [d1]<button>Delete order`;
    const turn = decideTurn(request({ task: 'Delete order 1043', url: '/react/orders/1043', dump, systemText, turns: [[first, '1. navigate: ok — Opened /react/orders/1043.']] }));
    assert.deepEqual(toolCalls(turn), [{ tool: 'click', args: { selector: '[d1]' } }]);
  });

  it('goes to the settings path of the app, not the plain pages', () => {
    const turn = decideTurn(request({ task: 'Change my name to Ada Lovelace', url: '/react/', dump: SPA_HOME, systemText }));
    assert.deepEqual(toolCalls(turn), [{ tool: 'navigate', args: { url: '/react/settings' } }]);
  });
});

describe('deleting the account', () => {
  const systemText = system({ toolList: tools('navigate', 'click'), sitemap: '- /index.html — home\n- /settings.html — account settings; the danger zone deletes the account (also: account, profile)' });
  const SETTINGS = `[m0]<main>\n [h0]<h1>Account settings\n [z0]<section>\n  [z1]<h2>Danger zone\n  [z2]<button type=button>Delete my account`;

  it('reads the request', () => {
    assert.equal(readIntent('Delete my account').kind, 'delete-account');
    assert.equal(readIntent('Delete order 1042').kind, 'delete');
  });

  it('goes to the settings page, presses the button, and reports what the page says', () => {
    const first = decideTurn(request({ task: 'Delete my account', url: '/index.html', dump: SPA_HOME, systemText }));
    assert.deepEqual(toolCalls(first), [{ tool: 'navigate', args: { url: '/settings.html' } }]);
    const second = decideTurn(request({ task: 'Delete my account', url: '/settings.html', dump: SETTINGS, systemText, turns: [[first, '1. navigate: ok — Opened /settings.html.']] }));
    assert.deepEqual(toolCalls(second), [{ tool: 'click', args: { selector: '[z2]' } }]);
    assert.match(said(second), /asked first/);
    const after = SETTINGS.replace('  [z2]<button type=button>Delete my account', '  <p role=status>Your account was deleted.');
    const last = decideTurn(request({ task: 'Delete my account', url: '/settings.html', dump: after, systemText, turns: [[first, '1. navigate: ok'], [second, '2. click: ok — Clicked button "Delete my account".']] }));
    assert.ok(ends(last));
    assert.match(said(last), /Your account was deleted\./);
  });
});
