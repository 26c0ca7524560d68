// Honest endings (issue 16): the closing line says how the task went — done, could not be
// done, stopped, failed — and the `done` event and the history say the same.
import { expect } from '@open-wc/testing';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, nextEvent, shadow, subtitleText, waitFor } from './support/agent-fixture.js';
import { createLane, type Reply } from './support/model-lane.js';

const ending = (text: string, extra: Record<string, unknown> = {}): Reply =>
  ({ turn: { memory: 'end', todos_remaining: [], actions: [{ narrate: text }], ...extra } }) as Reply;

async function runTo(replies: Reply[], json: Record<string, unknown> = {}) {
  const lane = await createLane();
  await lane.script(...replies);
  const agent = await mountAgent(lane, json);
  const done = nextEvent(agent, 'done');
  void agent.run('Cancel my order from 2019');
  return { agent, detail: (await done).detail };
}

/** The closing line shows after the answer has been up long enough to read. */
const closingLine = async (agent: WebAgentElement, expected: string) => {
  await waitFor(() => subtitleText(agent) === expected, `the closing line "${expected}" (bar: "${subtitleText(agent)}")`, 15_000);
};

const historyEnd = async (agent: WebAgentElement) => {
  shadow(agent, '[part~="launcher"]')!.click();
  await agent.updateComplete;
  shadow(agent, '[part~="history-toggle"]')!.click();
  await agent.updateComplete;
  const ends = agent.shadowRoot!.querySelectorAll('[data-from="end"]');
  return ends[ends.length - 1]?.textContent?.trim();
};

describe('honest endings', () => {
  it('a task done ends with "✓ Done"', async () => {
    const { agent, detail } = await runTo([ending('Your order is cancelled.', { success: true })]);
    expect(detail.status).to.equal('done');
    expect(detail.achieved).to.equal(true);
    await closingLine(agent, '✓ Done');
  });

  it('a task the model could not do says so, not "✓ Done"', async () => {
    const { agent, detail } = await runTo([ending('Orders from 2019 can no longer be cancelled here.', { success: false })]);
    expect(detail.status).to.equal('done');
    expect(detail.achieved).to.equal(false);
    await closingLine(agent, '✗ Could not be done');
    expect(await historyEnd(agent)).to.equal('✗ Could not be done');
  });

  it('a task ended with work still owed and no word on success is not "done" either', async () => {
    const { agent, detail } = await runTo([{ turn: { memory: 'stuck', todos_remaining: ['cancel the order'], actions: [] } }]);
    expect(detail.achieved).to.equal(false);
    await closingLine(agent, '✗ Could not be done');
  });

  it('a host closing text is for success only', async () => {
    const { agent } = await runTo([ending('That is not possible here.', { success: false })], { onLoopEnd: { kind: 'text', text: 'All sorted!' } });
    await closingLine(agent, '✗ Could not be done');
  });

  it('in the page language', async () => {
    const lane = await createLane();
    await lane.script(ending('Das geht hier nicht.', { success: false }));
    const agent = await mountAgent(lane);
    agent.setAttribute('locale', 'de');
    await waitFor(() => agent.strings.notDone === '✗ Nicht möglich', 'the German strings');
    const done = nextEvent(agent, 'done');
    void agent.run('Bestellung stornieren');
    await done;
    await closingLine(agent, '✗ Nicht möglich');
  });

  it('a stopped task says it stopped', async () => {
    const lane = await createLane();
    await lane.script({ hang: true });
    const agent = await mountAgent(lane);
    const stopped = nextEvent(agent, 'done');
    void agent.run('Cancel it');
    await waitFor(() => !!shadow(agent, '[part~="stop"]'), 'the run');
    shadow(agent, '[part~="stop"]')!.click();
    expect((await stopped).detail).to.include({ status: 'stopped', achieved: false });
    await closingLine(agent, 'Stopped.');
  });

  it('a failed task shows its error line, not a closing that claims anything', async () => {
    const { agent, detail } = await runTo([{ status: 400, message: 'bad request' }], { maxErrors: 1 });
    expect(detail).to.include({ status: 'failed', achieved: false });
    await agent.updateComplete;
    expect(shadow(agent, '[part~="bar"]')?.dataset.kind).to.equal('error');
    expect(subtitleText(agent)).not.to.include('Done');
  });
});
