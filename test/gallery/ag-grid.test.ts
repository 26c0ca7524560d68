// AG Grid through the agent: each task is played by a policy that reads only the dump.
import { galleryCases, stateText } from './gallery-case.js';
import { check, click, done, fill, press, stuck, waitOnce, type Move, type PageView } from '../support/dump-policy.js';
import type { DumpLine } from '../support/dump-lines.js';
import type { ScriptedAction } from '../support/model-lane.js';

/** A grid cell's words: its text, or its label when the dump names it so (a row cut at the fold). */
const words = (line: DumpLine) => line.text || line.attrs.label || '';

/** The cells of the row that has a cell saying `text`, or undefined when no row in the dump does. */
function rowCells(view: PageView, text: string | RegExp): DumpLine[] | undefined {
  const cell = view.lines.find((line) => line.row && (typeof text === 'string' ? words(line) === text : text.test(words(line))));
  return cell && view.lines.filter((line) => line.row === cell.row);
}

/**
 * What a model does when the grid is not drawn yet: WebKit on a busy machine draws the rows, the
 * header row or the filter row a moment after the first snapshot, each on its own. Wait a moment
 * and read again, once.
 */
function untilDrawn(view: PageView): Move | undefined {
  const drawn = (role: string) => view.lines.some((line) => line.attrs.role === role);
  const filters = view.findAll({ tag: 'input' }).some((line) => /Filter Input/.test(line.attrs.label ?? ''));
  return drawn('columnheader') && drawn('gridcell') && filters ? undefined : waitOnce(view, 'the grid is not drawn whole (rows, header and filters), even after a wait');
}

/** One screen further down the grid's own scrolling area (the page itself does not scroll the rows). */
function scrollGrid(view: PageView): ScriptedAction {
  const rows = view.findAll({ state: { scrollable: true } }).find((line) => line.attrs.scrollable?.includes('down')) ?? view.need({ state: { scrollable: 'down' } }, 'a scrolling area of rows');
  return { tool: 'scroll_to', args: { direction: 'down', container: rows.ref } };
}

galleryCases('ag-grid', {
  sort: {
    decide(view) {
      const waiting = untilDrawn(view);
      if (waiting) return waiting;
      const price = view.need({ role: 'columnheader', name: /^Price/ }, 'the Price column header');
      if (price.attrs['aria-sort'] === 'ascending') return done('The cars are sorted by price, cheapest first.');
      return [click(price)];
    },
    check: (root) => stateText(root, 'sort', 'Sorted by: price ascending'),
  },
  'below-fold': {
    // Fourteen screens of rows, one scroll a turn, the row on the eleventh: slack for a turn whose
    // snapshot came before the grid drew the rows it scrolled to.
    maxTurns: 20,
    decide(view) {
      const waiting = untilDrawn(view);
      if (waiting) return waiting;
      const row = rowCells(view, 'XC90 Recharge');
      if (row) {
        const price = row.find((cell) => /^\$[\d,]+$/.test(words(cell)));
        if (!price) return stuck('the XC90 Recharge row shows no price');
        return done(`The Volvo XC90 Recharge costs ${words(price)}.`);
      }
      return [scrollGrid(view)];
    },
    check: (root, run) => ({ ok: /\$71,250/.test(run.verdict.done ?? ''), shows: `the answer "${run.verdict.done ?? '(none)'}"` }),
  },
  edit: {
    decide(view) {
      const waiting = untilDrawn(view);
      if (waiting) return waiting;
      if (view.shows('Edited: Ford Mondeo 2006 costs $39,000')) return done('The Ford Mondeo 2006 now costs $39,000.');
      const row = rowCells(view, 'Mondeo 2006');
      if (!row) return stuck('no Mondeo 2006 row in the dump');
      const editor = row.find((cell) => cell.tag === 'input');
      if (editor) return [fill(editor, '39000'), press('Enter', editor)];
      const price = row.find((cell) => words(cell) === '$45,000');
      if (!price) return stuck('the Mondeo 2006 row shows no $45,000 cell');
      return [fill(price, '39000')];
    },
    check: (root) => stateText(root, 'edited', 'Edited: Ford Mondeo 2006 costs $39,000'),
  },
  select: {
    decide(view) {
      const waiting = untilDrawn(view);
      if (waiting) return waiting;
      if (view.shows('Selected: Porsche Cayenne 2007')) return done('The Porsche Cayenne 2007 row is selected.');
      const row = rowCells(view, 'Cayenne 2007');
      if (!row) return stuck('no Cayenne 2007 row in the dump');
      // The row's first cell is its checkbox, named by what it says it does.
      const box = row.find((cell) => /toggle row selection/.test(cell.attrs.icon ?? cell.attrs.label ?? ''));
      if (!box) return waitOnce(view, 'the Cayenne 2007 row has no checkbox');
      return [check(box)];
    },
    check: (root) => stateText(root, 'selected', 'Selected: Porsche Cayenne 2007'),
  },
  filter: {
    decide(view) {
      const waiting = untilDrawn(view);
      if (waiting) return waiting;
      if (view.shows('Rows shown: 24')) return done('Only the 24 Skoda cars are shown.');
      const filter = view.findAll({ tag: 'input' }).find((line) => /^Make/.test(line.attrs.label ?? ''));
      if (!filter) return stuck('no Make filter field in the dump');
      if (filter.attrs.value !== 'Skoda') return [fill(filter, 'Skoda')];
      // The grid filters a moment after the typing stops, by a timer fill_input's report waits for.
      return stuck(`the filter holds Skoda but the grid still shows ${view.find({ text: /^Rows shown/, indexed: false })?.text ?? 'all rows'}`);
    },
    check: (root) => stateText(root, 'shown', 'Rows shown: 24'),
  },
});
