// Custom widgets written without a framework: ARIA listboxes and dropdowns of the kinds libraries
// build, hover menus and tooltips, Escape on a modal dialog, keys that scroll. Through the agent.
import { expect, fixture, html } from '@open-wc/testing';
import { createLane, type Lane } from './support/model-lane.js';
import { idOf, runAction, runTurns } from './fixtures/apps/agent-driver.js';

/** A dropdown button whose list is appended to <body> when open, choosing on pointerup, as portal-based libraries do. */
function portalDropdown(button: HTMLButtonElement, choices: string[], onChoose: (value: string) => void): void {
  let list: HTMLElement | undefined;
  const close = () => {
    list?.remove();
    list = undefined;
    button.setAttribute('aria-expanded', 'false');
  };
  button.addEventListener('click', () => {
    if (list) return close();
    list = document.createElement('div');
    list.setAttribute('role', 'listbox');
    list.style.cssText = 'position:fixed;top:40px;left:300px;background:white;border:1px solid;z-index:10';
    for (const choice of choices) {
      const option = document.createElement('div');
      option.setAttribute('role', 'option');
      option.dataset.value = choice.toLowerCase().replace(/\s+/g, '-');
      option.textContent = choice;
      option.addEventListener('pointerup', () => {
        onChoose(choice);
        close();
      });
      list.append(option);
    }
    document.body.append(list);
    button.setAttribute('aria-expanded', 'true');
  });
}

