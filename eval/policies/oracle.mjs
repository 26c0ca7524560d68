// The oracle: a policy that answers each request as a competent model would, to prove the
// harness. It knows what the visitor wants (the task's goal: fields and values by their labels,
// buttons by their names, places by their words) but nothing about the page: every target is
// read from the dump of this turn, every outcome from the tool results, and its progress travels
// in its own memory note across turns and full-page navigations, as a model's does.
import { lastOutcome, say, tool } from '../../demo/server/offline-turns.mjs';
import { allText, clean, findClickable, findControl, findText, invalidControls, messageAfter, nameOf, overlap, statusMessages, submitButtonFor, wordsOf } from './page-reading.mjs';
import { inFormat } from './value-formats.mjs';
import { wayToward } from './wayfinding.mjs';

/** A goal value the visitor gives only when asked ("which time?"). */
export const ASK_VISITOR = Object.freeze({ askVisitor: true });

const MARK = '⟦oracle ';
const MAX_TRIES = 3;
const MAX_HOPS = 4;

/**
 * Any objective may say what the page shows once it took effect (`expect: 'Cart (1)'`).
 * @typedef {{ fill: Record<string, unknown>, submit?: boolean | string, page?: string, expect?: string }
 *   | { press: string, near?: string, page?: string, expect?: string }
 *   | { go: string }
 *   | { show: string, page?: string }
 *   | { use: string, args: Record<string, unknown> }} Objective
 */

export function oracle({ conversation: request, task }) {
  const goal = task.goal ?? [];
  // The last turn started loading a page. The element asks again before that page replaces this one
  // (a reload looks the same as the new page), and what runs on the old page is lost or, worse, sends
  // the visitor elsewhere: wait once, which is harmless on either. (The phrase is the one
  // src/actions/builtin/page-effects.ts reports; if it changes, this wait stops happening.)
  const last = request.steps.at(-1);
  if (last?.results.some((result) => /\bthe page is loading\b/.test(result.message))) {
    return { memory: last.turn.memory ?? '', todos_remaining: ['wait for the new page'], actions: [tool('wait', { seconds: 1 })] };
  }
  // Those waits say nothing about the work: outcomes are read from the turn before them.
  const conversation = { ...request, steps: request.steps.filter((step) => !step.actions.every((action) => 'narrate' in action || action.tool === 'wait')) };
  const state = readState(conversation);
  if (state.pending) {
    const asked = lastOutcome(conversation, 'ask_user_choice') ?? lastOutcome(conversation, 'ask_user');
    const answer = asked?.result?.ok ? /^The user (?:answered|chose)[^:]*:\s*(.*)$/s.exec(asked.result.message)?.[1]?.trim() : undefined;
    if (!answer) return finish(state, 'I needed your answer to go on, so I stopped here.');
    state.answers[state.pending] = answer;
    state.pending = undefined;
  }
  const { page } = conversation;
  for (let guard = 0; guard <= goal.length; guard++) {
    const objective = goal[state.at];
    if (!objective) return finish(state, closingLine(conversation));
    // The page is the truth: a page load can lose the turn that did an objective, so one whose effect
    // shows is done, and one whose targets are gone while a later one's are here was done already.
    const later = present(objective, page) ? -1 : goal.findIndex((candidate, index) => index > state.at && present(candidate, page));
    const plan = objective.expect && shows(page, objective.expect) ? { done: true } : later > 0 ? { skipTo: later } : OBJECTIVES[kindOf(objective)](objective, { conversation, state, page });
    if (plan.done || plan.skipTo) {
      Object.assign(state, { at: plan.skipTo ?? state.at + 1, phase: '', tries: 0, hops: 0 });
      continue;
    }
    if (plan.giveUp) return finish(state, plan.giveUp);
    if (plan.phase !== undefined) state.phase = plan.phase;
    const todos = goal.slice(state.at).map(describe);
    return { memory: memoryOf(state, `Working on: ${todos[0]}.`), todos_remaining: todos, actions: plan.actions };
  }
  return finish(state, 'I went round in circles, so I stopped.');
}

/** Whether the targets an objective needs are on this page. */
function present(objective, page) {
  if ('fill' in objective) return Object.keys(objective.fill).every((label) => findControl(page, label));
  if ('press' in objective) return Boolean(findClickable(page, objective.press, { near: objective.near }));
  if ('show' in objective) return Boolean(findText(page, objective.show));
  if ('go' in objective) return arrived(page, objective.go);
  return false;
}

/** Whether the page shows a phrase ("Cart (1)", "was deleted"), wherever it is. */
function shows(page, phrase) {
  const wanted = clean(phrase).toLowerCase();
  return page.nodes.some((node) => clean(node.text).toLowerCase().includes(wanted));
}

function arrived(page, words) {
  const here = `${page.url.replace(/[/._?=&-]+/g, ' ')} ${page.title} ${page.nodes.filter((node) => node.tag === 'h1').map((node) => allText(node)).join(' ')}`;
  return overlap(wordsOf(words), here) === wordsOf(words).length;
}

