// The recording shop (test/fixtures/pages/recording-shop.html) in a frame: each load rebuilds the
// page with fresh element ids and the rows in the order the test asks for, so a recording made on
// one load must find its elements again by what they are, not by any id.
import { fixture, html } from '@open-wc/testing';
import type { Recording } from '../../src/agent/recording/recording.js';
import type { WebAgentElement } from '../../src/ui/web-agent-element.js';
import { idInDump, pageSeen, waitFor } from './agent-fixture.js';
import { createLane, type Lane, type Policy, type RecordedRequest, type ScriptedAction } from './model-lane.js';

export interface ShopPage {
  window: Window & { pageLog: string[]; agentEvents: Array<{ name: string; detail: string }> };
  document: Document;
  agent: WebAgentElement;
  /** Final narrations shown in the bar, in order. */
  narrations: string[];
  /** Steps as the `step` event reported them. */
  steps: Array<{ action: string; ok: boolean; message: string }>;
}

export async function shopFrame(): Promise<HTMLIFrameElement> {
  return fixture<HTMLIFrameElement>(html`<iframe style="width:900px;height:700px"></iframe>`);
}

/** For a `describe`: each test gets an interactive lane and an empty frame for the shop. */
export function useShop(): { lane: Lane; frame: HTMLIFrameElement } {
  const shop = {} as { lane: Lane; frame: HTMLIFrameElement };
  beforeEach(async () => {
    shop.lane = await createLane({ interactive: true });
    shop.frame = await shopFrame();
  });
  return shop;
}

/** Loads (or reloads) the shop in `frame`, with `query` (e.g. `order=1044,1042`) and the lane's endpoint. */
export async function openShop(frame: HTMLIFrameElement, lane: Lane, query = '', config: Record<string, unknown> = {}, { approve = true } = {}): Promise<ShopPage> {
  // The frame's WindowProxy stays the same object across loads; a mark on the old Window does not.
  if (frame.contentWindow) (frame.contentWindow as Window & { stale?: boolean }).stale = true;
  frame.src = `/test/fixtures/pages/recording-shop.html?endpoint=${encodeURIComponent(lane.baseURL)}&key=rec.${lane.id}&config=${encodeURIComponent(JSON.stringify(config))}&${query}`;
  await waitFor(
    () => {
      const window = frame.contentWindow as (ShopPage['window'] & { stale?: boolean }) | null;
      return !!window && !window.stale && !!window.agentEvents && !!frame.contentDocument?.querySelector('web-agent');
    },
    'the shop page to load',
    8000,
  );
  const window = frame.contentWindow as ShopPage['window'];
  const agent = frame.contentDocument!.querySelector('web-agent') as WebAgentElement;
  await agent.updateComplete;
  const page: ShopPage = { window, document: frame.contentDocument!, agent, narrations: [], steps: [] };
  agent.addEventListener('subtitle', (event) => event.detail.final && page.narrations.push(event.detail.text));
  agent.addEventListener('step', (event) => page.steps.push({ action: event.detail.action, ok: event.detail.result.ok, message: event.detail.result.message }));
  // The shop's Delete buttons ask first; this host says yes (or, with `approve: false`, leaves it to the bar).
  if (approve) {
    agent.addEventListener('confirm-action', (event) => {
      event.preventDefault();
      event.detail.decide(true);
    });
  }
  return page;
}

/** The id of the first line carrying `label` after the line carrying `anchor` (a button in a row). */
export function idAfter(dump: string, anchor: string, label: string): string {
  const lines = dump.split('\n');
  const start = lines.findIndex((line) => line.includes(anchor));
  const line = lines.slice(start + 1).find((candidate) => candidate.includes(label) && /\[[a-z0-9]+\]/.test(candidate));
  if (start < 0 || !line) throw new Error(`No "${label}" after "${anchor}" in:\n${dump}`);
  return line.match(/\[[a-z0-9]+\]/)![0];
}

/** How many turns the model already took in this request's conversation. */
export function turnsSoFar(request: RecordedRequest): number {
  return (request.body.messages ?? []).filter((message) => message.role === 'assistant').length;
}

/**
 * A model that does the shop task "find Grace's order and delete it, then show the account",
 * reading each target off the page it is sent, as a model must.
 */
export const deleteGracePolicy: Policy = (request) => {
  const dump = pageSeen(request);
  const turns: Array<() => ScriptedAction[]> = [
    () => [{ narrate: 'Looking for Grace’s orders.' }, { tool: 'fill_input', args: { selector: idInDump(dump, '<input name=q>'), value: 'Grace' } }],
    () => [{ narrate: 'Deleting order 1043.' }, { tool: 'click', args: { selector: idAfter(dump, 'Order 1043', 'Delete') } }],
    () => [{ narrate: 'Your account details are here.' }, { tool: 'highlight', args: { selector: idInDump(dump, '<section>'), label: 'Account' } }],
  ];
  const turn = turnsSoFar(request);
  const actions = turn < turns.length ? turns[turn]!() : [{ narrate: 'All done.' }];
  return { turn: { memory: `turn ${turn + 1}`, todos_remaining: turn < turns.length ? ['the rest'] : [], actions } };
};

/** Records the shop task on a fresh load of `frame` and returns the recording. */
export async function recordDeleteGrace(frame: HTMLIFrameElement, lane: Lane, query = 'order=1042,1043,1044'): Promise<{ recording: Recording; page: ShopPage }> {
  const page = await openShop(frame, lane, query, { record: true });
  const serving = lane.serve(deleteGracePolicy);
  try {
    await page.agent.run('Delete Grace’s order and show me my account');
  } finally {
    await serving.stop();
  }
  if (serving.error) throw serving.error;
  const recording = await page.agent.exportRecording({ name: 'Delete Grace' });
  if (!recording) throw new Error(`No recording; events: ${JSON.stringify(page.window.agentEvents)}`);
  return { recording, page };
}
