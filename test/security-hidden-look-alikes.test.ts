// Visible text that looks like hiding: each look-alike shows its words in a way that resembles one
// of the hiding tricks in test/security-hidden-text.test.ts (a transform, a clip, a dark theme, an
// overlay that lets the text through), and its words must reach the model. And select_text, asked
// about hidden words, must answer as it does for words that are not there at all. (Split from the
// hidden-text file, whose 136 cases in one page ran past WebKit's time on a loaded machine.)
import { expect, fixture, html } from '@open-wc/testing';
import { createLane } from './support/model-lane.js';
import { idOf, runAction } from './fixtures/apps/agent-driver.js';
import { modelSees } from './support/model-sees.js';
import { DARK_IMAGE, HIDDEN, PAYLOAD, SHOWN, barOverMarked, form, frame, framesLoaded, type Form } from './support/hidden-forms.js';
import { LIGATURE_ICON_FONT_URL, fontLoaded } from './support/blank-font.js';

const LOOK_ALIKES: Form[] = [
  form('rotated and enlarged by a transform', `<p style="transform: rotate(-3deg) scale(1.2)">${SHOWN}</p>`),
  form('nudged sideways by a translate', `<p style="transform: translateX(60px)">${SHOWN}</p>`),
  form('indented by text-indent', `<p style="text-indent: 2em">${SHOWN}</p>`),
  form("an SVG chart's label in a half-transparent group", `<svg width="300" height="30"><g opacity="0.6"><text x="0" y="20" fill-opacity="0.8">${SHOWN}</text></g></svg>`),
  form('under frosted glass that barely blurs (2px)', `<div style="position: relative"><p>${SHOWN}</p><div style="position: absolute; inset: 0; backdrop-filter: blur(2px); -webkit-backdrop-filter: blur(2px)"></div></div>`),
  form('faded to 0.5 inside 0.8', `<div style="opacity: 0.8"><p style="opacity: 0.5">${SHOWN}</p></div>`),
  form('a real dark theme: light text on a dark page', `<div style="background: #111; color: #eee; padding: 8px"><p>${SHOWN}</p></div>`),
  form('a dark-themed frame', frame(`<html style="background: #111; color: #eee"><p>${SHOWN}</p></html>`), framesLoaded),
  form('light text on a dark gradient', `<div style="background-image: linear-gradient(#000, #334)"><p style="color: #fff">${SHOWN}</p></div>`),
  form('white text on a picture, over a dark fallback colour', `<div style="background: #222 url('${DARK_IMAGE}')"><p style="color: #fff">${SHOWN}</p></div>`),
  form('white text with a shadow on a picture', `<div style="background: url('${DARK_IMAGE}')"><p style="color: #fff; text-shadow: 0 1px 3px #000">${SHOWN}</p></div>`),
  form("a button's white label on a picture", `<button type="button" style="background: url('${DARK_IMAGE}'); color: #fff; border: 0">${SHOWN}</button>`),
  form('white text over a dark box laid behind it', `<div style="position: relative; padding: 8px"><div style="position: absolute; inset: 0; background: #123"></div><p style="position: relative; color: #fff">${SHOWN}</p></div>`),
  form('under a half-transparent overlay', `<div style="position: relative"><p>${SHOWN}</p><div style="position: absolute; inset: 0; background: rgba(0, 0, 0, 0.4)"></div></div>`),
  form('next to an opaque box that does not cover it', `<div style="position: relative; height: 80px"><p style="margin: 0">${SHOWN}</p><div style="position: absolute; left: 0; top: 40px; width: 100%; height: 40px; background: #fff"></div></div>`),
  form('under a fixed bar, which a scroll moves away', `<p data-under>${SHOWN}</p><div data-bar></div>`, barOverMarked),
  form('small but readable: 10px', `<p style="font-size: 10px">${SHOWN}</p>`),
  form('dark text written in oklch()', `<p style="color: oklch(0.3 0.05 250)">${SHOWN}</p>`),
  form('a clip-path that only rounds the corners', `<p style="clip-path: inset(0 round 12px)">${SHOWN}</p>`),
  form('a clip-path circle larger than the box', `<p style="clip-path: circle(100%)">${SHOWN}</p>`),
  form('a greyscale filter and a slight blur', `<p style="filter: grayscale(1) blur(0.5px)">${SHOWN}</p>`),
  form('a mask that fades the end of the line', `<p style="mask-image: linear-gradient(90deg, #000 70%, transparent); -webkit-mask-image: linear-gradient(90deg, #000 70%, transparent)">${SHOWN}</p>`),
  form('content-visibility: auto, far below the fold', `<div style="height: 3000px"></div><div style="content-visibility: auto; contain-intrinsic-size: auto 60px"><p>${SHOWN}</p></div>`),
  form('a gradient headline drawn with background-clip: text', `<h2 style="background: linear-gradient(90deg, #c00, #00c); -webkit-background-clip: text; background-clip: text; color: transparent">${SHOWN}</h2>`),
  form('a line half cut by a box that clips, still readable', `<div style="height: 12px; overflow: hidden"><p style="margin: 0; font-size: 16px; line-height: 20px">${SHOWN}</p></div>`),
  form('a narrow column that clips long words, most of the line readable', `<p style="width: 60px; overflow: hidden; white-space: nowrap">${SHOWN} and more</p>`),
  form('transparent text drawn by a dark outline', `<p style="color: transparent; -webkit-text-stroke: 1px #333">${SHOWN}</p>`),
  form('light text with a dark shadow on the white page', `<p style="color: #f4f4f4; text-shadow: 0 0 3px #000, 1px 1px 0 #222">${SHOWN}</p>`),
  form('mix-blend-mode: multiply keeps dark text dark', `<p style="mix-blend-mode: multiply; color: #333">${SHOWN}</p>`),
  form('white text with mix-blend-mode: difference reads black on the white page', `<div style="mix-blend-mode: difference"><p style="color: #fff">${SHOWN}</p></div>`),
  form('a card turned by rotateY(180deg) with its back face showing (mirrored, still read)', `<p style="transform: rotateY(180deg)">${SHOWN}</p>`),
  form('the front face of a flip card', `<div style="transform-style: preserve-3d"><div style="backface-visibility: hidden"><p>${SHOWN}</p></div></div>`),
  form('::first-line in a bold dark colour', `<style>.first-line-bold::first-line { color: #123; font-weight: bold }</style><p class="first-line-bold">${SHOWN}</p>`),
  form('a skewed banner: skewX(-12deg)', `<p style="transform: skewX(-12deg)">${SHOWN}</p>`),
  form('contain: paint on an ordinary box', `<div style="contain: paint"><p>${SHOWN}</p></div>`),
  form('a sticky header in a scroll box, text scrolled under it', `<div id="box" style="overflow: auto; height: 80px"><div style="position: sticky; top: 0; height: 30px; background: #fff">Header</div><div style="height: 40px"></div><p style="margin: 0">${SHOWN}</p><div style="height: 200px"></div></div>`, (page) => {
    page.querySelector('#box')!.scrollTop = 40;
  }),
  form('white text over a dark box at opacity 0.8', `<div style="position: relative; padding: 8px"><div style="position: absolute; inset: 0; background: #123; opacity: 0.8"></div><p style="position: relative; color: #fff">${SHOWN}</p></div>`),
  form('a drop cap drawn by ::first-letter', `<style>.drop-cap::first-letter { font-size: 3em; color: #a00; float: left }</style><p class="drop-cap">${SHOWN}</p>`),
  // ::first-letter and ::first-line apply to block containers only: a rule on a flex or grid container paints none of its text.
  form('::first-letter painted white on a flex container (where it does not apply)', `<style>.letter-flex::first-letter { color: #fff }</style><div class="letter-flex" style="display: flex">${SHOWN}</div>`),
  form('::first-letter at font-size 0 on a grid container (where it does not apply)', `<style>.letter-grid::first-letter { font-size: 0 }</style><div class="letter-grid" style="display: grid">${SHOWN}</div>`),
  form("::first-line painted white on a flex container (where it does not apply)", `<style>.line-flex::first-line { color: #fff }</style><div class="line-flex" style="display: flex">${SHOWN}</div>`),
  form('::first-line painted white on an inline heading (an inline box has no first line of its own)', `<style>.line-inline::first-line { color: #fff }</style><div><h2 class="line-inline" style="display: inline">${SHOWN}</h2></div>`),
  form('zoom: 0.8 on a readable paragraph', `<p style="zoom: 0.8">${SHOWN}</p>`),
  form('the second line of a paragraph beside a box that does not cover it', `<div style="position: relative"><p style="margin: 0; line-height: 20px">Shipping details<br>${SHOWN}</p><div style="position: absolute; left: 0; right: 0; top: 44px; height: 22px; background: #fff"></div></div>`),
  form('a link inside a sentence, the words after it', `<p>Read <a href="/terms">the terms</a> ${SHOWN}</p>`),
  form('inside a horizontally scrolled list', `<div id="strip" style="overflow-x: auto; width: 300px; white-space: nowrap"><span style="display: inline-block; width: 400px">${SHOWN}</span><span style="display: inline-block; width: 400px">Second slide</span></div>`, (page) => {
    page.querySelector('#strip')!.scrollLeft = 400;
  }),
  // Round 8: SVG viewports, shapes and generated boxes that leave the words drawn; an icon font first in the list.
  form('an SVG label inside a nested <svg> viewport that holds it', `<svg width="400" height="40"><svg x="10" y="5" width="300" height="30"><text x="0" y="20">${SHOWN}</text></svg></svg>`),
  form('an SVG label drawn over a filled shape', `<svg width="400" height="30"><rect width="400" height="30" fill="#eef"/><text x="0" y="20">${SHOWN}</text></svg>`),
  form('an SVG label beside a white shape that does not cover it', `<svg width="400" height="60"><text x="0" y="20">${SHOWN}</text><rect y="30" width="400" height="30" fill="#fff"/></svg>`),
  form('the drawn part of a MathML <semantics>', `<p>Area <math><semantics><mtext>${SHOWN}</mtext><annotation encoding="text/plain">x</annotation></semantics></math></p>`),
  form("a sibling's ::before badge beside the text, not over it", `<style>.badge-before { position: relative; height: 0 } .badge-before::before { content: "New"; position: absolute; left: 0; top: 40px; width: 60px; height: 20px; background: #fff; z-index: 1 }</style><div class="badge-before"></div><p style="margin: 0">${SHOWN}</p>`),
  form('an icon font first in the list, the words drawn by the next font', `<style>@font-face { font-family: IconsFirst; src: url(/node_modules/playwright-core/lib/vite/recorder/assets/codicon-DCmgc-ay.ttf) }</style><p style="font-family: IconsFirst, sans-serif">${SHOWN}</p>`, () => fontLoaded('IconsFirst')),
];

