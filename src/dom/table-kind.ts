import { attributeOf, closestOf, hasAttributeOf, rectOf, styleOf, tagOf } from './platform.js';
import { currentGeneration } from './page-generation.js';
/**
 * Data tables and layout tables, told apart by structure as browsers' accessibility layers do
 * (Firefox's "probably layout table" test is the model): a data table compares values across rows
 * and columns, so it gets the compact `| cell | cell |` rows; a layout table only places blocks
 * side by side (an article in one cell, a page grid, an e-mail template), so its content is shown
 * like any other content. When the signals disagree the table is read as layout: plain lines
 * lose nothing, while a row line sums its cells up.
 */

// Markup that only a table of data has: headers, a caption, a summary, header associations.
const DATA_SIGNALS = 'caption, thead, tfoot, th, col, colgroup, td[headers], td[scope], td[abbr]';
// Content that a cell of data does not hold: whole paragraphs, headings, forms, embedded pages.
const BLOCK_CONTENT = 'p, h1, h2, h3, h4, h5, h6, form, fieldset, blockquote, pre, article, section, nav, header, footer, hr, iframe, embed, object';
// Lists of values do occur in data cells (a column of tags); in a table with no headers they mean layout.
const LIST_CONTENT = 'ul, ol, dl';
// A cell holding more text than this is prose, not a value.
const LONG_CELL = 400;
// Rows read of a long table: its first rows tell what it holds, and reading all of a table of
// thousands of rows would cost a capped snapshot what the whole page costs.
const SAMPLED_ROWS = 100;

export function isDataTable(table: Element): boolean {
  const role = attributeOf(table, 'role');
  if (role === 'table' || role === 'grid' || role === 'treegrid') return true;
  const rows = (table as HTMLTableElement).rows;
  // A table holding tables is a page grid.
  if (holds(table, rows, 'table')) return false;
  // Nothing to compare across: one row, or one column.
  if (!rows || rows.length < 2 || !hasTwoColumns(rows)) return false;
  if (holds(table, rows, BLOCK_CONTENT) || hasLongCell(table, rows)) return false;
  if (hasAttributeOf(table, 'summary') || holds(table, rows, DATA_SIGNALS)) return true;
  return !holds(table, rows, LIST_CONTENT);
}

/** Whether the table holds what `selector` matches: in its own parts (caption, head, columns) and its first rows, when it is long. */
function holds(table: Element, rows: HTMLCollectionOf<HTMLTableRowElement> | undefined, selector: string): boolean {
  if (!rows || rows.length <= SAMPLED_ROWS) return table.querySelector(selector) !== null;
  for (const part of table.children) {
    if (tagOf(part) !== 'tbody' && (part.matches(selector) || part.querySelector(selector) !== null)) return true;
  }
  for (let index = 0; index < SAMPLED_ROWS; index += 1) {
    const row = rows[index]!;
    if (row.matches(selector) || row.querySelector(selector) !== null) return true;
  }
  return false;
}

function hasTwoColumns(rows: HTMLCollectionOf<HTMLTableRowElement>): boolean {
  for (const row of rows) if (row.cells.length > 1) return true;
  return false;
}

function hasLongCell(table: Element, rows: HTMLCollectionOf<HTMLTableRowElement>): boolean {
  // Most tables hold less text in all than one long cell would: one read answers for them.
  if (rows.length <= SAMPLED_ROWS && (table.textContent ?? '').length <= LONG_CELL) return false;
  for (let index = 0; index < rows.length && index < SAMPLED_ROWS; index += 1) {
    for (const cell of rows[index]!.cells) if ((cell.textContent ?? '').length > LONG_CELL) return true;
  }
  return false;
}

const collapsing = new WeakMap<Element, { generation: number; collapses: boolean }>();

/**
 * A cell of a column that `visibility: collapse` on its `<col>` or `<colgroup>` took out (the style
 * is not inherited by the cells): the engine gives such a column no width and paints nothing of
 * it, although the cell's words may overflow its empty box. Only tables with such a column read
 * a cell's box.
 */
export function inCollapsedColumn(cell: Element): boolean {
  const table = closestOf(cell, 'table');
  if (!table) return false;
  const generation = currentGeneration();
  let known = collapsing.get(table);
  if (known?.generation !== generation) {
    known = { generation, collapses: [...table.querySelectorAll('col, colgroup')].some((col) => styleOf(col).visibility === 'collapse') };
    collapsing.set(table, known);
  }
  return known.collapses && rectOf(cell).width === 0;
}
