// A model that does a whole visitor task the way a sensible model would: it reads only the dump of
// each request (never the DOM), finds its targets there by their text and by where they sit in the
// dump's nesting, and decides its next actions from what the page shows now.
import { fixture, html } from '@open-wc/testing';
import type { WebAgentElement } from '../../src/ui/web-agent-element.js';
import { mountAgent, pageSeen } from './agent-fixture.js';
import { createLane, type ScriptedAction } from './model-lane.js';
import { runBounded } from './reliability-contract.js';

/**
 * One turn's decision from what the model is sent: the page now, and the results of its last actions
 * (the last tool reply). Actions, or `null` when the task is over.
 */
export type Decide = (dump: string, turn: number, results: string) => ScriptedAction[] | null;

export interface TaskRun {
  /** Every dump the model was sent, in order. */
  dumps: string[];
  /** The results of actions, as the model read them in the tool replies. */
  replies: string[];
  /** What the model narrated, in order. */
  narrated: string[];
  /** The messages of the confirmations the visitor was asked (approved). */
  asked: string[];
  status: string;
  agent: WebAgentElement;
}

export async function mountPage(markup: string): Promise<HTMLElement> {
  const root = await fixture<HTMLElement>(html`<div></div>`);
  root.innerHTML = markup;
  return root;
}

// More than any task here needs: a model that has not finished by then is lost.
const MAX_TURNS = 16;

/** Runs `task` with a model that acts by `decide` until it returns null (or MAX_TURNS turns). */
export async function runTask(task: string, decide: Decide): Promise<TaskRun> {
  const lane = await createLane({ interactive: true });
  const run: Omit<TaskRun, 'status' | 'agent'> = { dumps: [], replies: [], narrated: [], asked: [] };
  const serving = lane.serve((request) => {
    const dump = pageSeen(request);
    run.dumps.push(dump);
    const results = String((request.body.messages ?? []).findLast((message) => message.role === 'tool')?.content ?? '');
    const actions = run.dumps.length > MAX_TURNS ? null : decide(dump, run.dumps.length - 1, results);
    for (const action of actions ?? []) if ('narrate' in action) run.narrated.push(action.narrate);
    return { turn: { memory: `turn ${run.dumps.length}`, todos_remaining: actions ? ['finish the task'] : [], actions: actions ?? [] } };
  });
  const agent = await mountAgent(lane);
  agent.addEventListener('confirm-action', (event) => {
    event.preventDefault();
    run.asked.push(event.detail.message);
    event.detail.decide(true);
  });
  try {
    const { done } = await runBounded(agent, task, 40_000);
    const requests = await lane.requests();
    const messages = requests.at(-1)?.body.messages ?? [];
    run.replies = messages.filter((message) => message.role === 'tool').map((message) => String(message.content ?? ''));
    if (serving.error) throw serving.error;
    return { ...run, status: done.status, agent };
  } finally {
    await serving.stop();
  }
}

interface Entry {
  id: string;
  /** The element's own text: its line (or row cell) and the attribute lines under it. */
  text: string;
  line: number;
  /** Where on its line it starts: in a row, what follows a name on the line comes after it. */
  column: number;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** Every `[id]` of the dump with the text that belongs to it. */
function entries(lines: string[]): Entry[] {
  const found: Entry[] = [];
  lines.forEach((line, index) => {
    const parts = [...line.matchAll(/\[([a-z0-9]+)\]/g)];
    parts.forEach((match, part) => {
      const end = parts[part + 1]?.index ?? line.length;
      let text = line.slice(match.index, end);
      if (line.includes('| ') && text.includes(' |')) text = text.slice(0, text.indexOf(' |'));
      // Attribute lines (`label: Street`) under a single element belong to it.
      if (parts.length === 1) {
        for (let next = index + 1; next < lines.length && indentOf(lines[next]!) > indentOf(line) && /^\s*[a-z-]+: /.test(lines[next]!); next += 1) text += `\n${lines[next]}`;
      }
      found.push({ id: `[${match[1]}]`, text, line: index, column: match.index });
    });
  });
  return found;
}

/** The id of the first element whose text (its line and its `label:` lines) holds `label`, as a model reading top down picks it. */
export function idFor(dump: string, label: string): string {
  const entry = entries(dump.split('\n')).find((candidate) => candidate.text.includes(label));
  if (!entry) throw new Error(`No element with "${label}" in:\n${dump}`);
  return entry.id;
}

/** The first element holding `label` after the line holding `anchor`: reading on from a name to its control. */
export function idAfter(dump: string, anchor: string, label: string): string {
  const lines = dump.split('\n');
  const at = lines.findIndex((line) => line.includes(anchor));
  const column = at < 0 ? 0 : lines[at]!.indexOf(anchor);
  const entry = entries(lines).find((candidate) => (candidate.line > at || (candidate.line === at && candidate.column > column)) && candidate.text.includes(label));
  if (at < 0 || !entry) throw new Error(`No "${label}" after "${anchor}" in:\n${dump}`);
  return entry.id;
}

/**
 * The id of the element whose text holds `label`, among the elements that belong with `anchor`: on
 * its line (a table row), else in the smallest block of the dump's nesting around it that holds
 * such an element. A block holding two is ambiguous, and a model could only guess: that throws.
 */
export function idNear(dump: string, anchor: string, label: string): string {
  const lines = dump.split('\n');
  const at = lines.findIndex((line) => line.includes(anchor));
  if (at < 0) throw new Error(`"${anchor}" is not in the dump:\n${dump}`);
  const all = entries(lines).filter((entry) => entry.text.includes(label));
  const sameLine = all.filter((entry) => entry.line === at);
  if (sameLine.length === 1) return sameLine[0]!.id;
  let indent = indentOf(lines[at]!);
  for (let start = at; start >= 0; start -= 1) {
    if (start !== at && indentOf(lines[start]!) >= indent) continue;
    if (start !== at) indent = indentOf(lines[start]!);
    let end = at + 1;
    while (end < lines.length && indentOf(lines[end]!) > indent) end += 1;
    const inBlock = all.filter((entry) => entry.line >= start && entry.line < end);
    if (inBlock.length === 1) return inBlock[0]!.id;
    if (inBlock.length > 1) throw new Error(`"${label}" near "${anchor}" is ambiguous (${inBlock.map((entry) => entry.id).join(', ')}) in:\n${dump}`);
    if (indent === 0) break;
  }
  if (all.length === 1) return all[0]!.id;
  if (all.length > 1) throw new Error(`"${label}" near "${anchor}" is ambiguous (${all.map((entry) => entry.id).join(', ')}) in:\n${dump}`);
  throw new Error(`No "${label}" near "${anchor}" in:\n${dump}`);
}
