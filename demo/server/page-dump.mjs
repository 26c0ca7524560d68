// Reads the env block the agent sends as its last message: the URL, the title and the page
// between <page-dom> markers. The dump's exact rendering belongs to src/dom and may change, so the
// parser only relies on what the protocol promises: one element per line, an optional `[id]` near
// the start (after ↑ ↓ * markers), an optional `<tag attrs>`, its text, indentation for nesting,
// and indented `label: …` lines naming the form field above them.

const MARKERS = /^[↑↓*\s]*/u;
const ID = /^\[([0-9a-z]{1,6})\]/i;
const TAG_START = /^<([a-z][\w-]*)/i;

/** @returns {{ url: string, title: string, nodes: DumpNode[], roots: DumpNode[] } | undefined} */
export function parseEnvBlock(text) {
  if (typeof text !== 'string' || !text.trimStart().startsWith('# Current page')) return undefined;
  const url = /^- URL:\s*(.+)$/m.exec(text)?.[1]?.trim() ?? '';
  const title = /^- Title:\s*(.*)$/m.exec(text)?.[1]?.trim() ?? '';
  const open = text.indexOf('<page-dom>');
  const close = text.lastIndexOf('</page-dom>');
  const dump = open >= 0 ? text.slice(open + '<page-dom>'.length, close > open ? close : undefined) : '';
  return { url, title, ...parseDump(dump) };
}

/**
 * @typedef {object} DumpNode
 * @property {string | undefined} id      the target id, without brackets
 * @property {string | undefined} tag     lower-case tag name; undefined for a plain text line
 * @property {Record<string, string>} attrs
 * @property {string} text                what follows the tag: the element's own label text
 * @property {string | undefined} label   from a following `label: …` line
 * @property {number} indent
 * @property {DumpNode | undefined} parent
 * @property {DumpNode[]} children
 */
function parseDump(dump) {
  const nodes = [];
  const roots = [];
  const stack = [];
  for (const raw of dump.split(/\r?\n/)) {
    if (!raw.trim()) continue;
    const indent = raw.length - raw.trimStart().length;
    const body = raw.trim();
    // The dump's own notes (`… below the screen:`, `… 2 screens below`) say where lines are, and
    // are not part of the page's tree: the lines after them stay where their indentation puts them.
    if (body.startsWith('… ')) continue;
    const previous = stack.at(-1);
    // Detail lines (`label: Email`, `options: A | B`) describe the element line above them.
    const detail = /^(label|options):\s*(.*)$/i.exec(body);
    if (detail && previous?.tag && !previous.row && indent >= previous.indent) {
      previous[detail[1].toLowerCase()] = detail[2].trim();
      continue;
    }
    const node = parseLine(body, indent);
    while (stack.length && stack.at(-1).indent >= indent) stack.pop();
    node.parent = stack.at(-1);
    if (node.parent) node.parent.children.push(node);
    else roots.push(node);
    stack.push(node);
    nodes.push(node, ...node.children);
  }
  return { nodes, roots };
}

function parseLine(body, indent) {
  let rest = body.replace(MARKERS, '');
  let id;
  const idMatch = ID.exec(rest);
  if (idMatch) {
    id = idMatch[1];
    rest = rest.slice(idMatch[0].length).replace(MARKERS, '');
  }
  let tag;
  let attrs = {};
  const tagMatch = TAG_START.exec(rest);
  if (tagMatch) {
    tag = tagMatch[1].toLowerCase();
    const parsed = parseAttributes(rest, tagMatch[0].length);
    attrs = parsed.attrs;
    rest = rest.slice(parsed.end);
  }
  const node = { id, tag, attrs, text: rest.trim(), label: undefined, indent, parent: undefined, children: [] };
  if (node.text.startsWith('|')) readRow(node);
  return node;
}

/**
 * A table row printed as `| cell | [id]<a href=…>1042 | Ada |`: the cells become the row's text,
 * and elements inside cells become child nodes so they can be targeted like any other.
 */
function readRow(row) {
  row.row = true;
  row.tag ??= 'tr';
  const cells = row.text.replace(/^\|/, '').replace(/\|$/, '').split('|');
  row.cells = cells.map((cell) => {
    const parts = [];
    const inCell = [];
    let at = 0;
    const inline = /\[([0-9a-z]{1,6})\]<([a-z][\w-]*)/gi;
    let match;
    let last;
    while ((match = inline.exec(cell))) {
      const before = cell.slice(at, match.index).trim();
      if (last) last.text = before;
      else if (before) parts.push(before);
      const parsed = parseAttributes(cell, match.index + match[0].length);
      last = { id: match[1], tag: match[2].toLowerCase(), attrs: parsed.attrs, text: '', label: undefined, indent: row.indent + 1, parent: row, children: [], inline: true };
      inCell.push(last);
      at = parsed.end;
      inline.lastIndex = parsed.end;
    }
    const tail = cell.slice(at).trim();
    if (last) last.text = tail;
    else if (tail) parts.push(tail);
    row.children.push(...inCell);
    return clean([...parts, ...inCell.map((child) => child.text)].join(' '));
  });
  row.text = row.cells.filter(Boolean).join(' · ');
}

