// Hidden text, round 18: techniques written by an attacker who has read the round-17 tests and
// tries what the walk does not model: a clip that a positioned box obeys although the walk thinks it
// escapes it (a transform, filter, will-change or paint containment makes the clipping box its
// containing block), clips and opacity on a pseudo-element box (::details-content), glyphs
// magnified past the screen, a frame's document beyond a viewport nobody can scroll, options a list
// never draws, an SVG outline wider than the letters or a fill that borrows no paint, an
// ancestor's ::after laid over its own text, a full-screen overlay, a backdrop-filter or an inset
// box-shadow that darkens what is behind dark words, and a page whose colour scheme comes from its
// <meta>. Each runs a task through the
// real element: the hidden sentence must not reach the model, and the sentence the page shows must;
// each hiding form has a look-alike that must keep its words.
import { DARK_IMAGE, PAYLOAD, SHOWN, form, frame, framesLoaded, hidingCases, lookAlikeCases, type Form } from './support/hidden-forms.js';

const VISIBLE = 'Order history for Ada';

const isWebKit = /AppleWebKit/.test(navigator.userAgent) && !/Chrome/.test(navigator.userAgent);
// Engines without ::details-content draw what the rule would hide: there the words show.
const DETAILS_CONTENT = CSS.supports('selector(::details-content)') ? undefined : 'the engine has no ::details-content, so the words show';
// GAP: WebKit's getComputedStyle answers the <details>'s own style for ::details-content, so its
// opacity and filters cannot be read there (its clips are still found by the hit test).
const DETAILS_PAINT = DETAILS_CONTENT ?? (isWebKit ? "WebKit's getComputedStyle does not resolve ::details-content" : undefined);

/** Adds `<meta name=color-scheme content=dark>` to the document, removed after each case. */
function darkMeta(): void {
  const meta = document.createElement('meta');
  Object.assign(meta, { name: 'color-scheme', content: 'dark', id: 'round18-scheme' });
  document.head.append(meta);
}

// Engines without context-fill ignore the attribute and fill the text black: there the words show.
const CONTEXT_FILL = CSS.supports('fill', 'context-fill') ? undefined : 'the engine has no context-fill, so the words show';

const BELOW = '<div style="height: 100px"></div>';

