// What a person can click although only script makes it clickable: handler properties, listeners
// on links without href, separate controls inside a clickable row, icon-only buttons; and where a
// link leads (a new tab, another site). Each is found in the dump and clicked through the agent.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId, snapshotPage } from '../src/dom/index.js';
import { clickOn, driveFromDump, lineWith } from './support/dump-driver.js';
import { idInDump } from './support/agent-fixture.js';

describe('controls only script makes clickable', function () {
  // Whole tasks through the agent: more than a unit test's time on a busy machine.
  this.timeout(30_000);

  it('an element whose onclick property a script set gets an id and is clicked', async () => {
    const page = await fixture<HTMLElement>(html`<div><span id="more">Show more results</span><p id="out"></p></div>`);
    const more = page.querySelector<HTMLElement>('#more')!;
    more.onclick = () => (page.querySelector('#out')!.textContent = 'Ten more results');
    const { dumps, steps } = await driveFromDump([clickOn('Show more results')]);
    expect(lineWith(dumps[0]!, 'Show more results')).to.match(/\]<span>Show more results$/);
    expect(steps[0]!.ok).to.equal(true);
    expect(page.querySelector('#out')!.textContent).to.equal('Ten more results');
  });

  it("a calendar's Prev and Next (<a> without href, a title, a listener, no pointer cursor) change the month", async () => {
    const page = await fixture<HTMLElement>(html`
      <div class="calendar">
        <a class="prev" title="Prev"><span>Prev</span></a>
        <span class="month">March 2025</span>
        <a class="next" title="Next"><span>Next</span></a>
        <a name="bottom"></a>
      </div>`);
    const months = ['January', 'February', 'March', 'April', 'May', 'June'];
    let index = 2;
    const show = () => (page.querySelector('.month')!.textContent = `${months[index]} 2025`);
    page.querySelector('.prev')!.addEventListener('click', () => ((index -= 1), show()));
    page.querySelector('.next')!.addEventListener('click', () => ((index += 1), show()));
    const { dumps } = await driveFromDump([clickOn('Next'), clickOn('Next')], 'Go to May');
    expect(getComputedStyle(page.querySelector('.next')!).cursor).not.to.equal('pointer');
    expect(lineWith(dumps[0]!, 'Prev')).to.match(/\]<a>Prev$/);
    expect(dumps[2]).to.include('May 2025');
    expect(page.querySelector('.month')!.textContent).to.equal('May 2025');
  });

  it('two controls inside a clickable row each get their own id and box; each click reaches the one named', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <div class="row" style="cursor:pointer;display:flex;gap:40px;padding:8px;width:600px">
          <span class="from">Grace Hopper</span><span class="subject">Compiler notes</span>
          <span class="reply">Reply</span><span class="forward">Forward</span>
        </div>
        <p id="log"></p>
      </div>`);
    const log = page.querySelector('#log')!;
    const note = (what: string) => (event: Event) => {
      event.stopPropagation();
      log.textContent += `${what};`;
    };
    page.querySelector('.row')!.addEventListener('click', () => (log.textContent += 'open;'));
    page.querySelector('.reply')!.addEventListener('click', note('reply'));
    page.querySelector('.forward')!.addEventListener('click', note('forward'));
    const { dumps, steps } = await driveFromDump([clickOn('Forward'), clickOn('Reply'), clickOn('Grace Hopper')]);
    const dump = dumps[0]!;
    expect(idInDump(dump, 'Reply')).not.to.equal(idInDump(dump, 'Forward'));
    expect(idInDump(dump, 'Reply')).not.to.equal(idInDump(dump, 'Grace Hopper'));
    expect(steps.map((step) => step.ok)).to.deep.equal([true, true, true]);
    expect(log.textContent).to.equal('forward;reply;open;');
  });

  it('a box that only a listener makes clickable and that holds controls (a picker panel, a framework root) is no target: its pointer cells are, a button stays one control', async () => {
    // As Element Plus's picker: the panel listens for clicks (not painted as clickable) and reads
    // which of its year cells, which set the pointer cursor, was clicked.
    const page = await fixture<HTMLElement>(html`
      <div>
        <div class="panel">
          <button class="prev">Previous decade</button>
          <div class="years">
            <span class="year" style="cursor:pointer;display:inline-block;padding:4px">2026</span>
            <span class="year" style="cursor:pointer;display:inline-block;padding:4px">2027</span>
          </div>
        </div>
        <button class="save">Save <span style="cursor:pointer">draft</span></button>
        <label class="switch"><span class="base"><input type="checkbox" role="switch" style="opacity:0;margin:0;width:30px;height:16px"></span> Bluetooth</label>
        <p id="picked"></p>
      </div>`);
    // React listens on its root container, and sets onclick on an element given onClick.
    page.addEventListener('click', () => {});
    page.querySelector<HTMLElement>('.base')!.onclick = () => {};
    page.querySelector('.panel')!.addEventListener('click', (event) => {
      event.stopPropagation();
      const year = (event.target as Element).closest('.year');
      if (year) page.querySelector('#picked')!.textContent = `Year ${year.textContent}`;
    });
    const { dumps, steps } = await driveFromDump([clickOn('2027')]);
    expect(lineWith(dumps[0]!, '2026')).to.match(/\]<span>2026$/);
    expect(steps[0]!.ok, steps[0]!.message).to.equal(true);
    expect(page.querySelector('#picked')!.textContent).to.equal('Year 2027');
    expect(lineWith(dumps[0]!, 'Save')).to.match(/\]<button>Save draft$/);
    // The switch's label stands in for its invisible input, as outside such a box.
    expect(lineWith(dumps[0]!, 'Bluetooth')).to.match(/\]<label type=checkbox role=switch>Bluetooth$/);
  });

  it('a click on a row that its controls fill entirely is refused, never reported as done', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <div class="row" tabindex="0" aria-label="Message from Ada" style="display:flex;width:300px">
          <button class="a" style="flex:1;height:40px">Archive</button><button class="b" style="flex:1;height:40px">Delete later</button>
        </div>
        <p id="log"></p>
      </div>`);
    const log = page.querySelector('#log')!;
    page.querySelector('.row')!.addEventListener('click', () => (log.textContent += 'row;'));
    // The row shows "Delete later", so the site boundary asks first (issue 13); the visitor agrees.
    const { steps, asked } = await driveFromDump([clickOn('Message from Ada')], 'Open the message', { confirm: true });
    expect(asked).to.have.length(1);
    expect(steps[0]!.ok).to.equal(false);
    expect(steps[0]!.message).to.include('click the one you mean');
    expect(log.textContent).to.equal('');
  });

  it('a click that a control inside the target keeps for itself (a listener added before the agent loaded) is reported, not "ok"', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <div class="row" tabindex="0" aria-label="Message from Alan" style="display:flex;width:300px">
          <span style="flex:1">Alan Turing</span><span class="star" style="flex:3">☆ Star</span><span style="flex:1">10:02</span>
        </div>
        <p id="log"></p>
      </div>`);
    const log = page.querySelector('#log')!;
    page.querySelector('.row')!.addEventListener('click', () => (log.textContent += 'open;'));
    // A listener the agent never saw being added: the page's scripts ran before the agent's.
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const unseenAdd = (frame.contentWindow as Window & typeof globalThis).EventTarget.prototype.addEventListener;
    frame.remove();
    unseenAdd.call(page.querySelector('.star')!, 'click', (event: Event) => {
      event.stopPropagation();
      log.textContent += 'star;';
    });
    const { steps } = await driveFromDump([clickOn('Message from Alan')]);
    expect(log.textContent).to.equal('star;');
    expect(steps[0]!.ok).to.equal(false);
    expect(steps[0]!.message).to.match(/^The click landed on \[[0-9a-z]+\] span "☆ Star" inside div "Message from Alan", which handled it and kept it from div "Message from Alan"/);
  });

  it('icon-only controls are named from their icon: class words, an icon font, an image file name', async () => {
    const like = new Image();
    like.src = new URL('./fixtures/icons/like.svg', import.meta.url).href;
    await like.decode();
    const page = await fixture<HTMLElement>(html`
      <div>
        <style>
          .reply-button { display:inline-block; width:20px; height:20px; background:url(/img/arrow-sprite.png) no-repeat; }
          .fa::before { content: "\\f1f8"; }
        </style>
        <span class="reply-button"></span>
        <button class="btn btn-default"><i class="fa fa-trash"></i></button>
        <a href="/like"><img src=${new URL('./fixtures/icons/like.svg', import.meta.url).href} width="16" height="16" alt=""></a>
        <button title="More options">⋯</button>
        <a href="/flag" title="Flag of New Zealand"><img src=${new URL('./fixtures/icons/like.svg', import.meta.url).href} width="16" height="16" alt="Blue field with four red stars"></a>
        <p id="log"></p>
      </div>`);
    const log = page.querySelector('#log')!;
    page.querySelector('.reply-button')!.addEventListener('click', () => (log.textContent += 'reply;'));
    page.querySelector('.btn')!.addEventListener('click', () => (log.textContent += 'trash;'));
    // The gate (issue 13) asks once before one of the two clicks; the visitor agrees.
    const { dumps, steps, asked } = await driveFromDump([clickOn('icon=reply'), clickOn('icon=trash')], 'Reply, then delete', { confirm: true });
    expect(asked).to.have.length(1);
    const dump = dumps[0]!;
    expect(lineWith(dump, 'icon=reply')).to.match(/<span icon=reply>$/);
    expect(lineWith(dump, 'icon=trash')).to.match(/<button icon=trash>$/);
    expect(lineWith(dump, 'icon=like')).to.match(/<a icon=like>$/);
    expect(dump).to.match(/<button>⋯\n\s+label: More options/);
    // An image link's alt is its text; its tooltip says what it is for.
    expect(lineWith(dump, 'Blue field')).to.match(/<a title="Flag of New Zealand">Blue field with four red stars$/);
    expect(steps.map((step) => step.ok)).to.deep.equal([true, true]);
    expect(log.textContent).to.equal('reply;trash;');
  });
});

describe('where links lead', () => {
  it('marks links that open a new tab or leave the site, and no others', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <a id="same" href="/orders">Orders</a>
        <a id="blank" href="/help" target="_blank">Help</a>
        <a id="named" href="/print" target="receipt">Print</a>
        <a id="framed" href="/preview" target="preview-frame">Preview</a>
        <a id="away" href="https://elsewhere.example/docs">Docs</a>
        <a id="away-tab" href="//elsewhere.example/" target="_blank">Partner</a>
        <a id="mail" href="mailto:help@example.com">Write to us</a>
        <a id="here" href="${location.origin}/account">Account</a>
        <iframe name="preview-frame" style="width:10px;height:10px;border:0"></iframe>
      </div>`);
    const { text } = snapshotPage({ maxLength: Infinity });
    const line = (id: string) => text.split('\n').find((candidate) => candidate.includes(`[${elementId(page.querySelector(`#${id}`)!)}]`))!.trim();
    expect(line('same')).to.match(/<a>Orders$/);
    expect(line('blank')).to.match(/<a newtab>Help$/);
    expect(line('named')).to.match(/<a newtab>Print$/);
    expect(line('framed')).to.match(/<a>Preview$/);
    expect(line('away')).to.match(/<a ↗>Docs$/);
    expect(line('away-tab')).to.match(/<a newtab ↗>Partner$/);
    expect(line('mail')).to.match(/<a>Write to us$/);
    expect(line('here')).to.match(/<a>Account$/);
  });

  it('a <base target> makes every link without its own target open a new tab', async () => {
    const base = document.createElement('base');
    base.target = '_blank';
    document.head.append(base);
    try {
      const page = await fixture<HTMLElement>(html`<div><a id="a" href="/a">First</a><a id="b" href="/b" target="_self">Second</a></div>`);
      const { text } = snapshotPage({ maxLength: Infinity });
      expect(text).to.include(`[${elementId(page.querySelector('#a')!)}]<a newtab>First`);
      expect(text).to.include(`[${elementId(page.querySelector('#b')!)}]<a>Second`);
    } finally {
      base.remove();
    }
  });
});
