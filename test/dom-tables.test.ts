// Tables as a person reads them: a layout table (an article in one cell, a page grid of nested
// tables, an e-mail template) is ordinary content, every link in it reachable; a table of data
// stays compact, one line per row, and no control in a cell is ever cut away.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId, snapshotPage } from '../src/dom/index.js';
import { clickOn, driveFromDump } from './support/dump-driver.js';

const words = (count: number, seed: string) => Array.from({ length: count }, (_, index) => `${seed}${index % 7 === 0 ? '.' : ''}`).join(' ');

/** Every link of `root` has an id in `text` and its words on that line. */
function expectEveryLinkIndexed(text: string, root: Element): void {
  const links = [...root.querySelectorAll('a[href]')];
  expect(links.length).to.be.greaterThan(0);
  for (const link of links) {
    const line = text.split('\n').find((candidate) => candidate.includes(`[${elementId(link)}]`));
    expect(line, `a line for "${link.textContent}"`).to.include(link.textContent!.trim());
  }
}

describe('layout tables are read as content', function () {
  // One whole task through the agent: more than a unit test's time on a busy machine.
  this.timeout(30_000);

  it('an article laid out in one cell keeps every paragraph, heading and link, and a click on its last link works', async () => {
    const chapters = Array.from({ length: 40 }, (_, index) => index + 1);
    const page = await fixture<HTMLElement>(html`
      <div>
        <table width="100%" cellpadding="8"><tr><td>
          <h1>The field guide</h1>
          ${chapters.map((n) => html`<p>${words(30, 'prose')} <a href="#chapter-${n}">Chapter ${n} notes</a> ${words(12, 'after')}</p>`)}
        </td></tr></table>
        <p id="opened"></p>
      </div>`);
    for (const link of page.querySelectorAll('a')) {
      link.addEventListener('click', (event) => {
        event.preventDefault();
        page.querySelector('#opened')!.textContent = `Opened ${link.textContent}`;
      });
    }
    const { text } = snapshotPage({ maxLength: Infinity });
    expect(text).not.to.match(/^\s*↓?\|/m);
    expect(text).not.to.match(/<table/);
    expect(text).to.match(/\]<h1>The field guide$/m);
    expectEveryLinkIndexed(text, page);

    const { steps } = await driveFromDump([clickOn('Chapter 40 notes')], 'Open the notes of chapter 40');
    expect(steps[0]!.ok).to.equal(true);
    expect(page.querySelector('#opened')!.textContent).to.equal('Opened Chapter 40 notes');
  });

  it('a page grid of nested tables shows its columns as content and the table of data inside as rows', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <table cellspacing="0"><tr>
          <td valign="top"><a href="/home">Home</a><br><a href="/news">News</a><br><a href="/contact">Contact</a></td>
          <td>
            <table><tr><td><b>Welcome to the club pages.</b> ${words(90, 'intro')} <a href="/join">Join the club</a></td></tr></table>
            <table>
              <tr><th>Team</th><th>Played</th><th>Points</th></tr>
              <tr><td><a href="/teams/rovers">Rovers</a></td><td>12</td><td>30</td></tr>
              <tr><td><a href="/teams/united">United</a></td><td>12</td><td>24</td></tr>
            </table>
          </td>
        </tr></table>
      </div>`);
    const { text } = snapshotPage({ maxLength: Infinity });
    expectEveryLinkIndexed(text, page);
    expect(text).to.match(/^\s*\| Team \| Played \| Points \|$/m);
    expect(text).to.match(/^\s*\| \*?\[[0-9a-z]+\]<a>Rovers \| 12 \| 30 \|$/m);
    // The grid and the one-cell box are no tables of data: no row lines, no table lines for them.
    expect(text.match(/<table>/g)).to.have.length(1);
    expect(text).not.to.include('| [');
    expect(text).to.match(/^\s*Welcome to the club pages\./m);
  });

  it('an e-mail-like page (a centred template table, no headers) reads top to bottom with every link', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <table width="600" align="center" cellpadding="0" cellspacing="0" border="0">
          <tr><td colspan="2" align="center"><font size="5">ACME Weekly</font></td></tr>
          <tr>
            <td width="400"><font face="Arial">Hello Ada,<br><br>${words(70, 'news')}<br><br><a href="/offers/spring">See the spring offers</a><br>${words(40, 'more')}</font></td>
            <td width="200"><font face="Arial">In this issue<br><a href="/a">Garden tools</a><br><a href="/b">Rain wear</a><br><a href="/c">Seeds</a></font></td>
          </tr>
          <tr><td colspan="2"><font size="1">You get this because you signed up. <a href="/unsubscribe">Unsubscribe</a> · <a href="/preferences">Preferences</a></font></td></tr>
        </table>
      </div>`);
    const { text } = snapshotPage({ maxLength: Infinity });
    expect(text).not.to.match(/^\s*\|/m);
    expectEveryLinkIndexed(text, page);
    const order = ['ACME Weekly', 'Hello Ada,', 'See the spring offers', 'In this issue', 'Seeds', 'Unsubscribe'].map((label) => text.indexOf(label));
    expect(order.every((at, index) => at >= 0 && (index === 0 || at > order[index - 1]!)), `in reading order: ${order}`).to.equal(true);
  });

  it('role=presentation makes even a table with header cells content', async () => {
    await fixture(html`<table role="presentation"><tr><th>Menu</th><th>Today</th></tr><tr><td><a href="/a">Soup</a></td><td>${words(10, 'x')}</td></tr></table>`);
    const { text } = snapshotPage({ maxLength: Infinity });
    expect(text).not.to.match(/^\s*\|/m);
    expect(text).to.match(/^\s*Menu$/m);
  });
});

