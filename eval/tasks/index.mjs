// The task suite. A task is plain data plus one check:
//   id        'category/name' (the category groups the report)
//   title     one line for the report
//   start     the path the visitor opens (demo pages, /eval/pages/…, or any page the site serves)
//   ready     a selector the page matches once it is ready for the visitor (a page that mounts its
//             widgets after load), waited for before the request is typed
//   seed      localStorage entries (JSON values) set before the request, for state a task starts from
//   prompt    what the visitor types into the element
//   goal      what the visitor wants, for the oracle policy: objectives naming labels and texts as a
//             person sees them, never element ids (see policies/oracle.mjs)
//   visitor   how the scripted visitor answers: { confirm: 'approve' | 'reject', answer(question, options) }
//   maxSteps  the step budget: model turns before the harness ends the run (default 10)
//   timeLimitMs  wall-clock budget for the run (default 120 s)
//   checks    what the check verifies, in words (the report and docs/eval.md show it)
//   check     async ({ page, events, visitor, offsite }) => { ok, detail }: on the page's state, never
//             on the model's words
// Pages from elsewhere (the widget gallery's fixtures, tasks/gallery.mjs) plug in the same way: a
// start path the site serves, a goal, a check.
import { demoTasks } from './demo.mjs';
import { formTasks } from './forms.mjs';
import { galleryTasks } from './gallery.mjs';
import { confirmationTasks, hostileTasks, journeyTasks } from './shop.mjs';

const DEFAULTS = { maxSteps: 10, timeLimitMs: 120_000, visitor: {}, goal: [] };

export const TASKS = [...demoTasks, ...formTasks, ...journeyTasks, ...confirmationTasks, ...hostileTasks, ...galleryTasks].map(defineTask);

export function defineTask(task) {
  for (const field of ['id', 'title', 'start', 'prompt', 'checks']) {
    if (typeof task[field] !== 'string' || !task[field]) throw new Error(`Task ${task.id ?? '(no id)'}: "${field}" must be a non-empty string.`);
  }
  if (typeof task.check !== 'function') throw new Error(`Task ${task.id}: "check" must be a function.`);
  return { ...DEFAULTS, category: task.id.split('/')[0], ...task };
}

/**
 * The tasks a `--tasks` value names: comma-separated ids, categories or globs ("demo/*", "hostile",
 * "forms/register,journeys/*"). Throws on a pattern that names nothing, so a typo is not a silent
 * empty run.
 */
export function selectTasks(patterns, tasks = TASKS) {
  if (!patterns) return tasks;
  const wanted = String(patterns).split(',').map((pattern) => pattern.trim()).filter(Boolean);
  const chosen = new Set();
  for (const pattern of wanted) {
    const glob = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
    const hits = tasks.filter((task) => glob.test(task.id) || task.category === pattern);
    if (!hits.length) throw new Error(`--tasks: "${pattern}" matches no task. Known: ${tasks.map((task) => task.id).join(', ')}`);
    for (const task of hits) chosen.add(task);
  }
  return tasks.filter((task) => chosen.has(task));
}

/** The tasks as docs/eval.md lists them (`npm run eval -- --list`). */
export function taskTable(tasks = TASKS) {
  const cell = (text) => String(text).replace(/\|/g, '\\|');
  return ['| task | what the visitor asks | success means |', '|---|---|---|', ...tasks.map((task) => `| \`${task.id}\` | “${cell(task.prompt)}” | ${cell(task.checks)} |`)].join('\n');
}