const HIDING: Form[] = [
  form('an absolute box in a transformed box that hides its overflow, below its edge', `<div style="transform: translateX(0); overflow: hidden; height: 20px"><p style="position: absolute; top: 60px; margin: 0">${PAYLOAD}</p></div>${BELOW}`),
  form('a fixed box in a transformed box that hides its overflow, below its edge', `<div style="transform: translateX(0); overflow: hidden; height: 20px"><p style="position: fixed; top: 60px; margin: 0">${PAYLOAD}</p></div>${BELOW}`),
  form('an absolute box in a filtered box that hides its overflow, below its edge', `<div style="filter: blur(0); overflow: hidden; height: 20px"><p style="position: absolute; top: 60px; margin: 0">${PAYLOAD}</p></div>${BELOW}`),
  form('a fixed box in a box with contain: paint, below its edge', `<div style="contain: paint; height: 20px"><p style="position: fixed; top: 60px; margin: 0">${PAYLOAD}</p></div>${BELOW}`),
  form('an absolute box in a will-change: transform box with overflow: clip', `<div style="will-change: transform; overflow: clip; height: 20px"><p style="position: absolute; top: 60px; margin: 0">${PAYLOAD}</p></div>${BELOW}`),
  form('::details-content at opacity 0 in an open <details>', `<style>.dc-faded::details-content { opacity: 0 }</style><details open class="dc-faded"><summary>More</summary><p>${PAYLOAD}</p></details>`, undefined, DETAILS_PAINT),
  form('::details-content of height 0 that hides its overflow', `<style>.dc-flat::details-content { display: block; height: 0; overflow: hidden }</style><details open class="dc-flat"><summary>More</summary><p>${PAYLOAD}</p></details>`, undefined, DETAILS_CONTENT),
  form('::details-content cut away by clip-path: inset(50%)', `<style>.dc-cut::details-content { display: block; clip-path: inset(50%) }</style><details open class="dc-cut"><summary>More</summary><p>${PAYLOAD}</p></details>`, undefined, DETAILS_CONTENT),
  form('::details-content erased by filter: opacity(0)', `<style>.dc-erased::details-content { display: block; filter: opacity(0) }</style><details open class="dc-erased"><summary>More</summary><p>${PAYLOAD}</p></details>`, undefined, DETAILS_PAINT),
  form('transform: scale(400), each glyph larger than the screen', `<p style="transform: scale(400)">${PAYLOAD}</p>`),
  form('scale: 300, the individual property, magnified', `<p style="scale: 300">${PAYLOAD}</p>`),
  form('font-size: 4000px', `<p style="font-size: 4000px; margin: 0; white-space: nowrap">${PAYLOAD}</p>`),
  form('zoom: 200', `<p style="zoom: 200">${PAYLOAD}</p>`),
  form('vertical writing squashed down its line (scaleY(0.01))', `<p style="writing-mode: vertical-rl; white-space: nowrap; transform: scaleY(0.01); margin: 0">${PAYLOAD}</p>`),
  form('a frame that cannot scroll (scrolling="no"), the words below its viewport', `<iframe scrolling="no" style="width: 500px; height: 80px; border: 0" srcdoc="<p>Frame top</p><p style='margin-top: 3000px'>${PAYLOAD}</p>"></iframe>`, framesLoaded),
  form("a frame whose document hides its overflow, the words below its viewport", frame(`<style>html { overflow: hidden }</style><p>Frame top</p><p style='margin-top: 3000px'>${PAYLOAD}</p>`), framesLoaded),
  form('a frame whose document hides its overflow, scrolled past the words', frame(`<style>html { overflow: hidden }</style><p>${PAYLOAD}</p><div style='height: 3000px'></div>`), async (page) => {
    await framesLoaded(page);
    page.querySelector('iframe')!.contentWindow!.scrollTo(0, 2000);
  }),
  form('an <option> in display: none', `<select><option>Shipping</option><option style="display: none">${PAYLOAD}</option></select>`),
  form('an <option hidden>', `<select><option>Shipping</option><option hidden>${PAYLOAD}</option></select>`),
  form('an <option> in an <optgroup> in display: none', `<select><option>Shipping</option><optgroup label="More" style="display: none"><option>${PAYLOAD}</option></optgroup></select>`),
  form('SVG <text> under a white stroke wider than a quarter of its letters', `<svg width="400" height="30"><text x="0" y="20" fill="#000" stroke="#fff" stroke-width="10">${PAYLOAD}</text></svg>`),
  form('SVG <text> filled with context-fill outside any marker (it borrows no paint)', `<svg width="400" height="30"><text x="0" y="20" fill="context-fill">${PAYLOAD}</text></svg>`, undefined, CONTEXT_FILL),
  form("an ancestor's opaque ::after laid over its child's words", `<style>.over-after { position: relative } .over-after::after { content: ""; position: absolute; inset: 0; background: #fff }</style><div class="over-after"><p>${PAYLOAD}</p></div>`),
  form('an opaque fixed overlay over the whole screen, the page under it', `<p>${PAYLOAD}</p><div style="position: fixed; inset: 0; background: #fff; z-index: 5"><p>${VISIBLE}</p></div>`),
  form('dark words on a box whose backdrop-filter: brightness(0) blackens the page behind it', `<p style="color: #000; backdrop-filter: brightness(0)">${PAYLOAD}</p>`),
  form('dark words on a panel whose backdrop-filter: invert(1) brightness(0) blackens what is behind', `<div style="position: relative; backdrop-filter: invert(1) brightness(0)"><p style="color: #000">${PAYLOAD}</p></div>`),
  form('dark words on a box an inset box-shadow fills black', `<p style="color: #000; box-shadow: inset 0 0 0 999px #000">${PAYLOAD}</p>`),
  form('dark words in a positioned box an inset box-shadow fills black', `<div style="position: relative; box-shadow: inset 0 0 0 999px #000"><p style="color: #000">${PAYLOAD}</p></div>`),
  form("words in the dark canvas's colour on a page whose <meta> sets a dark colour scheme", `<p style="color: #1c1c1c">${PAYLOAD}</p>`, darkMeta),
];

