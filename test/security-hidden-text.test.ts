// Hidden text: words a page holds but does not paint where a visitor can see them. Each form hides
// a payload one way (none of them with display, visibility or plain opacity 0, which the older
// reliability tests cover) and runs a task through the real element: the model server must never
// receive the payload. What is asserted is the request the server received. The look-alikes, which
// must reach the model, are in test/security-hidden-look-alikes.test.ts (colour and paint) and
// test/security-hidden-look-alikes-shape.test.ts (geometry).
import { expect } from '@open-wc/testing';
import { modelSees } from './support/model-sees.js';
import { HIDDEN, PAYLOAD, WHITE_IMAGE, form, frame, framesLoaded, type Form } from './support/hidden-forms.js';
import { BLANK_FONT_URL, fontLoaded } from './support/blank-font.js';

// WebKit keeps zoomed-out text at its minimum logical font size (9px: a zoom: 0.1 paragraph's
// computed font size reads 90px, its line box 100px tall, both unzoomed), so the text is painted
// readable there and is not hidden in that engine.
const ZOOM_GAP = /AppleWebKit/.test(navigator.userAgent) && !/Chrome/.test(navigator.userAgent) ? 'WebKit paints zoomed-out text at its 9px minimum' : undefined;

// An engine without -webkit-text-security (Firefox before it took it up) draws the letters themselves.
const TEXT_SECURITY_GAP = 'webkitTextSecurity' in document.body.style ? undefined : 'this engine has no -webkit-text-security: the letters are drawn';

