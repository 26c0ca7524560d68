// Hidden text, round 19: the gaps round 18 left open. An element's own opaque ::before or ::after
// laid over its own words, masks read by luminance or composited away (mask-mode, mask-composite),
// gradients whose paint lies in a band of no width, a background-blend-mode that turns a text's own
// background-clip: text paint into the page's colour, a border-image whose fill paints the middle
// of a box, a table column collapsed by its <col>, and a clipped positioned box below the fold.
// Each runs a task through the real element: the hidden sentence must not reach the model, and the
// sentence the page shows must; each hiding form has a look-alike that must keep its words.
import { PAYLOAD, SHOWN, form, hidingCases, lookAlikeCases, type Form } from './support/hidden-forms.js';

const VISIBLE = 'Order history for Ada';

const MASK_MODE = CSS.supports('mask-mode', 'luminance') ? undefined : 'the engine has no mask-mode, so the words show';
const MASK_COMPOSITE = CSS.supports('mask-composite', 'exclude') ? undefined : 'the engine has no mask-composite, so the words show';

const isWebKit = /AppleWebKit/.test(navigator.userAgent) && !/Chrome/.test(navigator.userAgent);
// WebKit lays a <col>'s visibility: collapse out as visible (the column keeps its width): there the words show.
const COLLAPSED_COLUMN = isWebKit ? 'WebKit does not collapse a column by its <col>, so the words show' : undefined;

const FOLD = '<div style="height: 3000px"></div>';
const CLIP_TEXT = 'background-clip: text; -webkit-background-clip: text; color: transparent';

const HIDING: Form[] = [
  form("an element's own opaque ::before laid over its own words", `<style>.own-before { position: relative } .own-before::before { content: ""; position: absolute; inset: 0; background: #fff }</style><p class="own-before">${PAYLOAD}</p>`),
  form("an element's own opaque ::after laid over its own words", `<style>.own-after { position: relative } .own-after::after { content: ""; position: absolute; inset: 0; background: #fff }</style><p class="own-after">${PAYLOAD}</p>`),
  form("an own ::after over the words, its box placed by top/left/width/height", `<style>.own-sized { position: relative; width: 600px } .own-sized::after { content: ""; position: absolute; left: 0; top: 0; width: 100%; height: 100%; background: rgb(255, 255, 255) }</style><p class="own-sized">${PAYLOAD}</p>`),
  form('a mask read by luminance whose image is black (mask-mode: luminance)', `<p style="mask-image: linear-gradient(#000, #000); -webkit-mask-image: linear-gradient(#000, #000); mask-mode: luminance">${PAYLOAD}</p>`, undefined, MASK_MODE),
  form('two identical mask layers that exclude each other (mask-composite: exclude)', `<p style="mask-image: linear-gradient(#000, #000), linear-gradient(#000, #000); mask-composite: exclude">${PAYLOAD}</p>`, undefined, MASK_COMPOSITE),
  form('a mask whose only opaque stop is a band of no width', `<p style="mask-image: linear-gradient(transparent 0 100%, #000 100%); -webkit-mask-image: linear-gradient(transparent 0 100%, #000 100%)">${PAYLOAD}</p>`),
  form('background-clip: text whose only dark stop is a band of no width', `<p style="background-image: linear-gradient(transparent 0 100%, #000 100%); ${CLIP_TEXT}">${PAYLOAD}</p>`),
  form('background-clip: text whose dark stops sit between two equal positions', `<p style="background-image: linear-gradient(90deg, #fff 0 40%, #000 40% 40%, #fff 40%); ${CLIP_TEXT}">${PAYLOAD}</p>`),
  form('background-clip: text blended to white (background-blend-mode: lighten)', `<p style="background: linear-gradient(#000, #000), #fff; background-blend-mode: lighten; ${CLIP_TEXT}">${PAYLOAD}</p>`),
  form('background-clip: text blended to white (background-blend-mode: screen)', `<p style="background: linear-gradient(#333, #333), #fff; background-blend-mode: screen; ${CLIP_TEXT}">${PAYLOAD}</p>`),
  form('dark words on a box a border-image fill paints black', `<p style="color: #000; border-image: linear-gradient(#000, #000) 1 fill">${PAYLOAD}</p>`),
  form('a positioned box whose border-image fill lays white over the words', `<div style="position: relative"><p>${PAYLOAD}</p><div style="position: absolute; inset: 0; border-image: linear-gradient(#fff, #fff) 1 fill"></div></div>`),
  form('a table column collapsed by <col style="visibility: collapse">', `<table><colgroup><col><col style="visibility: collapse"></colgroup><tr><td>Date</td><td>${PAYLOAD}</td></tr></table>`, undefined, COLLAPSED_COLUMN),
  form('a clipped positioned box below the fold (a transformed box that hides its overflow)', `${FOLD}<div style="transform: translateX(0); overflow: hidden; height: 20px"><p style="position: absolute; top: 60px; margin: 0">${PAYLOAD}</p></div><div style="height: 100px"></div>`),
  form('a fixed box in a box with contain: paint, below the fold and below its edge', `${FOLD}<div style="contain: paint; height: 20px"><p style="position: fixed; top: 60px; margin: 0">${PAYLOAD}</p></div><div style="height: 100px"></div>`),
  form('an absolute box in a will-change: transform box with overflow: clip, below the fold', `${FOLD}<div style="will-change: transform; overflow: clip; height: 20px"><p style="position: absolute; top: 60px; margin: 0">${PAYLOAD}</p></div><div style="height: 100px"></div>`),
];

