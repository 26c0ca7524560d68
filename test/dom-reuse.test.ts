// Reuse between turns (issue 19): a snapshot keeps what it learned by hit tests (what covers each
// text, what is painted on the screen) until anything painted may have changed. Whatever happens to
// the page between two snapshots, the one that may reuse must read exactly like one taken with
// nothing kept (forgetPaint). Random sequences of changes (fast-check): text, classes that hide,
// show, fade or cover, insertions, removals, scrolling the page and a box inside it, resizing, and
// paint a hit test misses (ghost-boxes.ts, kept up to date from what changed): a cover that takes no
// pointer events, a thick outline, a style sheet added or removed, a focus ring; rules inserted,
// deleted or edited through the CSSOM and sheets adopted, which no mutation tells of; and boxes
// restyled away from the change (a sibling combinator, `:has()`).
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import fc from 'fast-check';
import { shownText, snapshotPage, snapshotPageSliced } from '../src/dom/index.js';
import { forgetGhosts } from '../src/dom/ghost-boxes.js';
import { forgetPaint } from '../src/dom/page-generation.js';
import { restoreViewport, setViewport } from './support/viewport.js';

const ROWS = 240;
const CAP = 3000;

type Change =
  | { kind: 'text'; row: number; text: string }
  | { kind: 'class'; row: number; name: 'gone' | 'ghost' | 'faint' }
  | { kind: 'cover'; which: number }
  | { kind: 'insert'; row: number; text: string }
  | { kind: 'remove'; row: number }
  | { kind: 'scroll'; y: number }
  | { kind: 'scrollBox'; y: number }
  | { kind: 'resize'; width: number; height: number }
  | { kind: 'theme' }
  | { kind: 'passthrough'; which: number }
  | { kind: 'ring'; row: number }
  | { kind: 'sheet' }
  | { kind: 'focus'; which: number }
  | { kind: 'insertRule'; row: number }
  | { kind: 'editRule' }
  | { kind: 'adopt' }
  | { kind: 'sibling'; row: number }
  | { kind: 'has'; row: number }
  | { kind: 'shadowRule' }
  | { kind: 'none' };

const word = fc.constantFrom('Invoice', 'Refund', 'Order 17', 'Shipping', 'Ada Lovelace', 'Settings');
const row = fc.nat({ max: ROWS - 1 });
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), row, text: word }),
  fc.record({ kind: fc.constant('class' as const), row, name: fc.constantFrom('gone' as const, 'ghost' as const, 'faint' as const) }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cover' as const), which: fc.nat({ max: 2 }) }) },
  fc.record({ kind: fc.constant('insert' as const), row, text: word }),
  fc.record({ kind: fc.constant('remove' as const), row }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('scroll' as const), y: fc.constantFrom(0, 30, 400, 2400, 5200) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('scrollBox' as const), y: fc.constantFrom(0, 60, 300) }) },
  fc.record({ kind: fc.constant('resize' as const), width: fc.constantFrom(800, 640), height: fc.constantFrom(600, 480) }),
  fc.record({ kind: fc.constant('theme' as const) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('passthrough' as const), which: fc.nat({ max: 2 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('ring' as const), row: fc.nat({ max: 12 }) }) },
  fc.record({ kind: fc.constant('sheet' as const) }),
  fc.record({ kind: fc.constant('focus' as const), which: fc.nat({ max: 4 }) }),
  fc.record({ kind: fc.constant('insertRule' as const), row: fc.nat({ max: 12 }) }),
  fc.record({ kind: fc.constant('editRule' as const) }),
  fc.record({ kind: fc.constant('adopt' as const) }),
  fc.record({ kind: fc.constant('sibling' as const), row: fc.nat({ max: 12 }) }),
  fc.record({ kind: fc.constant('has' as const), row: fc.nat({ max: 12 }) }),
  fc.record({ kind: fc.constant('shadowRule' as const) }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('none' as const) }) },
);