const HIDING: Form[] = [
  form('transform: scale(0)', `<p style="transform: scale(0)">${PAYLOAD}</p>`),
  form('transform: scale(0.02), shrunk far below reading size', `<p style="transform: scale(0.02)">${PAYLOAD}</p>`),
  form('scale: 0, the individual transform property', `<p style="scale: 0">${PAYLOAD}</p>`),
  form('transform: scaleY(0), squashed flat', `<p style="transform: scaleY(0)">${PAYLOAD}</p>`),
  form('transform: translateX(-9999px), moved off the page', `<p style="transform: translateX(-9999px)">${PAYLOAD}</p>`),
  form('transform: translateY(-5000px), moved above the page', `<p style="transform: translateY(-5000px)">${PAYLOAD}</p>`),
  form('translate on a link, moved off the page with its words', `<p><a href="/orders" style="display: inline-block; translate: -9999px 0">${PAYLOAD}</a></p>`),
  form("an ancestor's transform moves the text off the page", `<div style="transform: translateX(-200vw)"><section><p>${PAYLOAD}</p></section></div>`),
  form('clip-path: circle(0) on an ordinary box', `<p style="clip-path: circle(0)">${PAYLOAD}</p>`),
  form('clip-path: inset(0 100% 0 0) on an ordinary box', `<p style="clip-path: inset(0 100% 0 0)">${PAYLOAD}</p>`),
  form('clip-path: a polygon with no area', `<p style="clip-path: polygon(0 0, 0 0, 0 0)">${PAYLOAD}</p>`),
  form("an ancestor's clip-path cuts a positioned descendant too", `<div style="position: relative; clip-path: inset(50%)"><p style="position: absolute; top: 0">${PAYLOAD}</p></div>`),
  form('filter: opacity(0)', `<p style="filter: opacity(0)">${PAYLOAD}</p>`),
  form('filter: blur(12px)', `<p style="filter: blur(12px)">${PAYLOAD}</p>`),
  form('filter: brightness(0) invert(1), dark text turned white on the white page', `<p style="filter: brightness(0) invert(1)">${PAYLOAD}</p>`),
  form('filter: url() with an SVG filter that erases', `<svg width="0" height="0" style="position: absolute"><filter id="erase"><feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"/></filter></svg><p style="filter: url(#erase)">${PAYLOAD}</p>`),
  form('mask-image: a fully transparent gradient', `<p style="mask-image: linear-gradient(transparent, transparent); -webkit-mask-image: linear-gradient(transparent, transparent)">${PAYLOAD}</p>`),
  form('text-indent: -9999px', `<p style="text-indent: -9999px">${PAYLOAD}</p>`),
  form('text-indent: 100% in a box that hides its overflow', `<p style="text-indent: 100%; white-space: nowrap; overflow: hidden">${PAYLOAD}</p>`),
  form('opacity 0.2 inside opacity 0.2 (0.04 in all)', `<div style="opacity: 0.2"><div style="opacity: 0.2"><p>${PAYLOAD}</p></div></div>`),
  form('opacity 0.3 on three nested inline elements', `<p>Total <span style="opacity: 0.3"><b style="opacity: 0.3"><i style="opacity: 0.3">${PAYLOAD}</i></b></span></p>`),
  form('white written in oklch()', `<p style="color: oklch(1 0 0)">${PAYLOAD}</p>`),
  form('white written in color(srgb …)', `<p style="color: color(srgb 1 1 1)">${PAYLOAD}</p>`),
  form('white written as color-mix()', `<p style="color: color-mix(in oklab, white 60%, #fff)">${PAYLOAD}</p>`),
  form("the box's own colour, written in lab()", `<div style="background: lab(30 20 -40); padding: 4px"><p style="color: lab(30 20 -40)">${PAYLOAD}</p><p style="color: #fff">Dark box caption</p></div>`),
  form('white text on a white gradient', `<div style="background-image: linear-gradient(#fff, #fdfdfd)"><p style="color: #fff">${PAYLOAD}</p></div>`),
  form('white text on a background picture of unknown colours', `<div style="background: url('${WHITE_IMAGE}')"><p style="color: #fff">${PAYLOAD}</p></div>`),
  form('white text in a positioned box on the white page', `<div style="position: relative; height: 40px"><div style="position: absolute; top: 0; color: #fff">${PAYLOAD}</div></div>`),
  form('white text in a positioned box, below the fold', `<div style="height: 1600px"></div><div style="position: relative; height: 40px"><div style="position: absolute; top: 0; color: #fff">${PAYLOAD}</div></div>`),
  form('white text in a same-origin frame', frame(`<p style="color: #fff">${PAYLOAD}</p>`), framesLoaded),
  form('text covered by an opaque box laid over it', `<div style="position: relative"><p>${PAYLOAD}</p><div style="position: absolute; inset: 0; background: #fff"></div></div>`),
  form('text covered by a picture laid over it', `<div style="position: relative"><p>${PAYLOAD}</p><img alt="" src="${WHITE_IMAGE}" style="position: absolute; inset: 0; width: 100%; height: 100%"></div>`),
  form('text covered by the next box, pulled up over it', `<p style="margin: 0">${PAYLOAD}</p><div style="position: relative; margin-top: -24px; height: 30px; background: #fff"></div>`),
  form("text sent under its own box's background (z-index: -1)", `<div style="position: relative; background: #fff"><p style="position: relative; z-index: -1">${PAYLOAD}</p></div>`),
  form('content-visibility: hidden', `<div style="content-visibility: hidden; height: 40px">${PAYLOAD}<p>${PAYLOAD}</p><a href="/x">${PAYLOAD}</a></div>`),
  form('font-size: 0.5px', `<p style="font-size: 0.5px">${PAYLOAD}</p>`),
  form('font-size: 3px', `<p>Terms apply. <span style="font-size: 3px">${PAYLOAD}</span></p>`),
  form('letter-spacing: -1em, every glyph on the one before', `<p style="letter-spacing: -1em">${PAYLOAD}</p>`),
  form('a 2px-wide box that hides its overflow (a sliver of one letter shows)', `<p style="width: 2px; overflow: hidden; white-space: nowrap">${PAYLOAD}</p>`),
  form('a line cut to 3px by a box of that height that clips', `<div style="height: 3px; overflow: clip"><p style="margin: 0; line-height: 20px">${PAYLOAD}</p></div>`),
  form('transparent text with a text-shadow at alpha 0', `<p style="color: transparent; text-shadow: 0 0 2px rgba(0, 0, 0, 0)">${PAYLOAD}</p>`),
  form('white text with a white text-shadow on the white page', `<p style="color: #fff; text-shadow: 1px 1px 0 #fff">${PAYLOAD}</p>`),
  form('transparent text outlined in transparent (-webkit-text-stroke)', `<p style="color: transparent; -webkit-text-stroke: 2px rgba(0, 0, 0, 0)">${PAYLOAD}</p>`),
  form('mix-blend-mode: screen turns dark text white on the white page', `<p style="mix-blend-mode: screen; color: #333">${PAYLOAD}</p>`),
  form('mix-blend-mode: lighten on a wrapper, which blends its whole group', `<div style="mix-blend-mode: lighten"><p style="color: #000">${PAYLOAD}</p></div>`),
  form("mix-blend-mode: color takes the white box's lightness", `<div style="background: #fff; padding: 4px"><p style="mix-blend-mode: color; color: #c00">${PAYLOAD}</p></div>`),
  form('backface-visibility: hidden, turned away by rotateY(180deg)', `<p style="backface-visibility: hidden; transform: rotateY(180deg)">${PAYLOAD}</p>`),
  form('backface-visibility: hidden, turned away by the rotate property', `<p style="backface-visibility: hidden; rotate: x 180deg">${PAYLOAD}</p>`),
  form('the back face of a flip card (preserve-3d parent turned, face hides its back)', `<div style="transform: rotateY(180deg); transform-style: preserve-3d"><div style="backface-visibility: hidden"><p>${PAYLOAD}</p></div></div>`),
  form('::first-line painted white', `<style>.first-line-white::first-line { color: #fff }</style><p class="first-line-white">${PAYLOAD}</p>`),
  form('::first-line at font-size 0', `<style>.first-line-tiny::first-line { font-size: 0 }</style><p class="first-line-tiny">${PAYLOAD}</p>`),
  form('::first-line made transparent with the old :first-line syntax, inside @media', `<style>@media all { .first-line-clear:first-line { color: rgba(0, 0, 0, 0) } }</style><div class="first-line-clear">${PAYLOAD}</div>`),
  form('contain: paint on a box of height 0', `<div style="contain: paint; height: 0"><p>${PAYLOAD}</p></div>`),
  form('contain: strict on a box of width 0', `<div style="contain: strict; width: 0; height: 40px"><p>${PAYLOAD}</p></div>`),
  form('overflow: clip on a box of height 0', `<div style="overflow: clip; height: 0"><p>${PAYLOAD}</p></div>`),
  form('transform: skewX(89.9deg), glyphs smeared flat', `<p style="transform: skewX(89.9deg)">${PAYLOAD}</p>`),
  form('transform: skewY(89deg) on an ancestor', `<div style="transform: skewY(89deg)"><p>${PAYLOAD}</p></div>`),
  form('transform: rotateX(89.9deg), turned edge-on', `<p style="transform: rotateX(89.9deg)">${PAYLOAD}</p>`),
  form('a matrix() that squashes along a diagonal', `<p style="transform: matrix(1, 1, 1, 1.002, 0, 0)">${PAYLOAD}</p>`),
  form('an opaque sticky header in a scroll box, pulled over the text', `<div style="overflow: auto; height: 80px"><p style="margin: 0; line-height: 20px">${PAYLOAD}</p><div style="position: sticky; top: 0; margin-top: -24px; height: 60px; background: #fff"></div><div style="height: 200px"></div></div>`),
  form('an opaque sticky bar on the page, pulled up over the text', `<p style="margin: 0; line-height: 20px">${PAYLOAD}</p><div style="position: sticky; top: 0; margin-top: -24px; height: 30px; background: #fff"></div>`),
  form('white text over a dark box at opacity 0', `<div style="position: relative; padding: 8px"><div style="position: absolute; inset: 0; background: #123; opacity: 0"></div><p style="position: relative; color: #fff">${PAYLOAD}</p></div>`),
  form('white text over a dark box whose wrapper is at opacity 0.02', `<div style="position: relative; padding: 8px"><div style="position: absolute; inset: 0; opacity: 0.02"><div style="height: 100%; background: #000"></div></div><p style="position: relative; color: #fff">${PAYLOAD}</p></div>`),
  form('transparent text whose only ink is a shadow thrown off the page', `<p style="color: transparent; text-shadow: -9999px 0 0 #000">${PAYLOAD}</p>`),
  form('transparent text whose only ink is a shadow blurred 40px wide', `<p style="color: transparent; text-shadow: 0 0 40px #000">${PAYLOAD}</p>`),
  form('transparent text outlined by a 0.01px stroke', `<p style="color: transparent; -webkit-text-stroke: 0.01px #000">${PAYLOAD}</p>`),
  form('white on white drawn through background-clip: text', `<p style="background: linear-gradient(#fff, #fff); -webkit-background-clip: text; background-clip: text; color: transparent">${PAYLOAD}</p>`),
  form('zoom: 0.02', `<p style="zoom: 0.02">${PAYLOAD}</p>`, undefined, ZOOM_GAP),
  form('the second line cut by -webkit-line-clamp: 1', `<p style="display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 1; overflow: hidden; margin: 0">Shipping details<br>${PAYLOAD}</p>`),
  // A later text node of an element whose first text shows: judged where it landed too.
  form("a paragraph's second line covered by a box laid over that line only", `<div style="position: relative"><p style="margin: 0; line-height: 20px">Shipping details<br>${PAYLOAD}</p><div style="position: absolute; left: 0; right: 0; top: 20px; height: 22px; background: #fff"></div></div>`),
  form('text pushed off the page by an empty inline box before it', `<p style="white-space: nowrap">Shipping details<span style="display: inline-block; margin-left: -9999px"></span>${PAYLOAD}</p>`),
  // ::first-letter paints a block's first letter otherwise than the rest: a letter the visitor
  // does not see must not reach the model as part of a word they do (here the H of the payload).
  form('::first-letter painted white, the rest of the block shown', `<style>.letter-white::first-letter { color: #fff }</style><p class="letter-white">${PAYLOAD}</p>`),
  form('::first-letter at font-size 0, inside an inline element of the block', `<style>.letter-tiny::first-letter { font-size: 0 }</style><div class="letter-tiny"><b>${PAYLOAD}</b></div>`),
  form('zoom: 0.1 on an ancestor', `<div style="zoom: 0.1"><section><p>${PAYLOAD}</p></section></div>`, undefined, ZOOM_GAP),
  // Round 3, invented here: SVG, newer colour syntax, fonts, text cut by an ellipsis.
  form('SVG <text> with fill="none"', `<svg width="400" height="30"><text x="0" y="20" fill="none">${PAYLOAD}</text></svg>`),
  form("SVG <text> placed outside its viewBox", `<svg width="400" height="30" viewBox="0 0 400 30"><text x="0" y="-500">${PAYLOAD}</text></svg>`),
  form('HTML in a <foreignObject> outside the SVG', `<svg width="400" height="30"><foreignObject x="0" y="300" width="400" height="40"><p>${PAYLOAD}</p></foreignObject></svg>`),
  form('font: 0/0 a (the old image-replacement shorthand)', `<p style="font: 0/0 a">${PAYLOAD}</p>`),
  form('white written as light-dark() in a light scheme', `<p style="color-scheme: light; color: light-dark(#fff, #000)">${PAYLOAD}</p>`),
  form('white written as a relative colour, rgb(from black …)', `<p style="color: rgb(from #000 255 255 255)">${PAYLOAD}</p>`),
  form('color-mix() of black with 98% transparent', `<p style="color: color-mix(in srgb, #000 2%, transparent)">${PAYLOAD}</p>`),
  form('shown only while hovered (opacity 0 until :hover)', `<style>.on-hover { opacity: 0 } .on-hover:hover { opacity: 1 }</style><p class="on-hover">${PAYLOAD}</p>`),
  form('shown only in print (@media screen hides it)', `<style>@media screen { .print-only { display: none } }</style><p class="print-only">${PAYLOAD}</p>`),
  form('hidden="until-found"', `<div hidden="until-found"><p>${PAYLOAD}</p></div>`),
  form('a <dialog> that is not open', `<dialog><p>${PAYLOAD}</p></dialog>`),
  form('a popover that is not shown', `<div popover><p>${PAYLOAD}</p></div>`),
  form('an SVG <text> with fill-opacity="0"', `<svg width="400" height="30"><text x="0" y="20" fill-opacity="0">${PAYLOAD}</text></svg>`),
  form('an SVG <text> in a group of opacity="0"', `<svg width="400" height="30"><g opacity="0"><text x="0" y="20">${PAYLOAD}</text></g></svg>`),
  form('under a box whose backdrop-filter blurs it (frosted glass)', `<div style="position: relative"><p>${PAYLOAD}</p><div style="position: absolute; inset: 0; backdrop-filter: blur(30px); -webkit-backdrop-filter: blur(30px)"></div></div>`),
  form('an SVG title outside any control (a hover tooltip)', `<p>Rated <svg width="40" height="10"><title>${PAYLOAD}</title><rect width="40" height="10"/></svg> by buyers</p>`),
  // Round 8: SVG content judged as the SVG renders it (what draws what it holds, its viewports,
  // the paint of the groups between), characters drawn as discs, compositing sums, generated boxes.
  form('SVG <text> below the bottom of its <svg> (the viewport clips it)', `<svg width="400" height="30"><text x="0" y="200">${PAYLOAD}</text></svg>`),
  form('SVG <text> inside a nested <svg> of size 0', `<svg width="400" height="30"><svg width="0" height="0"><text x="0" y="20">${PAYLOAD}</text></svg></svg>`),
  form('SVG <text> inside <defs> (drawn only where referenced)', `<svg width="400" height="30"><defs><text x="0" y="20">${PAYLOAD}</text></defs></svg>`),
  form('SVG <text> inside a <clipPath>, which draws nothing', `<svg width="400" height="30"><clipPath id="clip-words"><text x="0" y="20">${PAYLOAD}</text></clipPath></svg>`),
  form('SVG <text> inside a <symbol> never used', `<svg width="400" height="30"><symbol id="unused-words"><text x="0" y="20">${PAYLOAD}</text></symbol></svg>`),
  form('SVG <text> in a group hidden by display: none', `<svg width="400" height="30"><g style="display: none"><text x="0" y="20">${PAYLOAD}</text></g></svg>`),
  form('SVG <text> cut away by a clip-path="url()" of no area', `<svg width="400" height="30"><clipPath id="clip-none"><rect width="0" height="0"/></clipPath><text x="0" y="20" clip-path="url(#clip-none)">${PAYLOAD}</text></svg>`),
  form('SVG <text> in a group masked by a black <mask>', `<svg width="400" height="30"><mask id="mask-black"><rect width="400" height="30" fill="#000"/></mask><g mask="url(#mask-black)"><text x="0" y="20">${PAYLOAD}</text></g></svg>`),
  form('SVG <text> in a group whose filter="url()" erases it', `<svg width="400" height="30"><filter id="erase-group"><feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"/></filter><g filter="url(#erase-group)"><text x="0" y="20">${PAYLOAD}</text></g></svg>`),
  form('SVG <text> under a white <rect> drawn after it', `<svg width="400" height="30"><text x="0" y="20">${PAYLOAD}</text><rect width="400" height="30" fill="#fff"/></svg>`),
  form('MathML <annotation> of a <semantics> (only its first child is drawn)', `<p>Area <math><semantics><mi>x</mi><annotation encoding="text/plain">${PAYLOAD}</annotation></semantics></math></p>`),
  form('MathML <mphantom>, which takes room and draws nothing', `<p>Area <math><mphantom><mtext>${PAYLOAD}</mtext></mphantom><mi>x</mi></math></p>`),
  form('-webkit-text-security: disc, every letter drawn as a dot', `<p style="-webkit-text-security: disc">${PAYLOAD}</p>`, undefined, TEXT_SECURITY_GAP),
  form('mix-blend-mode: plus-lighter adds grey text up to white on the white page', `<p style="mix-blend-mode: plus-lighter; color: #555">${PAYLOAD}</p>`),
  form("a sibling's ::before box laid over the text", `<style>.cover-before { position: relative; height: 0 } .cover-before::before { content: ""; position: absolute; left: 0; top: 0; width: 600px; height: 40px; background: #fff; z-index: 1 }</style><div class="cover-before"></div><p style="margin: 0">${PAYLOAD}</p>`),
];

