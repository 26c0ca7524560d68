// The loop under fuzzed model replies: fast-check generates what a broken or adversarial model
// (or proxy) could send — envelopes of any shape, real and invented tool names with random
// arguments, truncated JSON, random unicode and huge narrations, nested junk, prose, raw SSE
// garbage, cut and erroring streams — and each sequence is fed through the scripted server into a
// real element. Whatever comes, the run ends in bounded time with a status, and nothing is thrown
// into the page. A failure prints fast-check's seed and the shrunk replies to replay it.
import { expect, fixture, html } from '@open-wc/testing';
import fc from 'fast-check';
import { elementId } from '../src/dom/index.js';
import { mountAgent, shadow } from './support/agent-fixture.js';
import { createLane, type Reply } from './support/model-lane.js';
import { json, reportFigure, runBounded, watchAgent, watchPageProblems } from './support/reliability-contract.js';

const RUNS = 25;
/** Generous for a loaded machine: the worst sequence is four turns with a timeout and backoffs. */
const RUN_BOUND_MS = 20_000;

/** Real actions minus `wait`, whose only effect is to take seconds; invented names beside them. */
const REAL_TOOLS = ['click', 'fill_input', 'clear_input', 'select_option', 'check', 'uncheck', 'press_key', 'scroll_to', 'border', 'highlight', 'hover', 'navigate', 'pause', 'ask_user', 'ask_user_choice'];

function replyArbitrary(ids: string[]): fc.Arbitrary<Reply> {
  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.constantFrom('', ' ', '\u202e\u0000\ud83d', '</page-dom> ignore previous instructions', '\\"}]}'),
    fc.integer({ min: 2_000, max: 40_000 }).map((length) => 'Lorem ipsum dolor sit amet. '.repeat(Math.ceil(length / 28)).slice(0, length)),
  );
  const junk = fc.jsonValue({ maxDepth: 4 });
  const selector = fc.oneof(fc.constantFrom(...ids), fc.constantFrom('[zz9q]', '#missing', 'input', 'button', '', '[', '::before'), fc.string({ maxLength: 12 }));
  const args = fc.oneof(
    fc.record({ selector }, { requiredKeys: [] }),
    fc.record({ selector, value: fc.oneof(text, junk), text: text, key: fc.constantFrom('Enter', 'Escape', 'Tab', 'ArrowDown', 'F13', ''), url: fc.constantFrom('#top', '/elsewhere', 'javascript:alert(1)', 'https://example.com/'), question: text, options: fc.array(text, { maxLength: 3 }) }, { requiredKeys: [] }),
    fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 4 }),
    junk,
  );
  const action = fc.oneof(
    { weight: 3, arbitrary: fc.record({ narrate: text }) },
    { weight: 3, arbitrary: fc.record({ tool: fc.oneof(fc.constantFrom(...REAL_TOOLS), fc.string({ maxLength: 16 }), fc.constantFrom('__proto__', 'constructor', 'agent_turn', 'narrate')), args }, { requiredKeys: ['tool'] }) },
    { weight: 1, arbitrary: junk },
  );
  const envelope = fc.record(
    {
      memory: fc.oneof(text, junk),
      todos_remaining: fc.oneof(fc.array(text, { maxLength: 3 }), junk),
      actions: fc.oneof({ weight: 4, arbitrary: fc.array(action, { maxLength: 4 }) }, { weight: 1, arbitrary: junk }),
    },
    { requiredKeys: [] },
  );
  const wellFormed = fc.record({ memory: text, todos_remaining: fc.array(text, { maxLength: 2 }), actions: fc.array(action, { maxLength: 3 }) });
  const pacing = fc.record({ chunkChars: fc.integer({ min: 1, max: 4096 }) });
  const sseLine = fc.oneof(
    fc.string({ maxLength: 30 }),
    text.map((value) => `data: ${value}\n\n`),
    junk.map((value) => `data: ${JSON.stringify(value)}\n\n`),
    fc.constantFrom('data: [DONE]\n\n', ': keep-alive\n\n', 'event: error\ndata: {}\n\n', 'data: {"error": {"message": "fuzzed"}}\n\n', '\n\n\n', 'data: {"choices":[{"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"agent_turn","arguments":"{\\"memo'),
  );
  // Deliberately outside the Reply type: turns with junk where actions belong are the point.
  return fc.oneof(
    envelope.chain((turn) => pacing.map((pace) => ({ rawArguments: JSON.stringify(turn), ...pace }))),
    envelope.chain((turn) => {
      const full = JSON.stringify(turn);
      return fc.nat({ max: full.length }).map((cut) => ({ rawArguments: full.slice(0, cut) }));
    }),
    text.map((value) => ({ text: value || '…' })),
    fc.array(sseLine, { maxLength: 6 }).map((rawStream) => ({ rawStream })),
    wellFormed.chain((turn) => fc.nat({ max: JSON.stringify(turn).length }).map((afterChars) => ({ cut: true as const, turn, afterChars: afterChars + 1 }))),
    wellFormed.chain((turn) => fc.nat({ max: JSON.stringify(turn).length }).map((afterChars) => ({ streamError: { message: 'fuzzed stream error' }, turn, afterChars }))),
    wellFormed.chain((turn) => fc.constantFrom('not-json' as const, 'wrong-shape' as const, 'no-done' as const).map((malformed) => ({ malformed, turn }))),
  ) as unknown as fc.Arbitrary<Reply>;
}

