// A probe, not part of the suite (about 2½ minutes per sweep, 4½ for both, Chromium):
//   npx web-test-runner --config test/probes/wtr.config.mjs --files test/probes/js-builtins.probe.ts
// Each member of the JavaScript built-ins, and of window's functions the agent may call, is made to
// throw, and then to do nothing, in turn while a run narrates and highlights. A member counts as a
// finding when the run ends without `done`, `run()` rejects, anything reaches the page's `error` or
// `unhandledrejection` listeners, or the run takes over 12 s. What it found is fixed and kept as
// tests in test/security-page-clocks.test.ts; what is left is listed in docs/security.md ("DOM
// built-ins a page breaks under the UI"). The probe keeps its own references to everything it uses
// while a member is broken, and counts the console instead of printing to it (the runner's console
// relay itself uses the built-ins, and stalls on some).
import { expect, fixture, html } from '@open-wc/testing';
import { mountAgent } from '../support/agent-fixture.js';
import { createLane } from '../support/model-lane.js';
import { end } from '../support/reliability-contract.js';

const later = window.setTimeout.bind(window);
const wall = Date.now;
const OwnPromise = Promise;
const define = Object.defineProperty;
const describeProperty = Object.getOwnPropertyDescriptor;
const applyFunction = Reflect.apply;
const then = Promise.prototype.then;
const print = console.log.bind(console);

/** Only these members, when not empty (for a second look at one finding). */
const ONLY: string[] = [];

type Mode = 'throw' | 'noop';

const TARGETS: Array<[string, object]> = [
  ['Array.prototype', Array.prototype],
  ['Array', Array],
  ['String.prototype', String.prototype],
  ['String', String],
  ['Object', Object],
  ['Object.prototype', Object.prototype],
  ['Function.prototype', Function.prototype],
  ['Promise.prototype', Promise.prototype],
  ['Promise', Promise],
  ['JSON', JSON],
  ['Math', Math],
  ['Number.prototype', Number.prototype],
  ['Number', Number],
  ['RegExp.prototype', RegExp.prototype],
  ['Map.prototype', Map.prototype],
  ['Set.prototype', Set.prototype],
  ['WeakMap.prototype', WeakMap.prototype],
  ['WeakSet.prototype', WeakSet.prototype],
  ['Reflect', Reflect],
  ['Date', Date],
  ['Date.prototype', Date.prototype],
  ['Symbol', Symbol],
  ['Iterator.prototype', Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()))],
  ['ArrayIterator', Object.getPrototypeOf([][Symbol.iterator]())],
  ['window', window],
];
const WINDOW_MEMBERS = new Set('fetch structuredClone queueMicrotask encodeURIComponent decodeURIComponent encodeURI parseInt parseFloat isNaN isFinite btoa atob requestIdleCallback setInterval clearTimeout clearInterval cancelAnimationFrame getComputedStyle matchMedia addEventListener removeEventListener getSelection scrollTo scrollBy'.split(' '));
const AGENT_EVENTS = ['status', 'subtitle', 'step', 'error', 'before-action', 'overlay-update', 'ask-user', 'confirm-action'];

let firstCall = '';

/** Breaks `object[key]` (a method or a getter) until the returned function puts it back. */
function breakMember(object: object, key: PropertyKey, mode: Mode): (() => void) | undefined {
  const before = describeProperty(object, key);
  if (!before?.configurable) return undefined;
  const broken = function () {
    const error = new Error(`the page broke ${String(key)}`);
    if (!firstCall) firstCall = error.stack ?? '';
    if (mode === 'throw') throw error;
    return undefined;
  };
  if (before.get) define(object, key, { ...before, get: broken });
  else if (typeof before.value === 'function') define(object, key, { ...before, value: broken });
  else return undefined;
  return () => define(object, key, before);
}

