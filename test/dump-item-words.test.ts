// The words of a list item or a repeated card, as the dump prints them: once, and on one line when
// the page lays them on one line. Real layout in a real browser; the dump read as a model reads it.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId, snapshotPage } from '../src/dom/index.js';

async function dumpOf(): Promise<string> {
  const snap = await snapshotPage();
  return typeof snap === 'string' ? snap : (snap as { text: string }).text;
}

const count = (text: string, words: string) => text.split(words).length - 1;

describe('words of list items and cards in the dump', () => {
  // A switch named by its card's title and line (aria-labelledby) sits on the card's row, after
  // those words: naming it again says nothing the row has not said.
  it("a switch in a repeated card does not repeat the card's words", async () => {
    await fixture(html`<div style="width: 600px">
      ${['North office', 'South office', 'East office'].map((name, index) => html`<div style="border: 1px solid #ccc; padding: 8px">
        <h3 id="card-title-${index}">${name}</h3><span id="card-line-${index}">Open weekdays 9 to 5</span>
        <button role="switch" aria-checked="false" aria-labelledby="card-title-${index} card-line-${index}"></button>
      </div>`)}
    </div>`);
    const dump = await dumpOf();
    expect(count(dump, 'South office'), dump).to.equal(1);
    expect(count(dump, 'Open weekdays 9 to 5'), dump).to.equal(3);
  });

  it('a control named otherwise than the words before it keeps its name in the row', async () => {
    await fixture(html`<div style="width: 600px">
      ${['North office', 'South office'].map((name) => html`<div style="border: 1px solid #ccc; padding: 8px">
        <h3>${name}</h3><span>Open weekdays</span><button role="switch" aria-checked="false" aria-label="Notify me about ${name}"></button>
      </div>`)}
    </div>`);
    expect(await dumpOf()).to.include('label="Notify me about South office"');
  });

  // A list item laid out as a flex row makes its bare text and its <b> flex items of their own,
  // side by side on one line: a person reads one sentence, and so must the model.
  it('an item whose words sit on one line with a control after them prints them on one line', async () => {
    const page = await fixture<HTMLElement>(html`<ul style="width: 500px">
      <li style="display: flex; gap: 4px">Pay the invoice for <b>the new</b> desk lamp <a href="/invoice">Open</a></li>
      <li style="display: flex; flex-direction: column">Ship the parcel <b>to Lisbon</b><a href="/parcel">Track</a></li>
    </ul>`);
    const dump = await dumpOf();
    expect(dump, dump).to.include('Pay the invoice for the new desk lamp');
    // Words the page stacks in a column keep their lines.
    const lines = dump.split('\n').map((line) => line.trim());
    expect(lines, dump).to.include('Ship the parcel');
    expect(lines.some((line) => line.includes(`[${elementId(page.querySelector('[href="/parcel"]')!)}]`)), dump).to.equal(true);
  });
});
