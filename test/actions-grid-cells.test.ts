// A data grid's cells edit in place: the cell holds only its value until a person double-clicks it
// and types into the field the grid opens there (the ARIA grid pattern's edit mode). fill_input on
// such a cell does the same. Hand-written grids, driven through the real agent loop.
import { expect, fixture, html } from '@open-wc/testing';
import { createLane, type Lane } from './support/model-lane.js';
import { idOf, runAction } from './fixtures/apps/agent-driver.js';

/** A grid whose price cells open an input on double-click and keep what it holds on Enter or blur. */
async function editableGrid(readOnly = false): Promise<HTMLElement> {
  const page = await fixture<HTMLElement>(html`
    <div role="grid" aria-label="Cars" aria-readonly=${readOnly ? 'true' : 'false'}>
      <div role="row"><div role="columnheader">Model</div><div role="columnheader">Price</div></div>
      <div role="row"><div role="gridcell">Mondeo</div><div role="gridcell" class="price" tabindex="-1" style="display:inline-block;min-width:120px">45000</div></div>
    </div>`);
  const cell = page.querySelector<HTMLElement>('.price')!;
  cell.addEventListener('dblclick', () => {
    if (readOnly) return;
    const editor = document.createElement('input');
    editor.value = cell.textContent!;
    const commit = () => {
      if (editor.isConnected) cell.replaceChildren(editor.value);
    };
    editor.addEventListener('keydown', (event) => event.key === 'Enter' && commit());
    editor.addEventListener('blur', commit);
    cell.replaceChildren(editor);
    editor.focus();
    editor.select();
  });
  return page;
}

describe('fill_input on a grid cell that edits in place', () => {
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('opens the cell\'s editor with a double click and types the value into it', async () => {
    const page = await editableGrid();
    const cell = page.querySelector<HTMLElement>('.price')!;
    const step = await runAction(lane, 'fill_input', { selector: idOf(cell), value: '39000' });
    expect(step.message).to.include('"39000"');
    cell.querySelector('input')!.blur();
    expect(cell.textContent).to.equal('39000');
  });

  it('a read-only grid\'s cell stays not a text field', async () => {
    const page = await editableGrid(true);
    const cell = page.querySelector<HTMLElement>('.price')!;
    const step = await runAction(lane, 'fill_input', { selector: idOf(cell), value: '39000' });
    expect(step.ok).to.equal(false);
    expect(cell.textContent).to.equal('45000');
  });
});