const LOOK_ALIKES: Form[] = [
  form("an element's own ::before that is transparent over its words", `<style>.own-clear { position: relative } .own-clear::before { content: ""; position: absolute; inset: 0 }</style><p class="own-clear">${SHOWN}</p>`),
  form("an element's own opaque ::before beside its words", `<style>.own-beside { position: relative; padding-left: 40px } .own-beside::before { content: ""; position: absolute; left: 0; top: 0; width: 30px; height: 100%; background: #c00 }</style><p class="own-beside">${SHOWN}</p>`),
  form("an element's own light ::before painted under its words (z-index: -1)", `<style>.own-under { position: relative; z-index: 0 } .own-under::before { content: ""; position: absolute; inset: 0; z-index: -1; background: #ffd }</style><p class="own-under">${SHOWN}</p>`),
  form("a bullet in an own ::before in the flow, with a background", `<style>.own-bullet::before { content: "•"; background: #eee; margin-right: 4px }</style><p class="own-bullet">${SHOWN}</p>`),
  form('a mask read by luminance whose image is white', `<p style="mask-image: linear-gradient(#fff, #fff); -webkit-mask-image: linear-gradient(#fff, #fff); mask-mode: luminance">${SHOWN}</p>`),
  form('a black mask read by its alpha (mask-mode: alpha)', `<p style="mask-image: linear-gradient(#000, #000); -webkit-mask-image: linear-gradient(#000, #000); mask-mode: alpha">${SHOWN}</p>`),
  form('two mask layers added (mask-composite: add)', `<p style="mask-image: linear-gradient(#000, #000), linear-gradient(#000, #000); mask-composite: add">${SHOWN}</p>`),
  form('a mask layer excluding a transparent one', `<p style="mask-image: linear-gradient(#000, #000), linear-gradient(transparent, transparent); mask-composite: exclude">${SHOWN}</p>`),
  form('a mask that fades the words out at their right edge', `<p style="mask-image: linear-gradient(90deg, #000 0 80%, transparent 100%); -webkit-mask-image: linear-gradient(90deg, #000 0 80%, transparent 100%)">${SHOWN}</p>`),
  form('background-clip: text in two colours with a hard stop', `<p style="background-image: linear-gradient(90deg, #c00 0 50%, #00c 50% 100%); ${CLIP_TEXT}">${SHOWN}</p>`),
  form('background-clip: text blended dark (background-blend-mode: multiply)', `<p style="background: linear-gradient(#333, #333), #fff; background-blend-mode: multiply; ${CLIP_TEXT}">${SHOWN}</p>`),
  form('a border drawn by a border-image without fill', `<p style="color: #000; border: 4px solid; border-image: linear-gradient(#000, #000) 1">${SHOWN}</p>`),
  form('dark words on a light border-image fill', `<p style="color: #000; border-image: linear-gradient(#ffd, #ffd) 1 fill">${SHOWN}</p>`),
  form('a table column with <col style="visibility: visible">', `<table><colgroup><col><col style="visibility: visible"></colgroup><tr><td>Date</td><td>${SHOWN}</td></tr></table>`),
  form('a positioned box below the fold, within its clipping box', `${FOLD}<div style="transform: translateX(0); overflow: hidden; height: 60px"><p style="position: absolute; top: 0; margin: 0">${SHOWN}</p></div>`),
  form('a positioned box below the fold, outside an unclipped box', `${FOLD}<div style="position: relative; height: 20px"><p style="position: absolute; top: 30px; margin: 0">${SHOWN}</p></div><div style="height: 100px"></div>`),
  form('a menu below the fold escaping a box that hides its overflow, placed from a positioned box at the same corner', `${FOLD}<div style="position: relative"><div style="overflow: hidden; height: 20px"><p style="position: absolute; top: 30px; margin: 0">${SHOWN}</p></div></div><div style="height: 100px"></div>`),
  form('a menu below the fold escaping a box that hides its overflow, placed from a padded positioned box', `${FOLD}<div style="position: relative; padding-top: 10px"><div style="overflow: hidden; height: 20px"><p style="position: absolute; top: 40px; margin: 0">${SHOWN}</p></div></div><div style="height: 100px"></div>`),
];

describe('hidden text, round 19', function () {
  this.timeout(20_000);
  hidingCases(HIDING, VISIBLE);
});

describe('visible look-alikes of round 19', function () {
  this.timeout(20_000);
  lookAlikeCases(LOOK_ALIKES);
});
