// Hidden text, round 23: paint that a hit test does not see — an opaque box with
// `pointer-events: none`, the ring an outline or an outer box-shadow draws beyond its box — laid over
// text, and more structure the browser does not render: light children no slot shows, a slot's
// fallback while it has content, fallback content of progress, meter, audio and frames, <rp>, a
// datalist, SVG <desc>, tooltips (abbr title, aria-description). Look-alikes keep what does show:
// slotted children, a display: contents wrapper at opacity 0 (opacity does not apply to it), a focus
// ring, a light fade that takes no pointer events, a card's soft shadow, ruby text, canvas backdrops.
import { PAYLOAD, SHOWN, WHITE_IMAGE, form, hidingCases, lookAlikeCases, type Form } from './support/hidden-forms.js';

const VISIBLE = 'Order history for Ada';

const shadowHost = (shadow: string, light: string) => (page: HTMLElement) => {
  const host = page.querySelector<HTMLElement>('[data-host]')!;
  host.attachShadow({ mode: 'open' }).innerHTML = shadow;
  if (light) host.innerHTML = light;
};

const HIDING: Form[] = [
  form('light DOM child of a shadow host with no slot', `<div data-host></div>`, shadowHost('<p>Shadow words here</p>', `<p>${PAYLOAD}</p>`)),
  form('slot fallback while the slot has content', `<div data-host></div>`, shadowHost(`<slot>${PAYLOAD}</slot>`, `<p>Slotted words</p>`)),
  form('named slot nobody fills: light child with wrong slot name', `<div data-host></div>`, shadowHost(`<slot name="a"></slot>`, `<p slot="b">${PAYLOAD}</p>`)),
  form('an ancestor\'s outline drawn inward over its content', `<div style="outline: 40px solid #fff; outline-offset: -40px; padding: 10px; height: 40px"><p style="margin: 0">${PAYLOAD}</p></div>`),
  form('an opaque picture over the text that takes no pointer events', `<div style="position: relative"><p>${PAYLOAD}</p><img style="position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none" src="${WHITE_IMAGE}"></div>`),
  form('a white cover taking no pointer events, inside a shadow root', `<div data-host style="position: relative"></div>`, shadowHost(`<p>${PAYLOAD}</p><div style="position: absolute; inset: 0; background: #fff; pointer-events: none"></div>`, '')),
  form('CSS filter url() to an SVG filter zeroing alpha', `<svg width="0" height="0" style="position:absolute"><filter id="zz"><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0 0"/></filter></svg><p style="filter: url(#zz)">${PAYLOAD}</p>`),
  form('a sibling outline laid over the text', `<div style="position: relative; margin-top: 120px"><div style="height: 1px; outline: 60px solid #fff; position: relative; z-index: 1; top: 30px"></div><p style="margin: 0; padding-top: 20px">${PAYLOAD}</p></div>`),
  form('a positioned sibling box-shadow spread over the text', `<div style="margin-top: 80px"><p style="margin: 0">${PAYLOAD}</p><div style="position: relative; height: 1px; top: -10px; box-shadow: 0 0 0 40px #fff"></div></div>`),
  form('an ::after of its container covering it', `<style>.cv{position:relative}.cv::after{content:"";position:absolute;inset:0;background:#fff}</style><div class="cv"><p>${PAYLOAD}</p></div>`),
  form('a white cover with pointer-events none', `<div style="position: relative"><p>${PAYLOAD}</p><div style="position: absolute; inset: 0; background: #fff; pointer-events: none"></div></div>`),
  form('a canvas painted white over the text', `<div style="position: relative"><p>${PAYLOAD}</p><canvas style="position: absolute; inset: 0; width: 100%; height: 100%"></canvas></div>`, (page) => { const c = page.querySelector('canvas')!; const g = c.getContext('2d')!; g.fillStyle = '#fff'; g.fillRect(0, 0, c.width, c.height); }),
  form('behind its parent background with z-index -1', `<div style="background: #fff; position: relative"><p style="position: relative; z-index: -1">${PAYLOAD}</p></div>`),
  form('scaleX 0.01', `<p style="transform: scaleX(0.01); transform-origin: 0 0">${PAYLOAD}</p>`),
  form('font: 0/0 a', `<p style="font: 0/0 a">${PAYLOAD}</p>`),
  form('color: Canvas on the default page', `<p style="color: Canvas">${PAYLOAD}</p>`),
  form('SVG desc', `<svg width="20" height="20"><desc>${PAYLOAD}</desc><rect width="20" height="20"/></svg>`),
  form('abbr title', `<p><abbr title="${PAYLOAD}">HTML</abbr> is here</p>`),
  form('aria-description on a div', `<div aria-description="${PAYLOAD}">Box</div>`),
  form('rp in ruby', `<ruby>漢<rp>${PAYLOAD}</rp><rt>kan</rt></ruby>`),
  form('datalist options', `<input aria-label="City" list="dl"><datalist id="dl"><option value="${PAYLOAD}"></option></datalist>`),
  form('progress fallback', `<progress value="1" max="2">${PAYLOAD}</progress>`),
  form('meter fallback', `<meter value="1" max="2">${PAYLOAD}</meter>`),
  form('iframe fallback text', `<iframe srcdoc="<p>x</p>" style="height:30px">${PAYLOAD}</iframe>`),
  form('audio without controls fallback', `<audio>${PAYLOAD}</audio>`),
  form('text-overflow clip, nowrap, width 0', `<p style="white-space: nowrap; overflow: hidden; width: 0">${PAYLOAD}</p>`),
  form('visibility hidden inherited through shadow', `<div data-host style="visibility: hidden"></div>`, shadowHost(`<p>${PAYLOAD}</p>`, '')),
  form('opacity 0 host with shadow content', `<div data-host style="opacity: 0"></div>`, shadowHost(`<p>${PAYLOAD}</p>`, '')),
  form('text under a video element', `<div style="position: relative"><p>${PAYLOAD}</p><video style="position: absolute; inset: 0; width: 100%; height: 100%; background: #fff"></video></div>`),
  form('white text on a white-painted canvas behind it', `<div style="position: relative"><canvas style="position: absolute; inset: 0; width: 100%; height: 100%"></canvas><p style="position: relative; color: #fff">${PAYLOAD}</p></div>`, (page) => { const c = page.querySelector('canvas')!; const g = c.getContext('2d')!; g.fillStyle = '#fff'; g.fillRect(0, 0, c.width, c.height); }),
  form('content-visibility hidden', `<div style="content-visibility: hidden">${PAYLOAD}</div>`),
  form('fixed just below the viewport', `<p style="position: fixed; top: 100vh; left: 0">${PAYLOAD}</p>`),
  form('clip rect sr-only', `<p style="position: absolute; clip: rect(0 0 0 0); width: 1px; height: 1px; overflow: hidden">${PAYLOAD}</p>`),
  form('inline svg 0x0 with text', `<svg width="0" height="0"><text x="0" y="10">${PAYLOAD}</text></svg>`),
  form('a select listbox text of a hidden select', `<select aria-label="S" style="display:none"><option>${PAYLOAD}</option></select>`),
  form('text color same as background via currentcolor', `<p style="color: #fff; background: #fff">${PAYLOAD}</p>`),
  form('writing-mode vertical offscreen', `<p style="writing-mode: vertical-rl; position: absolute; top: -2000px">${PAYLOAD}</p>`),
  form('contain size with height 0', `<div style="contain: size; height: 0; overflow: hidden">${PAYLOAD}</div>`),
  form('inert offscreen', `<div style="position: absolute; left: -3000px" inert>${PAYLOAD}</div>`),
];

