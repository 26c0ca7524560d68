import { capText, formatValue } from './clean-page-text.js';
import { REDACTION_MASK } from './redaction.js';
import type { Walk } from './collect.js';
import type { DumpNode, ElementNode, RowNode } from './dump-node.js';
import { verticalPlacement } from './visibility.js';

export interface FormatOptions {
  maxLength: number;
  viewportHeight: number;
  /** Ids printed by the previous snapshot; null on the first one, when nothing is marked new. */
  previousIds: ReadonlySet<string> | null;
  screensAbove: number;
  screensBelow: number;
  /** A line of our own printed first, such as the note that a modal dialog hides the page. */
  note?: string;
  /** Lines a banded walk left out unwalked (collectNodes' `leftOut`): the dump counts them as cut. */
  leftOut?: { above: number; below: number };
  /** Asked every so many lines: true when formatting should pause for the browser (a step of a sliced snapshot). */
  due?: (() => boolean) | undefined;
}

export interface FormattedDump {
  text: string;
  /** Ids that made it into `text`. */
  ids: Set<string>;
  truncated: boolean;
  /**
   * How far from the viewport the cut fell (the distance of the first unit left out outside it);
   * Infinity when nothing outside it was cut. A banded walk that reached at least as far gives the
   * dump a full walk would.
   */
  reach: number;
}

/** One element's lines (its own line plus `label:`/`options:` lines), kept or cut together. */
interface Unit {
  text: string;
  ids: string[];
  placement: -1 | 0 | 1;
  /** Where the element starts (its top edge): above, on or below the screen, for the place lines. */
  start: -1 | 0 | 1;
  /** Pixels between the element and the viewport; 0 when they overlap. */
  distance: number;
}

const MAX_INDENT = 16;
const PUNCTUATION_ONLY = /^[\p{P}\s|^~]+$/u;
const CELL_CAP = 150;
// Text of one row line; elements past it keep their id and this much of their text.
const ROW_TEXT_CAP = 800;
const ELEMENT_CAP_OVER_BUDGET = 60;
const LABEL_DETAIL = 'label: ';
const PROSE_CAP = 200;
const SENTENCE_MIN = 80;
const SENTENCE_END = /[.!?。！？](?=\s)/g;
// Room kept for the "dump truncated" note when the budget is tight.
const NOTE_RESERVE = 170;

/**
 * Prints the dump: one line per node, one space of indent per level of nesting, `*` for elements
 * the previous snapshot did not show. Where the lines pass the edge of the screen a line says so
 * (`… above the screen:`, `… on the screen:`, `… below the screen:`, by where each element starts):
 * in document order a page's lines run from above the screen to below it, so a few such lines say
 * what a mark on every line would, for a fraction of the tokens. When the whole dump does not fit `maxLength`, the viewport
 * wins, then what is nearest to it; output stays in document order and ends with a note saying
 * what was left out and where. A step of the walk: a whole large page makes a dump of megabytes.
 */
export function* formatDump(nodes: DumpNode[], options: FormatOptions): Walk<FormattedDump> {
  const units: Unit[] = [];
  yield* flatten(nodes, 0, units, options);
  const head = [options.note, options.screensAbove > 0 ? `… ${options.screensAbove} screens above` : '']
    .filter(Boolean)
    .join('\n');
  const tail = options.screensBelow > 0 ? `… ${options.screensBelow} screens below` : '';
  const fixed = (head ? head.length + 1 : 0) + tail.length;
  const leftOut = options.leftOut ?? { above: 0, below: 0 };
  let dump = yield* printUnits(units, leftOut.above + leftOut.below > 0 ? new Array<boolean>(units.length).fill(true) : undefined, head, tail, leftOut, options.due);
  // Past the budget, units are chosen viewport-first; the room the place lines take is only known
  // once the choice is made, so a choice that ends up too long is made again with less room.
  let budget = options.maxLength - NOTE_RESERVE - fixed - PLACE_RESERVE;
  for (let attempt = 0; dump.text.length > options.maxLength && attempt < 6; attempt += 1) {
    const choice = chooseUnits(units, budget);
    dump = yield* printUnits(units, choice.chosen, head, tail, leftOut, options.due);
    dump.reach = choice.reach;
    budget -= Math.max(dump.text.length - options.maxLength, 0) + PLACE_RESERVE;
  }
  return dump;
}

