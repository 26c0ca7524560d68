// Text behind the viewer: a box that a 3D transform under a perspective moves past the eye is not
// drawn, though the engines still report boxes and text rectangles for it on the screen (Chromium
// and Firefox report it mirrored across the perspective origin). Each hidden form puts the payload
// there one way, and the model server must never receive it. The look-alikes are boxes a
// perspective enlarges, turns or leaves partly behind the eye, whose words are drawn and must
// reach the model.
import { expect } from '@open-wc/testing';
import { modelSees } from './support/model-sees.js';
import { HIDDEN, PAYLOAD, SHOWN, form, lookAlikeCases, type Form } from './support/hidden-forms.js';

const BEHIND: Form[] = [
  form("translateZ(300px) under the parent's perspective: 200px", `<div style="perspective: 200px"><p style="transform: translateZ(300px)">${PAYLOAD}</p></div>`),
  form('perspective(200px) translateZ(300px) in its own transform', `<p style="transform: perspective(200px) translateZ(300px)">${PAYLOAD}</p>`),
  form('the translate property moves it 300px towards a 200px perspective', `<div style="perspective: 200px"><p style="translate: 0 0 300px">${PAYLOAD}</p></div>`),
  form('two translateZ(150px) added up through a preserve-3d chain', `<div style="perspective: 200px"><div style="transform-style: preserve-3d; transform: translateZ(150px)"><div style="transform-style: preserve-3d"><p style="transform: translateZ(150px)">${PAYLOAD}</p></div></div></div>`),
  form('a link behind the eye, its words with it', `<div style="perspective: 200px"><a href="/orders" style="display: block; transform: translateZ(250px)">${PAYLOAD}</a></div>`),
  form('turned half round about an origin 150px in front of it, so it lands 300px in front', `<div style="perspective: 200px"><p style="transform-origin: 50% 50% 150px; transform: rotateY(180deg)">${PAYLOAD}</p></div>`),
];

describe('text moved behind the viewer by a 3D transform', function () {
  this.timeout(20_000);
  for (const { name, markup, prepare } of BEHIND) {
    it(name, async () => {
      const seen = await modelSees(markup, { prepare });
      expect(seen.body.includes(HIDDEN), `hidden text reached the model; the page as sent:\n${seen.env}`).to.equal(false);
    });
  }
});

const IN_FRONT: Form[] = [
  form('translateZ(100px) under perspective: 200px, drawn twice as large', `<div style="perspective: 200px"><p style="text-align: center; transform: translateZ(100px)">${SHOWN}</p></div>`),
  form('a card flipped to face the visitor through a preserve-3d parent', `<div style="perspective: 800px"><div style="transform-style: preserve-3d; transform: rotateY(180deg)"><div style="backface-visibility: hidden; transform: rotateY(180deg)"><p>${SHOWN}</p></div></div></div>`),
  form('a box tilted so that its far end passes behind the eye, its near end drawn', `<div style="perspective: 200px; perspective-origin: left"><p style="width: 600px; transform-origin: left; transform: rotateY(-60deg)">${SHOWN}</p></div>`),
  form('pushed away from the visitor: translateZ(-300px), drawn smaller', `<div style="perspective: 200px"><p style="text-align: center; font-size: 40px; transform: translateZ(-300px)">${SHOWN}</p></div>`),
];

describe('visible text under a perspective', function () {
  this.timeout(20_000);
  lookAlikeCases(IN_FRONT);
});