const fontReady = () => fontLoaded('BlankGlyphs');
const BLANK_FACE = `<style>@font-face { font-family: BlankGlyphs; src: url(${BLANK_FONT_URL}) }</style>`;

// A web font whose glyphs are empty: the words are laid out with their width and draw nothing.
// Each character is judged by what its font draws, so the words around, in other fonts or
// characters the font has no glyph for, stay.
const BLANK_GLYPHS: Array<Form & { stays?: string }> = [
  form('a paragraph in the font', `${BLANK_FACE}<p style="font-family: BlankGlyphs">${PAYLOAD}</p>`, fontReady),
  { ...form('words in the font inside a sentence that shows', `${BLANK_FACE}<p>Delivery on Monday <span style="font-family: 'BlankGlyphs', serif">${PAYLOAD}</span> at the door</p>`, fontReady), stays: 'Delivery on Monday at the door' },
  { ...form('Latin letters in the font, Greek ones it has no glyph for drawn by the fallback', `${BLANK_FACE}<p style="font-family: BlankGlyphs, sans-serif">Ωμέγα ${PAYLOAD}</p>`, fontReady), stays: 'Ωμέγα' },
  form('an SVG <text> in the font', `${BLANK_FACE}<svg width="400" height="30"><text x="0" y="20" style="font-family: BlankGlyphs">${PAYLOAD}</text></svg>`, fontReady),
  form('a same-origin frame whose own @font-face is the font', frame(`${BLANK_FACE}<p style="font-family: BlankGlyphs">${PAYLOAD}</p>`), async (page) => {
    await framesLoaded(page);
    await page.querySelector('iframe')!.contentDocument!.fonts.load('16px BlankGlyphs', 'A');
  }),
];

describe('characters set in a font whose glyphs draw nothing', function () {
  this.timeout(20_000);
  for (const { name, markup, prepare, stays } of BLANK_GLYPHS) {
    it(name, async () => {
      const seen = await modelSees(markup, { prepare });
      expect(seen.body.includes(HIDDEN), `hidden text reached the model; the page as sent:\n${seen.env}`).to.equal(false);
      if (stays) expect(seen.dump.replace(/\s+/g, ' ')).to.include(stays);
    });
  }
});

describe('text hidden by how it is rendered', function () {
  this.timeout(20_000);
  for (const { name, markup, prepare, gap } of HIDING) {
    (gap ? it.skip : it)(gap ? `${name} (skipped: ${gap})` : name, async () => {
      const seen = await modelSees(markup, { prepare });
      expect(seen.body.includes(HIDDEN), `hidden text reached the model; the page as sent:\n${seen.env}`).to.equal(false);
    });
  }
});