// Lines made or printed between two looks at the clock.
const CLOCK_EVERY = 64;

function* printUnits(units: Unit[], chosen: boolean[] | undefined, head: string, tail: string, leftOut: { above: number; below: number }, due: (() => boolean) | undefined): Walk<FormattedDump> {
  const lines: string[] = [];
  if (head) lines.push(head);
  const ids = new Set<string>();
  let above = leftOut.above;
  let below = leftOut.below;
  let inView = 0;
  let place = 0;
  for (let index = 0; index < units.length; index += 1) {
    if (due && index % CLOCK_EVERY === 0 && due()) yield;
    const unit = units[index]!;
    if (chosen && !chosen[index]) {
      if (unit.placement < 0) above += 1;
      else if (unit.placement > 0) below += 1;
      else inView += 1;
      continue;
    }
    if (unit.start !== place) {
      place = unit.start;
      lines.push(PLACE_LINES[place + 1]!);
    }
    lines.push(unit.text);
    for (const id of unit.ids) ids.add(id);
  }
  if (tail) lines.push(tail);
  if (chosen) lines.push(truncationNote(above, below, inView));
  return { text: lines.join('\n'), ids, truncated: chosen !== undefined, reach: Infinity };
}

// Where the lines that follow are, by placement -1, 0, 1.
const PLACE_LINES = ['… above the screen:', '… on the screen:', '… below the screen:'];
// Room for the place lines of a truncated dump: around the viewport there are usually two.
const PLACE_RESERVE = 3 * 21;

// Viewport units first (those with an id ahead of plain text), then by distance from the viewport,
// above and below alike. Within the viewport a unit that does not fit is skipped and smaller ones
// still get in; outside it, the first one that does not fit ends the selection so the kept part
// stays a contiguous band around the viewport.
function chooseUnits(units: Unit[], budget: number): { chosen: boolean[]; reach: number } {
  const order = units.map((_, index) => index);
  const tier = (unit: Unit): number => (unit.placement !== 0 ? 2 : unit.ids.length > 0 ? 0 : 1);
  order.sort((a, b) => {
    const ua = units[a]!;
    const ub = units[b]!;
    return tier(ua) - tier(ub) || ua.distance - ub.distance || a - b;
  });
  const chosen = new Array<boolean>(units.length).fill(false);
  let used = 0;
  for (const index of order) {
    const unit = units[index]!;
    const cost = unit.text.length + 1;
    if (used + cost > budget) {
      if (unit.placement === 0) continue;
      return { chosen, reach: unit.distance };
    }
    chosen[index] = true;
    used += cost;
  }
  return { chosen, reach: Infinity };
}

function truncationNote(above: number, below: number, inView: number): string {
  const parts: string[] = [];
  if (below > 0) parts.push(`${below} more elements below the viewport`);
  if (above > 0) parts.push(parts.length > 0 ? `${above} above` : `${above} more elements above the viewport`);
  if (inView > 0) parts.push(`${inView} inside the viewport`);
  const scroll = above + below > 0 ? '; scroll to see them' : '';
  return `… (dump truncated: ${parts.join(' and ')} were left out${scroll})`;
}

function* flatten(nodes: DumpNode[], depth: number, units: Unit[], options: FormatOptions): Walk {
  const indent = ' '.repeat(Math.min(depth, MAX_INDENT));
  for (const node of nodes) {
    if (options.due && units.length % CLOCK_EVERY === 0 && options.due()) yield;
    const placement = verticalPlacement(node.top, node.bottom, options.viewportHeight);
    const distance = placement < 0 ? -node.bottom : placement > 0 ? node.top - options.viewportHeight : 0;
    // A box that reaches into the screen from above starts above it; its lines on screen follow.
    const start = node.top < 0 ? -1 : node.top >= options.viewportHeight ? 1 : 0;
    if (node.kind === 'text') {
      // A line of nothing but punctuation (the commas between links, `|` separators) says nothing.
      if (PUNCTUATION_ONLY.test(node.text) && !node.text.includes(REDACTION_MASK)) continue;
      units.push({ text: indent + escapeLineStart(prose(node.text)), ids: [], placement, start, distance });
      continue;
    }
    const ids: string[] = [];
    if (node.kind === 'row') {
      const label = node.id ? `${tag(node.id, ids, options)}<tr>` : '';
      units.push({ text: `${indent}${label}${rowText(node, ids, options)}`, ids, placement, start, distance });
      continue;
    }
    let text = `${indent}${elementLine(node, ids, options)}`;
    for (const detail of node.details) text += `\n${indent} ${detail}`;
    units.push({ text, ids, placement, start, distance });
    yield* flatten(node.children, depth + 1, units, options);
  }
}

