// Hidden text, round 21: what a form field holds but does not paint, and what an <object> shows when
// it cannot show its resource. A field's value, a select's choice and the options its list offers,
// and an editable box's text are not text nodes the walk judges by their glyphs: a value in the
// colour of what is painted behind it, transparent, too small to read or pushed out of the field by
// its text-indent carried words only a model would read. Their look-alikes are fields a person
// reads (light on dark, on a picture, a field drawn transparent over the box that shows its words),
// options in light ink on a dark select or their own dark background, and the fallback an <object> draws
// when its file is missing, which the walk used to skip as it skips the resource an object shows.
import { expect } from '@open-wc/testing';
import { DARK_IMAGE, HIDDEN, PAYLOAD, SHOWN, form, hidingCases, lookAlikeCases, type Form } from './support/hidden-forms.js';
import { modelSees } from './support/model-sees.js';

const VISIBLE = 'Order history for Ada';
const FIELD = 'width: 400px';

/** Waits for an <object> to give up on its file and draw its fallback. */
const objectSettled = () => new Promise<void>((resolve) => setTimeout(resolve, 300));

const HIDING: Form[] = [
  form('a text field whose value is transparent', `<input style="${FIELD}; color: transparent" value="${PAYLOAD}">`),
  form('a textarea whose text is transparent', `<textarea style="${FIELD}; color: transparent">${PAYLOAD}</textarea>`),
  form('a text field whose value is white on its white background', `<input style="${FIELD}; color: #fff; background: #fff" value="${PAYLOAD}">`),
  form('a labelled text field whose value is white on the white page', `<label>Name <input style="${FIELD}; color: #fff; background: transparent" value="${PAYLOAD}"></label>`),
  form('a text field whose value its text-indent pushes out of the box', `<input style="${FIELD}; text-indent: -9999px" value="${PAYLOAD}">`),
  form('a text field whose value is drawn at font-size 0', `<input style="${FIELD}; font-size: 0" value="${PAYLOAD}">`),
  form('a text field whose value is drawn in a transparent -webkit-text-fill-color', `<input style="${FIELD}; -webkit-text-fill-color: transparent" value="${PAYLOAD}">`),
  form('an editable box whose text is transparent', `<div contenteditable="true" style="color: transparent">${PAYLOAD}</div>`),
];

const LOOK_ALIKES: Form[] = [
  form('a text field as browsers draw it', `<input style="${FIELD}" value="${SHOWN}">`),
  form('a text field, light words on a dark background', `<input style="${FIELD}; color: #fff; background: #123" value="${SHOWN}">`),
  form('a text field, light words on a picture', `<input style="${FIELD}; color: #fff; background: url('${DARK_IMAGE}')" value="${SHOWN}">`),
  form('a transparent text field, light words, in a dark panel', `<div style="background: #123; padding: 4px"><input style="${FIELD}; color: #fff; background: transparent" value="${SHOWN}"></div>`),
  form('a text field with a small text-indent', `<input style="${FIELD}; text-indent: 8px" value="${SHOWN}">`),
  form('a textarea as browsers draw it', `<textarea style="${FIELD}">${SHOWN}</textarea>`),
  form('a transparent textarea over the box that draws its words (a highlighter)', `<div style="position: relative; width: 400px; height: 40px"><div style="position: absolute; inset: 0; padding: 2px; font: 14px monospace">${SHOWN}</div><textarea style="position: absolute; inset: 0; width: 400px; padding: 2px; font: 14px monospace; color: transparent; caret-color: #000; background: transparent">${SHOWN}</textarea></div>`),
  form('an editable box as browsers draw it', `<div contenteditable="true">${SHOWN}</div>`),
  form('the fallback an <object> draws when its file is missing', `<object type="application/x-nothing" data="nothing.bin" width="40" height="40"><p>${SHOWN}</p></object>`, objectSettled),
  form('the fallback words of an <object> whose file is missing', `<object data="nothing-here.bin">${SHOWN}</object>`, objectSettled),
];

describe('hidden text, round 21', function () {
  this.timeout(20_000);
  hidingCases(HIDING, VISIBLE);

  it('a select whose words are transparent: neither its choice nor its options are given (its list draws them in the same ink)', async () => {
    const seen = await modelSees(`<select style="color: transparent"><option>${PAYLOAD}</option><option>Other</option></select>`, { visible: VISIBLE });
    expect(seen.dump).to.include(VISIBLE);
    expect(seen.dump, seen.dump).not.to.include(HIDDEN);
  });

  // The list a select opens is drawn by the browser on its own white canvas, under the select's,
  // the group's and the option's backgrounds, in the option's colour.
  for (const [how, option] of [
    ['transparent', `<option style="color: transparent">${PAYLOAD}</option>`],
    ['in the colour of the select behind it', `<option style="color: rgb(250, 250, 250)">${PAYLOAD}</option>`],
    ['dark on the dark background of its group', `<optgroup label="More" style="background: #000"><option style="color: #010101">${PAYLOAD}</option></optgroup>`],
  ]) {
    it(`a select offering one option drawn ${how}: that option is not offered, the others are`, async () => {
      const seen = await modelSees(`<select style="background: rgb(250, 250, 250)"><option>Standard</option>${option}<option>Express</option></select>`, { visible: VISIBLE });
      expect(seen.dump, seen.dump).to.match(/options: Standard \| Express/);
      expect(seen.dump, seen.dump).not.to.include(HIDDEN);
    });
  }

  for (const [how, select] of [
    ['as browsers draw it', `<select><option>Standard</option><option>${SHOWN}</option></select>`],
    ['light words on a dark select', `<select style="color: #fff; background: #123"><option>Standard</option><option>${SHOWN}</option></select>`],
    ['one option light on its own dark background', `<select><option>Standard</option><option style="color: #fff; background: #123">${SHOWN}</option></select>`],
  ]) {
    it(`a select ${how} offers every option`, async () => {
      const seen = await modelSees(select);
      expect(seen.dump, seen.dump).to.include(`options: Standard | ${SHOWN}`);
    });
  }

  it('a select as browsers draw it keeps its choice', async () => {
    const seen = await modelSees(`<select><option>${SHOWN}</option><option>Other</option></select>`);
    expect(seen.dump).to.include(`selected="${SHOWN}"`);
  });
});

describe('visible look-alikes of round 21', function () {
  this.timeout(20_000);
  lookAlikeCases(LOOK_ALIKES);
  // The object that does show its file draws none of what it holds.
  hidingCases([form('the fallback of an <object> that shows its file', `<object type="image/svg+xml" data="${DARK_IMAGE}" width="40" height="40"><p>${PAYLOAD}</p></object>`, objectSettled)], VISIBLE);
});
