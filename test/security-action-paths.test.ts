// Every way an action runs meets the same gates (issues 13 and 20): the loop, the loop reading the
// host's own tool list (toolDefinitions), a host's direct call (el.executeAction, also how WebMCP
// runs a host's published action) and a replayed recording. The same click, on the same control,
// is asked or refused exactly alike, and the host sees the same things: one `confirm-action` for a
// consequential control (declined: the site's API receives nothing), an `error` with code
// `blocked` for a form a page handler sends to another site (which receives nothing), and a
// question for a submission set off by an innocent-looking button under confirmPolicy
// `every-submission`. The effect guard, not only the check before the action, does the last two.
import { expect, fixture, html } from '@open-wc/testing';
import type { ActionResult } from '../src/actions/index.js';
import type { Recording } from '../src/agent/recording/recording.js';
import type { WebAgentElement } from '../src/ui/web-agent-element.js';
import { idInDump, mountAgent, nextEvent, pageSeen } from './support/agent-fixture.js';
import { createLane, type Policy } from './support/model-lane.js';
import { createSink, type Sink } from './support/red-team.js';
import { runBounded } from './support/reliability-contract.js';

let sink: Sink;
beforeEach(() => {
  sink = createSink();
});

interface Seen {
  asked: string[];
  blocked: string[];
  /** How the path ended: the run's status, or the direct call's result reason. */
  ended: string;
  /** What reached the site's API or the other site. */
  received: unknown[];
}

interface Scenario {
  /** The control the action clicks, by its visible name. */
  label: string;
  page(): string;
  setup?(root: HTMLElement): void;
  config(): Record<string, unknown>;
}

/** Forms post into a frame, so that one that gets through cannot take the test page away. */
const FRAME = '<iframe name="result" style="width:300px;height:40px"></iframe>';

const scenarios: Record<string, Scenario> = {
  'a consequential submit button (the site API is allowed)': {
    label: 'Place your order',
    page: () => `<form method="post" action="${sink.url('/orders')}" target="result"><input type="hidden" name="item" value="book"><button>Place your order</button></form>${FRAME}`,
    config: () => ({ allowedOrigins: [sink.origin] }),
  },
  "a button whose page handler sends a form to another site": {
    label: 'Share',
    page: () => `<form method="post" action="${sink.url('/share')}" target="result"><input type="hidden" name="note" value="hello"></form><button type="button">Share</button>${FRAME}`,
    setup: (root) => root.querySelector('button')!.addEventListener('click', () => root.querySelector('form')!.requestSubmit()),
    config: () => ({}),
  },
  'an innocent button whose handler submits, under confirmPolicy every-submission': {
    label: 'Continue',
    page: () => `<form method="post" action="${sink.url('/profile')}" target="result"><input type="hidden" name="city" value="Lisbon"></form><button type="button">Continue</button>${FRAME}`,
    setup: (root) => root.querySelector('button')!.addEventListener('click', () => root.querySelector('form')!.requestSubmit()),
    config: () => ({ allowedOrigins: [sink.origin], confirmPolicy: 'every-submission' }),
  },
};

type Path = (agent: WebAgentElement, button: HTMLButtonElement, label: string) => Promise<string>;

/** A model that clicks the control once, then ends the task. */
function clickOnce(label: string): Policy {
  let turns = 0;
  return (request) => {
    turns += 1;
    const actions = turns === 1 ? [{ tool: 'click', args: { selector: idInDump(pageSeen(request), label) } }] : [{ narrate: 'Done.' }];
    return { turn: { memory: 'm', todos_remaining: turns === 1 ? ['click'] : [], actions } };
  };
}

const viaLoop: Path = async (agent) => (await runBounded(agent, 'Do what this page needs', 15_000)).done.status;

const paths: Record<string, { path: Path; config?: Record<string, unknown>; model?: boolean }> = {
  'the loop': { path: viaLoop, model: true },
  "the loop with the host's toolDefinitions": { path: viaLoop, model: true, config: { toolDefinitions: [{ name: 'click', description: 'Press a control on the page.' }] } },
  'el.executeAction': {
    path: async (agent, button) => {
      const result: ActionResult = await agent.executeAction('click', {}, { target: button });
      return result.reason ?? 'ok';
    },
  },
  'a replayed recording': {
    path: async (agent, _button, label) => {
      const recording: Recording = {
        format: 'web-agent-recording',
        version: 1,
        steps: [{ narrate: 'Pressing it for you.' }, { action: 'click', targets: { selector: { role: 'button', tag: 'button', name: label } } }],
      };
      const finished = nextEvent(agent, 'done');
      await agent.replay(recording);
      return (await finished).detail.status;
    },
  },
};

async function attempt(scenario: Scenario, way: (typeof paths)[string]): Promise<Seen> {
  const root = await fixture<HTMLElement>(html`<div></div>`);
  root.innerHTML = scenario.page();
  scenario.setup?.(root);
  const button = [...root.querySelectorAll('button')].find((candidate) => candidate.textContent === scenario.label)!;
  const lane = await createLane({ interactive: true });
  const serving = way.model ? lane.serve(clickOnce(scenario.label)) : undefined;
  const agent = await mountAgent(lane, { ...scenario.config(), ...way.config });
  const seen: Seen = { asked: [], blocked: [], ended: '', received: [] };
  agent.addEventListener('confirm-action', (event) => {
    event.preventDefault();
    seen.asked.push(event.detail.message);
    event.detail.decide(false);
  });
  agent.addEventListener('error', (event) => {
    if (event.detail.code === 'blocked') seen.blocked.push(event.detail.message);
  });
  try {
    seen.ended = await way.path(agent, button, scenario.label);
  } finally {
    await serving?.stop();
  }
  expect(serving?.error).to.equal(undefined);
  seen.received = await sink.received();
  return seen;
}

describe('every action path meets the same gates', function () {
  this.timeout(30_000);

  for (const [name, way] of Object.entries(paths)) {
    describe(name, () => {
      it('a consequential control asks; declined, the site receives nothing', async () => {
        const seen = await attempt(scenarios['a consequential submit button (the site API is allowed)']!, way);
        expect(seen.asked).to.have.length(1);
        expect(seen.asked[0]).to.include('Place your order');
        expect(seen.blocked).to.deep.equal([]);
        expect(seen.received, 'what reached the site').to.deep.equal([]);
        expect(seen.ended).to.equal(way.model || name.includes('replay') ? 'stopped' : 'rejected-by-user');
      });

      it('a form a page handler sends to another site is refused as blocked; nothing reaches it', async () => {
        const seen = await attempt(scenarios['a button whose page handler sends a form to another site']!, way);
        expect(seen.asked).to.deep.equal([]);
        expect(seen.blocked).to.have.length(1);
        expect(seen.blocked[0]).to.include(sink.origin);
        expect(seen.received, 'what reached the other site').to.deep.equal([]);
        // The loop reads the refusal and ends; a replay and a direct call stop at the refused step.
        if (!way.model) expect(seen.ended).to.equal(name.includes('replay') ? 'failed' : 'not-allowed');
      });

      it('a submission an innocent button sets off asks under confirmPolicy every-submission', async () => {
        const seen = await attempt(scenarios['an innocent button whose handler submits, under confirmPolicy every-submission']!, way);
        expect(seen.asked).to.have.length(1);
        expect(seen.blocked).to.deep.equal([]);
        expect(seen.received, 'what reached the site').to.deep.equal([]);
        expect(seen.ended).to.equal(way.model || name.includes('replay') ? 'stopped' : 'rejected-by-user');
      });
    });
  }
});
