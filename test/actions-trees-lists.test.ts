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

/** A combobox input and the list under it, as libraries draw them: options are `div[role=option]`. */
function comboboxShell(label: string): { page: HTMLElement; input: HTMLInputElement; list: HTMLElement } {
  const page = document.createElement('div');
  page.innerHTML = `<label for="combo">${label}</label><div class="control"><span class="chips"></span><input id="combo" role="combobox" aria-expanded="false" aria-controls="combo-list" autocomplete="off"></div><div id="combo-list" role="listbox" hidden></div>`;
  document.body.append(page);
  return { page, input: page.querySelector('input')!, list: page.querySelector<HTMLElement>('[role=listbox]')! };
}

function showOptions(list: HTMLElement, input: HTMLInputElement, texts: string[], onPick: (text: string) => void): void {
  list.replaceChildren(...texts.map((text) => {
    const option = document.createElement('div');
    option.setAttribute('role', texts.length ? 'option' : '');
    option.textContent = text;
    option.addEventListener('mousedown', (event) => {
      event.preventDefault();
      onPick(text);
      list.hidden = true;
      input.setAttribute('aria-expanded', 'false');
    });
    return option;
  }));
  list.hidden = false;
  input.setAttribute('aria-expanded', 'true');
}

describe('lists that libraries build', function () {
  this.timeout(30_000);
  let cleanup: Array<() => void> = [];
  afterEach(() => {
    for (const undo of cleanup) undo();
    cleanup = [];
  });

  it('a focusable suggestion list with one click listener indexes each suggestion, though each wraps its text in a tabindex=-1 box', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <label for="lang">Language</label> <input id="lang" value="Py">
        <ul class="suggestions" tabindex="0"><li class="item"><div tabindex="-1">Python</div></li><li class="item"><div tabindex="-1">PyPy</div></li></ul>
      </div>`);
    const list = page.querySelector('ul')!;
    // One delegated handler, as jQuery UI's menu has: the item clicked is read from the target.
    list.onclick = (event) => {
      page.querySelector('input')!.value = (event.target as Element).closest('li')!.textContent!;
      list.remove();
    };
    const { dumps, steps } = await driveFromDump([clickOn('PyPy')]);
    expect(dumps[0]).to.match(/\]<li>Python$/m).and.to.match(/\]<li>PyPy$/m);
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect(page.querySelector('input')!.value).to.equal('PyPy');
  });

  it('select_option finds options slotted into a web component\'s shadow-root listbox', async () => {
    if (!customElements.get('test-picker')) {
      customElements.define('test-picker', class extends HTMLElement {
        connectedCallback() {
          if (this.shadowRoot) return;
          const shadow = this.attachShadow({ mode: 'open' });
          shadow.innerHTML = '<label for="i">Plan</label><input id="i" role="combobox" readonly aria-controls="lb" aria-expanded="false" value="Basic"><div id="lb" role="listbox" hidden><slot></slot></div>';
          const input = shadow.querySelector('input')!;
          const listbox = shadow.querySelector<HTMLElement>('#lb')!;
          input.addEventListener('click', () => {
            listbox.hidden = !listbox.hidden;
            input.setAttribute('aria-expanded', String(!listbox.hidden));
          });
          this.addEventListener('click', (event) => {
            const option = (event.target as Element).closest('[role=option]');
            if (!option) return;
            input.value = option.textContent!;
            listbox.hidden = true;
          });
        }
      });
    }
    const page = await fixture<HTMLElement>(html`<div><test-picker><div role="option">Basic</div><div role="option">Team</div><div role="option">Enterprise</div></test-picker></div>`);
    const { steps } = await driveFromDump([(dump) => [{ tool: 'select_option', args: { selector: idFor(dump, 'Plan'), option: 'Team' } }]]);
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect(page.querySelector('test-picker')!.shadowRoot!.querySelector('input')!.value).to.equal('Team');
  });

  it('select_option finds an open list without roles several boxes deep in a portal, drawn off-screen first, its items differing by state classes, past a hidden ARIA copy', async () => {
    const { page, input } = comboboxShell('Size');
    cleanup.push(() => page.remove());
    const shows = Object.assign(document.createElement('span'), { textContent: 'Medium' });
    page.querySelector('.chips')!.append(shows);
    const portal = document.createElement('div');
    cleanup.push(() => portal.remove());
    input.addEventListener('click', () => {
      // The list a screen reader gets is a 0×0 copy; the one painted has no roles.
      page.querySelector('[role=listbox]')!.innerHTML = '<div role="option" style="width:0;height:0;overflow:hidden">Medium</div>';
      portal.innerHTML = '<div class="dropdown"><div class="scroller"><div class="inner"></div></div></div>';
      const inner = portal.querySelector('.inner')!;
      for (const size of ['Small', 'Medium', 'Large']) {
        const item = Object.assign(document.createElement('div'), { className: `item${size === shows.textContent ? ' item-selected item-active' : ''}`, textContent: size });
        item.addEventListener('click', () => {
          shows.textContent = size;
          portal.replaceChildren();
        });
        inner.append(item);
      }
      // Drawn off-screen first, moved next to the control a moment later, as popup libraries align it.
      portal.style.cssText = 'position:fixed;left:-1000vw;top:0';
      document.body.append(portal);
      setTimeout(() => (portal.style.left = '0'), 150);
    });
    const { steps } = await driveFromDump([(dump) => [{ tool: 'select_option', args: { selector: idFor(dump, 'Size'), option: 'Large' } }]]);
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect(shows.textContent).to.equal('Large');
  });

  it('select_option on an async combobox that lists nothing until typed types the option, then picks it', async () => {
    const { page, input, list } = comboboxShell('Airport');
    cleanup.push(() => page.remove());
    const airports = ['Oslo Gardermoen', 'Osaka Kansai', 'Ottawa'];
    const pick = (text: string) => (input.value = text);
    // On focus it shows a hint, not options; matches arrive a moment after typing, as from a server.
    input.addEventListener('focus', () => showOptions(list, input, [], pick));
    input.addEventListener('input', () => setTimeout(() => showOptions(list, input, airports.filter((name) => input.value && name.toLowerCase().startsWith(input.value.toLowerCase())), pick), 150));
    const { dumps, steps } = await driveFromDump([
      (dump) => [{ tool: 'select_option', args: { selector: idFor(dump, 'Airport'), option: 'Paris Orly' } }],
      (dump) => [{ tool: 'select_option', args: { selector: idFor(dump, 'Airport'), option: 'Osaka Kansai' } }],
    ]);
    // An airport it does not list: a plain failure, and the field is left as it was.
    expect(steps[0]!.ok).to.equal(false);
    expect(steps[0]!.message).to.include('"Paris Orly"');
    expect(dumps[1]).to.include('<input role=combobox').and.not.to.include('Paris');
    expect(steps[1]!.ok, steps[1]!.message).to.equal(true);
    expect(input.value).to.equal('Osaka Kansai');
  });

  it('select_option with the full set on a multi-value combobox keeps the chips already chosen (its list hides them) and adds the rest', async () => {
    const { page, input, list } = comboboxShell('Toppings');
    cleanup.push(() => page.remove());
    const chosen = ['Cheese'];
    const chips = page.querySelector('.chips')!;
    const render = () => chips.replaceChildren(...chosen.map((text) => Object.assign(document.createElement('span'), { className: 'chip', textContent: text })));
    render();
    input.addEventListener('click', () => showOptions(list, input, ['Cheese', 'Olives', 'Basil'].filter((text) => !chosen.includes(text)), (text) => {
      chosen.push(text);
      render();
    }));
    const { steps } = await driveFromDump([(dump) => [{ tool: 'select_option', args: { selector: idFor(dump, 'Toppings'), option: ['Cheese', 'Basil'] } }]]);
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect([...chips.children].map((chip) => chip.textContent)).to.deep.equal(['Cheese', 'Basil']);
  });
});
