// Panels that animate open: after a click the agent waits (about a second at most) for what the
// click set moving to come to rest, so the next dump shows the whole panel; what is still moving
// or cut off by its box is marked as such.
import { expect, fixture, html } from '@open-wc/testing';
import { snapshotPage } from '../src/dom/index.js';
import { clickOn, driveFromDump } from './support/dump-driver.js';

const links = ['Rates', 'Carriers', 'Tracking', 'Customs', 'Insurance', 'Return label'];

function accordion(transition: string) {
  return html`
    <div>
      <button class="head">Shipping</button>
      <div class="panel" style="overflow:hidden;max-height:0;transition:${transition}">
        ${links.map((text) => html`<p style="margin:0;height:30px"><a href="#${text}">${text}</a></p>`)}
      </div>
      <p id="opened"></p>
    </div>`;
}

function wire(page: HTMLElement, open: (panel: HTMLElement) => void): void {
  const panel = page.querySelector<HTMLElement>('.panel')!;
  page.querySelector('.head')!.addEventListener('click', () => open(panel));
  for (const link of page.querySelectorAll('a')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      page.querySelector('#opened')!.textContent = `Opened ${link.textContent}`;
    });
  }
}

describe('animated panels', function () {
  // Whole tasks through the agent, with waits of up to a second per action: more than a unit test.
  this.timeout(30_000);

  it('a CSS transition: the links inside the panel are all in the next dump, and the last one is clicked', async () => {
    const page = await fixture<HTMLElement>(accordion('max-height 400ms ease-in'));
    wire(page, (panel) => (panel.style.maxHeight = '200px'));
    const { dumps, steps } = await driveFromDump([clickOn('Shipping'), clickOn('Return label')], 'Get a return label');
    for (const text of links) expect(dumps[1]).to.include(`<a>${text}`);
    expect(dumps[1]).not.to.match(/animating|clipped/);
    expect(steps.map((step) => step.ok)).to.deep.equal([true, true]);
    expect(page.querySelector('#opened')!.textContent).to.equal('Opened Return label');
  });

  it('a Web Animation (element.animate) is waited for the same way', async () => {
    const page = await fixture<HTMLElement>(accordion('none'));
    wire(page, (panel) => {
      panel.style.maxHeight = '200px';
      panel.animate([{ maxHeight: '0px' }, { maxHeight: '200px' }], { duration: 400 });
    });
    const { dumps } = await driveFromDump([clickOn('Shipping'), () => undefined]);
    for (const text of links) expect(dumps[1]).to.include(`<a>${text}`);
  });

  it('a panel still opening after the wait is marked animating, with what it shows so far', async () => {
    const page = await fixture<HTMLElement>(accordion('max-height 6s linear'));
    wire(page, (panel) => (panel.style.maxHeight = '200px'));
    const started = performance.now();
    const { dumps } = await driveFromDump([clickOn('Shipping'), () => undefined]);
    expect(performance.now() - started).to.be.below(5000);
    expect(dumps[1]).to.match(/\]<div animating>\n\s+\S*\[[0-9a-z]+\]<a>Rates/);
    expect(dumps[1]).not.to.include('Return label');
  });

  it('an endless animation elsewhere on the page (a spinner) is not waited for', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <style>@keyframes spin { to { transform: rotate(360deg) } } .spinner { width:10px;height:10px;animation: spin 1s linear infinite }</style>
        <div class="spinner"></div>
        <button id="go">Go</button><p id="out"></p>
      </div>`);
    page.querySelector('#go')!.addEventListener('click', () => (page.querySelector('#out')!.textContent = 'Done'));
    const started = performance.now();
    const { steps } = await driveFromDump([clickOn('Go')]);
    expect(steps[0]!.ok).to.equal(true);
    expect(performance.now() - started).to.be.below(3000);
    expect(snapshotPage().text).not.to.include('animating');
  });

  it('a box that cuts content off (a carousel) says it is clipped; one that cuts nothing does not', async () => {
    await fixture(html`
      <div>
        <div class="carousel" style="overflow:hidden;width:300px;height:60px">
          <div style="display:flex;width:900px">
            <a href="#1" style="width:300px;flex:none">First slide</a><a href="#2" style="width:300px;flex:none">Second slide</a><a href="#3" style="width:300px;flex:none">Third slide</a>
          </div>
        </div>
        <div class="box" style="overflow:hidden;width:300px"><a href="#x">All here</a></div>
      </div>`);
    const { text } = snapshotPage();
    expect(text).to.match(/\]<div clipped>\n\s+\S*\[[0-9a-z]+\]<a>First slide/);
    expect(text).not.to.include('Second slide');
    expect(text).to.match(/^\S*\[[0-9a-z]+\]<a>All here$/m);
  });
  // A library fades a closed dialog out, then removes it on a timer a little later; until then the
  // page behind stays aria-hidden, as it was while the dialog was open. The dump after the click
  // waits for the faded dialog to go, so it reads the page a visitor sees.
  it('a dialog that fades out on close is gone from the next dump, and the page behind is back', async () => {
    const page = await fixture<HTMLElement>(html`
      <div>
        <main aria-hidden="true"><p>Subscribed: nobody</p></main>
        <div class="fade" style="transition: opacity 300ms linear">
          <div role="dialog" aria-modal="true" aria-label="Newsletter"><p>Get the newsletter</p><button>Close</button></div>
        </div>
      </div>`);
    const fade = page.querySelector<HTMLElement>('.fade')!;
    page.querySelector('button')!.addEventListener('click', () => {
      page.querySelector('main p')!.textContent = 'Subscribed: sam@example.com';
      // (the page's own state, set by the dialog before it closes)
      fade.style.opacity = '0';
      fade.addEventListener('transitionend', () => setTimeout(() => {
        fade.remove();
        page.querySelector('main')!.removeAttribute('aria-hidden');
      }, 250), { once: true });
    });
    const { dumps, steps } = await driveFromDump([clickOn('Close'), () => undefined]);
    expect(steps[0]!.ok).to.equal(true);
    expect(dumps[1]).to.include('Subscribed: sam@example.com');
    expect(dumps[1]).not.to.include('Get the newsletter');
  });
});
