// Widget state that only the markup shows (no ARIA): tree folders open or closed, their "+"
// toggles, a disclosure's panel; and dropdowns built from div/ul, opened and chosen with
// select_option through the list and through the control that opens it. Driven from the dump.
import { expect, fixture, html } from '@open-wc/testing';
import { snapshotPage } from '../src/dom/index.js';
import { clickOn, driveFromDump, idFor, lineWith } from './support/dump-driver.js';

/** The id of the indexed line just before the line that shows `label` (a toggle before its folder's name). */
function idBefore(dump: string, label: string): string {
  const lines = dump.split('\n');
  const at = lines.findIndex((line) => line.includes(label));
  for (let index = at - 1; index >= 0; index -= 1) {
    const id = /\[[a-z0-9]+\]/.exec(lines[index]!);
    if (id) return id[0];
  }
  throw new Error(`nothing indexed before "${label}" in:\n${dump}`);
}

/** A file tree as many sites write it: nested lists, a "+" before each folder, one listener on the tree. */
function fileTree() {
  return html`
    <div>
      <ul class="tree">
        <li><span class="toggle">+</span> Documents
          <ul hidden><li><a href="#cv">CV.pdf</a></li><li><a href="#letter">Letter.docx</a></li></ul>
        </li>
        <li><span class="toggle">−</span> Photos
          <ul><li><a href="#beach">Beach.jpg</a></li></ul>
        </li>
        <li><a href="#readme">README.md</a></li>
      </ul>
      <p id="opened"></p>
    </div>`;
}

function wireTree(page: HTMLElement): void {
  page.querySelector('.tree')!.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.classList.contains('toggle')) {
      const list = target.parentElement!.querySelector('ul')!;
      list.hidden = !list.hidden;
      target.textContent = list.hidden ? '+' : '−';
    } else if (target.localName === 'a') {
      event.preventDefault();
      page.querySelector('#opened')!.textContent = `Opened ${target.textContent}`;
    }
  });
}