/**
 * The dump without the estimate of how many elements were cut: that count depends on which band
 * the walk tried first, which each capped snapshot remembers from the one before (from before any
 * reuse), so two snapshots of the same page in a row may estimate differently. Everything else counts.
 */
function estimateless(text: string): string {
  return text.replace(/^… \(dump truncated: .*$/m, (line) => line.replace(/\d+/g, 'N'));
}

async function page(): Promise<HTMLElement> {
  const root = await fixture<HTMLElement>(html`
    <div class="page">
      <style>
        .page { background: #fff; color: #111; }
        .page.dark { background: #123; color: #eee; }
        .gone { display: none; }
        .ghost { visibility: hidden; }
        .faint { color: #fff; }
        .cover { position: absolute; left: 0; width: 500px; height: 70px; background: #fff; display: none; }
        .cover.shown { display: block; }
        .cover.passthrough { display: block; pointer-events: none; }
        .ring { position: relative; z-index: 1; outline: 30px solid #fff; }
        .box button:focus { position: relative; z-index: 1; outline: 24px solid #fff; }
        .rows li { height: 24px; }
        .lurking { position: absolute; left: 0; width: 500px; height: 70px; background: #fff; pointer-events: none; display: none; }
        .rows li.lit + li { position: relative; z-index: 1; outline: 30px solid #fff; }
        .page:has(.rows li.flag) .far { display: block; }
      </style>
      <div class="cover" style="top: 20px"></div>
      <div class="cover" style="top: 140px"></div>
      <div class="cover" style="top: 300px"></div>
      <div class="lurking" style="top: 380px"></div>
      <div class="lurking far" style="top: 460px"></div>
      <div class="shade" style="position: absolute; top: 0; left: 520px; width: 200px"></div>
      <div class="box" style="height: 120px; overflow: auto; width: 300px">
        ${Array.from({ length: 20 }, (_, index) => html`<p style="margin: 0; height: 24px">Note ${index} <button>Open ${index}</button></p>`)}
      </div>
      <ol class="rows" style="margin: 0">
        ${Array.from({ length: ROWS }, (_, index) => html`<li><span>Row ${index}</span> <a href=${`/row/${index}`}>Edit ${index}</a></li>`)}
      </ol>
    </div>`);
  document.adoptedStyleSheets = [];
  // A shadow root whose own adopted sheet lays a veil over its text once edited through the CSSOM.
  const shadow = root.querySelector('.shade')!.attachShadow({ mode: 'open' });
  const veil = new CSSStyleSheet();
  veil.replaceSync('.veil { position: absolute; inset: 0; background: #fff; pointer-events: none; display: none; }');
  shadow.adoptedStyleSheets = [veil];
  shadow.innerHTML = '<p>Shaded words</p><div class="veil"></div>';
  await nextFrame();
  return root;
}

// A sheet the page adopts and lets go of again, ringing one row.
const adopted = new CSSStyleSheet();
adopted.replaceSync('.rows li:nth-child(9) { position: relative; z-index: 1; box-shadow: 0 0 0 20px #fff; }');

/** The page's own sheet, edited through the CSSOM. */
const pageSheet = (root: HTMLElement): CSSStyleSheet => root.querySelector<HTMLStyleElement>('style:not(.extra)')!.sheet!;

async function apply(root: HTMLElement, step: Change): Promise<void> {
  const rows = root.querySelector('.rows')!;
  const at = (index: number): Element | undefined => rows.children[index % Math.max(rows.children.length, 1)];
  switch (step.kind) {
    case 'text': {
      const span = at(step.row)?.querySelector('span');
      if (span) span.textContent = step.text;
      break;
    }
    case 'class':
      at(step.row)?.classList.toggle(step.name);
      break;
    case 'cover':
      root.querySelectorAll('.cover')[step.which]!.classList.toggle('shown');
      break;
    case 'insert': {
      const li = document.createElement('li');
      li.innerHTML = `<span>${step.text}</span> <button>Do ${step.text}</button>`;
      rows.insertBefore(li, at(step.row) ?? null);
      break;
    }
    case 'remove':
      at(step.row)?.remove();
      break;
    case 'scroll':
      window.scrollTo(0, step.y);
      break;
    case 'scrollBox':
      root.querySelector('.box')!.scrollTop = step.y;
      // A box scrolled by script is seen from its scroll event on, in the next frame (page-generation.ts):
      // until then an answer kept for text outside it stands, and a focus ring inside it has moved.
      await nextFrame();
      break;
    case 'resize':
      await setViewport({ width: step.width, height: step.height });
      break;
    case 'theme':
      root.classList.toggle('dark');
      break;
    case 'passthrough':
      root.querySelectorAll('.cover')[step.which]!.classList.toggle('passthrough');
      break;
    case 'ring':
      at(step.row)?.classList.toggle('ring');
      break;
    case 'sheet': {
      const sheet = root.querySelector('style.extra');
      if (sheet) sheet.remove();
      else root.insertAdjacentHTML('afterbegin', '<style class="extra">.rows li:nth-child(3) { position: relative; z-index: 1; box-shadow: 0 0 0 20px #fff; }</style>');
      break;
    }
    case 'focus':
      root.querySelectorAll<HTMLButtonElement>('.box button')[step.which]!.focus();
      // Focus scrolls the button into view, in WebKit a frame later: the page must hold still between the two snapshots compared.
      await nextFrame();
      await nextFrame();
      break;
    case 'insertRule': {
      const sheet = pageSheet(root);
      const at = [...sheet.cssRules].findIndex((rule) => rule.cssText.includes('inserted'));
      if (at >= 0) sheet.deleteRule(at);
      else sheet.insertRule(`.page .rows li:nth-child(${step.row + 1}):not(.inserted) { position: relative; z-index: 1; outline: 30px solid #fff; }`, sheet.cssRules.length);
      break;
    }
    case 'editRule': {
      const rule = [...pageSheet(root).cssRules].find((one) => (one as CSSStyleRule).selectorText === '.lurking') as CSSStyleRule;
      // Declared, or not (the CSSOM key counts declarations: a new value for one it had is not seen, sheet-rules.ts).
      if (rule.style.getPropertyValue('display')) rule.style.removeProperty('display');
      else rule.style.setProperty('display', 'none');
      break;
    }
    case 'adopt':
      document.adoptedStyleSheets = document.adoptedStyleSheets.length ? [] : [adopted];
      break;
    case 'sibling':
      at(step.row)?.classList.toggle('lit');
      break;
    case 'has':
      at(step.row)?.classList.toggle('flag');
      break;
    case 'shadowRule': {
      const { style } = root.querySelector('.shade')!.shadowRoot!.adoptedStyleSheets[0]!.cssRules[0] as CSSStyleRule;
      if (style.getPropertyValue('display')) style.removeProperty('display');
      else style.setProperty('display', 'none');
      break;
    }
    case 'none':
      break;
  }
}

describe('reuse between snapshots', () => {
  after(async () => {
    document.adoptedStyleSheets = [];
    window.scrollTo(0, 0);
    await restoreViewport();
  });

  it('reads exactly like a snapshot that kept nothing, whatever changed in between', async function () {
    this.timeout(120_000);
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 8 }), fc.boolean(), async (changes, sliced) => {
        const root = await page();
        window.scrollTo(0, 0);
        snapshotPage({ maxLength: CAP, peek: true });
        for (const step of changes) {
          await apply(root, step);
          const reused = sliced ? (await snapshotPageSliced({ maxLength: CAP, peek: true })).text : snapshotPage({ maxLength: CAP, peek: true }).text;
          forgetPaint();
          forgetGhosts();
          const fresh = snapshotPage({ maxLength: CAP, peek: true }).text;
          expect(estimateless(reused), `after ${JSON.stringify(step)}`).to.equal(estimateless(fresh));
        }
      }),
      { numRuns: 25, includeErrorInReport: true },
    );
  });

  it('sees what the CSSOM and rules matched away from a change lay over text, in snapshots right after', async () => {
    const steps: Change[] = [
      { kind: 'insertRule', row: 4 },
      { kind: 'insertRule', row: 4 },
      { kind: 'editRule' },
      { kind: 'editRule' },
      { kind: 'adopt' },
      { kind: 'adopt' },
      { kind: 'sibling', row: 2 },
      { kind: 'sibling', row: 2 },
      { kind: 'has', row: 20 },
      { kind: 'has', row: 20 },
      { kind: 'shadowRule' },
      { kind: 'shadowRule' },
    ];
    const root = await page();
    window.scrollTo(0, 0);
    const first = snapshotPage({ maxLength: CAP, peek: true }).text;
    for (const step of steps) {
      await apply(root, step);
      const reused = snapshotPage({ maxLength: CAP, peek: true }).text;
      forgetPaint();
      forgetGhosts();
      const fresh = snapshotPage({ maxLength: CAP, peek: true }).text;
      expect(estimateless(reused), `after ${JSON.stringify(step)}`).to.equal(estimateless(fresh));
      // Each change is undone by the next; each one done hides some rows.
      if (steps.indexOf(step) % 2 === 0) expect(fresh, `${step.kind} hides rows`).to.not.equal(first);
    }
  });

  it('sees a box laid over text, and the text again once the box goes, in snapshots right after', async () => {
    const root = await page();
    window.scrollTo(0, 0);
    const cover = root.querySelectorAll('.cover')[2]!;
    const covered = /^Row 8$/m;
    expect(snapshotPage({ maxLength: CAP, peek: true }).text).to.match(covered);
    expect(snapshotPage({ maxLength: CAP, peek: true }).text).to.match(covered);
    cover.classList.add('shown');
    expect(snapshotPage({ maxLength: CAP, peek: true }).text).to.not.match(covered);
    cover.classList.remove('shown');
    expect(snapshotPage({ maxLength: CAP, peek: true }).text).to.match(covered);
  });

  // A text's ink answer is kept while nothing painted changes: a change that moves no box (its
  // colour through a custom property, the backdrop behind it, a filter around it) must be seen by
  // the next snapshot, read in the same task, and the text seen again once it is undone.
  it('judges ink anew when colours change and no box moves, either way round', async () => {
    const root = await page();
    window.scrollTo(0, 0);
    const row = root.querySelector('.rows')!.children[3]! as HTMLElement;
    const shown = /^Row 3$/m;
    const changes: Array<[(on: boolean) => void, string]> = [
      [(on) => row.style.setProperty('--ink', on ? '#fff' : ''), 'its colour'],
      [(on) => (root.style.background = on ? '#111' : ''), 'the backdrop'],
      [(on) => (row.style.filter = on ? 'brightness(100)' : ''), 'a filter around it'],
    ];
    row.querySelector('span')!.style.color = 'var(--ink, #111)';
    for (const [toggle, what] of changes) {
      root.style.color = '#111';
      expect(snapshotPage({ maxLength: CAP, peek: true }).text, `before ${what}`).to.match(shown);
      expect(snapshotPage({ maxLength: CAP, peek: true }).text, `before ${what}, again`).to.match(shown);
      toggle(true);
      expect(snapshotPage({ maxLength: CAP, peek: true }).text, `after ${what}`).to.not.match(shown);
      toggle(false);
      expect(snapshotPage({ maxLength: CAP, peek: true }).text, `after ${what} undone`).to.match(shown);
    }
  });

  it('sees the box in what an element shows, read in the same task as the change (as an action reads it)', async () => {
    const root = await page();
    window.scrollTo(0, 0);
    const row = root.querySelector('.rows')!.children[8]!;
    expect(shownText(row)).to.include('Row 8');
    root.querySelectorAll('.cover')[2]!.classList.add('shown');
    expect(shownText(row)).to.not.include('Row 8');
  });
});
