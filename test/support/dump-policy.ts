// Policies for interactive model lanes that act as a model must: each request is read afresh (the
// page dump in its last message, the results of the previous turn in the tool reply before it),
// targets are picked from dump lines by their words, role and state, and nothing else is known
// about the page. `decide` returns the next actions, `done(…)` when the page shows the task done,
// or `stuck(…)` — thrown by `view.need(…)` when a line it needs is missing — which ends the run
// with a diagnosis of what the dump lacked.
import { pageSeen } from './page-seen.js';
import { explainMissing, findLine, findLines, lineBefore, parseDump, type DumpLine, type LineQuery } from './dump-lines.js';
import type { Policy, RecordedRequest, Reply, ScriptedAction } from './model-lane.js';

export interface PageView {
  dump: string;
  lines: DumpLine[];
  /** The tool reply to the previous turn, one line per action (empty on the first turn). */
  results: string;
  /** 1 on the first request of the run. */
  turn: number;
  /** What this policy decided on earlier turns (its own memory, as a model keeps in `memory`). */
  memory: string[];
  /** The previous turn's dump lines (empty on the first turn), to see what an action changed. */
  previous: DumpLine[];
  find(query: LineQuery): DumpLine | undefined;
  findAll(query: LineQuery): DumpLine[];
  /** The line right after `line` in dump order (what a control shows next to it). */
  after(line: DumpLine): DumpLine | undefined;
  /** The closest line before `line` matching `query`. */
  before(line: DumpLine, query?: LineQuery): DumpLine | undefined;
  /** The line, or `stuck` with why it is missing (no id, not in the dump…). */
  need(query: LineQuery, what?: string): DumpLine;
  /** True when `text` appears anywhere in the dump (words a person reads on the page). */
  shows(text: string | RegExp): boolean;
  /** True when an earlier turn of this run used `tool` (on `line`, if given). */
  did(tool: string, line?: DumpLine): boolean;
}

export type Move = ScriptedAction[] | Done | Stuck;
interface Done {
  done: string;
}
interface Stuck {
  stuck: string;
}

export const done = (summary: string): Done => ({ done: summary });
export const stuck = (why: string): Stuck => ({ stuck: why });

export const click = (line: DumpLine): ScriptedAction => ({ tool: 'click', args: { selector: refOf(line) } });
export const hover = (line: DumpLine): ScriptedAction => ({ tool: 'hover', args: { selector: refOf(line) } });
export const fill = (line: DumpLine, value: string): ScriptedAction => ({ tool: 'fill_input', args: { selector: refOf(line), value } });
export const choose = (line: DumpLine, option: string | string[]): ScriptedAction => ({ tool: 'select_option', args: { selector: refOf(line), option } });
export const check = (line: DumpLine): ScriptedAction => ({ tool: 'check', args: { selector: refOf(line) } });
export const uncheck = (line: DumpLine): ScriptedAction => ({ tool: 'uncheck', args: { selector: refOf(line) } });
export const wait = (seconds: number): ScriptedAction => ({ tool: 'wait', args: { seconds } });
/** Waits until `text` shows (at most `seconds`), as the wait tool asks models to prefer. */
export const waitFor = (text: string, seconds = 3): ScriptedAction => ({ tool: 'wait', args: { until_text: text, seconds } });
/**
 * What a model does when the dump shows a widget opening or closing but not its content (the
 * snapshot came before the widget's animation ended): wait two seconds once, then read again; only
 * a dump that still lacks it after the wait is `stuck(why)`. Not `until_text`: the words a closing
 * modal gives way to are often on the page behind it already. Two seconds, not one: a closing antd
 * modal still showed after one in WebKit under load.
 */
export function waitOnce(view: PageView, why: string): Move {
  return view.memory.at(-1)?.includes('"tool":"wait"') ? stuck(why) : [wait(2)];
}
export const press = (key: string, line?: DumpLine, times?: number): ScriptedAction => ({
  tool: 'press_key',
  args: { key, ...(line ? { selector: refOf(line) } : {}), ...(times ? { times } : {}) },
});

function refOf(line: DumpLine): string {
  if (!line.ref) throw new StuckError(`"${line.text}" has no id to act on`);
  return line.ref;
}

class StuckError extends Error {}

export interface PolicyRun {
  policy: Policy;
  /** How the run ended, from the policy's side. */
  readonly verdict: { done?: string; stuck?: string; turns: number };
  /** Every dump the policy read, in order (the last one is what the page showed at the end). */
  readonly dumps: string[];
  /** Every tool reply the policy read. */
  readonly results: string[];
  /** When each request reached the policy (performance.now()), to see where a run spends its time. */
  readonly times: number[];
}