describe('tables of data stay compact', () => {
  it('one line per row, a caption and header row, cells side by side', async () => {
    await fixture(html`
      <table>
        <caption>Invoices</caption>
        <tr><th>No.</th><th>Date</th><th>Amount</th></tr>
        <tr><td>A-1</td><td>2 May</td><td>€10</td></tr>
        <tr><td>A-2</td><td>9 May</td><td>€12</td></tr>
      </table>`);
    const { text } = snapshotPage({ maxLength: Infinity });
    expect(text).to.match(/\]<table>\n\s+Invoices\n\s+\| No\. \| Date \| Amount \|\n\s+\| A-1 \| 2 May \| €10 \|\n\s+\| A-2 \| 9 May \| €12 \|/);
  });

  it('a grid of short values without header cells is still data', async () => {
    await fixture(html`<table><tr><td>Mon</td><td>9–17</td></tr><tr><td>Tue</td><td>9–17</td></tr><tr><td>Sun</td><td>closed</td></tr></table>`);
    const { text } = snapshotPage({ maxLength: Infinity });
    expect(text).to.match(/^\s*\| Sun \| closed \|$/m);
  });

  it('a row with more text than a line holds cuts text, never a control in a cell', async () => {
    const tags = Array.from({ length: 30 }, (_, index) => `tag-${index}`);
    const page = await fixture<HTMLElement>(html`
      <table>
        <tr><th>Item</th><th>Description</th><th>Tags</th></tr>
        <tr><td>Lamp</td><td>${words(60, 'light')}</td><td>${tags.map((tag) => html`<a href="/t/${tag}">${tag}</a> `)}</td></tr>
      </table>`);
    const { text } = snapshotPage({ maxLength: Infinity });
    const row = text.split('\n').find((line) => line.includes('Lamp'))!;
    for (const link of page.querySelectorAll('a')) expect(row).to.include(`[${elementId(link)}]<a>${link.textContent}`);
    expect(row).to.include('…');
  });

  it('a sortable grid says which column it is sorted by (aria-sort), and nothing for the others', async () => {
    const sort = () => {};
    await fixture(html`
      <div role="grid" aria-label="Cars">
        <div role="row"><div role="columnheader" tabindex="0" aria-sort="none" @click=${sort}>Make</div><div role="columnheader" tabindex="0" aria-sort="descending" @click=${sort}>Price ▾</div></div>
        <div role="row"><div role="gridcell">Ford</div><div role="gridcell">$47,500</div></div>
      </div>`);
    const { text } = snapshotPage({ maxLength: Infinity });
    expect(text).to.match(/<div role=columnheader aria-sort=descending>Price/);
    expect(text).not.to.include('aria-sort=none');
  });
});
