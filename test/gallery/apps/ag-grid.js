// AG Grid Community 34: a virtualised data grid (only the rows and columns in view are in the DOM,
// cells are divs with ARIA grid roles), set up as its docs' quick start is: sortable columns,
// a floating filter row, an editable price column, checkbox row selection, and 120 rows
// so most of them sit below the grid's fold.
import { AllCommunityModule, createGrid, ModuleRegistry } from 'ag-grid-community';
import { section } from './gallery-page.js';

export const title = 'AG Grid';

ModuleRegistry.registerModules([AllCommunityModule]);

const MAKES = [
  ['Toyota', ['Corolla', 'Celica', 'Yaris', 'Prius']],
  ['Ford', ['Focus', 'Mondeo', 'Fiesta', 'Kuga']],
  ['Porsche', ['Boxster', 'Cayenne', 'Macan', 'Taycan']],
  ['Volvo', ['V40', 'V60', 'XC40', 'S90']],
  ['Skoda', ['Fabia', 'Octavia', 'Superb', 'Kodiaq']],
];

/** 120 cars, the same every run: make and model cycle, the year and price follow the row. */
function cars() {
  const rows = [];
  for (let index = 0; index < 120; index += 1) {
    const [make, models] = MAKES[index % MAKES.length];
    const model = models[Math.floor(index / MAKES.length) % models.length];
    rows.push({ id: String(index + 1), make, model: `${model} ${2000 + (index % 25)}`, price: 18000 + ((index * 7919) % 60) * 500 });
  }
  // One car a visitor asks about, far below the fold.
  rows[87] = { id: '88', make: 'Volvo', model: 'XC90 Recharge', price: 71250 };
  return rows;
}

export async function mount(root) {
  root.style.cssText = 'padding: 16px; max-width: 760px; font: 14px/1.4 system-ui, sans-serif';
  const holder = section(root, 'Cars', `
    <div id="cars-grid" style="height: 480px"></div>
    <p data-state="sort">Sorted by: nothing</p>
    <p data-state="selected">Selected: none</p>
    <p data-state="shown">Rows shown: 120</p>
    <p data-state="edited">Edited: nothing</p>`);
  const state = (name, text) => {
    holder.querySelector(`[data-state=${name}]`).textContent = text;
  };
  let rendered;
  const firstRows = new Promise((resolve) => {
    rendered = resolve;
  });
  const api = createGrid(holder.querySelector('#cars-grid'), {
    rowData: cars(),
    getRowId: (params) => params.data.id,
    columnDefs: [
      { field: 'make', filter: 'agTextColumnFilter', floatingFilter: true },
      { field: 'model', filter: 'agTextColumnFilter', floatingFilter: true, flex: 1 },
      { field: 'price', editable: true, filter: 'agNumberColumnFilter', cellEditor: 'agNumberCellEditor', valueFormatter: (params) => `$${params.value.toLocaleString('en-US')}` },
    ],
    defaultColDef: { sortable: true },
    rowSelection: { mode: 'multiRow', checkboxes: true, headerCheckbox: true },
    animateRows: false,
    // The page is there once the grid has drawn its first rows (WebKit draws them a moment later).
    onFirstDataRendered: () => rendered(),
    onSortChanged: () => {
      const sorted = api.getColumnState().filter((column) => column.sort);
      state('sort', `Sorted by: ${sorted.map((column) => `${column.colId} ${column.sort === 'asc' ? 'ascending' : 'descending'}`).join(', ') || 'nothing'}`);
    },
    onSelectionChanged: () => {
      const rows = api.getSelectedRows();
      state('selected', `Selected: ${rows.map((row) => `${row.make} ${row.model}`).join(', ') || 'none'}`);
    },
    onFilterChanged: () => state('shown', `Rows shown: ${api.getDisplayedRowCount()}`),
    onCellValueChanged: (event) => state('edited', `Edited: ${event.data.make} ${event.data.model} costs $${Number(event.newValue).toLocaleString('en-US')}`),
  });
  await firstRows;
  return {
    unmount() {
      api.destroy();
      root.replaceChildren();
    },
  };
}
