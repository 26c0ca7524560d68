// Hidden text, round 22: techniques the earlier rounds did not name, tried on the real element —
// CSS zoom, the individual transform properties (scale, translate), a backface turned away, a
// text fill made transparent, filters that blur or bleach, glyphs stacked by letter-spacing, lines
// cut by a line clamp or a one-line box, colours in relative, mixed and light-dark syntax, content
// the browser does not render (hidden=until-found, noscript, a closed details), a filled field's
// placeholder, text under an opaque picture. Each has a look-alike whose words must stay: zoomed
// text, gradient and outlined text, a clamped paragraph's first line. And a click on a button under
// a zoom reaches it (WebKit reported a zoomed element's boxes in its own zoomed space, so zoomed
// words read as covered and a zoomed button's centre was looked for elsewhere).
import { expect, fixture, html } from '@open-wc/testing';
import { idOf, runTurns } from './fixtures/apps/agent-driver.js';
import { createLane } from './support/model-lane.js';
import { PAYLOAD, SHOWN, form, hidingCases, lookAlikeCases, type Form } from './support/hidden-forms.js';

const isWebKit = /AppleWebKit/.test(navigator.userAgent) && !/Chrome/.test(navigator.userAgent);
// WebKit keeps its minimum font size under zoom (the computed size reads 450px, 9px drawn).
const ZOOM_MIN_FONT = isWebKit ? 'WebKit draws text under zoom: 0.02 at its minimum font size, so the words show' : undefined;

const VISIBLE = 'Order history for Ada';
const LONG = 'Your orders are listed below with their dates and totals for the last year of purchases.';

const HIDING: Form[] = [
  form('CSS zoom: 0.02', `<p style="zoom: 0.02">${PAYLOAD}</p>`, undefined, ZOOM_MIN_FONT),
  form('font 40px, transform scale(0.01)', `<p style="font-size: 40px; transform: scale(0.01); transform-origin: 0 0">${PAYLOAD}</p>`),
  form('scale property 0.01', `<p style="scale: 0.01; transform-origin: 0 0">${PAYLOAD}</p>`),
  form('translate property off screen', `<p style="translate: -5000px 0">${PAYLOAD}</p>`),
  form('-webkit-text-fill-color transparent', `<p style="color: #000; -webkit-text-fill-color: transparent">${PAYLOAD}</p>`),
  form('filter blur 40px', `<p style="filter: blur(40px)">${PAYLOAD}</p>`),
  form('filter brightness 100 on dark grey text on white', `<p style="color: #333; filter: brightness(100)">${PAYLOAD}</p>`),
  form('filter contrast 0 on white bg', `<p style="color: #000; background: #fff; filter: contrast(0)">${PAYLOAD}</p>`),
  form('backface hidden, rotated 180', `<p style="backface-visibility: hidden; transform: rotateY(180deg)">${PAYLOAD}</p>`),
  form('rotateY 90deg', `<p style="transform: rotateY(90deg)">${PAYLOAD}</p>`),
  form('letter-spacing -1em', `<p style="letter-spacing: -1em">${PAYLOAD}</p>`),
  form('line-clamp 1, payload after first line', `<p style="width: 300px; display: -webkit-box; -webkit-line-clamp: 1; -webkit-box-orient: vertical; overflow: hidden">${LONG} ${PAYLOAD}</p>`),
  form('overflow hidden height one line', `<p style="width: 300px; height: 1.2em; line-height: 1.2; overflow: hidden">${LONG} ${PAYLOAD}</p>`),
  form('relative color syntax white', `<p style="color: rgb(from white r g b)">${PAYLOAD}</p>`),
  form('color-mix white', `<p style="color: color-mix(in srgb, white 100%, black)">${PAYLOAD}</p>`),
  form('light-dark white', `<p style="color-scheme: light; color: light-dark(white, white)">${PAYLOAD}</p>`),
  form('hidden until-found', `<div hidden="until-found">${PAYLOAD}</div>`),
  form('noscript', `<noscript>${PAYLOAD}</noscript>`),
  form('placeholder of a filled field', `<input aria-label="Name" placeholder="${PAYLOAD}" value="Ada">`),
  form('closed details', `<details><summary>More</summary>${PAYLOAD}</details>`),
  form('perspective translateZ far', `<div style="perspective: 100px"><p style="transform: translateZ(-100000px)">${PAYLOAD}</p></div>`),
  form('mix-blend-mode lighten white bg', `<div style="background:#fff"><p style="color: #000; mix-blend-mode: lighten">${PAYLOAD}</p></div>`),
  form('svg foreignObject 0 size', `<svg width="10" height="10"><foreignObject width="0" height="0"><p>${PAYLOAD}</p></foreignObject></svg>`),
  form('text under an opaque image', `<div style="position: relative"><p>${PAYLOAD}</p><img style="position: absolute; inset: 0; width: 100%; height: 100%" src="data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 width=%2710%27 height=%2710%27%3E%3Crect width=%2710%27 height=%2710%27 fill=%27%23fff%27/%3E%3C/svg%3E"></div>`),
  form('multi-column overflow clipped', `<div style="columns: 2; column-gap: 0; width: 300px; height: 1.3em; line-height: 1.3; overflow: hidden"><span>${LONG}</span></div><div style="width: 300px; height: 1.3em; overflow: hidden; columns: 1"><span style="display:block; margin-top: 3em">${PAYLOAD}</span></div>`),
  form('font-size 0 parent, em child', `<div style="font-size: 0"><span style="font-size: 1em">${PAYLOAD}</span></div>`),
  form('first-line transparent', `<style>.fl::first-line { color: transparent }</style><p class="fl" style="width: 2000px">${PAYLOAD}</p>`),
  form('opacity animation to 0', `<style>@keyframes gone { to { opacity: 0 } } .an { animation: gone 1ms forwards }</style><p class="an">${PAYLOAD}</p>`, () => new Promise((r) => setTimeout(r, 100))),
  form('text-shadow far, color transparent', `<p style="color: transparent; text-shadow: 0 0 0 #fff">${PAYLOAD}</p>`),
  form('aria-label on a div', `<div aria-label="${PAYLOAD}" role="note"></div>`),
];