export interface PolicyOptions {
  /** Requests answered before the policy calls the run stuck (a model going round in circles). */
  maxTurns?: number;
  /**
   * Let `decide` see failed actions and carry on. By default a failed action ends the run with its
   * result as the diagnosis: each policy plays one way of doing the task, so that a tool that
   * fails shows as that tool's failure, not as a detour the policy found around it.
   */
  tolerateFailures?: boolean;
}

/** The lines of a tool reply that report a failed action (`2. click: failed (hidden) — …`). */
export function failedActions(results: string): string[] {
  return results.split('\n').filter((line) => /^\d+\. [\w-]+: failed\b/.test(line.trim()));
}

/** Wraps `decide` as a lane policy, keeping what it saw for the verdict. */
export function dumpPolicy(decide: (view: PageView) => Move, { maxTurns = 10, tolerateFailures = false }: PolicyOptions = {}): PolicyRun {
  const verdict: PolicyRun['verdict'] = { turns: 0 };
  const dumps: string[] = [];
  const results: string[] = [];
  const times: number[] = [];
  const memory: string[] = [];
  let previous: DumpLine[] = [];
  const policy: Policy = (request) => {
    verdict.turns += 1;
    times.push(performance.now());
    const view = viewOf(request, verdict.turns, memory, previous);
    previous = view.lines;
    dumps.push(view.dump);
    results.push(view.results);
    let move: Move;
    const failure = tolerateFailures ? undefined : failedActions(view.results)[0];
    if (failure) {
      move = stuck(failure.trim().replace(/^\d+\. /, ''));
    } else if (verdict.turns > maxTurns) {
      move = stuck(`no progress after ${maxTurns} turns; the last results: ${view.results || '(none)'}`);
    } else {
      try {
        move = decide(view);
      } catch (error) {
        if (!(error instanceof StuckError)) throw error;
        move = stuck(error.message);
      }
    }
    return reply(move, memory);
  };
  return { policy, verdict, dumps, results, times };

  function reply(move: Move, memory: string[]): Reply {
    if ('done' in move) {
      verdict.done = move.done;
      return { turn: { memory: move.done, todos_remaining: [], actions: [{ narrate: move.done }] } };
    }
    if ('stuck' in move) {
      verdict.stuck = move.stuck;
      return { turn: { memory: move.stuck, todos_remaining: [], actions: [{ narrate: `I could not finish: ${move.stuck}` }] } };
    }
    memory.push(JSON.stringify(move));
    return { turn: { memory: memory.join('\n'), todos_remaining: ['check the page'], actions: move } };
  }
}

function viewOf(request: RecordedRequest, turn: number, memory: string[], previous: DumpLine[]): PageView {
  const dump = pageDom(pageSeen(request));
  const lines = parseDump(dump);
  const messages = request.body.messages ?? [];
  const lastTool = [...messages].reverse().find((message) => message.role === 'tool');
  const results = turn > 1 && lastTool ? String(lastTool.content ?? '') : '';
  return {
    dump,
    lines,
    results,
    turn,
    memory: [...memory],
    previous,
    find: (query) => findLine(lines, query),
    before: (line, query) => lineBefore(lines, line, query),
    after: (line) => lines[line.index + 1],
    findAll: (query) => findLines(lines, query),
    need(query, what) {
      const line = findLine(lines, query);
      if (line) return line;
      const wanted = query.name ?? query.text ?? query.role ?? query.tag ?? 'a line';
      throw new StuckError(explainMissing(lines, wanted, what ?? describeQuery(query)));
    },
    shows: (text) => (typeof text === 'string' ? dump.includes(text) : text.test(dump)),
    did: (tool, line) => memory.some((entry) => entry.includes(`"tool":"${tool}"`) && (!line?.ref || entry.includes(`"${line.ref}"`))),
  };
}

/** The dump inside the env block's `<page-dom>` fence, without the title line. */
function pageDom(envBlock: string): string {
  const inside = /<page-dom>\n([\s\S]*)\n<\/page-dom>/.exec(envBlock)?.[1] ?? envBlock;
  return inside.replace(/^- Title: .*\n?/, '');
}

function describeQuery(query: LineQuery): string {
  const parts = [query.role && `role=${query.role}`, query.tag && `<${query.tag}>`, query.state && JSON.stringify(query.state)].filter(Boolean);
  return parts.length ? `the ${parts.join(' ')} line` : 'the line';
}
