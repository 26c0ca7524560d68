// Visible text that looks like hiding: each look-alike shows its words in a way that resembles one
// of the hiding tricks in test/security-hidden-text.test.ts, and its words must reach the model.
// This file holds the look-alikes of colour and paint (a dark theme, a picture behind white text,
// an overlay that lets the text through, blend modes, filters, fonts);
// security-hidden-look-alikes-shape those of geometry (transforms, clips, scrolling, pseudo-elements,
// SVG). And select_text, asked about hidden words, must answer as it does for words that are not
// there at all. (Split from the hidden-text file, and again in two, as one page of 57 cases ran past
// WebKit's four minutes on a loaded machine.)
import { expect, fixture, html } from '@open-wc/testing';
import { createLane } from './support/model-lane.js';
import { idOf, runAction } from './fixtures/apps/agent-driver.js';
import { modelSees } from './support/model-sees.js';
import { DARK_IMAGE, HIDDEN, PAYLOAD, SHOWN, barOverMarked, form, frame, framesLoaded, lookAlikeCases, type Form } from './support/hidden-forms.js';
import { LIGATURE_ICON_FONT_URL, fontLoaded } from './support/blank-font.js';

const LOOK_ALIKES: Form[] = [
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
  form('a greyscale filter and a slight blur', `<p style="filter: grayscale(1) blur(0.5px)">${SHOWN}</p>`),
  form('transparent text drawn by a dark outline', `<p style="color: transparent; -webkit-text-stroke: 1px #333">${SHOWN}</p>`),
  form('light text with a dark shadow on the white page', `<p style="color: #f4f4f4; text-shadow: 0 0 3px #000, 1px 1px 0 #222">${SHOWN}</p>`),
  form('mix-blend-mode: multiply keeps dark text dark', `<p style="mix-blend-mode: multiply; color: #333">${SHOWN}</p>`),
  form('white text with mix-blend-mode: difference reads black on the white page', `<div style="mix-blend-mode: difference"><p style="color: #fff">${SHOWN}</p></div>`),
  form('white text over a dark box at opacity 0.8', `<div style="position: relative; padding: 8px"><div style="position: absolute; inset: 0; background: #123; opacity: 0.8"></div><p style="position: relative; color: #fff">${SHOWN}</p></div>`),
];

describe('visible text that looks like a hiding trick', function () {
  this.timeout(20_000);
  lookAlikeCases(LOOK_ALIKES);

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
