// Reads a chat-completions request the way the offline model needs it: the user's task, what the
// agent already did for it (earlier agent_turn calls and their tool replies), the tools the system
// prompt offers, its sitemap, and the current page from the env block.
import { parseEnvBlock } from './page-dump.mjs';

const BASE_TOOLS = ['navigate', 'click', 'fill_input', 'ask_user'];

export function readConversation(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  const system = messages.find((message) => message?.role === 'system');
  const systemText = system ? contentText(system) : '';
  const last = messages.at(-1);
  const page = last?.role === 'user' ? parseEnvBlock(contentText(last)) : undefined;

  let taskIndex = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'user') continue;
    const text = contentText(message).trim();
    if (text.startsWith('# Current page') || isRuntimeNote(text)) continue;
    taskIndex = i;
    break;
  }
  const task = taskIndex >= 0 ? stripSelection(contentText(messages[taskIndex])) : '';

  return {
    task,
    steps: readSteps(messages.slice(taskIndex + 1)),
    page: page ?? { url: '', title: '', nodes: [], roots: [] },
    hasPage: Boolean(page),
    tools: readToolNames(systemText),
    toolDetails: readToolDetails(systemText),
    sitemap: readSitemap(systemText),
    agentName: /^You are ([^,.\n]{1,60}?)[,.]/m.exec(systemText)?.[1]?.trim() ?? 'the assistant',
    toolName: body?.tools?.[0]?.function?.name ?? 'agent_turn',
  };
}

/** Text of a message whose content is a string or a list of parts (text + images). */
function contentText(message) {
  const { content } = message ?? {};
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (part?.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('\n');
  }
  return '';
}

/** Notes the runtime adds in the user's name, e.g. "(I declined click; stop here.)". */
function isRuntimeNote(text) {
  return /^\(.*\)$/s.test(text);
}

function stripSelection(text) {
  return text.split('\n\n# User selection at invocation')[0].trim();
}

/**
 * One step per earlier model turn of this task: the parsed agent_turn arguments and the results
 * the runtime reported for its tool actions ("2. click: ok — Clicked button "Save".").
 */
function readSteps(messages) {
  const steps = [];
  for (const message of messages) {
    if (message?.role === 'assistant') {
      const call = message.tool_calls?.[0];
      let turn = {};
      try {
        turn = JSON.parse(call?.function?.arguments ?? '{}') ?? {};
      } catch {
        // A turn that was not valid JSON still counts as a step; it just did nothing we can read.
      }
      steps.push({ turn, actions: Array.isArray(turn.actions) ? turn.actions : [], results: [] });
    } else if (message?.role === 'tool' && steps.length) {
      steps.at(-1).results = parseResults(contentText(message));
    }
  }
  return steps;
}

function parseResults(text) {
  const results = [];
  for (const line of text.split('\n')) {
    const match = /^\s*(\d+)\.\s*([\w-]+):\s*(ok|failed)(?:\s*\(([^)]*)\))?\s*(?:[—–-]+\s*(.*))?$/i.exec(line);
    if (!match) continue;
    results.push({
      index: Number(match[1]) - 1,
      tool: match[2],
      ok: match[3].toLowerCase() === 'ok',
      reason: match[4] ?? '',
      message: (match[5] ?? '').trim(),
    });
  }
  return results;
}

/** Tool names listed under `# Tools` as `## name` headings; the base set when none are listed. */
function readToolNames(systemText) {
  const section = sectionOf(systemText, '# Tools');
  const names = [...section.matchAll(/^##\s+([\w-]+)\s*$/gm)].map((match) => match[1]);
  return new Set(names.length ? names : BASE_TOOLS);
}

/**
 * Each tool's description and argument schema, from its `## name` block:
 * the description lines, then `args: {json schema}`.
 * @returns {Map<string, { description: string, parameters: object }>}
 */
function readToolDetails(systemText) {
  const details = new Map();
  const section = sectionOf(systemText, '# Tools');
  for (const block of section.split(/^(?=##\s+[\w-]+\s*$)/m)) {
    const name = /^##\s+([\w-]+)\s*$/m.exec(block)?.[1];
    if (!name) continue;
    const lines = block.split('\n').slice(1);
    const argsLine = lines.find((line) => line.startsWith('args:'));
    let parameters = {};
    try {
      parameters = JSON.parse(argsLine?.slice('args:'.length) ?? '{}') ?? {};
    } catch {
      // A schema we cannot read: the tool can still be named, just not filled in.
    }
    const description = lines.filter((line) => line.trim() && !line.startsWith('args:')).join(' ').trim();
    details.set(name, { description, parameters });
  }
  return details;
}

/** `- /orders.html — orders, returns and invoices (also: purchases)` lines of the sitemap block. */
function readSitemap(systemText) {
  const section = sectionOf(systemText, '# Sitemap');
  const entries = [];
  for (const match of section.matchAll(/^\s*-\s+(\S+)\s+[—–-]+\s+(.+)$/gm)) {
    const aliases = /\(also:\s*([^)]*)\)\s*$/.exec(match[2]);
    entries.push({
      path: match[1],
      description: match[2].replace(/\s*\(also:[^)]*\)\s*$/, '').trim(),
      aliases: aliases ? aliases[1].split(',').map((alias) => alias.trim()) : [],
    });
  }
  return entries;
}

function sectionOf(text, heading) {
  const start = text.search(new RegExp(`^${heading}`, 'm'));
  if (start < 0) return '';
  const after = text.slice(start + heading.length);
  const next = after.search(/^# /m);
  return next < 0 ? after : after.slice(0, next);
}
