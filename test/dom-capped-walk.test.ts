// A capped snapshot of a long page walks a band around the screen, not the page: what it shows must
// be what a walk of the whole page would show, and what is painted on the screen must be there
// wherever in the document it sits.
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { snapshotPage, snapshotPageSliced } from '../src/dom/index.js';

const ON_SCREEN = '… on the screen:';

/** The lines between `… on the screen:` and the next place line (or the end). */
function screenLines(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(ON_SCREEN);
  if (start < 0) return lines.filter((line) => !line.startsWith('…'));
  const end = lines.findIndex((line, index) => index > start && line.startsWith('…'));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

async function longList(rows: number, extra = html``): Promise<HTMLOListElement> {
  const list = await fixture<HTMLOListElement>(html`
    <ol style="margin: 0">
      ${Array.from({ length: rows }, (_, index) => html`<li style="height: 24px"><a href=${`/row/${index}`}>Row ${index}</a> owner ${index % 7}</li>`)}
      ${extra}
    </ol>`);
  await nextFrame();
  return list;
}

describe('capped snapshot of a long page', () => {
  afterEach(() => window.scrollTo(0, 0));

  it('shows on the screen exactly what a whole walk shows, and only lines a whole walk has', async () => {
    const list = await longList(3000);
    list.children[1500]!.scrollIntoView({ block: 'start' });
    await nextFrame();
    const capped = snapshotPage({ maxLength: 6000, peek: true }).text;
    const whole = snapshotPage({ maxLength: Infinity, peek: true }).text;
    expect(capped.length).to.be.at.most(6000);
    expect(screenLines(capped)).to.deep.equal(screenLines(whole));
    expect(capped).to.include('<a>Row 1500');
    const wholeLines = new Set(whole.split('\n'));
    const foreign = capped.split('\n').slice(0, -1).filter((line) => !wholeLines.has(line));
    expect(foreign).to.deep.equal([]);
    // A band of rows around the screen, above it as well as below it.
    expect(capped).to.include('<a>Row 1450');
    expect(capped).to.include('<a>Row 1560');
  });

  // Rows left unwalked are counted one line each, walked ones by their lines (a link, the text after it).
  it('counts the rows it left out, walked or not', async () => {
    await longList(3000);
    const { text, truncated } = snapshotPage({ maxLength: 4000, peek: true });
    expect(truncated).to.equal(true);
    const shown = [...text.matchAll(/<a>Row \d+/g)].length;
    const note = /^… \(dump truncated: (\d+) more elements below the viewport were left out; scroll to see them\)$/m.exec(text);
    expect(note, text.slice(-300)).to.not.equal(null);
    expect(Number(note![1])).to.be.within(3000 - shown, 2 * (3000 - shown));
  });

  it('shows a fixed banner that sits in the last row of a long list', async () => {
    await longList(3000, html`<li><div style="position: fixed; left: 0; bottom: 0; width: 420px; height: 180px; background: #fff">
      <p>We use cookies</p><button type="button">Accept cookies</button></div></li>`);
    const { text } = snapshotPage({ maxLength: 4000, peek: true });
    expect(screenLines(text).join('\n')).to.include('<button type=button>Accept cookies');
  });

  it('shows a menu placed on the screen from a subtree far below it', async () => {
    await longList(3000, html`<li><nav aria-label="Quick menu" style="position: absolute; left: 600px; top: 40px; width: 400px; height: 200px; background: #fff">
      <a href="/settings">Open settings</a></nav></li>`);
    const { text } = snapshotPage({ maxLength: 4000, peek: true });
    expect(screenLines(text).join('\n')).to.include('<a>Open settings');
  });

  it('shows floats that overflow a collapsed box above the screen', async () => {
    const box = await fixture<HTMLDivElement>(html`
      <div>
        ${Array.from({ length: 400 }, (_, index) => html`<p style="float: left; clear: left; width: 600px; height: 30px; margin: 0">Note ${index} about billing</p>`)}
      </div>`);
    expect(box.getBoundingClientRect().height).to.equal(0);
    box.children[300]!.scrollIntoView({ block: 'start' });
    await nextFrame();
    const capped = snapshotPage({ maxLength: 3000, peek: true }).text;
    const whole = snapshotPage({ maxLength: Infinity, peek: true }).text;
    expect(capped).to.include('Note 300 about billing');
    expect(screenLines(capped)).to.deep.equal(screenLines(whole));
  });
});

describe('sliced snapshot', () => {
  afterEach(() => window.scrollTo(0, 0));

  it('lets the browser paint while it walks a large page, and sees what a one-go walk sees', async () => {
    await longList(4000);
    const whole = snapshotPage({ maxLength: Infinity, peek: true }).text;
    let ticks = 0;
    let done = false;
    const tick = (): void => {
      ticks += 1;
      if (!done) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const started = performance.now();
    const sliced = await snapshotPageSliced({ maxLength: Infinity, peek: true });
    const elapsed = performance.now() - started;
    done = true;
    // A walk in one task paints no frame at all. A sliced one lets the browser paint as it goes, though
    // not every 16 ms: Chromium runs scheduler.yield() continuations ahead of rendering until rendering
    // has waited ~100 ms (seen: 1 frame in a 203 ms walk, 3 in 276 ms). So: a frame per 150 ms walked.
    expect(ticks, `frames painted during a ${Math.round(elapsed)} ms walk`).to.be.at.least(Math.floor(elapsed / 150));
    expect(sliced.text).to.equal(whole);
  });

  it('skips rows removed while it is paused, and never throws', async () => {
    const list = await longList(4000);
    let removals = 0;
    let done = false;
    const removeSome = (): void => {
      // Rows from the end, where the walk has not been yet.
      for (let count = 0; count < 200 && list.lastElementChild; count += 1) list.lastElementChild.remove();
      removals += 1;
      if (!done) requestAnimationFrame(removeSome);
    };
    requestAnimationFrame(removeSome);
    const { text } = await snapshotPageSliced({ maxLength: Infinity, peek: true });
    done = true;
    expect(removals).to.be.greaterThan(0);
    expect(text).to.include('<a>Row 0');
    const last = Math.max(...[...text.matchAll(/Row (\d+)/g)].map((match) => Number(match[1])));
    expect(last).to.be.below(3999);
  });
});