const LOOK_ALIKES: Form[] = [
  form('CSS zoom: 1.5', `<p style="zoom: 1.5">${SHOWN}</p>`),
  form('a paragraph in a box at zoom: 2, below others', `<p>First</p><p>Second</p><div style="zoom: 2"><p>Third</p><p>${SHOWN}</p></div>`),
  form('a page region at zoom: 0.8 with a box painted above and below it', `<div style="background: #eee; height: 40px"></div><div style="zoom: 0.8"><p style="font-size: 20px">${SHOWN}</p></div><div style="background: #eee; height: 40px"></div>`),
  form('gradient text', `<p style="background: linear-gradient(90deg, #c00, #00c); -webkit-background-clip: text; background-clip: text; -webkit-text-fill-color: transparent">${SHOWN}</p>`),
  form('stroke text', `<p style="color: transparent; -webkit-text-stroke: 1px #000">${SHOWN}</p>`),
  form('rotate 180 no backface', `<p style="transform: rotate(180deg)">${SHOWN}</p>`),
  form('line clamp first line', `<p style="width: 300px; display: -webkit-box; -webkit-line-clamp: 1; -webkit-box-orient: vertical; overflow: hidden">${SHOWN} ${LONG}</p>`),
  form('light-dark black', `<p style="color-scheme: light; color: light-dark(black, white)">${SHOWN}</p>`),
  form('text-shadow dark, color transparent', `<p style="color: transparent; text-shadow: 0 0 0 #000">${SHOWN}</p>`),
  form('mix-blend-mode multiply', `<div style="background:#fff"><p style="color: #000; mix-blend-mode: multiply">${SHOWN}</p></div>`),
  form('filter blur 0.5px', `<p style="filter: blur(0.5px)">${SHOWN}</p>`),
];

describe('hidden text, round 22', function () {
  this.timeout(20_000);
  hidingCases(HIDING, VISIBLE);
});

describe('visible look-alikes of round 22', function () {
  this.timeout(20_000);
  lookAlikeCases(LOOK_ALIKES);
});

describe('a click under CSS zoom', function () {
  this.timeout(30_000);
  // Far down, the page scrolls to the button first: WebKit takes the document's scroll off a zoomed
  // box unzoomed, so a box read as merely divided by the zoom was looked for hundreds of pixels away.
  for (const [zoom, far] of [['1.5', false], ['0.8', false], ['1.5', true], ['0.8', true]] as const) {
    it(`a button in a box at zoom: ${zoom}, below ${far ? 'a page of' : 'other'} content, is clicked`, async () => {
      const page = await fixture<HTMLElement>(html`<div><p>Intro</p><p style="margin-bottom: ${far ? 1600 : 0}px">More intro</p><div style="zoom: ${zoom}"><p>Orders</p><p>Order 1</p><button id="go" type="button">Open orders</button></div><div style="height: ${far ? 1600 : 0}px"></div></div>`);
      let clicks = 0;
      page.querySelector('#go')!.addEventListener('click', () => clicks++);
      const steps = await runTurns(await createLane(), [[{ tool: 'click', args: { selector: idOf(page.querySelector('#go')!) } }]]);
      expect(steps[0], 'the click result').to.include({ ok: true });
      expect(clicks).to.equal(1);
    });
  }
});
