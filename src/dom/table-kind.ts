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
// Rows read for long cells: a table's first rows tell what it holds, and reading all of a table of
// thousands of rows would cost a capped snapshot what the whole page costs.
const SAMPLED_ROWS = 100;

export function isDataTable(table: Element): boolean {
  const role = table.getAttribute('role');
  if (role === 'table' || role === 'grid' || role === 'treegrid') return true;
  // A table holding tables is a page grid.
  if (table.querySelector('table') !== null) return false;
  const rows = (table as HTMLTableElement).rows;
  // Nothing to compare across: one row, or one column.
  if (!rows || rows.length < 2 || !hasTwoColumns(rows)) return false;
  if (table.querySelector(BLOCK_CONTENT) !== null || hasLongCell(table, rows)) return false;
  if (table.hasAttribute('summary') || table.querySelector(DATA_SIGNALS) !== null) return true;
  return table.querySelector(LIST_CONTENT) === null;
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
