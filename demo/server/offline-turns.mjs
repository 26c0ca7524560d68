// The pieces every offline script is made of: reading back what the previous turns did, and
// building the next agent_turn (narrations, tool calls, a closing turn).
import { listOf } from './offline-pages.mjs';

/**
 * The most recent use of a tool in the previous turn, with its reported result (undefined when
 * the runtime never ran it). Only the last turn counts: older ones belong to earlier pages.
 */
export function lastOutcome(conversation, name) {
  const step = conversation.steps.at(-1);
  if (!step) return undefined;
  for (let index = step.actions.length - 1; index >= 0; index--) {
    const action = step.actions[index];
    if (action?.tool !== name) continue;
    return { action, args: action.args ?? {}, result: step.results.find((result) => result.index === index) };
  }
  return undefined;
}

/** Like lastOutcome, but searching every turn of the task, newest first. */
export function latestOutcome(conversation, name) {
  for (let index = conversation.steps.length - 1; index >= 0; index--) {
    const found = lastOutcome({ steps: conversation.steps.slice(0, index + 1) }, name);
    if (found) return found;
  }
  return undefined;
}

export function say(text) {
  return { narrate: text };
}

export function tool(name, args) {
  return { tool: name, args };
}

/**
 * A turn that acts and continues. If the request's # Tools lacks a tool the script needs, the
 * turn ends with that said plainly instead of calling a tool the runtime does not have.
 */
export function next(conversation, memory, todos, actions) {
  const missing = actions.filter((action) => action.tool && !conversation.tools.has(action.tool)).map((action) => action.tool);
  if (missing.length) {
    return finish(conversation, `I would need the ${listOf([...new Set(missing)])} tool for this, and this page does not offer it, so I stopped. Nothing was changed.`);
  }
  return { memory, todos_remaining: todos, actions };
}

export function finish(conversation, text) {
  const task = conversation.task ? `“${conversation.task}”` : 'no task';
  return { memory: `Offline demo model; ${task} is finished.`, todos_remaining: [], actions: [say(text)] };
}
