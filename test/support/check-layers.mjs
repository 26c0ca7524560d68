// Imports in src/ flow one way: ui → agent → {llm, prompt, actions, dom}, and actions → dom.
// dom/platform.ts (the browser's own functions, from a realm the page has not touched; it imports
// nothing) is the floor every layer may stand on, so no layer leans on what a page replaced.
// `lit` stays in ui/, `openai` in llm/openai-provider.ts. Run by .ci/run; prints each violation.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

const src = resolve(import.meta.dirname, '../../src');
const allowed = {
  ui: ['ui', 'agent'],
  agent: ['agent', 'llm', 'prompt', 'actions', 'dom'],
  actions: ['actions', 'dom'],
  prompt: ['prompt'],
  llm: ['llm'],
  dom: ['dom'],
};
const FLOOR = 'dom/platform';
const packageRules = [
  { pattern: /^lit($|\/)|^@lit\//, where: (file) => file.startsWith('ui/') },
  { pattern: /^openai($|\/)/, where: (file) => file === 'llm/openai-provider.ts' },
];

const files = readdirSync(src, { recursive: true }).filter((file) => file.endsWith('.ts'));
const problems = [];
if (/^\s*(import|export)\s[^;]*from\s/m.test(readFileSync(join(src, `${FLOOR}.ts`), 'utf8'))) problems.push(`${FLOOR}.ts imports: the floor stands on nothing`);
for (const file of files) {
  const layer = file.split('/')[0];
  const code = readFileSync(join(src, file), 'utf8');
  const imports = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]/g;
  for (const match of code.matchAll(imports)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier.startsWith('.')) {
      const path = relative(src, resolve(dirname(join(src, file)), specifier));
      const target = path.split('/')[0];
      if (path.replace(/\.[jt]s$/, '') === FLOOR) continue;
      if (allowed[layer] && !allowed[layer].includes(target)) problems.push(`${file} imports ${specifier} (${layer} → ${target})`);
    } else {
      for (const rule of packageRules) if (rule.pattern.test(specifier) && !rule.where(file)) problems.push(`${file} imports ${specifier}`);
    }
  }
}
// The agent's own listeners (abort signals, the guard's, the page's leaving) go through platform's
// listen(), and its timers through later()/cancel(), the browser's own addEventListener and setTimeout: a page that wrapped it (zone.js, analytics) or
// dropped what it does not know must not unhook the agent's clock, its stop or its guard. Direct
// calls stay where the listener is the page's or the host's business.
const directListeners = new Set([
  'dom/platform.ts', // listen() itself
  'dom/click-listeners.ts', // wraps the page's addEventListener to see which nodes handle clicks
  'agent/agent-emitter.ts', // the host's listeners on the agent's events
  'agent/webmcp/web-mcp.ts', // the host element's events, for a page's WebMCP tools
  'agent/webmcp/page-tool-watch.ts', // a signal the page passed when it registered a tool
]);
for (const file of files) {
  if (['ui', 'define.ts'].includes(file.split('/')[0]) || directListeners.has(file)) continue;
  const code = readFileSync(join(src, file), 'utf8');
  const calls = code.replace(/^\s*(\/\/|\*).*$/gm, '');
  if (/\b(add|remove)EventListener\(/.test(calls)) problems.push(`${file} calls add/removeEventListener directly: use listen() from dom/platform.ts`);
  if (file !== 'dom/platform.ts' && /\b(set|clear)Timeout\(/.test(calls)) problems.push(`${file} uses the page's timers: use later()/cancel() from dom/platform.ts`);
}
for (const problem of problems) console.error(`layers: ${problem}`);
console.log(problems.length ? `layers: ${problems.length} against the layer rules` : `layers: ${files.length} files, imports flow one way`);
process.exit(problems.length ? 1 : 0);
