// Runs the gallery's cases: each mounts its library's page afresh, gives the real <web-agent> (the
// release build) a task, lets a dump-reading policy answer the agent's requests, then checks what a person would see
// of the widget. The outcome (works, or fails and how) goes to the run's report, and must equal the
// manifest's expectation for this engine: a widget that starts working fails the test too, until the
// manifest says so.
import { executeServerCommand } from '@web/test-runner-commands';
import type { ConfirmActionDetail } from '../../src/agent/agent-events.js';
import { dumpPolicy, type Move, type PageView, type PolicyRun } from '../support/dump-policy.js';
import { createLane, type Lane } from '../support/model-lane.js';
import { expectationFor, FAILURES, GALLERY, type Engine, type Expected, type LibraryKey } from './gallery-manifest.js';

/** What a person sees of the widget after the task, and whether that is the task done. */
export interface Seen {
  ok: boolean;
  shows: string;
}

/** The words a page's status line (`data-state=…`) shows, against what the task should leave there. */
export function stateText(root: HTMLElement, state: string, wanted: string): Seen {
  const shows = root.querySelector(`[data-state=${state}]`)?.textContent ?? '(nothing)';
  return { ok: shows === wanted, shows: `"${shows}"` };
}

/** What a text field holds, against what the task should leave in it. */
export function fieldValue(root: HTMLElement, selector: string, wanted: string): Seen {
  const value = root.querySelector<HTMLInputElement>(selector)?.value ?? '(no field)';
  return { ok: value === wanted, shows: `the field holding "${value}"` };
}

export interface CaseBody {
  decide(view: PageView): Move;
  /** Reads the page as a person would; `run` has what the policy concluded (an answer it gave). */
  check(root: HTMLElement, run: PolicyRun): Seen | Promise<Seen>;
  /** Turns the policy allows itself before it calls the run stuck (default 10). */
  maxTurns?: number;
  /** `decide` handles failed actions itself (see PolicyOptions). */
  tolerateFailures?: boolean;
}

export interface GalleryApp {
  title: string;
  mount(root: HTMLElement): Promise<{ unmount(): void }>;
}

/** The built app (test/gallery/build-gallery.mjs), served by the gallery plugin. */
export function loadApp(name: string): Promise<GalleryApp> {
  return import(`/node_modules/.cache/gallery/${name}.js`) as Promise<GalleryApp>;
}

