// Where things are and what a page offers, worked out from the page dump, the sitemap in the
// system prompt and a small built-in map of the demo site. Targets are found by their labels,
// never by id: ids are minted by the page at run time.
import { contentWords, stem } from './offline-intents.mjs';
import { allText, clean, inChrome, isButton, isField, isHeading, isLink, nameOf, pathOf, statusMessages, tableRows } from './page-dump.mjs';

const DEMO_SITEMAP = [
  {
    path: '/index.html',
    name: 'Home',
    words: 'home start welcome overview dashboard main front',
    hint: 'Try “go to orders” or “open settings”.',
  },
  {
    path: '/orders.html',
    name: 'Orders',
    words: 'orders order list returns invoices invoice purchases sales customers shipments',
    hint: 'Try “find order 1042”, “search orders for Grace” or “delete order 1042”.',
  },
  {
    path: '/settings.html',
    name: 'Settings',
    words: 'settings account profile name email newsletter country preferences details',
    hint: 'Try “change my name to Ada Lovelace” or “set email to ada@example.com”.',
  },
];

/**
 * Where one order's page is: a sitemap entry about an order whose path carries an example number
 * (`/order.html?id=1042`, `/react/orders/1042`) with the number swapped; else the demo's own.
 */
export function orderPagePath(conversation, orderId) {
  const entry = conversation?.sitemap?.find((candidate) => /\d{3,6}/.test(candidate.path) && /\border\b/i.test(candidate.description));
  if (entry) return entry.path.replace(/\d{3,6}/, encodeURIComponent(orderId));
  return `/order.html?id=${encodeURIComponent(orderId)}`;
}

/** "/orders.html", "/orders" and "orders.html" are one page; so are "/" and "/index.html". */
export function samePath(a, b) {
  return normalizePath(a) === normalizePath(b);
}

function normalizePath(path) {
  const [pathname, search = ''] = pathOf(path).split('?');
  const base = pathname.replace(/\.html$/, '').replace(/\/index$/, '/').replace(/\/+$/, '') || '/';
  return `${base}${search ? `?${search}` : ''}`;
}

/**
 * The page that best matches the words: link texts on the page and sitemap paths/aliases count
 * three, sitemap descriptions one. Returns undefined when nothing matches at all.
 */
export function findDestination(conversation, words) {
  const wanted = words.map(stem);
  const candidates = [];
  for (const node of conversation.page.nodes) {
    if (!isLink(node) || !usableHref(node.attrs.href)) continue;
    const path = resolvePath(node.attrs.href, conversation.page.url);
    candidates.push({ path, name: nameOf(node), strong: tokens(`${nameOf(node)} ${path}`), weak: [] });
  }
  for (const entry of conversation.sitemap) {
    candidates.push({ path: entry.path, strong: tokens(`${entry.path} ${entry.aliases.join(' ')}`), weak: tokens(entry.description) });
  }
  // The built-in map of the plain demo pages only stands in when the request brings no sitemap:
  // the single-page apps have paths of their own.
  for (const entry of conversation.sitemap.length ? [] : DEMO_SITEMAP) {
    candidates.push({ path: entry.path, name: entry.name, strong: tokens(`${entry.name} ${entry.path}`), weak: tokens(entry.words) });
  }
  let best;
  for (const candidate of candidates) {
    let score = 0;
    let strongHits = 0;
    for (const word of wanted) {
      if (candidate.strong.includes(word)) {
        score += 3;
        strongHits++;
      } else if (candidate.weak.includes(word)) score += 1;
    }
    if (score > (best?.score ?? 0)) best = { ...candidate, score, byDescription: strongHits === 0 };
  }
  if (!best) return undefined;
  return { path: best.path, name: best.name || pageName(conversation, best.path), byDescription: best.byDescription };
}

/** A friendly name for a path: the link text on the page, the built-in name, or the file name. */
export function pageName(conversation, path) {
  const link = conversation.page.nodes.find((node) => isLink(node) && usableHref(node.attrs.href) && samePath(resolvePath(node.attrs.href, conversation.page.url), path));
  if (link && nameOf(link)) return nameOf(link);
  const builtIn = DEMO_SITEMAP.find((entry) => samePath(entry.path, path));
  if (builtIn) return builtIn.name;
  const file = pathOf(path).split('?')[0].split('/').filter(Boolean).at(-1)?.replace(/\.html$/, '') ?? 'home';
  return file.charAt(0).toUpperCase() + file.slice(1);
}

export function hintFor(path) {
  return DEMO_SITEMAP.find((entry) => samePath(entry.path, path))?.hint ?? '';
}

/** Two short sentences on what the current page shows and lets you do. */
export function describePage(conversation) {
  const { page } = conversation;
  const content = page.nodes.filter((node) => !inChrome(node));
  const heading = content.find((node) => node.tag === 'h1') ?? content.find(isHeading);
  const title = clean(heading ? allText(heading) : page.title) || 'this page';
  const rows = tableRows(page).filter(({ node }) => !inChrome(node));
  const fields = content.filter((node) => isField(node) && nameOf(node)).map(nameOf);
  const buttons = content.filter((node) => isButton(node) && nameOf(node)).map(nameOf);
  const links = content.filter((node) => isLink(node) && nameOf(node) && !inTable(node)).map(nameOf);

  const offers = [];
  if (rows.length) offers.push(`a table with ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`);
  if (fields.length) offers.push(`${fields.length === 1 ? 'a field' : 'fields'} for ${listOf(fields.slice(0, 4))}`);
  if (buttons.length) offers.push(`${buttons.length === 1 ? 'a button' : 'buttons'} ${listOf(buttons.slice(0, 3))}`);
  if (links.length) offers.push(`links to ${listOf(links.slice(0, 4))}`);
  const body = offers.length ? ` It has ${listOf(offers, false)}.` : '';
  return `This is “${title}”.${body}`;
}