const OBJECTIVES = {
  fill(objective, context) {
    const { conversation, state, page } = context;
    const labels = [...Object.keys(objective.fill), ...state.extra];
    const wanted = (label) => (label in objective.fill && objective.fill[label] !== ASK_VISITOR ? String(objective.fill[label]) : state.answers[label]);
    const actions = [];
    if (state.phase === 'submitted') {
      const click = lastOutcome(conversation, 'click');
      const problems = invalidControls(page);
      const clickFailed = click && (!click.result || !click.result.ok);
      if (!problems.length && !clickFailed) return { done: true };
      if (++state.tries > MAX_TRIES) return { giveUp: `The form still is not accepted${problems.length ? `: ${problems.map((problem) => problem.message).join(' ')}` : '.'}` };
      for (const { control, message } of problems) {
        const label = labels.find((candidate) => findControl(page, candidate)?.node === control.node);
        if (!label) {
          // A field the visitor said nothing about: only they can say what goes there.
          state.extra.push(control.label);
          return ask(state, control.label, control);
        }
        const value = inFormat(wanted(label), message);
        const change = setControl(control, value);
        if (!change.length && value === wanted(label) && message) return { giveUp: `The page does not accept “${value}” for ${control.label}: ${message}` };
        actions.push(...(change.length ? change : [tool('fill_input', { selector: `[${control.node.id}]`, value })]));
      }
    } else {
      const found = labels.map((label) => [label, findControl(page, label)]);
      const missing = found.filter(([, control]) => !control).map(([label]) => label);
      if (missing.length) return goToward(context, objective.page ?? missing.join(' '), `“${missing[0]}”`);
      for (const [label, control] of found) {
        const value = wanted(label);
        if (value === undefined) return ask(state, label, control);
        actions.push(...setControl(control, inFormat(value, hintsOf(page, control))));
      }
      if (!objective.submit) {
        // What the tools said they did counts, as it does for a model: a widget may show its new
        // value elsewhere than in the control the dump reads it from (a chip, a line beside it).
        if (!actions.length || (state.phase === 'set' && lastTurnWorked(conversation))) return { done: true };
        if (state.phase === 'set' && ++state.tries > MAX_TRIES) return { giveUp: 'The fields do not keep the values I enter.' };
        return { actions: [say(`Filling in ${listOf(labels)}.`), ...actions], phase: 'set' };
      }
    }
    const anchor = findControl(page, labels[0]);
    const button = anchor && submitButtonFor(page, anchor, typeof objective.submit === 'string' ? objective.submit : undefined);
    if (!button) return { giveUp: 'I filled in the form but cannot find its button to send it.' };
    const narration = state.phase === 'submitted' ? 'The page asked for changes; correcting them.' : `Filling in ${listOf(labels)}.`;
    return { actions: [say(narration), ...actions, tool('click', { selector: `[${button.id}]` })], phase: 'submitted' };
  },

  press(objective, context) {
    const { conversation, state, page } = context;
    if (state.phase === 'clicked') {
      const click = lastOutcome(conversation, 'click');
      if (click?.result?.ok) return { done: true };
      if (++state.tries > MAX_TRIES) return { giveUp: `I could not press “${objective.press}”: ${click?.result?.message ?? 'it never ran'}` };
    }
    const node = findClickable(page, objective.press, { near: objective.near });
    if (!node) return goToward(context, objective.page ?? [objective.near, objective.press].filter(Boolean).join(' '), `“${objective.press}”`);
    return { actions: [say(`Pressing “${nameOf(node)}”.`), tool('click', { selector: `[${node.id}]` })], phase: 'clicked' };
  },

  go(objective, context) {
    if (arrived(context.page, objective.go)) return { done: true };
    return goToward(context, objective.go, objective.go);
  },

  show(objective, context) {
    const { conversation, state, page } = context;
    if (state.phase === 'shown') {
      const shown = lastOutcome(conversation, 'highlight');
      if (shown?.result?.ok) return { done: true };
      if (++state.tries > MAX_TRIES) return { giveUp: `I could not point it out: ${shown?.result?.message ?? 'it never ran'}` };
    }
    const node = findText(page, objective.show);
    if (!node) return goToward(context, objective.page ?? objective.show, `“${objective.show}”`);
    // A heading stands for its section: spotlight the whole of it.
    const target = node.parent && ['section', 'article'].includes(node.parent.tag) && node.parent.id ? node.parent : node;
    return { actions: [say(`Here it is: ${clean(allText(node)).slice(0, 60)}.`), tool('highlight', { selector: `[${target.id}]`, label: clean(allText(node)).slice(0, 40) })], phase: 'shown' };
  },

  use(objective, context) {
    const { conversation, state } = context;
    if (state.phase === 'called') {
      const called = lastOutcome(conversation, state.tool);
      if (called?.result?.ok) return { done: true };
      return { giveUp: `That did not work: ${called?.result?.message ?? 'it never ran'}` };
    }
    const wanted = wordsOf(objective.use);
    let best;
    for (const [name, details] of conversation.toolDetails ?? []) {
      const score = overlap(wanted, `${name.replace(/_/g, ' ')} ${details.description}`);
      if (score > (best?.score ?? 0)) best = { name, score };
    }
    if (!best || best.score < Math.ceil(wanted.length / 2)) return { giveUp: `This page offers no way to ${objective.use}.` };
    state.tool = best.name;
    return { actions: [tool(best.name, objective.args ?? {})], phase: 'called' };
  },
};

