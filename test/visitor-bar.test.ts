// A bar that stays a bar (issue 16): a long narration is paged, not grown; the prompt takes a
// task of sensible length and says how close it is to the limit.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { mountAgent, shadow, waitFor } from './support/agent-fixture.js';
import { restoreViewport, setViewport } from './support/viewport.js';
import { createLane } from './support/model-lane.js';

const sentence = (n: number) => `Step ${n}: we look at the order, check the delivery address and compare it with your account.`;
const LONG = Array.from({ length: 50 }, (_, index) => sentence(index + 1)).join(' ');

describe('a bar that stays a bar', () => {
  afterEach(async () => {
    await restoreViewport();
  });

  for (const [width, height] of [
    [375, 667],
    [1280, 800],
  ]) {
    it(`pages a 5,000-character narration at ${width}×${height} instead of growing`, async () => {
      await setViewport({ width, height });
      const lane = await createLane();
      await lane.script({ turn: { memory: 'x', todos_remaining: [], actions: [{ narrate: LONG }], success: true } as never, chunkChars: 400 });
      const agent = await mountAgent(lane);
      void agent.run('Explain everything');
      await waitFor(() => !!shadow(agent, '[part~="more"]'), 'the More button', 15_000);
      const bar = shadow(agent, '[part~="bar"]')!;
      const text = shadow(agent, '[part~="bar"] > [part~="text"]')!;
      // A few lines, not a third of the screen.
      expect(bar.getBoundingClientRect().height).to.be.at.most(Math.min(220, height * 0.3));
      const before = text.scrollTop;
      shadow(agent, '[part~="more"]')!.click();
      await agent.updateComplete;
      expect(text.scrollTop, 'the next page').to.be.greaterThan(before);
      expect(bar.getBoundingClientRect().height).to.be.at.most(Math.min(220, height * 0.3));
      // Page by page to the end, where the button goes.
      for (let page = 0; page < 60 && shadow(agent, '[part~="more"]'); page++) {
        shadow(agent, '[part~="more"]')!.click();
        await agent.updateComplete;
      }
      expect(shadow(agent, '[part~="more"]')).to.equal(null);
      expect(text.scrollTop + text.clientHeight).to.be.at.least(text.scrollHeight - 2);
      agent.stop();
    });
  }

  it('a short narration has no More button', async () => {
    const lane = await createLane();
    await lane.script({ turn: { memory: 'x', todos_remaining: [], actions: [{ narrate: 'Your order ships tomorrow.' }] } });
    const agent = await mountAgent(lane);
    void agent.run('When does it ship?');
    await waitFor(() => shadow(agent, '[part~="text"]')?.textContent?.includes('tomorrow') ?? false, 'the narration');
    await agent.updateComplete;
    expect(shadow(agent, '[part~="more"]')).to.equal(null);
  });

  it('the prompt stops at 2,000 characters and counts near the limit', async () => {
    const lane = await createLane();
    const agent = await mountAgent(lane);
    shadow(agent, '[part~="launcher"]')!.click();
    await agent.updateComplete;
    const field = shadow<HTMLInputElement>(agent, '[part~="prompt-input"]')!;
    field.focus();
    await sendKeys({ type: 'abc' });
    await agent.updateComplete;
    expect(shadow(agent, '[part~="prompt-count"]'), 'no counter far from the limit').to.equal(null);
    // A long paste, then real typing past the limit.
    field.value = 'x'.repeat(1990);
    field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    field.setSelectionRange(field.value.length, field.value.length);
    await sendKeys({ type: 'abcdefghijklmnopqrst' });
    await agent.updateComplete;
    expect(field.value.length).to.equal(2000);
    const counter = shadow(agent, '[part~="prompt-count"]')!;
    expect(counter.textContent!.trim()).to.equal('2000 / 2000');
    expect(counter.getBoundingClientRect().height).to.be.greaterThan(0);
    expect(field.getAttribute('aria-describedby')).to.equal(counter.id);
  });
});