describe('actions on custom widgets', () => {
  let lane: Lane;
  beforeEach(async () => {
    lane = await createLane();
  });

  it('select_option on a portal dropdown: finds the list that appeared, picks by value, checks the button shows it', async () => {
    const page = await fixture<HTMLElement>(html`<div><button aria-haspopup="listbox" aria-expanded="false">Sort: Newest</button></div>`);
    const button = page.querySelector('button')!;
    portalDropdown(button, ['Newest', 'Price low to high', 'Price high to low'], (value) => (button.textContent = `Sort: ${value}`));
    const step = await runAction(lane, 'select_option', { selector: idOf(button), option: 'price-high-to-low' });
    expect(button.textContent).to.equal('Sort: Price high to low');
    expect(step.ok).to.equal(true);
    expect(step.message).to.include('now shows "Sort: Price high to low"');
    expect(document.querySelector('body > [role=listbox]')).to.equal(null);
  });

  it('select_option on a dropdown whose choice does not take says so', async () => {
    const page = await fixture<HTMLElement>(html`<div><button aria-haspopup="listbox" aria-expanded="false">Sort: Newest</button></div>`);
    const button = page.querySelector('button')!;
    // A broken widget: the list opens and closes but the choice is lost.
    portalDropdown(button, ['Newest', 'Oldest'], () => {});
    const step = await runAction(lane, 'select_option', { selector: idOf(button), option: 'Oldest' });
    expect(step.ok).to.equal(false);
    expect(step.reason).to.equal('rejected');
    expect(step.message).to.include('Clicked "Oldest"').and.to.include('it shows "Sort: Newest"');
  });

  it('select_option on a listbox that is always shown selects the option (and several in a multi-select listbox)', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <ul role="listbox" aria-label="Shipping">
          <li role="option" aria-selected="true">Standard</li><li role="option" aria-selected="false">Express</li>
        </ul>
        <ul role="listbox" aria-label="Labels" aria-multiselectable="true">
          <li role="option" aria-selected="true">Bug</li><li role="option" aria-selected="true">Docs</li><li role="option" aria-selected="false">UI</li>
        </ul>
      </div>
    `);
    const [shipping, labels] = page.querySelectorAll('[role=listbox]');
    shipping!.addEventListener('click', (event) => {
      for (const option of shipping!.children) option.setAttribute('aria-selected', String(option === event.target));
    });
    labels!.addEventListener('click', (event) => {
      const option = event.target as Element;
      option.setAttribute('aria-selected', String(option.getAttribute('aria-selected') !== 'true'));
    });
    const steps = await runTurns(lane, [[
      { tool: 'select_option', args: { selector: idOf(shipping!), option: 'Express' } },
      { tool: 'select_option', args: { selector: idOf(labels!), option: ['Bug', 'UI'] } },
    ]]);
    expect(steps.map((step) => step.ok)).to.deep.equal([true, true]);
    expect(steps[0]!.message).to.include('"Express" is now selected');
    expect(steps[1]!.message).to.include('"Docs" was unselected');
    expect([...labels!.querySelectorAll('[aria-selected=true]')].map((option) => option.textContent)).to.deep.equal(['Bug', 'UI']);
  });

  it('select_option opens a combobox that only answers the keyboard', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <div role="combobox" tabindex="0" aria-expanded="false" aria-controls="tz-list" aria-label="Time zone">UTC</div>
        <ul id="tz-list" role="listbox" hidden><li role="option">UTC</li><li role="option">CET</li><li role="option">JST</li></ul>
      </div>
    `);
    const combobox = page.querySelector<HTMLElement>('[role=combobox]')!;
    const list = page.querySelector<HTMLElement>('#tz-list')!;
    combobox.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown') {
        list.hidden = false;
        combobox.setAttribute('aria-expanded', 'true');
      }
    });
    list.addEventListener('click', (event) => {
      combobox.textContent = (event.target as Element).textContent;
      list.hidden = true;
      combobox.setAttribute('aria-expanded', 'false');
    });
    const step = await runAction(lane, 'select_option', { selector: idOf(combobox), option: 'JST' });
    expect(combobox.textContent).to.equal('JST');
    expect(step.message).to.include('now shows "JST"');
  });

  it('select_option takes only the list the control opens, never another list already on the page', async () => {
    // A pager (a plain ul of li) and an FAQ (repeated headings) are showing; the combobox's own
    // listbox mounts a moment after the click, as portal libraries do after a state update.
    const page = await fixture<HTMLElement>(html`
      <div>
        <ul class="pager"><li>1</li><li>2</li><li>3</li></ul>
        <div class="faq"><h3><button>Is it fast?</button></h3><h3><button>Is it free?</button></h3><h3><button>Is it safe?</button></h3></div>
        <button role="combobox" aria-expanded="false" aria-label="Fruit">Pick a fruit</button>
        <button role="combobox" aria-expanded="false" aria-label="Colour">Pick a colour</button>
      </div>
    `);
    const [fruit, colour] = page.querySelectorAll<HTMLElement>('[role=combobox]');
    fruit!.addEventListener('click', () =>
      setTimeout(() => {
        const list = document.createElement('div');
        list.setAttribute('role', 'listbox');
        list.id = 'fruit-list';
        for (const name of ['Apple', 'Blueberry', 'Grape']) {
          const option = document.createElement('div');
          option.setAttribute('role', 'option');
          option.textContent = name;
          option.addEventListener('click', () => {
            fruit!.textContent = name;
            list.remove();
          });
          list.append(option);
        }
        fruit!.setAttribute('aria-controls', list.id);
        document.body.append(list);
      }, 150),
    );
    const steps = await runTurns(lane, [[
      { tool: 'select_option', args: { selector: idOf(fruit!), option: 'Blueberry' } },
      // Opens nothing at all: the pager and the FAQ are still not its list.
      { tool: 'select_option', args: { selector: idOf(colour!), option: '2' } },
    ]]);
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect(fruit!.textContent).to.equal('Blueberry');
    expect(steps[1]!.ok).to.equal(false);
    expect(steps[1]!.message).to.include('showed no list of options').and.not.to.include('Is it');
  });

  it('press_key on a box that cannot take focus goes to its one focusable part (a slider track and its handle, a stepper and its count)', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <div class="track" style="position:relative;width:200px;height:8px;background:#ccc"><span class="handle" tabindex="0" style="position:absolute;left:20%;width:10px;height:10px;background:#333"></span></div>
        <p class="reading">Volume: 20</p>
        <div class="stepper"><span>Guests</span> <span class="count" role="spinbutton" tabindex="0" aria-valuenow="2">2</span></div>
      </div>
    `);
    const track = page.querySelector<HTMLElement>('.track')!;
    const handle = page.querySelector<HTMLElement>('.handle')!;
    const reading = page.querySelector('.reading')!;
    let volume = 20;
    // As jQuery UI does: the track answers the mouse, only the handle listens to keys.
    track.addEventListener('mousedown', () => handle.focus());
    handle.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowRight') volume += 1;
      handle.style.left = `${volume}%`;
      reading.textContent = `Volume: ${volume}`;
    });
    const count = page.querySelector<HTMLElement>('.count')!;
    count.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowUp') count.textContent = String(Number(count.textContent) + 1);
    });
    const steps = await runTurns(lane, [[
      { tool: 'press_key', args: { key: 'ArrowRight', selector: idOf(track), times: 5 } },
      { tool: 'press_key', args: { key: 'ArrowUp', selector: idOf(page.querySelector('.stepper')!) } },
    ]]);
    expect(steps.map((step) => step.ok)).to.deep.equal([true, true]);
    expect(reading.textContent).to.equal('Volume: 25');
    expect(count.textContent).to.equal('3');
  });

  it('press_key on a native range inside a shadow root steps it as the keyboard does, with the input and change events a drag gives', async () => {
    const page = await fixture<HTMLElement>(html`<div><p class="reading">Zoom: 50%</p><span class="zoom"></span></div>`);
    const shadow = page.querySelector('.zoom')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<label>Zoom <input type="range" min="0" max="200" step="10" value="50"></label>';
    const range = shadow.querySelector('input')!;
    const reading = page.querySelector('.reading')!;
    const changes: string[] = [];
    // As web components do: the readout follows `input`, the committed value is announced on `change`.
    range.addEventListener('input', () => (reading.textContent = `Zoom: ${range.value}%`));
    range.addEventListener('change', () => changes.push(range.value));
    const steps = await runTurns(lane, [[
      { tool: 'press_key', args: { key: 'ArrowRight', selector: idOf(range), times: 3 } },
      { tool: 'press_key', args: { key: 'PageUp' } },
      { tool: 'press_key', args: { key: 'ArrowLeft' } },
    ]]);
    expect(steps.map((step) => step.ok)).to.deep.equal([true, true, true]);
    expect(reading.textContent).to.equal('Zoom: 90%');
    expect(changes).to.deep.equal(['60', '70', '80', '100', '90']);
    const [end] = await runTurns(await createLane(), [[{ tool: 'press_key', args: { key: 'End', selector: idOf(range) } }]]);
    expect(reading.textContent).to.equal('Zoom: 200%');
    expect(end!.message).to.include('holds "200"');
  });

  it('hover opens a menu and shows a tooltip, and says what appeared', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <div id="account" style="display:inline-block;padding:4px">Account
          <ul role="menu" aria-label="Account" hidden><li role="menuitem">Profile</li><li role="menuitem">Sign out</li></ul>
        </div>
        <button id="copy" aria-describedby="tip">Copy</button>
        <span id="tip" role="tooltip" hidden>Copy the link</span>
      </div>
    `);
    const account = page.querySelector<HTMLElement>('#account')!;
    account.addEventListener('mouseenter', () => (account.querySelector<HTMLElement>('[role=menu]')!.hidden = false));
    const copy = page.querySelector('#copy')!;
    // Tooltips wait a moment before they show.
    copy.addEventListener('pointerenter', () => setTimeout(() => (page.querySelector<HTMLElement>('#tip')!.hidden = false), 150));
    const steps = await runTurns(lane, [[
      { tool: 'hover', args: { selector: idOf(account) } },
      { tool: 'hover', args: { selector: idOf(copy) } },
    ]]);
    expect(steps[0]!.message).to.include('menu "Account" (2 items) opened');
    expect(steps[1]!.message).to.include('tooltip "Copy the link" opened');
  });

  it('hover on something that changes only with CSS :hover says nothing appeared', async () => {
    const page = await fixture<HTMLElement>(html`<div><style>.tip-host:hover .css-tip{display:block}.css-tip{display:none}</style><span class="tip-host">Help<span class="css-tip">Call us</span></span></div>`);
    const step = await runAction(lane, 'hover', { selector: idOf(page.querySelector('.tip-host')!) });
    expect(step.message).to.include('nothing appeared');
  });

  it('press_key Escape closes a modal dialog (and the page can keep it open by cancelling)', async () => {
    const page = await fixture<HTMLElement>(html`<div><dialog aria-label="Preferences"><label>Theme <input /></label></dialog><button>Open</button></div>`);
    const dialog = page.querySelector('dialog')!;
    dialog.showModal();
    const step = await runAction(lane, 'press_key', { key: 'Escape' });
    expect(dialog.open).to.equal(false);
    expect(step.message).to.include('dialog "Preferences" closed');
    dialog.showModal();
    dialog.addEventListener('cancel', (event) => event.preventDefault());
    await runAction(await createLane(), 'press_key', { key: 'Escape' });
    expect(dialog.open).to.equal(true);
    dialog.close();
  });

  it('press_key PageDown and End scroll the box they are pressed in', async () => {
    const page = await fixture<HTMLElement>(html`<div><div id="log" tabindex="0" aria-label="Log" style="height:100px;overflow:auto">${Array.from({ length: 40 }, (_, index) => html`<p>Line ${index}</p>`)}</div></div>`);
    const log = page.querySelector<HTMLElement>('#log')!;
    const steps = await runTurns(lane, [[
      { tool: 'press_key', args: { key: 'PageDown', selector: idOf(log) } },
      { tool: 'press_key', args: { key: 'End' } },
    ]]);
    expect(steps[0]!.message).to.match(/scrolled down \d+ px/);
    expect(log.scrollTop + log.clientHeight).to.be.closeTo(log.scrollHeight, 2);
  });
});