/** Scans `name`, `name=value`, `name="va>l\\"ue"` up to the closing `>` that is not inside quotes. */
function parseAttributes(line, start) {
  const attrs = {};
  let i = start;
  const skipSpaces = () => {
    while (i < line.length && /\s/.test(line[i])) i++;
  };
  for (;;) {
    skipSpaces();
    if (i >= line.length) return { attrs, end: i };
    if (line[i] === '>') return { attrs, end: i + 1 };
    if (line[i] === '/' && line[i + 1] === '>') return { attrs, end: i + 2 };
    const nameStart = i;
    while (i < line.length && !/[\s=>]/.test(line[i])) i++;
    const name = line.slice(nameStart, i).toLowerCase();
    if (!name) {
      i++;
      continue;
    }
    skipSpaces();
    if (line[i] !== '=') {
      attrs[name] = '';
      continue;
    }
    i++;
    skipSpaces();
    const quote = line[i] === '"' || line[i] === "'" ? line[i] : undefined;
    if (quote) {
      let value = '';
      i++;
      while (i < line.length && line[i] !== quote) {
        if (line[i] === '\\' && line[i + 1] === quote) i++;
        value += line[i];
        i++;
      }
      attrs[name] = value;
      i++;
    } else {
      const valueStart = i;
      while (i < line.length && !/[\s>]/.test(line[i])) i++;
      attrs[name] = line.slice(valueStart, i);
    }
  }
}

// ---- Reading the parsed page the way a person would ------------------------------------------

const FIELD_TAGS = new Set(['input', 'textarea', 'select']);
const FIELD_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'checkbox', 'switch']);
const CHROME_TAGS = new Set(['nav', 'header', 'footer']);
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo']);

export function isField(node) {
  if (!node.tag) return false;
  if (node.tag === 'input') return !['submit', 'button', 'reset', 'image', 'hidden'].includes(node.attrs.type ?? '');
  return FIELD_TAGS.has(node.tag) || FIELD_ROLES.has(node.attrs.role) || 'contenteditable' in node.attrs;
}

export function isButton(node) {
  if (!node.tag) return false;
  if (node.tag === 'button' || node.attrs.role === 'button') return true;
  return node.tag === 'input' && ['submit', 'button', 'reset'].includes(node.attrs.type ?? '');
}

export function isLink(node) {
  return node.tag === 'a' || node.attrs.role === 'link';
}

export function isHeading(node) {
  return /^h[1-6]$/.test(node.tag ?? '') || node.attrs.role === 'heading';
}

/** Site chrome (header, nav, footer) is where every page repeats itself. */
export function inChrome(node) {
  for (let at = node; at; at = at.parent) {
    if (CHROME_TAGS.has(at.tag) || CHROME_ROLES.has(at.attrs.role)) return true;
  }
  return false;
}

/** The name a person would use for an element: its label, aria-label, text or placeholder. */
export function nameOf(node) {
  const { attrs } = node;
  const candidates = [node.label, attrs['aria-label'], node.text, attrs.placeholder, attrs.title, attrs.name];
  for (const candidate of candidates) {
    const value = clean(candidate);
    if (value) return value;
  }
  return isButton(node) || isLink(node) ? clean(allText(node)) : '';
}

/** The element's own text followed by its descendants', as one line. */
export function allText(node, separator = ' ') {
  const parts = [];
  const walk = (at) => {
    const own = isField(at) ? '' : clean(at.text);
    if (own) parts.push(own);
    // A row's text already holds its cells, inline elements included.
    if (!at.row) for (const child of at.children) walk(child);
  };
  walk(node);
  return parts.join(separator);
}

/** The value shown in the dump for a field, or undefined when the dump did not show one. */
export function valueOf(node) {
  if ('value' in node.attrs) return node.attrs.value;
  if (node.tag === 'textarea' && node.text) return node.text;
  return undefined;
}

/** Live messages the page shows after an action: status/alert regions, <output>, aria-live. */
export function statusMessages(page) {
  const messages = [];
  for (const node of page.nodes) {
    const live = ['status', 'alert'].includes(node.attrs.role) || 'aria-live' in node.attrs || node.tag === 'output';
    if (!live) continue;
    const text = clean(allText(node));
    if (text) messages.push(text);
  }
  return messages;
}

/** Table body rows as text, one string per row with its cells joined by " · ". */
export function tableRows(page) {
  const rows = [];
  for (const node of page.nodes) {
    if (node.tag !== 'tr' && node.attrs.role !== 'row') continue;
    if (isHeaderRow(node)) continue;
    const text = node.row ? node.text : allText(node, ' · ');
    if (text) rows.push({ node, text });
  }
  return rows;
}

/**
 * `<tr>` lines with `<th>` children are headers. A `| a | b |` row has no tags to tell, so the first
 * row of a table counts as its header when it holds no links or controls and no digits while the
 * rows after it do: "| Order | Customer | Total |" above "| 1042 | Ada | $129.00 |".
 */
function isHeaderRow(node) {
  if (hasAncestor(node, (at) => at.tag === 'thead')) return true;
  if (!node.row) return node.children.some((child) => child.tag === 'th' && !child.attrs.scope?.startsWith('row'));
  const siblings = node.parent ? node.parent.children : [];
  const rows = siblings.filter((sibling) => sibling.row);
  if (rows[0] !== node || rows.length < 2) return false;
  const plain = (row) => row.children.length === 0 && !/\d/.test(row.text);
  return plain(node) && rows.slice(1).some((row) => !plain(row));
}

function hasAncestor(node, test) {
  for (let at = node.parent; at; at = at.parent) if (test(at)) return true;
  return false;
}

export function pathOf(url) {
  try {
    const parsed = new URL(url, 'http://demo.invalid');
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

export function clean(text) {
  return typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '';
}