function tag(id: string, ids: string[], options: FormatOptions): string {
  ids.push(id);
  const fresh = options.previousIds !== null && !options.previousIds.has(id);
  return fresh ? `*[${id}]` : `[${id}]`;
}

function elementLine(node: ElementNode, ids: string[], options: FormatOptions): string {
  return `${tag(node.id, ids, options)}${node.head}${node.text}`;
}

/**
 * `| cell | cell |`: a row's text shares one budget, cells' text beyond it is cut, but every
 * element in a cell keeps its id and the start of its text: what a cell lets a user do is never cut.
 */
function rowText(row: RowNode, ids: string[], options: FormatOptions): string {
  const budget = { left: ROW_TEXT_CAP, said: '' };
  // A row of one cell (a list item) needs no closing bar: its line ends where it does.
  return `| ${row.cells.map((cell) => inline(cell, ids, options, budget)).join(' | ')}${row.cells.length > 1 ? ' |' : ''}`;
}

/** A cell's content on one line: text as is, elements as `[id]<tag>text`, nesting flattened. */
function inline(nodes: DumpNode[], ids: string[], options: FormatOptions, budget: { left: number; said: string }): string {
  const parts: string[] = [];
  for (const node of nodes) {
    if (node.kind === 'text') {
      if (budget.left <= 0) {
        if (parts.at(-1) !== '…') parts.push('…');
        continue;
      }
      const text = capText(node.text, Math.min(CELL_CAP, Math.max(budget.left, 2)));
      budget.left -= text.length;
      budget.said += ` ${node.text}`;
      parts.push(text);
    } else if (node.kind === 'element') {
      const text = capText(node.text, budget.left > 0 ? CELL_CAP : ELEMENT_CAP_OVER_BUDGET);
      budget.left -= text.length;
      // A row has no room for detail lines; a control's name is what tells one "🗑" from the next.
      // A name made of words the row said just before (a card's title and line) tells nothing more.
      const label = node.details.find((detail) => detail.startsWith(LABEL_DETAIL))?.slice(LABEL_DETAIL.length);
      const head = label && !`${budget.said} `.includes(` ${label} `) ? `${node.head.slice(0, -1)} label=${formatValue(label)}>` : node.head;
      budget.said += ` ${node.text}`;
      parts.push(elementLine({ ...node, head, text }, ids, options));
      if (node.children.length > 0) parts.push(inline(node.children, ids, options, budget));
    } else parts.push(inline(node.cells.flat(), ids, options, budget));
  }
  return parts.join(' ');
}

/**
 * A paragraph as the dump shows it: its first sentences, up to PROSE_CAP characters, ending at the
 * last whole sentence when one ends past SENTENCE_MIN. The opening tells what a paragraph is about;
 * whole sentences read better than half of one; and the rest, on a page of prose, would crowd the
 * controls around the viewport out of the dump's budget. Controls keep their whole text.
 */
function prose(text: string): string {
  if (text.length <= PROSE_CAP) return text;
  let end = -1;
  for (const match of text.matchAll(SENTENCE_END)) {
    if (match.index >= PROSE_CAP - 1) break;
    if (match.index >= SENTENCE_MIN) end = match.index + 1;
  }
  return end > 0 ? `${text.slice(0, end)} …` : capText(text, PROSE_CAP);
}

/**
 * A text line must not read as one of our own lines: `[zzz]<button>…`, `↓[…`, `*[…`, or the
 * `… N screens below` markers. Such a line gets a leading backslash, the escape models know.
 * Only lines of their own need it: text after an element's head cannot start a line.
 */
function escapeLineStart(text: string): string {
  const first = text.charCodeAt(0);
  // [  ↑  ↓  …
  if (first === 91 || first === 0x2191 || first === 0x2193 || first === 0x2026 || (first === 42 && text.charCodeAt(1) === 91)) {
    return `\\${text}`;
  }
  return text;
}