function kindOf(objective) {
  const kind = Object.keys(OBJECTIVES).find((name) => name in objective);
  if (!kind) throw new Error(`A goal objective must be one of ${Object.keys(OBJECTIVES).join(', ')}: ${JSON.stringify(objective)}`);
  return kind;
}

function goToward(context, words, what) {
  const { conversation, state } = context;
  if (state.hops >= MAX_HOPS) return { giveUp: `I looked on ${state.hops} pages and could not find ${what}.` };
  const way = wayToward(conversation, words);
  if (!way) return { giveUp: `I cannot find ${what} on this page, nor a way to where it is.` };
  state.hops += 1;
  return { actions: [say(`Looking for ${what}.`), tool(way.tool, way.args)], phase: '' };
}

function ask(state, label, control) {
  state.pending = label;
  const options = (control?.options ?? []).map((option) => option.label).filter((text) => text && !/^(choose|select|pick)\b/i.test(text));
  const action = options.length >= 2
    ? tool('ask_user_choice', { question: `Which ${label} would you like?`, options: options.slice(0, 8) })
    : tool('ask_user', { question: `What should I enter for “${label}”?` });
  return { actions: [action] };
}

/** The action(s) that make a control hold `value`; none when it already does. */
function setControl(control, value) {
  const selector = `[${control.node.id}]`;
  const same = (a, b) => clean(String(a ?? '')).toLowerCase() === clean(String(b ?? '')).toLowerCase();
  switch (control.kind) {
    case 'checkbox': {
      const on = /^(true|on|yes|checked|1)$/i.test(value);
      return control.value === on ? [] : [tool(on ? 'check' : 'uncheck', { selector })];
    }
    case 'radio': {
      const option = control.options.find((candidate) => same(candidate.label, value)) ?? control.options.find((candidate) => overlap(wordsOf(value), candidate.label) === wordsOf(value).length);
      if (!option) return [];
      return same(control.value, option.label) ? [] : [tool('check', { selector: `[${option.node.id}]` })];
    }
    case 'select':
    case 'combobox': {
      if (same(control.value, value)) return [];
      const option = control.options.find((candidate) => same(candidate.label, value)) ?? control.options.find((candidate) => overlap(wordsOf(value), candidate.label) === wordsOf(value).length);
      return [tool('select_option', { selector, option: option?.label ?? value })];
    }
    default:
      return same(control.value, value) ? [] : [tool('fill_input', { selector, value })];
  }
}

/** Whether the last turn's actions all ran and succeeded. */
function lastTurnWorked(conversation) {
  const results = conversation.steps.at(-1)?.results ?? [];
  return results.length > 0 && results.every((result) => result.ok);
}

/** What a page says about a field before anything goes wrong: label, placeholder, help text. */
function hintsOf(page, control) {
  return `${control.label} ${control.node.attrs.placeholder ?? ''} ${control.kind === 'text' ? messageAfter(page, control.node) : ''}`;
}

function readState(conversation) {
  const memory = conversation.steps.at(-1)?.turn?.memory ?? '';
  const at = memory.lastIndexOf(MARK);
  const initial = { at: 0, phase: '', tries: 0, hops: 0, answers: {}, extra: [], pending: undefined, tool: undefined };
  if (at < 0) return initial;
  try {
    return { ...initial, ...JSON.parse(memory.slice(at + MARK.length, memory.lastIndexOf('⟧'))) };
  } catch {
    return initial;
  }
}

function memoryOf(state, note) {
  return `${note} ${MARK}${JSON.stringify(state)}⟧`;
}

function finish(state, text) {
  return { memory: memoryOf(state, 'Finished.'), todos_remaining: [], actions: [say(text)] };
}

/** What the page now says (its status messages), as the closing line. */
function closingLine(conversation) {
  const said = statusMessages(conversation.page).join(' ');
  return said ? `Done. The page says: “${said}”` : 'Done.';
}

function describe(objective) {
  if ('fill' in objective) return `fill in ${listOf(Object.keys(objective.fill))}${objective.submit ? ' and send it' : ''}`;
  if ('press' in objective) return `press “${objective.press}”${objective.near ? ` for ${objective.near}` : ''}`;
  if ('go' in objective) return `open ${objective.go}`;
  if ('show' in objective) return `show where ${objective.show} is`;
  return objective.use;
}

function listOf(items) {
  return items.map((item) => `“${item}”`).join(', ');
}
