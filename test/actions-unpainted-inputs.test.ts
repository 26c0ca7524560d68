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