describe('trees and disclosures without ARIA', function () {
  // Whole tasks through the agent: more than a unit test's time on a busy machine.
  this.timeout(30_000);

  it('shows which folders are open, gives the "+" toggles ids, and opening one reveals its files', async () => {
    const page = await fixture<HTMLElement>(fileTree());
    wireTree(page);
    const { dumps, steps } = await driveFromDump([
      (dump) => [{ tool: 'click', args: { selector: idBefore(dump, 'Documents') } }],
      clickOn('CV.pdf'),
    ], 'Open my CV');
    const first = dumps[0]!;
    expect(first).to.match(/<span aria-expanded=false>\+\n\s*Documents/);
    expect(first).to.match(/<span aria-expanded=true>−\n\s*Photos/);
    expect(first).not.to.include('CV.pdf');
    expect(first).to.include('Beach.jpg');
    expect(dumps[1]).to.match(/<span aria-expanded=true>−\n\s*Documents/);
    expect(dumps[1]).to.match(/<span aria-expanded=true>−\n\s*Photos/);
    expect(steps.map((step) => step.ok)).to.deep.equal([true, true]);
    expect(page.querySelector('#opened')!.textContent).to.equal('Opened CV.pdf');
  });

  it('a tree whose folder names are the toggles (a listener each) puts the state on the name', async () => {
    const page = await fixture<HTMLElement>(html`
      <ul>
        <li><span class="caret">Beverages</span><ul style="display:none"><li>Water</li><li>Tea</li></ul></li>
        <li><span class="caret">Snacks</span><ul style="display:none"><li>Nuts</li></ul></li>
      </ul>`);
    for (const caret of page.querySelectorAll<HTMLElement>('.caret')) {
      caret.addEventListener('click', () => {
        const list = caret.nextElementSibling as HTMLElement;
        list.style.display = list.style.display === 'none' ? 'block' : 'none';
      });
    }
    const { dumps } = await driveFromDump([clickOn('Beverages'), () => undefined]);
    expect(lineWith(dumps[0]!, 'Beverages')).to.match(/<span aria-expanded=false>Beverages$/);
    expect(lineWith(dumps[1]!, 'Beverages')).to.match(/<span aria-expanded=true>Beverages$/);
    expect(lineWith(dumps[1]!, 'Snacks')).to.match(/<span aria-expanded=false>Snacks$/);
    expect(dumps[1]).to.include('Water');
  });

  it('a header button whose panel is hidden reads as collapsed, and as expanded once it opened', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <button class="more">Delivery details</button>
        <div class="panel" style="display:none"><p>Parcels leave our warehouse within two working days.</p><a href="#track">Track a parcel</a></div>
        <button class="save">Save</button><span class="spinner" style="display:none"></span>
      </div>`);
    page.querySelector('.more')!.addEventListener('click', () => ((page.querySelector('.panel') as HTMLElement).style.display = 'block'));
    const { dumps } = await driveFromDump([clickOn('Delivery details'), () => undefined]);
    expect(lineWith(dumps[0]!, 'Delivery details')).to.match(/<button aria-expanded=false>Delivery details$/);
    expect(lineWith(dumps[1]!, 'Delivery details')).to.match(/<button aria-expanded=true>Delivery details$/);
    expect(dumps[1]).to.include('Track a parcel');
    // A button followed by an empty hidden box (a spinner) is no disclosure.
    expect(lineWith(dumps[0]!, 'Save')).to.match(/<button>Save$/);
  });
});

/** A colour picker built from a div and a ul, no roles; one listener on the list handles the choice. */
function plainDropdown() {
  return html`
    <div>
      <div class="select">
        <div class="current">Colour: Red</div>
        <ul class="options" style="display:none;margin:0;padding:0;list-style:none"><li>Red</li><li>Green</li><li>Blue</li></ul>
      </div>
      <p>Other content</p>
    </div>`;
}

function wireDropdown(page: HTMLElement): void {
  const current = page.querySelector<HTMLElement>('.current')!;
  const options = page.querySelector<HTMLElement>('.options')!;
  current.addEventListener('click', () => (options.style.display = options.style.display === 'none' ? 'block' : 'none'));
  options.addEventListener('click', (event) => {
    current.textContent = `Colour: ${(event.target as Element).textContent}`;
    options.style.display = 'none';
  });
}

describe('dropdowns built from div and ul', function () {
  this.timeout(30_000);

  it('once open, each option has an id, and select_option on the open list chooses one', async () => {
    const page = await fixture<HTMLElement>(plainDropdown());
    wireDropdown(page);
    const { dumps, steps } = await driveFromDump([
      clickOn('Colour: Red'),
      (dump) => [{ tool: 'select_option', args: { selector: idBefore(dump, 'Green'), option: 'Green' } }],
      () => undefined,
    ], 'Make it green');
    expect(dumps[1]).to.match(/\]<li>Green$/m);
    expect(dumps[1]).to.match(/\]<ul>\n/);
    expect(steps[1]!.ok, steps[1]!.message).to.equal(true);
    expect(steps[1]!.message).to.include('now shows "Colour: Green"');
    expect(page.querySelector('.current')!.textContent).to.equal('Colour: Green');
    expect(dumps[2]).not.to.include('<li>Blue');
  });

  it('select_option on the control that opens the list opens it and chooses', async () => {
    const page = await fixture<HTMLElement>(plainDropdown());
    wireDropdown(page);
    const { steps } = await driveFromDump([(dump) => [{ tool: 'select_option', args: { selector: idFor(dump, 'Colour: Red'), option: 'Blue' } }]]);
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect(page.querySelector('.current')!.textContent).to.equal('Colour: Blue');
  });

  it('a list rendered at the end of <body> when opened (div items, no roles) is found too', async () => {
    const page = await fixture<HTMLElement>(html`<div><span class="picker" style="cursor:pointer">Size: M</span></div>`);
    const picker = page.querySelector<HTMLElement>('.picker')!;
    picker.addEventListener('click', () => {
      const menu = document.createElement('div');
      menu.className = 'menu';
      for (const size of ['S', 'M', 'L', 'XL']) {
        const item = document.createElement('div');
        item.className = 'menu-item';
        item.textContent = size;
        item.addEventListener('click', () => {
          picker.textContent = `Size: ${size}`;
          menu.remove();
        });
        menu.append(item);
      }
      document.body.append(menu);
    });
    const { steps } = await driveFromDump([(dump) => [{ tool: 'select_option', args: { selector: idFor(dump, 'Size: M'), option: 'XL' } }]]);
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect(picker.textContent).to.equal('Size: XL');
    expect(document.querySelector('.menu')).to.equal(null);
  });

  it('a control that opens no list gets a plain answer', async () => {
    await fixture(html`<div><button id="b">Refresh</button></div>`);
    const { steps } = await driveFromDump([(dump) => [{ tool: 'select_option', args: { selector: idFor(dump, 'Refresh'), option: 'Daily' } }]]);
    expect(steps[0]!.ok).to.equal(false);
    expect(steps[0]!.message).to.include('showed no list of options');
    expect(snapshotPage().text).to.include('Refresh');
  });
});