export function currentEngine(): Engine {
  const agent = navigator.userAgent;
  if (/Firefox\//.test(agent)) return 'firefox';
  if (/Chrom(e|ium)\//.test(agent)) return 'chromium';
  return 'webkit';
}

declare global {
  interface Window {
    /** GALLERY_TRACE=1 (web-test-runner.config.mjs): print every case's turns, times and dumps. */
    __GALLERY_TRACE__?: boolean;
    /** Set by web-test-runner.config.mjs: the release build of the element, built for this run. */
    __STANDALONE_BUNDLE_URL__?: string;
  }
}

/** The part of the element's API the gallery uses. */
interface AgentElement extends HTMLElement {
  run(task: string): Promise<void>;
  stop(): void;
}

/**
 * The element as a site gets it: the release build (web-agent.js, minified, its chunks fetched on
 * the first task), configured by attributes and its JSON child, as the README shows.
 */
async function mountBuiltAgent(lane: Lane, config: Record<string, unknown>): Promise<AgentElement> {
  const agent = document.createElement('web-agent') as AgentElement;
  for (const [name, value] of Object.entries({ endpoint: lane.baseURL, model: 'test-model', 'agent-name': 'Ava', 'site-name': 'Gallery', locale: 'en' })) {
    agent.setAttribute(name, value);
  }
  const json = document.createElement('script');
  json.type = 'application/json';
  json.textContent = JSON.stringify({ sessionStorageKey: `gallery.${lane.id}`, ...config });
  agent.append(json);
  const ready = new Promise((resolve) => agent.addEventListener('ready', resolve, { once: true }));
  document.body.append(agent);
  await ready;
  return agent;
}

/** Longest a case may run before the agent is stopped (turns are ~0.2–1 s each on an idle machine). */
const CASE_LIMIT_MS = 25_000;

export function galleryCases(library: LibraryKey, bodies: Record<string, CaseBody>): void {
  const entry = GALLERY[library];
  describe(`gallery: ${entry.title}`, () => {
    let app: GalleryApp;
    let root: HTMLElement;
    let mounted: { unmount(): void } | undefined;

    before(async function () {
      // The first file of a run waits for the bundles to be built (seconds, longer on a busy machine).
      this.timeout(180_000);
      app = await loadApp(entry.app);
      if (!window.__STANDALONE_BUNDLE_URL__) throw new Error('web-test-runner.config.mjs did not build the standalone bundle.');
      await import(window.__STANDALONE_BUNDLE_URL__);
    });

    beforeEach(async () => {
      root = document.createElement('div');
      root.className = 'gallery-root';
      document.body.append(root);
      // Each case starts at the top, as a freshly opened page does, not where the last one scrolled.
      window.scrollTo(0, 0);
      mounted = await app.mount(root);
    });

    afterEach(() => {
      mounted?.unmount();
      root.remove();
    });

    it('has a case in the manifest for every test and a test for every case', () => {
      const missing = Object.keys(entry.cases).filter((key) => !(key in bodies));
      const unlisted = Object.keys(bodies).filter((key) => !(key in entry.cases));
      if (missing.length || unlisted.length) throw new Error(`manifest without test: ${missing.join(', ') || '—'}; test without manifest: ${unlisted.join(', ') || '—'}`);
    });

    for (const [key, body] of Object.entries(bodies)) {
      const listed = entry.cases[key];
      if (!listed) continue;
      it(`${listed.widget}: ${listed.task}`, async function () {
        this.timeout(40_000);
        const engine = currentEngine();
        const expected = expectationFor(listed, engine);
        const started = performance.now();
        const lane = await createLane({ interactive: true });
        const run = dumpPolicy(body.decide, { maxTurns: body.maxTurns, tolerateFailures: body.tolerateFailures });
        const serving = lane.serve(run.policy);
        const agent = await mountBuiltAgent(lane, { maxSteps: (body.maxTurns ?? 10) + 2 });
        // The visitor asked for the task, so approves what the agent asks to confirm ("Remove item"…);
        // the report says when it was asked.
        const confirmations: string[] = [];
        agent.addEventListener('confirm-action', (event) => {
          const { detail } = event as CustomEvent<ConfirmActionDetail>;
          event.preventDefault();
          confirmations.push(detail.targetName ?? detail.message);
          detail.decide(true);
        });
        // A run that hangs is an outcome too (with what the policy saw so far), not a mocha timeout.
        let overran = false;
        const limit = setTimeout(() => {
          overran = true;
          agent.stop();
        }, CASE_LIMIT_MS);
        try {
          await agent.run(listed.task);
        } finally {
          clearTimeout(limit);
          await serving.stop();
          agent.remove();
        }
        if (overran) run.verdict.stuck ??= `the run was stopped after ${CASE_LIMIT_MS / 1000} s (${run.verdict.turns} turns); the last results: ${run.results.at(-1) || '(none)'}`;
        if (serving.error) throw serving.error;
        const seen = await body.check(root, run);
        // Works: the page shows the task done, and the dump let the policy see that it was.
        const works = seen.ok && run.verdict.done !== undefined;
        const detail = works ? '' : diagnose(run.verdict, seen);
        const matched = meets(expected, works, detail);
        const failure = !works && matched && expected !== 'works' ? expected.fails : undefined;
        await executeServerCommand('gallery-outcome', {
          library,
          libraryTitle: entry.title,
          packages: entry.packages,
          key,
          // Where the case sits in the manifest, so the README lists cases in its order.
          order: [Object.keys(GALLERY).indexOf(library), Object.keys(entry.cases).indexOf(key)],
          widget: listed.widget,
          task: listed.task,
          outcome: works ? 'works' : 'fails',
          // The class the manifest names, when the case fails as it says; otherwise the detail alone tells.
          failure: failure ? { key: failure, text: FAILURES[failure] } : undefined,
          waits: listed.waits === true,
          detail,
          confirmations,
          turns: run.verdict.turns,
          ms: Math.round(performance.now() - started),
        });
        if (window.__GALLERY_TRACE__) {
          const turns = run.dumps.map((dump, index) => `==== turn ${index + 1} at ${Math.round(run.times[index]! - started)} ms, results: ${run.results[index]}\n${dump}`);
          console.log(`${entry.title} › ${key}, ${Math.round(performance.now() - started)} ms\n${turns.join('\n')}`);
        }
        if (!matched) {
          const lastDump = run.dumps.at(-1) ?? '(no request reached the policy)';
          throw new Error(`${entry.title} › ${key}: ${mismatch(expected, works, detail)}\n--- results of the last turn:\n${run.results.at(-1)}\n--- last dump:\n${lastDump}`);
        }
      });
    }
  });
}

function meets(expected: Expected, works: boolean, detail: string): boolean {
  if (expected === 'works') return works;
  return !works && (!expected.seen || expected.seen.test(detail));
}

function mismatch(expected: Expected, works: boolean, detail: string): string {
  if (expected === 'works') return `expected to work, but ${detail}`;
  if (works) return `now works (expected to fail: ${FAILURES[expected.fails]}): set it to 'works' in test/gallery/gallery-manifest.ts`;
  return `fails differently from the manifest (${expected.fails}: expected ${expected.seen}): ${detail}`;
}

function diagnose(verdict: { done?: string; stuck?: string; turns: number }, seen: Seen): string {
  if (verdict.stuck && seen.ok) return `${verdict.stuck}; yet the page shows ${seen.shows}: the dump did not show the task done`;
  if (verdict.stuck) return `${verdict.stuck}; the page shows ${seen.shows}`;
  if (verdict.done) return `the dump said done ("${verdict.done}") but the page shows ${seen.shows}`;
  return `the run ended after ${verdict.turns} turns without a verdict; the page shows ${seen.shows}`;
}