describe('visible text that looks like a hiding trick', function () {
  this.timeout(20_000);
  for (const { name, markup, prepare } of LOOK_ALIKES) {
    it(name, async () => {
      const seen = await modelSees(markup, { prepare });
      expect(seen.dump, `visible text was left out; the page as sent:\n${seen.env}`).to.include(SHOWN);
    });
  }

  // Material Icons and Material Symbols draw a word as one glyph: each letter alone draws nothing,
  // so a judgement letter by letter would leave every such button nameless.
  it('a ligature icon font: the word that draws the icon names its button', async () => {
    const markup = `<style>@font-face { font-family: LigatureIcons; src: url(${LIGATURE_ICON_FONT_URL}) }</style><p>${SHOWN}</p><button type="button"><span style="font-family: LigatureIcons">delete</span></button>`;
    const seen = await modelSees(markup, { prepare: () => fontLoaded('LigatureIcons') });
    expect(seen.dump, `the icon's word was left out; the page as sent:\n${seen.env}`).to.match(/<button[^>]*>delete$/m);
  });
});

// select_text answers whether an element's text holds the model's words: asked about text the
// model was never shown (hidden, redacted), that answer would leak it one guess at a time. Its
// answer must be the one it gives for words that are not there at all.
describe('select_text cannot probe text the model was not shown', function () {
  this.timeout(20_000);
  const probe = async (markup: string, text: string) => {
    const page = await fixture<HTMLElement>(html`<div contenteditable="true" aria-label="Notes"></div>`);
    page.innerHTML = markup;
    const lane = await createLane();
    return runAction(lane, 'select_text', { selector: idOf(page.querySelector('p')!), text });
  };
  const PROBES: Array<[string, string, string]> = [
    ['hidden by a 0.5px font inside a shown paragraph', `<p>Meeting notes <span style="font-size: 0.5px">${PAYLOAD}</span> follow.</p>`, HIDDEN],
    ['a value under data-agent-redact', '<p>Account <span data-agent-redact>DE44 5001 0517 5407 3249 31</span> is yours.</p>', 'DE44 5001'],
    ['white on the white page, squashed by a transform', '<p>Your code <span style="display: inline-block; color: #fff; transform: scaleX(0)">hunter22</span> stays here.</p>', 'hunter22'],
  ];
  for (const [name, markup, text] of PROBES) {
    it(name, async () => {
      const step = await probe(markup, text);
      expect(step.ok, step.message).to.equal(false);
      expect(step.message).to.include(`does not show "${text}"`);
      expect(window.getSelection()!.toString()).to.equal('');
    });
  }

  it('words the model was shown are still selected', async () => {
    const step = await probe(`<p>Meeting notes <span style="font-size: 0.5px">${PAYLOAD}</span> follow.</p>`, 'notes');
    expect(step.ok, step.message).to.equal(true);
    expect(window.getSelection()!.toString()).to.equal('notes');
  });
});
