// Fails when the committed custom-elements.json no longer matches the code: regenerates the
// manifest in memory (same config as `npm run manifest`) and names what differs. Run by .ci/run.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cli } from '@custom-elements-manifest/analyzer/cli.js';

const root = resolve(import.meta.dirname, '../..');
const file = resolve(root, 'custom-elements.json');
const fix = 'run `npm run manifest` and commit custom-elements.json';

const fresh = `${JSON.stringify(await cli({ argv: ['analyze', '--quiet'], cwd: root, noWrite: true }), null, 2)}\n`;
let committed;
try {
  committed = readFileSync(file, 'utf8');
} catch {
  console.error(`manifest: custom-elements.json is missing; ${fix}`);
  process.exit(1);
}
if (committed === fresh) {
  const element = JSON.parse(fresh).modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.customElement);
  const count = (key) => element?.[key]?.length ?? 0;
  console.log(
    `manifest: custom-elements.json is current (${count('attributes')} attributes, ${count('members')} members, ` +
      `${count('events')} events, ${count('cssParts')} parts, ${count('cssProperties')} CSS properties)`,
  );
  process.exit(0);
}

/** Per custom element and kind, the names added, removed or changed; then the first differing line. */
function describe(oldText, newText) {
  const lines = [];
  let oldManifest;
  try {
    oldManifest = JSON.parse(oldText);
  } catch (error) {
    return [`custom-elements.json is not valid JSON: ${error.message}`];
  }
  const elements = (manifest) =>
    new Map(manifest.modules.flatMap((module) => module.declarations ?? []).filter((d) => d.customElement).map((d) => [d.tagName ?? d.name, d]));
  const before = elements(oldManifest);
  const after = elements(JSON.parse(newText));
  for (const tag of new Set([...before.keys(), ...after.keys()])) {
    const [a, b] = [before.get(tag), after.get(tag)];
    if (!a || !b) {
      lines.push(`<${tag}>: ${a ? 'no longer in the code' : 'new, not in the committed file'}`);
      continue;
    }
    for (const kind of ['attributes', 'members', 'events', 'slots', 'cssParts', 'cssProperties', 'cssStates']) {
      const named = (list = []) => new Map(list.map((entry) => [entry.name, JSON.stringify(entry)]));
      const [was, now] = [named(a[kind]), named(b[kind])];
      const added = [...now.keys()].filter((name) => !was.has(name));
      const removed = [...was.keys()].filter((name) => !now.has(name));
      const changed = [...now.keys()].filter((name) => was.has(name) && was.get(name) !== now.get(name));
      if (added.length) lines.push(`<${tag}> ${kind} added in the code: ${added.join(', ')}`);
      if (removed.length) lines.push(`<${tag}> ${kind} removed from the code: ${removed.join(', ')}`);
      if (changed.length) lines.push(`<${tag}> ${kind} changed (description, type or order of fields): ${changed.join(', ')}`);
    }
  }
  const oldLines = oldText.split('\n');
  const newLines = newText.split('\n');
  const at = newLines.findIndex((line, index) => line !== oldLines[index]);
  const index = at === -1 ? newLines.length : at;
  lines.push(`first difference at line ${index + 1}:`, `  committed: ${oldLines[index] ?? '(end of file)'}`, `  generated: ${newLines[index] ?? '(end of file)'}`);
  return lines;
}

console.error('manifest: custom-elements.json is stale; it differs from what the code generates:');
for (const line of describe(committed, fresh)) console.error(`  ${line}`);
console.error(`manifest: ${fix}`);
process.exit(1);
