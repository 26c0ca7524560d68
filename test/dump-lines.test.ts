// The dump reader that gallery policies and evaluation oracles pick targets with (test/support/dump-lines.ts).
import { expect } from '@open-wc/testing';
import { explainMissing, findLine, findLines, lineBefore, linesWithin, parseDump, roleOf } from './support/dump-lines.js';

const DUMP = [
  '… 1 screens above',
  '[a1]<h2>Select',
  'Country',
  '[b2]<span role=combobox aria-expanded=true aria-haspopup=true>',
  ' label: France',
  ' [c3]<span readonly role=textbox>France',
  '*[d4]<ul role=listbox aria-expanded=true scrollable="up down">',
  ' ↑*[e5]<li role=option aria-selected=false>Argentina',
  ' *[f6]<li role=option aria-selected=true>France',
  '↓[g7]<input type=range value="40" min=0 max=100>',
  ' label: Opacity',
  '[h8]<table>',
  ' | *[i9]<th>Date *[j0]<button type=button> | Name |',
  ' | 2016-05-01 | Cleo |',
  'Prev',
  '[k1]<input value="say \\"hi\\"" placeholder="Greeting">',
].join('\n');

describe('parseDump: reading the dump as a model does', () => {
  const lines = parseDump(DUMP);

  it('reads ids, tags, attributes (quoted, flags), details, markers and placement', () => {
    const combobox = findLine(lines, { role: 'combobox' })!;
    expect(combobox.ref).to.equal('[b2]');
    expect(combobox.attrs['aria-expanded']).to.equal('true');
    expect(combobox.details.label).to.equal('France');
    const range = findLine(lines, { name: 'Opacity' })!;
    expect([range.tag, range.attrs.value, range.placement, roleOf(range)]).to.deep.equal(['input', '40', 'below', 'slider']);
    expect(findLine(lines, { role: 'option', text: 'Argentina' })!).to.include({ fresh: true, placement: 'above' });
    expect(findLine(lines, { tag: 'input', name: 'Greeting' })!.attrs.value).to.equal('say "hi"');
    expect(findLine(lines, { text: /screens above/, indexed: false })).to.equal(undefined);
  });

  it('splits table rows into cells and keeps the elements written inline in them', () => {
    const header = findLine(lines, { tag: 'th' })!;
    expect(header.text).to.equal('Date');
    expect(header.row!.cells).to.deep.equal(['Date', 'Name']);
    expect(findLine(lines, { role: 'button', within: header.row })!.ref).to.equal('[j0]');
    expect(findLines(lines, { indexed: false }).find((line) => line.cells?.[0] === '2016-05-01')!.cells).to.deep.equal(['2016-05-01', 'Cleo']);
  });

  it('finds by nesting, order and neighbourhood', () => {
    const list = findLine(lines, { role: 'listbox' })!;
    expect(linesWithin(lines, list).map((line) => line.text)).to.deep.equal(['Argentina', 'France']);
    expect(findLine(lines, { text: 'France', within: list })!.ref).to.equal('[f6]');
    expect(findLine(lines, { role: 'combobox', after: findLine(lines, { text: 'Country', indexed: false }) })!.ref).to.equal('[b2]');
    expect(lineBefore(lines, list, { role: 'textbox' })!.ref).to.equal('[c3]');
    expect(findLine(lines, { role: 'option', state: { 'aria-selected': 'true' } })!.text).to.equal('France');
  });

  it('names an element without words of its own by the lines inside that say them, as a model reads it', () => {
    const tree = parseDump([
      '[t1]<div role=tree>',
      ' [t2]<div role=treeitem aria-expanded=false>',
      '  [t3]<i icon="tree node expand">',
      '  Fruit',
      ' [t4]<div role=treeitem aria-expanded=false>',
      '  [t5]<i icon="tree node expand">',
      '  Vegetables',
      '[c1]<a href=/kettle>',
      ' [c2]<h3>Kettle',
      ' Boils fast.',
      '[m1]<li role=menuitem>',
      ' label: Workspace',
      ' [m2]<div>Workspace',
    ].join('\n'));
    expect(findLine(tree, { role: 'treeitem', name: 'Vegetables' })!.ref).to.equal('[t4]');
    expect(findLine(tree, { role: 'link', name: /^Kettle/ })!.ref).to.equal('[c1]');
    // Words of another control inside are its own name, not its parent's.
    expect(findLine(tree, { role: 'menuitem', name: 'Workspace' })!.ref).to.equal('[m1]');
    expect(findLine(tree, { role: 'tree', name: /Fruit/ })).to.equal(undefined);
  });

  it('says why a wanted line has no id: text only, a table cell, inside another line, or absent', () => {
    expect(explainMissing(lines, 'Prev', 'the Prev control')).to.equal('the Prev control ("Prev") shows as text without an id: "Prev"');
    expect(explainMissing(lines, 'Cleo')).to.include('shows in a table row without an id');
    expect(explainMissing(lines, 'Greeting')).to.include('appears only inside another line');
    expect(explainMissing(lines, 'Portugal')).to.equal('it ("Portugal") is not in the dump');
    // Letters inside another word are not the word: "Argent" is not in "Argentina", "Age" not in "<h3>Message".
    expect(explainMissing(lines, 'Argent')).to.equal('it ("Argent") is not in the dump');
    const heading = parseDump('[h1]<h3>Message\n[b1]<button>Send');
    expect(explainMissing(heading, 'Age')).to.equal('it ("Age") is not in the dump');
    expect(explainMissing(heading, 'message')).to.include('appears only inside another line');
  });
});
