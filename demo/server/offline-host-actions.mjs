// Actions the host page adds to # Tools (`send_invoice`, `track_shipment`, …). The offline model
// knows none of them in advance: it picks one only when the request uses the action's own verb
// (the first word of its name or of its description) and one more of its words, fills the
// arguments its JSON schema asks for from the request, and reports exactly what the action answered.
import { contentWords, stem } from './offline-intents.mjs';
import { finish, lastOutcome, next, say, tool } from './offline-turns.mjs';

/** The built-in actions; everything else in # Tools came from the host. */
const BUILT_IN = new Set([
  'navigate', 'click', 'hover', 'fill_input', 'clear_input', 'select_option', 'check', 'uncheck', 'press_key',
  'scroll_to', 'wait', 'border', 'highlight', 'pause', 'ask_user', 'ask_user_choice',
]);

/** The tools of this request that the host added. */
export function hostActions(conversation) {
  return [...(conversation.toolDetails ?? [])].filter(([name]) => !BUILT_IN.has(name) && conversation.tools.has(name)).map(([name, details]) => ({ name, ...details }));
}

/** @returns {{ name: string, description: string, parameters: object } | undefined} */
export function findHostAction(conversation) {
  const words = new Set(contentWords(conversation.task.toLowerCase()).map(stem));
  let best;
  for (const { name, description, parameters } of hostActions(conversation)) {
    const nameWords = name.toLowerCase().split(/[_-]+/).map(stem);
    const descriptionWords = contentWords(description.toLowerCase()).map(stem);
    const verbs = [nameWords[0], descriptionWords[0]].filter(Boolean);
    if (!verbs.some((verb) => words.has(verb))) continue;
    const hits = new Set([...nameWords, ...descriptionWords].filter((word) => words.has(word))).size;
    if (hits >= 2 && hits > (best?.hits ?? 0)) best = { name, description, parameters, hits };
  }
  return best && { name: best.name, description: best.description, parameters: best.parameters };
}

export function planHostAction(conversation, action) {
  const done = lastOutcome(conversation, action.name);
  if (done) {
    if (!done.result) return finish(conversation, `The ${action.name} step never ran, so I have no answer from it.`);
    if (!done.result.ok) return finish(conversation, `That didn't work: ${done.result.message || done.result.reason}`);
    return finish(conversation, done.result.message || `${action.name} ran, but said nothing more.`);
  }
  const { args, missing } = argumentsFor(action.parameters, conversation.task);
  if (missing.length) {
    return finish(conversation, `To use ${action.name} I need ${missing.join(' and ')}; please ask again with ${missing.length === 1 ? 'it' : 'them'}, e.g. “${conversation.task} 1042”.`);
  }
  const given = Object.entries(args).map(([name, value]) => `${words(name)} ${value}`);
  const actions = [say(`Asking the page: ${words(action.name)}${given.length ? ` for ${given.join(', ')}` : ''}…`), tool(action.name, args)];
  return next(conversation, `Task: “${conversation.task}”. Called ${action.name}.`, [`Report what ${action.name} answered`], actions);
}

/**
 * Values for the schema's properties from the request: a number for an id/number property, an
 * enum value the request names, "true"/"false" for a boolean it mentions. Required ones the
 * request does not give are reported as missing; nothing is invented.
 */
function argumentsFor(schema, task) {
  const properties = schema?.properties ?? {};
  const required = new Set(schema?.required ?? []);
  const lower = task.toLowerCase();
  const number = /\b(\d{3,9})\b/.exec(task)?.[1];
  const args = {};
  const missing = [];
  for (const [name, property] of Object.entries(properties)) {
    let value;
    if (Array.isArray(property?.enum)) value = property.enum.find((option) => lower.includes(String(option).toLowerCase()));
    else if (/(id|number|no|code)$/i.test(name) && number) value = ['number', 'integer'].includes(property?.type) ? Number(number) : number;
    if (value !== undefined) args[name] = value;
    else if (required.has(name)) missing.push(describe(name, property));
  }
  return { args, missing };
}

function describe(name, property) {
  return property?.description ? `the ${words(name)} (${property.description.replace(/\.$/, '')})` : `the ${words(name)}`;
}

/** `orderId` → "order id", `send_invoice` → "send invoice". */
function words(name) {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
}