/** The form field whose label best matches the words the visitor used ("email", "full name"). */
export function findField(page, fieldText) {
  const wanted = expandSynonyms(contentWords(fieldText.toLowerCase())).map(stem);
  if (!wanted.length) return undefined;
  let best;
  for (const node of page.nodes) {
    if (!isField(node) || !node.id || inChrome(node) || isFilterField(node)) continue;
    const have = expandSynonyms(contentWords(`${nameOf(node)} ${node.attrs.name ?? ''} ${node.attrs.type ?? ''}`.toLowerCase())).map(stem);
    const score = wanted.filter((word) => have.includes(word)).length;
    if (score > (best?.score ?? 0)) best = { node, score };
  }
  return best?.node;
}

export function findFilterField(page) {
  const fields = page.nodes.filter((node) => isField(node) && node.id && isFilterField(node));
  return fields.find((node) => !inChrome(node)) ?? fields[0];
}

function isFilterField(node) {
  if (node.attrs.type === 'search' || node.attrs.role === 'searchbox') return true;
  return /\b(filter|search|find)\b/i.test(`${nameOf(node)} ${node.attrs.name ?? ''}`);
}

/** The button that stores a form: preferably in the same form as the field. */
export function findSaveButton(page, field) {
  const buttons = page.nodes.filter((node) => isButton(node) && node.id && !inChrome(node) && /\b(save|update|apply|submit|confirm)\b/i.test(nameOf(node)));
  const form = field && ancestorForm(field);
  return buttons.find((button) => form && ancestorForm(button) === form) ?? buttons[0];
}

export function findDeleteButton(page) {
  return page.nodes.find((node) => isButton(node) && node.id && !inChrome(node) && /\b(delete|remove)\b/i.test(nameOf(node)));
}

/** A link on the page that leads to the given order, e.g. the "1042" cell of the orders table. */
export function findOrderLink(conversation, orderId) {
  const { page } = conversation;
  return page.nodes.find((node) => isLink(node) && usableHref(node.attrs.href) && (new RegExp(`\\b${orderId}\\b`).test(nameOf(node)) || new RegExp(`[?&=/]${orderId}\\b`).test(node.attrs.href)));
}

const SUCCESS = /\b(saved|updated|deleted|removed|success(?:fully)?|thank you|stored)\b/i;
const PROBLEM = /\b(error|invalid|not (?:a )?valid|required|please|could not|couldn't|cannot|can't|failed|not found|missing)\b/i;

/**
 * What the page says after an action: live regions when the dump marks them, otherwise plain text
 * lines that read like feedback, looked for in the form around `near` (or all content) first.
 * @returns {{ success: string[], problems: string[] }}
 */
export function feedbackMessages(page, near) {
  const scope = near ? ancestorForm(near) : undefined;
  const inScope = (node) => !scope || hasAncestorNode(node, scope);
  const lines = [
    ...statusMessages(page),
    ...page.nodes.filter((node) => !node.tag && !inChrome(node) && inScope(node)).map((node) => clean(node.text)),
  ].filter((line, index, all) => line && all.indexOf(line) === index);
  return {
    success: lines.filter((line) => SUCCESS.test(line)),
    problems: lines.filter((line) => PROBLEM.test(line) && !SUCCESS.test(line)),
  };
}

function hasAncestorNode(node, ancestor) {
  for (let at = node.parent; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

export function isCheckbox(node) {
  return (node.tag === 'input' && node.attrs.type === 'checkbox') || ['checkbox', 'switch'].includes(node.attrs.role);
}

/** true / false from the dump's live state, undefined when the dump does not show it. */
export function isChecked(node) {
  if ('aria-checked' in node.attrs) return node.attrs['aria-checked'] === 'true';
  if ('checked' in node.attrs) return node.attrs.checked !== 'false';
  return /^\s*\[x\]/i.test(node.text) ? true : undefined;
}

export function resolvePath(href, base) {
  try {
    const url = new URL(href, base || 'http://demo.invalid/');
    return url.pathname + url.search;
  } catch {
    return href;
  }
}

export function listOf(items, quote = true) {
  const shown = quote ? items.map((item) => `“${item}”`) : items;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

function usableHref(href) {
  return typeof href === 'string' && href !== '' && !href.startsWith('#') && !/^(javascript|mailto|tel):/i.test(href);
}

function ancestorForm(node) {
  for (let at = node.parent; at; at = at.parent) if (at.tag === 'form' || at.attrs.role === 'form') return at;
  return undefined;
}

function inTable(node) {
  for (let at = node.parent; at; at = at.parent) if (['table', 'tr', 'td'].includes(at.tag) || at.attrs.role === 'row') return true;
  return false;
}

const SYNONYMS = { 'e-mail': 'email', mail: 'email', surname: 'name', fullname: 'name', username: 'name', subscription: 'newsletter', region: 'country', nation: 'country' };

function expandSynonyms(words) {
  return words.map((word) => SYNONYMS[word] ?? word);
}

function tokens(text) {
  return contentWords(text.toLowerCase().replace(/[/._?=&-]+/g, ' ')).map(stem);
}
