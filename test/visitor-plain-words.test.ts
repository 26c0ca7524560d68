// Plain words (issue 16): whatever goes wrong, the bar speaks the page's language without option
// names, status codes or server text; the detail goes to the console and the `error` event.
import { expect } from '@open-wc/testing';
import type { ErrorDetail } from '../src/agent/agent-events.js';
import { mountAgent, nextEvent, subtitleText, waitFor } from './support/agent-fixture.js';
import { createLane, type Reply } from './support/model-lane.js';

const TECHNICAL = /llmTimeoutMs|maxSteps|maxErrors|tokenBudget|\b[45]\d\d\b|\(|agent_turn|schema|JSON|Error:/;

const faults: Array<{ name: string; replies: Reply[]; config: Record<string, unknown>; code: string; detail: RegExp }> = [
  { name: 'a model that does not answer in time', replies: [{ hang: true }, { hang: true }], config: { llmTimeoutMs: 1000, maxErrors: 2 }, code: 'timeout', detail: /llmTimeoutMs/ },
  { name: 'a server error', replies: [{ status: 400, message: 'Invalid value for temperature' }], config: { maxErrors: 1 }, code: 'bad-request', detail: /400/ },
  { name: 'a reply the agent cannot use', replies: [{ rawArguments: '{"memory": ' }], config: { maxErrors: 1 }, code: 'protocol', detail: /JSON|reply/ },
  {
    name: 'the step limit',
    replies: [{ turn: { memory: 'more', todos_remaining: ['more'], actions: [{ tool: 'wait', args: { ms: 1 } }] } }],
    config: { maxSteps: 1 },
    code: 'max-steps',
    detail: /maxSteps/,
  },
];

describe('plain words', () => {
  for (const fault of faults) {
    it(`${fault.name}: the bar says it plainly, the event keeps the detail`, async function () {
      this.timeout(20_000);
      const lane = await createLane();
      await lane.script(...fault.replies);
      const agent = await mountAgent(lane, fault.config);
      const errors: ErrorDetail[] = [];
      agent.addEventListener('error', (event) => errors.push(event.detail));
      const done = nextEvent(agent, 'done');
      void agent.run('Cancel my order');
      await done;
      await waitFor(() => errors.length > 0, 'the error event');
      expect(errors[0]!.code).to.equal(fault.code);
      expect(errors[0]!.message).to.match(fault.detail);
      await agent.updateComplete;
      const bar = subtitleText(agent);
      expect(bar).to.be.oneOf(['Ava cannot be reached right now. Please try again in a moment.', 'Something went wrong. Your conversation is kept, so you can ask again.']);
      expect(bar).not.to.match(TECHNICAL);
    });
  }

  it('a configuration error shows no option name, in the page language', async () => {
    const lane = await createLane();
    const agent = await mountAgent(lane, { maxSteps: 'lots' });
    agent.setAttribute('locale', 'de');
    await waitFor(() => agent.strings.errorUnavailable.startsWith('{agentName} ist'), 'the German strings');
    agent.setAttribute('agent-name', 'Ava');
    agent.config = { maxSteps: 'many' } as never;
    await agent.updateComplete;
    expect(subtitleText(agent)).to.equal('Ava ist gerade nicht erreichbar. Bitte gleich noch einmal versuchen.');
  });
});