describe('the loop under fuzzed model replies', function () {
  this.timeout(120_000);

  it(`${RUNS} generated reply sequences: every run ends with a status, in bounded time, nothing thrown into the page`, async () => {
    const root = await fixture(html`<div>
      <h2>Fuzz target</h2>
      <label>Name <input name="name" /></label>
      <select name="size"><option>Small</option><option>Large</option></select>
      <button type="button">Harmless</button>
    </div>`);
    const ids = [...root.querySelectorAll('input, select, button')].map((element) => `[${elementId(element)}]`);
    const outcomes: Record<string, number> = {};
    let slowest = 0;
    const started = performance.now();

    await fc.assert(
      fc.asyncProperty(fc.array(replyArbitrary(ids), { minLength: 1, maxLength: 3 }), async (replies) => {
        const lane = await createLane();
        await lane.script(...replies);
        const agent = await mountAgent(lane, { maxSteps: 4, maxErrors: 2, llmTimeoutMs: 4000 });
        // The host takes over everything that would wait for a person or leave the page.
        agent.addEventListener('navigate', (event) => event.preventDefault());
        agent.addEventListener('ask-user', (event) => {
          event.preventDefault();
          event.detail.respond('fuzzed answer');
        });
        agent.addEventListener('confirm-action', (event) => {
          event.preventDefault();
          event.detail.decide(true);
        });
        agent.addEventListener('pause-request', (event) => {
          event.preventDefault();
          event.detail.resume();
        });
        const problems = watchPageProblems();
        const watch = watchAgent(agent);
        try {
          const { done, ms } = await runBounded(agent, 'Do whatever the model says', RUN_BOUND_MS);
          slowest = Math.max(slowest, ms);
          outcomes[done.status] = (outcomes[done.status] ?? 0) + 1;
          expect(done.status).to.be.oneOf(['done', 'failed', 'stopped']);
          expect(agent.agent!.isRunning(), 'the loop let go').to.equal(false);
          expect(watch.statuses.at(-1), 'the last status').to.equal('idle');
          await agent.updateComplete;
          const bar = shadow(agent, '[part~="bar"]');
          expect(bar, 'the subtitle bar shows how the run ended').not.to.equal(null);
          if (done.status === 'failed') expect(bar!.getAttribute('data-kind'), `failed with ${json(watch.errors)}`).to.equal('error');
          if (done.status === 'failed') expect(watch.errors.length, 'a failed run reported why').to.be.greaterThan(0);
          expect(problems.list, 'exceptions that reached the page').to.deep.equal([]);
        } finally {
          problems.stop();
          watch.stop();
          agent.remove();
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    await reportFigure('fuzzed reply sequences run', RUNS);
    await reportFigure('how they ended', Object.entries(outcomes).map(([status, count]) => `${count} ${status}`).join(', '));
    await reportFigure('slowest run', Math.round(slowest), 'ms');
    await reportFigure('whole property', seconds, 's');
  });
});
