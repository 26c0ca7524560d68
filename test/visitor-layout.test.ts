// A good guest in the layout (issue 16): pasting <web-agent> anywhere moves nothing on the page.
import { expect, fixture, html } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import '../src/define.js';
import { createLane } from './support/model-lane.js';

const contexts: Array<[string, TemplateResult]> = [
  ['after inline text, in a tight line', html`<p style="font: 10px/1 monospace; margin: 0" data-append><span data-probe>before</span> text</p><p style="margin:0" data-probe>next</p>`],
  ['between inline words', html`<div style="font: 11px/12px serif"><span data-probe>a</span><span data-probe data-before>b</span></div><div data-probe>after</div>`],
  ['between blocks', html`<div><div data-probe style="height: 20px">one</div><div data-probe data-before>two</div></div>`],
  ['in a flex row with a gap', html`<div style="display: flex; gap: 16px"><div data-probe>one</div><div data-probe data-before>two</div></div>`],
  ['in a grid with a gap', html`<div style="display: grid; grid-template-columns: repeat(3, 50px); gap: 10px"><div data-probe>1</div><div data-probe data-before>2</div><div data-probe>3</div><div data-probe>4</div></div>`],
  ['at the end of the body-like container', html`<div style="font-size: 12px; line-height: 1" data-append><div data-probe>content</div>tail text</div><div data-probe>footer</div>`],
];

describe('a good guest in the layout', () => {
  for (const [where, template] of contexts) {
    it(`adds no layout shift ${where}`, async () => {
      const lane = await createLane();
      const page = await fixture<HTMLDivElement>(html`<div style="width: 400px">${template}</div>`);
      const probes = [...page.querySelectorAll<HTMLElement>('[data-probe]')];
      const positions = () => [page, ...probes].map((element) => JSON.stringify(element.getBoundingClientRect()));
      const before = positions();
      const agent = document.createElement('web-agent');
      agent.setAttribute('endpoint', lane.baseURL);
      agent.setAttribute('model', 'test-model');
      // Where a person pastes the tag: before a marked element, or at the end of a marked container.
      const next = page.querySelector('[data-before]');
      if (next) next.before(agent);
      else page.querySelector('[data-append]')!.append(agent);
      await agent.updateComplete;
      expect(positions()).to.deep.equal(before);
    });
  }
});