const LOOK_ALIKES: Form[] = [
  form('an absolute box inside a transformed box that hides its overflow', `<div style="transform: translateX(0); overflow: hidden; height: 60px"><p style="position: absolute; top: 0; margin: 0">${SHOWN}</p></div>`),
  form('a fixed box inside a transformed box, within its edges', `<div style="transform: translateX(0); overflow: hidden; height: 60px"><p style="position: fixed; top: 0; margin: 0">${SHOWN}</p></div>`),
  form('words in a display: contents wrapper (no box of their own to hit)', `<div style="display: contents">${SHOWN}</div>`),
  form('words with pointer-events: none', `<p style="pointer-events: none">${SHOWN}</p>`),
  form('a button whose words sit in a <span> (engines hit the button)', `<button type="button"><span>${SHOWN}</span></button>`),
  form('a disabled button whose words sit in a <b>', `<button type="button" disabled><b>${SHOWN}</b></button>`),
  form('a summary whose words sit in a <span>', `<details><summary><span>${SHOWN}</span></summary><p>More</p></details>`),
  form("a card whose stretched link lays a clear ::after over it", `<style>.card18 { position: relative } .card18 a::after { content: ""; position: absolute; inset: 0 }</style><div class="card18"><p>${SHOWN}</p><a href="/orders">Read more</a></div>`),
  form("an opaque ::after badge beside the words, not over them", `<style>.badge18 { position: relative; padding-right: 60px } .badge18::after { content: "new"; position: absolute; right: 0; top: 0; background: #c00; color: #fff }</style><p class="badge18">${SHOWN}</p>`),
  form('a hero heading at 120px', `<h1 style="font-size: 120px; margin: 0">${SHOWN}</h1>`),
  form('a line of vertical writing longer than the screen is high', `<p style="writing-mode: vertical-rl; white-space: nowrap; margin: 0">${SHOWN} ${'and so the story goes on '.repeat(12)}</p>`),
  form('an open <details> whose ::details-content fades in', `<style>.dc-in::details-content { opacity: 0.9; transition: opacity 1s }</style><details open class="dc-in"><summary>More</summary><p>${SHOWN}</p></details>`),
  form('an open <details> at opacity 0.3, inside a box at 0.5', `<div style="opacity: 0.5"><details open style="opacity: 0.3"><summary>More</summary><p>${SHOWN}</p></details></div>`),
  form('the summary of a closed <details>', `<details><summary>${SHOWN}</summary><p>More</p></details>`),
  form('a frame that cannot scroll, its words in its viewport', `<iframe scrolling="no" style="width: 500px; height: 80px; border: 0" srcdoc="<p>${SHOWN}</p>"></iframe>`, framesLoaded),
  form('a frame whose document hides its overflow, its words in its viewport', frame(`<style>html { overflow: hidden }</style><p>${SHOWN}</p>`), framesLoaded),
  form('a select whose hidden first option is its prompt', `<select><option hidden selected>Choose</option><option>${SHOWN}</option></select>`),
  form('an SVG map label with a white halo painted under it (paint-order: stroke)', `<svg width="400" height="30"><text x="4" y="20" fill="#000" stroke="#fff" stroke-width="4" paint-order="stroke">${SHOWN}</text></svg>`),
  form('an SVG label with a thin white outline', `<svg width="400" height="30"><text x="4" y="20" fill="#000" stroke="#fff" stroke-width="1">${SHOWN}</text></svg>`),
  form('under a half-transparent overlay over the whole screen', `<p>${SHOWN}</p><div style="position: fixed; inset: 0; background: rgba(0, 0, 0, 0.5); z-index: 5"></div>`),
  form('white words on a glass panel whose backdrop-filter darkens the page', `<div style="backdrop-filter: brightness(0.3); padding: 8px"><p style="color: #fff; margin: 0">${SHOWN}</p></div>`),
  form('white words on a positioned glass panel that darkens the page', `<div style="position: relative; height: 60px"><div style="position: absolute; inset: 0; backdrop-filter: brightness(0.3)"><p style="color: #fff; margin: 0">${SHOWN}</p></div></div>`),
  form('white words on a picture darkened by an inset box-shadow scrim', `<div style="background: url('${DARK_IMAGE}') 0 0 / cover; box-shadow: inset 0 0 0 1000px rgba(0, 0, 0, 0.5); padding: 8px"><p style="color: #fff; margin: 0">${SHOWN}</p></div>`),
  form('a card with a thin inset border drawn by a box-shadow', `<p style="box-shadow: inset 0 0 0 2px #123; padding: 8px">${SHOWN}</p>`),
  form('a page whose <meta> sets a dark colour scheme, its words in the default colour', `<p>${SHOWN}</p>`, darkMeta),
];

afterEach(() => document.getElementById('round18-scheme')?.remove());

describe('hidden text, round 18', function () {
  this.timeout(20_000);
  hidingCases(HIDING, VISIBLE);
});

describe('visible look-alikes of round 18', function () {
  this.timeout(20_000);
  lookAlikeCases(LOOK_ALIKES);
});
