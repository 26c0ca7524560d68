// Custom Elements Manifest for <web-agent>: `npm run manifest` writes custom-elements.json, and
// test/support/check-manifest.mjs (run by .ci/run) fails when the committed file is stale.
//
// The analyzer reads the element's class, its JSDoc (@event, @slot, @cssprop, @csspart) and its
// public members, and the module of the context the element provides (`webAgentContext`, with its
// key and type). What it cannot see statically comes from the plugin below, read from the code itself so
// it cannot drift:
// - attributes: `configAttributes` in src/ui/read-config.ts (observedAttributes is built from it);
// - events: every key of `WebAgentEventMap` in src/ui/events.ts, typed with its CustomEvent;
// - parts and CSS properties: the @csspart / @cssproperty tags of the render functions and theme
//   in src/ui/**, plus a check that every `part` used in a template is documented.
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const uiDir = join(root, 'src/ui');
const tagName = 'web-agent';

/** `ts` is the analyzer's own TypeScript (the project's TypeScript 7 has no JS API). */
let ts;

function parse(file) {
  return ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
}

function findNode(sourceFile, predicate) {
  let found;
  const visit = (node) => {
    if (found) return;
    if (predicate(node)) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

const propertyName = (name) => (ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : name.getText());

/** `configAttributes` entries: attribute name → option name. */
function readConfigAttributes() {
  const file = 'src/ui/read-config.ts';
  const source = parse(file);
  const declaration = findNode(source, (node) => ts.isVariableDeclaration(node) && node.name.getText() === 'configAttributes');
  let init = declaration?.initializer;
  while (init && (ts.isSatisfiesExpression(init) || ts.isAsExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression;
  if (!init || !ts.isObjectLiteralExpression(init)) throw new Error(`manifest: no object literal \`configAttributes\` in ${file}`);
  return init.properties.map((property) => {
    if (!ts.isPropertyAssignment(property) || !ts.isStringLiteral(property.initializer)) {
      throw new Error(`manifest: ${file}: configAttributes entry "${property.getText()}" is not \`'attribute': 'option'\``);
    }
    return { attribute: propertyName(property.name), option: property.initializer.text };
  });
}

/** The names in a `new Set<string>([...])` literal of src/ui/read-config.ts. */
function readOptionSet(name) {
  const file = 'src/ui/read-config.ts';
  const declaration = findNode(parse(file), (node) => ts.isVariableDeclaration(node) && node.name.getText() === name);
  const list = declaration?.initializer && ts.isNewExpression(declaration.initializer) ? declaration.initializer.arguments?.[0] : undefined;
  if (!list || !ts.isArrayLiteralExpression(list)) throw new Error(`manifest: no \`${name} = new Set([...])\` in ${file}`);
  return new Set(list.elements.map((element) => element.text));
}

/** Option name → the JSDoc of its entry in `configSchema` (src/agent/config.ts), where it has one. */
function readOptionDocs() {
  const file = 'src/agent/config.ts';
  const declaration = findNode(parse(file), (node) => ts.isVariableDeclaration(node) && node.name.getText() === 'configSchema');
  const object = declaration && findNode(declaration, (node) => ts.isObjectLiteralExpression(node));
  if (!object) throw new Error(`manifest: no \`configSchema = z.strictObject({...})\` in ${file}`);
  const docs = new Map();
  for (const property of object.properties) {
    const comment = ts.getJSDocCommentsAndTags(property).at(-1)?.comment;
    const text = typeof comment === 'string' ? comment : comment?.map((part) => part.text).join('');
    if (text) docs.set(propertyName(property.name), text.replace(/\s+/g, ' ').trim());
  }
  return docs;
}

/** `WebAgentEventMap` members: event name → CustomEvent type text. */
function readEventMap() {
  const file = 'src/ui/events.ts';
  const source = parse(file);
  const map = findNode(source, (node) => ts.isInterfaceDeclaration(node) && node.name.text === 'WebAgentEventMap');
  if (!map) throw new Error(`manifest: no interface WebAgentEventMap in ${file}`);
  return map.members.map((member) => ({ name: propertyName(member.name), type: member.type.getText() }));
}

const uiFiles = () =>
  readdirSync(uiDir, { recursive: true })
    .filter((file) => file.endsWith('.ts'))
    .sort()
    .map((file) => ({ file: `src/ui/${file}`, code: readFileSync(join(uiDir, file), 'utf8') }));

/** `@tag name - description` lines in the JSDoc comments of src/ui/**. */
function readTags(tags) {
  const found = [];
  const pattern = new RegExp(String.raw`^\s*\*\s*@(?:${tags.join('|')})\s+(\S+)(?:\s+-\s+(.*))?$`, 'gm');
  for (const { file, code } of uiFiles()) {
    for (const match of code.matchAll(pattern)) found.push({ name: match[1], description: match[2]?.trim(), file });
  }
  return found;
}

/** Every part name a template sets: `part="a b"` and the string literals of `part=${…}`. */
function readTemplateParts() {
  const used = new Map();
  for (const { file, code } of uiFiles()) {
    for (const match of code.matchAll(/\bpart=(?:"([^"]*)"|\$\{([^}]*)\})/g)) {
      // In `part=${…}`, the literals an expression yields, not those it compares against.
      const expression = match[2]?.replace(/[!=]==?\s*(?:'[^']*'|"[^"]*")/g, '');
      const values = match[1] !== undefined ? [match[1]] : [...expression.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]);
      for (const name of values.flatMap((value) => value.split(/\s+/)).filter(Boolean)) if (!used.has(name)) used.set(name, file);
    }
  }
  return used;
}

/** Merges `extra` into `list` by name: entries already there (the class's own JSDoc) win. */
function mergeByName(list = [], extra) {
  const byName = new Map(list.map((entry) => [entry.name, entry]));
  for (const entry of extra) {
    const existing = byName.get(entry.name);
    byName.set(entry.name, existing ? { ...entry, ...existing } : entry);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function clean(entry) {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined && value !== ''));
}

function webAgentPlugin() {
  return {
    name: 'web-agent-manifest',
    initialize({ ts: analyzerTs }) {
      ts = analyzerTs;
    },
    packageLinkPhase({ customElementsManifest }) {
      const declarations = customElementsManifest.modules.flatMap((module) => module.declarations ?? []);
      const element = declarations.find((declaration) => declaration.customElement && declaration.tagName === tagName);
      if (!element) throw new Error(`manifest: no custom element declaration with tagName "${tagName}"`);

      // Public API only: `#private` and protected members are not for hosts.
      element.members = (element.members ?? []).filter((member) => !member.privacy || member.privacy === 'public');

      // Attributes, from configAttributes; each one sets the option of the same meaning.
      const optionDocs = readOptionDocs();
      const numeric = readOptionSet('numericOptions');
      const boolean = readOptionSet('booleanOptions');
      element.attributes = mergeByName(
        element.attributes,
        readConfigAttributes().map(({ attribute, option }) =>
          clean({
            name: attribute,
            type: { text: boolean.has(option) ? 'boolean' : numeric.has(option) ? 'number' : 'string' },
            description: [`Sets the \`${option}\` option (see the README's Configuration).`, optionDocs.get(option)].filter(Boolean).join(' '),
          }),
        ),
      );

      // Events: every WebAgentEventMap key, described by the class's @event tags.
      const documented = new Map((element.events ?? []).map((event) => [event.name, event]));
      const eventMap = readEventMap();
      const undocumented = eventMap.filter(({ name }) => !documented.get(name)?.description).map(({ name }) => name);
      const unknown = [...documented.keys()].filter((name) => !eventMap.some((event) => event.name === name));
      if (undocumented.length) throw new Error(`manifest: events in WebAgentEventMap without an @event tag on the element: ${undocumented.join(', ')}`);
      if (unknown.length) throw new Error(`manifest: @event tags on the element not in WebAgentEventMap: ${unknown.join(', ')}`);
      element.events = eventMap.map(({ name, type }) => clean({ ...documented.get(name), name, type: { text: type } }));

      // Parts: documented where each template lives; every part a template uses must be documented.
      const parts = readTags(['csspart']);
      const missingParts = [...readTemplateParts()].filter(([name]) => !parts.some((part) => part.name === name) && !element.cssParts?.some((part) => part.name === name));
      if (missingParts.length) {
        throw new Error(`manifest: parts used in templates without a @csspart tag: ${missingParts.map(([name, file]) => `${name} (${file})`).join(', ')}`);
      }
      element.cssParts = mergeByName(element.cssParts, parts.map(({ name, description }) => clean({ name, description })));

      // CSS custom properties: the theme's @cssproperty tags, and every --web-agent-* declared on :host.
      const properties = readTags(['cssproperty', 'cssprop']);
      const declared = new Set();
      for (const { code } of uiFiles()) for (const match of code.matchAll(/(--web-agent-[a-z0-9-]+)\s*:/g)) declared.add(match[1]);
      element.cssProperties = mergeByName(element.cssProperties, [
        ...properties.map(({ name, description }) => clean({ name, description })),
        ...[...declared].filter((name) => !properties.some((property) => property.name === name)).map((name) => ({ name })),
      ]);
      const bare = element.cssProperties.filter((property) => !property.description).map((property) => property.name);
      if (bare.length) throw new Error(`manifest: CSS custom properties without a description (add a @cssprop tag): ${bare.join(', ')}`);
    },
  };
}

export default {
  globs: ['src/ui/web-agent-element.ts', 'src/ui/context/web-agent-context.ts', 'src/define.ts'],
  litelement: true,
  packagejson: false,
  outdir: '.',
  plugins: [webAgentPlugin()],
};
