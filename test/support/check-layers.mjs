// Imports in src/ flow one way: ui → agent → {llm, prompt, actions, dom}, and actions → dom.
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
const packageRules = [
  { pattern: /^lit($|\/)|^@lit\//, where: (file) => file.startsWith('ui/') },
  { pattern: /^openai($|\/)/, where: (file) => file === 'llm/openai-provider.ts' },
];

const files = readdirSync(src, { recursive: true }).filter((file) => file.endsWith('.ts'));
const problems = [];
for (const file of files) {
  const layer = file.split('/')[0];
  const code = readFileSync(join(src, file), 'utf8');
  const imports = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]/g;
  for (const match of code.matchAll(imports)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier.startsWith('.')) {
      const target = relative(src, resolve(dirname(join(src, file)), specifier)).split('/')[0];
      if (allowed[layer] && !allowed[layer].includes(target)) problems.push(`${file} imports ${specifier} (${layer} → ${target})`);
    } else {
      for (const rule of packageRules) if (rule.pattern.test(specifier) && !rule.where(file)) problems.push(`${file} imports ${specifier}`);
    }
  }
}
for (const problem of problems) console.error(`layers: ${problem}`);
console.log(problems.length ? `layers: ${problems.length} imports against the layer rules` : `layers: ${files.length} files, imports flow one way`);
process.exit(problems.length ? 1 : 0);
