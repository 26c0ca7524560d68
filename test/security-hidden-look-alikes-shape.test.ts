// Visible text that looks like hiding, the look-alikes of geometry: a transform, a clip or mask
// that leaves the words, scrolling, ::first-letter and ::first-line where they do not apply, SVG
// viewports and shapes, MathML. Each shows its words, and they must reach the model. (The colour
// and paint look-alikes and select_text are in security-hidden-look-alikes.)
import { SHOWN, form, lookAlikeCases, type Form } from './support/hidden-forms.js';
import { fontLoaded } from './support/blank-font.js';

const LOOK_ALIKES: Form[] = [
  form('rotated and enlarged by a transform', `<p style="transform: rotate(-3deg) scale(1.2)">${SHOWN}</p>`),
  form('nudged sideways by a translate', `<p style="transform: translateX(60px)">${SHOWN}</p>`),
  form('indented by text-indent', `<p style="text-indent: 2em">${SHOWN}</p>`),
  form("an SVG chart's label in a half-transparent group", `<svg width="300" height="30"><g opacity="0.6"><text x="0" y="20" fill-opacity="0.8">${SHOWN}</text></g></svg>`),
  form('a clip-path that only rounds the corners', `<p style="clip-path: inset(0 round 12px)">${SHOWN}</p>`),
  form('a clip-path circle larger than the box', `<p style="clip-path: circle(100%)">${SHOWN}</p>`),
  form('a mask that fades the end of the line', `<p style="mask-image: linear-gradient(90deg, #000 70%, transparent); -webkit-mask-image: linear-gradient(90deg, #000 70%, transparent)">${SHOWN}</p>`),
  form('content-visibility: auto, far below the fold', `<div style="height: 3000px"></div><div style="content-visibility: auto; contain-intrinsic-size: auto 60px"><p>${SHOWN}</p></div>`),
  form('a gradient headline drawn with background-clip: text', `<h2 style="background: linear-gradient(90deg, #c00, #00c); -webkit-background-clip: text; background-clip: text; color: transparent">${SHOWN}</h2>`),
  form('a line half cut by a box that clips, still readable', `<div style="height: 12px; overflow: hidden"><p style="margin: 0; font-size: 16px; line-height: 20px">${SHOWN}</p></div>`),
  form('a narrow column that clips long words, most of the line readable', `<p style="width: 60px; overflow: hidden; white-space: nowrap">${SHOWN} and more</p>`),
  form('a card turned by rotateY(180deg) with its back face showing (mirrored, still read)', `<p style="transform: rotateY(180deg)">${SHOWN}</p>`),
  form('the front face of a flip card', `<div style="transform-style: preserve-3d"><div style="backface-visibility: hidden"><p>${SHOWN}</p></div></div>`),
  form('::first-line in a bold dark colour', `<style>.first-line-bold::first-line { color: #123; font-weight: bold }</style><p class="first-line-bold">${SHOWN}</p>`),
  form('a skewed banner: skewX(-12deg)', `<p style="transform: skewX(-12deg)">${SHOWN}</p>`),
  form('contain: paint on an ordinary box', `<div style="contain: paint"><p>${SHOWN}</p></div>`),
  form('a sticky header in a scroll box, text scrolled under it', `<div id="box" style="overflow: auto; height: 80px"><div style="position: sticky; top: 0; height: 30px; background: #fff">Header</div><div style="height: 40px"></div><p style="margin: 0">${SHOWN}</p><div style="height: 200px"></div></div>`, (page) => {
    page.querySelector('#box')!.scrollTop = 40;
  }),
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

describe('visible text shaped like a hiding trick', function () {
  this.timeout(20_000);
  lookAlikeCases(LOOK_ALIKES);
});
