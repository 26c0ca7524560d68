// Drives the real agent with a policy that reads each page dump and picks targets from it, as a
// model must: the test never hands the agent an element, only text it found in the dump.
import { idInDump, mountAgent, pageSeen } from './agent-fixture.js';
import { createLane, type ScriptedAction } from './model-lane.js';
import type { StepResult } from '../fixtures/apps/agent-driver.js';

/** One turn of the policy: the actions to send for this dump, or undefined to end the task. */
export type DumpStep = (dump: string) => ScriptedAction[] | undefined;

export interface DrivenRun {
  /** Every dump the "model" read, in order. */
  dumps: string[];
  steps: StepResult[];
  /** What the agent asked the visitor to confirm (the `confirm-action` messages). */
  asked: string[];
}

/**
 * Runs a task whose turns are `turns`, each answering the dump of its request. The run ends after
 * the last turn (or when a turn returns undefined). A turn that throws (a label missing from the
 * dump) fails the test with the dump it read. The visitor answers every confirmation with `confirm`
 * (no, unless told): a test that did not expect a question sees its action declined.
 */
export async function driveFromDump(turns: DumpStep[], task = 'Do the task', { confirm = false } = {}): Promise<DrivenRun> {
  const lane = await createLane({ interactive: true });
  const dumps: string[] = [];
  const serving = lane.serve((request) => {
    const dump = pageSeen(request);
    dumps.push(dump);
    const turn = turns[dumps.length - 1];
    const actions = turn?.(dump);
    return { turn: { memory: '', todos_remaining: actions ? ['check the result'] : [], actions: actions ?? [] } };
  });
  const agent = await mountAgent(lane);
  const steps: StepResult[] = [];
  agent.addEventListener('step', (event) => steps.push({ action: event.detail.action, ...event.detail.result }));
  const asked: string[] = [];
  agent.addEventListener('confirm-action', (event) => {
    event.preventDefault();
    asked.push(event.detail.message);
    event.detail.decide(confirm);
  });
  await agent.run(task);
  await serving.stop();
  agent.remove();
  if (serving.error) throw serving.error;
  return { dumps, steps, asked };
}

/**
 * The id a model would pick for `label`: the indexed line that shows it, or the element whose
 * `label:` line names it.
 */
export function idFor(dump: string, label: string): string {
  const lines = dump.split('\n');
  const named = lines.findIndex((line) => line.trim() === `label: ${label}`);
  for (let index = named - 1; named >= 0 && index >= 0; index -= 1) {
    const id = /\[[a-z0-9]+\]/.exec(lines[index]!);
    if (id) return id[0];
  }
  return idInDump(dump, label);
}

/** `click` on the element the dump shows as `label`, as a model would write it. */
export const clickOn = (label: string): DumpStep => (dump) => [{ tool: 'click', args: { selector: idFor(dump, label) } }];

/** The page part of an env block: the lines between the <page-dom> fences. */
export function domOf(dump: string): string {
  const start = dump.indexOf('<page-dom>');
  const end = dump.lastIndexOf('</page-dom>');
  return start < 0 || end < 0 ? dump : dump.slice(start + '<page-dom>'.length, end);
}

/** The dump line that carries `label` and an id (throws with the dump when there is none). */
export function lineWith(dump: string, label: string): string {
  const id = idInDump(dump, label);
  return dump.split('\n').find((line) => line.includes(id) && line.includes(label))!.trim();
}