const LOOK_ALIKES: Form[] = [
  form('display: contents wrapper at opacity 0 (opacity does not apply)', `<div style="display: contents; opacity: 0"><p>${SHOWN}</p></div>`),
  form('slotted light child', `<div data-host></div>`, shadowHost('<p>Before</p><slot></slot>', `<p>${SHOWN}</p>`)),
  form('slot fallback when nothing slotted', `<div data-host></div>`, shadowHost(`<slot>${SHOWN}</slot>`, '')),
  form('a focus outline around its own text', `<p style="outline: 2px solid #00f; outline-offset: 2px">${SHOWN}</p>`),
  form('a light pointer-events none fade at 20%', `<div style="position: relative"><p>${SHOWN}</p><div style="position: absolute; inset: 0; background: rgba(255,255,255,.2); pointer-events: none"></div></div>`),
  form('a decorative ::after badge at the corner', `<style>.bd{position:relative;padding-right:30px}.bd::after{content:"";position:absolute;right:0;top:0;width:20px;height:20px;background:#c00;border-radius:50%}</style><p class="bd">${SHOWN}</p>`),
  form('a card with a drop shadow next to text', `<div style="box-shadow: 0 4px 12px rgba(0,0,0,.2); padding: 12px"><p>${SHOWN}</p></div>`),
  form('a background layer taking no pointer events, under positioned content', `<div style="position: relative"><div style="position: absolute; inset: 0; background: #eee; pointer-events: none"></div><p style="position: relative">${SHOWN}</p></div>`),
  form('a background layer taking no pointer events at z-index -1', `<div style="position: relative; z-index: 0"><div style="position: absolute; inset: 0; background: #eee; pointer-events: none; z-index: -1"></div><p>${SHOWN}</p></div>`),
  form('a white ring drawn by box-shadow around a card', `<div style="position: relative; box-shadow: 0 0 0 6px #fff; padding: 12px; background: #f4f4f4"><p style="margin: 0">${SHOWN}</p></div>`),
  form('a thick focus outline around the field below the words', `<p style="margin: 0 0 12px">${SHOWN}</p><input aria-label="Name" style="outline: 4px solid #00f; outline-offset: 2px">`),
  form('an outline on a box with visibility: hidden, laid over the words', `<p style="margin: 0">${SHOWN}</p><div style="visibility: hidden; position: relative; top: -10px; height: 1px; outline: 40px solid #fff"></div>`),
  form('a white overlay taking no pointer events, faded out until hover', `<div style="position: relative"><p>${SHOWN}</p><div style="position: absolute; inset: 0; background: #fff; pointer-events: none; opacity: 0"></div></div>`),
  form('ruby text', `<p><ruby>${SHOWN}<rt>furi</rt></ruby></p>`),
  form('text on a dark-painted canvas behind it in white', `<div style="position: relative"><canvas style="position: absolute; inset: 0; width: 100%; height: 100%"></canvas><p style="position: relative; color: #fff">${SHOWN}</p></div>`, (page) => { const c = page.querySelector('canvas')!; const g = c.getContext('2d')!; g.fillStyle = '#123'; g.fillRect(0, 0, c.width, c.height); }),
  form('z-index -1 inside a stacking context with background', `<div style="background: #eee; position: relative; z-index: 0"><p style="position: relative; z-index: -1">${SHOWN}</p></div>`),
  form('scaleX 0.8 condensed', `<p style="transform: scaleX(0.8); transform-origin: 0 0">${SHOWN}</p>`),
  form('color: CanvasText', `<p style="color: CanvasText">${SHOWN}</p>`),
  form('progress label beside', `<label>${SHOWN} <progress value="1" max="2"></progress></label>`),
];

describe('hidden text, round 23', function () {
  this.timeout(20_000);
  hidingCases(HIDING, VISIBLE);
});
describe('visible look-alikes of round 23', function () {
  this.timeout(20_000);
  lookAlikeCases(LOOK_ALIKES);
});