async function sweep(mode: Mode): Promise<void> {
  await fixture<HTMLElement>(html`<div><p>Order history for Ada</p><button id="pay">Pay</button></div>`);
  const lane = await createLane();
  const agent = await mountAgent(lane, { maxErrors: 1 });
  const highlight = { turn: { memory: 'm', todos_remaining: [] as string[], actions: [{ narrate: 'Here is the button.' }, { tool: 'highlight', args: { selector: '#pay' } }] } };
  await lane.script(end('Here is your page.'));
  await agent.run('What is on this page?');
  const findings: string[] = [];
  let count = 0;
  for (const [label, object] of TARGETS) {
    for (const key of Reflect.ownKeys(object)) {
      const name = `${label}.${String(key)}`;
      if (key === 'constructor' || key === 'prototype' || (object === window && !WINDOW_MEMBERS.has(String(key)))) continue;
      if (ONLY.length && ONLY.indexOf(name) < 0) continue;
      const member = describeProperty(object, key);
      if (!member?.configurable || !(member.get || typeof member.value === 'function')) continue;
      await lane.script(highlight, end('Your order history is on this page.'));
      const problems: string[] = [];
      const events: string[] = [];
      const consoleCounts: Record<string, number> = {};
      let done: { status: string } | undefined;
      let settled = false;
      let thrown: unknown;
      const started = wall();
      const onError = (event: ErrorEvent) => (problems[problems.length] = `error: ${event.message} ${(event.error as Error)?.stack}`);
      const onRejection = (event: PromiseRejectionEvent) => (problems[problems.length] = `unhandledrejection: ${(event.reason as Error)?.message ?? event.reason}`);
      const onDone = (event: Event) => (done = (event as CustomEvent).detail);
      const onEvent = (event: Event) => {
        const detail = (event as CustomEvent).detail;
        events[events.length] = `${wall() - started} ${event.type} ${detail?.status ?? detail?.message ?? detail?.text ?? ''}`;
      };
      const consoleBefore = [console.error, console.warn, console.log, console.info, console.debug] as const;
      const counter = (kind: string) => (first: unknown) => {
        const line = `${kind} ${typeof first === 'string' ? first : ''}`;
        consoleCounts[line] = (consoleCounts[line] ?? 0) + 1;
      };
      const onerrorBefore = window.onerror;
      addEventListener('error', onError);
      addEventListener('unhandledrejection', onRejection);
      agent.addEventListener('done', onDone);
      for (let at = 0; at < AGENT_EVENTS.length; at++) agent.addEventListener(AGENT_EVENTS[at]!, onEvent);
      [console.error, console.warn, console.log, console.info, console.debug] = [counter('error'), counter('warn'), counter('log'), counter('info'), counter('debug')];
      // Mocha's handler would end the sweep at the first uncaught error; the listener above counts it.
      window.onerror = () => true;
      firstCall = '';
      count++;
      const restore = breakMember(object, key, mode)!;
      try {
        const running = agent.run('And now?');
        applyFunction(then, running, [() => (settled = true), (error: unknown) => ((settled = true), (thrown = error))]);
      } catch (error) {
        thrown = error;
        settled = true;
      }
      while (!(done && settled) && wall() - started < 25_000) await new OwnPromise((resolve) => later(resolve, 50));
      const ms = wall() - started;
      restore();
      [console.error, console.warn, console.log, console.info, console.debug] = consoleBefore;
      // What the page hears just after the run ended counts too.
      await new OwnPromise((resolve) => later(resolve, 300));
      window.onerror = onerrorBefore;
      removeEventListener('error', onError);
      removeEventListener('unhandledrejection', onRejection);
      agent.removeEventListener('done', onDone);
      for (let at = 0; at < AGENT_EVENTS.length; at++) agent.removeEventListener(AGENT_EVENTS[at]!, onEvent);
      if (done && !problems.length && thrown === undefined && ms <= 12_000) {
        await lane.reset();
        continue;
      }
      const finding = [
        `${name} (${mode}): done=${done?.status} settled=${settled} ${ms} ms thrown=${thrown instanceof Error ? thrown.message : String(thrown)}`,
        `problems: ${problems.join(' | ')}`,
        `console: ${JSON.stringify(consoleCounts)}`,
        `events: ${events.join('; ')}`,
        `first call: ${firstCall.split('\n').slice(2, 8).join(' ← ')}`,
      ].join('\n  ');
      findings.push(finding);
      print(`FINDING ${finding}`);
      if (!done) {
        agent.stop();
        await new OwnPromise((resolve) => later(resolve, 2000));
      }
      await lane.reset();
    }
  }
  print(`PROBE (${mode}) swept ${count} members: ${findings.length} findings`);
  expect(findings).to.deep.equal([]);
}

describe('probe: each JavaScript built-in broken in turn during a run', function () {
  this.timeout(3_600_000);
  it('made to throw', () => sweep('throw'));
  it('made to do nothing', () => sweep('noop'));
});
