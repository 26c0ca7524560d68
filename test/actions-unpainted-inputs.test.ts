// Controls whose real input nobody sees (transparent, 0×0) while the box around it is what a visitor
// reads and clicks: a toggle whose caption is aria-hidden while off, a picker whose input turns
// transparent once a value is chosen. Different markup from the gallery's Element Plus switch and
// react-select. Each is found in the dump and worked through the agent; hidden text stays out.
import { expect, fixture, html } from '@open-wc/testing';
import { snapshotPage } from '../src/dom/index.js';
import { driveFromDump, idFor, lineWith } from './support/dump-driver.js';

const HIDDEN_INPUT = 'position: absolute; opacity: 0; width: 0; height: 0; margin: 0';

describe('controls drawn over an input nobody sees', function () {
  this.timeout(30_000);

  it('a toggle whose caption is aria-hidden while off shows as a switch named by that caption, and check turns it on', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <p class="toggle" style="display: flex; align-items: center; gap: 8px; width: 200px">
          <span class="knob" style="display: inline-block; width: 36px; height: 18px; border-radius: 9px; background: #888"></span>
          <input type="checkbox" role="switch" style=${HIDDEN_INPUT}>
          <b aria-hidden="true" style="font-weight: normal">Wi-Fi</b>
        </p>
        <output>Wi-Fi is off</output>
      </div>`);
    const toggle = page.querySelector<HTMLElement>('.toggle')!;
    const input = page.querySelector('input')!;
    // The box handles the click (a framework's handler property), as component libraries do.
    toggle.onclick = () => {
      input.checked = !input.checked;
      input.setAttribute('aria-checked', String(input.checked));
      page.querySelector('b')!.setAttribute('aria-hidden', String(!input.checked));
      page.querySelector('output')!.textContent = `Wi-Fi is ${input.checked ? 'on' : 'off'}`;
    };
    const { dumps, steps } = await driveFromDump([(dump) => [{ tool: 'check', args: { selector: idFor(dump, 'Wi-Fi') } }]], 'Turn Wi-Fi on');
    expect(lineWith(dumps[0]!, 'Wi-Fi')).to.match(/\]<p type=checkbox role=switch[^>]*>Wi-Fi$/);
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect(input.checked).to.equal(true);
    expect(page.querySelector('output')!.textContent).to.equal('Wi-Fi is on');
  });

  it('a picker whose input is transparent once a value is chosen is still the control: its line shows the value, a click opens it', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <label for="size">Size</label>
        <div class="picker" style="display: flex; border: 1px solid #555; padding: 4px; width: 220px; position: relative">
          <span class="chosen">Medium</span>
          <input id="size" role="combobox" aria-expanded="false" style="opacity: 0; position: absolute; inset: 0; width: 100%">
        </div>
        <ul class="menu" hidden><li>Small</li><li>Large</li></ul>
      </div>`);
    const input = page.querySelector('input')!;
    // Only the document listens (delegation): nothing on the picker says it is clickable.
    const open = (event: Event) => {
      if (event.target !== input) return;
      page.querySelector('ul')!.hidden = false;
      input.setAttribute('aria-expanded', 'true');
    };
    document.addEventListener('mousedown', open);
    try {
      const first = snapshotPage({ root: page }).text;
      expect(first).to.match(/\]<div role=combobox aria-expanded=false>Medium\n\s*label: Size/);
      const { steps } = await driveFromDump([(dump) => [{ tool: 'click', args: { selector: idFor(dump, 'Size') } }]], 'Open the size picker');
      expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
      expect(page.querySelector('ul')!.hidden).to.equal(false);
      expect(input.getAttribute('aria-expanded')).to.equal('true');
    } finally {
      document.removeEventListener('mousedown', open);
    }
  });

  it('keeps unpainted words out: an aria-hidden caption that is transparent, and a transparent input holding text', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <button style="width: 40px; height: 20px"><span aria-hidden="true" style="color: transparent">Decoy caption</span></button>
        <button style="width: 40px; height: 20px"><span aria-hidden="true" style="opacity: 0">Faded caption</span></button>
        <div style="border: 1px solid; padding: 4px; position: relative">
          <span>Shown</span><input value="Hidden value" style="opacity: 0; position: absolute; inset: 0">
        </div>
      </div>`);
    const { text } = snapshotPage({ root: page });
    expect(text).to.include('Shown');
    for (const hidden of ['Decoy caption', 'Faded caption', 'Hidden value']) expect(text).not.to.include(hidden);
  });
});

// Custom elements that keep their semantics in ElementInternals or in a shadow root: hand-written
// here, unlike the gallery's Material Web (other element names, fields, markup and labels).
class InternalsToggle extends HTMLElement {
  static formAssociated = true;
  // A plain field, where the gallery's library keeps its internals under a symbol.
  _internals = this.attachInternals();
  constructor() {
    super();
    this._internals.role = 'switch';
    this._internals.ariaChecked = 'false';
    this.tabIndex = 0;
    this.addEventListener('click', () => {
      this._internals.ariaChecked = String(this._internals.ariaChecked !== 'true');
      this.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }
}
customElements.define('x-internals-toggle', InternalsToggle);

class ShadowRange extends HTMLElement {
  static formAssociated = true;
  #internals = this.attachInternals();
  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open', delegatesFocus: true });
    // The drawn track and thumb; a transparent native range on top takes the pointer and the keys.
    root.innerHTML = `
      <div style="position: relative; width: 200px; height: 24px; background: #ddd; border-radius: 12px">
        <div class="thumb" style="position: absolute; top: 2px; width: 20px; height: 20px; border-radius: 50%; background: #334"></div>
        <input type="range" min="0" max="100" value="20" style="position: absolute; inset: 0; margin: 0; width: 100%; opacity: 0">
      </div>`;
    root.querySelector('input')!.addEventListener('input', (event) => {
      this.#internals.setFormValue((event.target as HTMLInputElement).value);
      this.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }
  get value(): string {
    return this.shadowRoot!.querySelector('input')!.value;
  }
}
customElements.define('x-shadow-range', ShadowRange);

class SlotOption extends HTMLElement {
  constructor() {
    super();
    // The option's words live in the light DOM and reach its role=option box through two slots.
    this.attachShadow({ mode: 'open' }).innerHTML = `<div role="option" tabindex="-1" style="padding: 4px"><span-wrap><slot></slot></span-wrap></div>`;
  }
}
customElements.define('x-slot-option', SlotOption);

describe('custom elements with their semantics in internals or a shadow root', function () {
  this.timeout(30_000);

  it('a role and state set through ElementInternals show in the dump, its <label> names it, and check turns it on', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <label for="dark-mode">Dark mode</label>
        <x-internals-toggle id="dark-mode" style="display: inline-block; width: 40px; height: 20px; background: #999; border-radius: 10px"></x-internals-toggle>
        <output>Dark mode is off</output>
      </div>`);
    const toggle = page.querySelector('x-internals-toggle') as InternalsToggle;
    toggle.addEventListener('change', () => {
      page.querySelector('output')!.textContent = `Dark mode is ${toggle._internals.ariaChecked === 'true' ? 'on' : 'off'}`;
    });
    const { dumps, steps } = await driveFromDump([(dump) => [{ tool: 'check', args: { selector: idFor(dump, 'Dark mode') } }]], 'Turn dark mode on');
    expect(dumps[0]).to.match(/\]<x-internals-toggle role=switch aria-checked=false>\n\s*label: Dark mode/);
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect(page.querySelector('output')!.textContent).to.equal('Dark mode is on');
  });

  it('a custom element drawn over a transparent range in its shadow root shows as that range, named by its label, and arrow keys move it', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <label for="brightness">Brightness</label>
        <x-shadow-range id="brightness" style="display: inline-block; cursor: pointer"></x-shadow-range>
        <output>Brightness: 20</output>
      </div>`);
    const range = page.querySelector('x-shadow-range') as ShadowRange;
    range.addEventListener('change', () => {
      page.querySelector('output')!.textContent = `Brightness: ${range.value}`;
    });
    const { dumps, steps } = await driveFromDump(
      [(dump) => [{ tool: 'press_key', args: { selector: idFor(dump, 'Brightness'), key: 'ArrowRight', times: 5 } }]],
      'Set the brightness to 25',
    );
    expect(dumps[0]).to.match(/\]<x-shadow-range type=range value="20" min=0 max=100>\n\s*label: Brightness/);
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect(page.querySelector('output')!.textContent).to.equal('Brightness: 25');
  });

  it('a thumb drawn over a visually hidden range input shows as that range, named by its label, and arrow keys move it', async () => {
    // The visually hidden pattern (clip, a 1px box) on a wrapper keeps the range for keyboards and screen readers.
    const hidden = 'border: 0; clip: rect(0 0 0 0); clip-path: inset(50%); height: 1px; width: 1px; margin: -1px; overflow: hidden; padding: 0; position: absolute';
    const page = await fixture<HTMLElement>(html`
      <div>
        <label id="heat-label">Heat</label>
        <div style="position: relative; width: 200px; height: 24px">
          <div class="thumb" style="position: absolute; left: 40px; top: 3px; width: 18px; height: 18px; border-radius: 50%; background: #36c">
            <div style=${hidden}><input type="range" aria-labelledby="heat-label" value="20"></div>
          </div>
        </div>
        <output>Heat: 20</output>
      </div>`);
    const input = page.querySelector('input')!;
    input.addEventListener('change', () => {
      page.querySelector('output')!.textContent = `Heat: ${input.value}`;
    });
    const { dumps, steps } = await driveFromDump(
      [(dump) => [{ tool: 'press_key', args: { selector: idFor(dump, 'Heat'), key: 'ArrowRight', times: 5 } }]],
      'Set the heat to 25',
    );
    expect(dumps[0]).to.match(/\]<div type=range value="20">\n\s*label: Heat/);
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect(page.querySelector('output')!.textContent).to.equal('Heat: 25');
  });

  it('select_option reads an option whose words are slotted into its shadow tree', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <span id="fruit-label">Fruit</span>
        <button role="combobox" aria-labelledby="fruit-label" aria-haspopup="listbox" aria-expanded="false" aria-controls="fruits">Apple</button>
        <div id="fruits" role="listbox" hidden>
          <x-slot-option data-value="apple"><b>Apple</b></x-slot-option>
          <x-slot-option data-value="pear"><b>Pear</b></x-slot-option>
          <x-slot-option data-value="plum"><b>Plum</b></x-slot-option>
        </div>
      </div>`);
    const opener = page.querySelector('button')!;
    const list = page.querySelector<HTMLElement>('#fruits')!;
    opener.addEventListener('click', () => {
      list.hidden = false;
      opener.setAttribute('aria-expanded', 'true');
    });
    list.addEventListener('click', (event) => {
      const option = (event.target as Element).closest('x-slot-option');
      if (!option) return;
      opener.textContent = option.textContent;
      list.hidden = true;
      opener.setAttribute('aria-expanded', 'false');
    });
    const { steps } = await driveFromDump([(dump) => [{ tool: 'select_option', args: { selector: idFor(dump, 'Fruit'), option: 'Plum' } }]], 'Choose plum');
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect(opener.textContent).to.equal('Plum');
  });
  it('a clickable box whose input is moved off-screen once a value is chosen shows as the combobox, and a chip with a remove button counts as chosen', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <span id="stack-label">Stack</span>
        <div class="box" style="cursor: pointer; border: 1px solid #555; padding: 4px; width: 300px; display: flex; gap: 4px">
          <span class="chip">React<span role="button" aria-label="Remove React">×</span></span>
          <input role="combobox" aria-labelledby="stack-label" aria-expanded="false" aria-controls="stack-list" style="opacity: 0; position: absolute; left: -10000px">
        </div>
        <ul id="stack-list" role="listbox" hidden></ul>
        <output>Stack: React</output>
      </div>`);
    const chosen = ['React'];
    const input = page.querySelector('input')!;
    const list = page.querySelector<HTMLElement>('ul')!;
    const render = () => {
      // The options already chosen are left out of the list, as multi-selects do.
      list.replaceChildren(...['React', 'Vue', 'Svelte', 'Angular'].filter((name) => !chosen.includes(name)).map((name) => Object.assign(document.createElement('li'), { role: 'option', textContent: name })));
      for (const item of list.children) item.setAttribute('role', 'option');
      page.querySelector('output')!.textContent = `Stack: ${chosen.join(', ')}`;
    };
    const open = () => {
      render();
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
      input.focus();
    };
    // The box opens the list on a click, the input on ArrowDown (the ARIA combobox pattern).
    page.querySelector('.box')!.addEventListener('click', open);
    input.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown') open();
    });
    list.addEventListener('click', (event) => {
      const name = (event.target as Element).textContent!;
      chosen.push(name);
      const chip = document.createElement('span');
      chip.innerHTML = `${name}<span role="button" aria-label="Remove ${name}">×</span>`;
      input.before(chip);
      render();
    });
    const { dumps, steps } = await driveFromDump(
      [(dump) => [{ tool: 'select_option', args: { selector: idFor(dump, 'Stack'), option: ['React', 'Vue', 'Svelte'] } }]],
      'Add Vue and Svelte to the stack',
      // The page's remove buttons beside the box make the choice one the agent asks about first.
      { confirm: true },
    );
    expect(dumps[0]).to.match(/\]<div role=combobox aria-expanded=false>React\n\s*label: Stack/);
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect(page.querySelector('output')!.textContent).to.equal('Stack: React, Vue, Svelte');
  });
});
