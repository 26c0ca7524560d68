import { readFileSync } from 'node:fs';
import MagicString from 'magic-string';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { sendChunk, sendDone, startStream, streamToolCall } from '../test/support/openai-sse.mjs';

/**
 * The `openai` client does not tree-shake: its constructor instantiates every API section (files,
 * audio, realtime, fine-tuning, …) and the chat resource imports the helpers behind `.stream()`,
 * `.parse()` and `.runTools()`. We call one method, `chat.completions.create`, so in the file we
 * ship to visitors every module under resources/, lib/ and helpers/ whose own code that call does
 * not run becomes a stub: its classes and functions by name (read from the module's syntax tree,
 * so none is missed), its re-exports kept, so the chat resource is still reached through them.
 * Everything a request goes through (client, headers, fetch, SSE parsing, errors) is the SDK's own
 * code, unchanged.
 *
 * Robust to the SDK's updates, loudly: the build fails when a module kept here is no longer where
 * it was, and after writing the bundle it runs the shipped client in Node against a local
 * OpenAI-protocol server (a streamed tool call, an HTTP error, an error inside the stream, a
 * refused connection) and fails unless each comes out exactly as our provider reads it.
 * test/standalone-bundle.test.ts then drives a whole task through the built file in a browser.
 */
export function slimOpenAI(): Plugin {
  // What our one call never runs (the check after the build proves it for each release).
  const unused = [
    /^resources\//, // the API sections, but for the two kept below
    /^(lib|helpers)\//, // .stream(), .parse(), .runTools(), the zod helpers
    /^auth\//, // workload-identity tokens: we pass a key (or none, behind a proxy)
    /^internal\/qs\//, // query strings: our call has none
    /^core\/pagination\.mjs$/, // list endpoints
    /^internal\/utils\/path\.mjs$/, // URLs with ids in them (retrieve, update, delete)
    /^(core\/uploads|internal\/to-file)\.mjs$/, // file uploads
    /^internal\/utils\/uuid\.mjs$/, // idempotency keys: the OpenAI client sets no idempotency header
  ];
  // Modules whose code runs on our call, replaced by what it amounts to with our client's options.
  const replaced = new Map(Object.entries(REPLACED));
  // The modules whose own code runs on our one call: the chat resource and its completions.
  const keep = ['resources/chat/chat.mjs', 'resources/chat/completions/completions.mjs'];
  const kept = new Set<string>();
  return {
    name: 'web-agent-slim-openai',
    resolveId(id) {
      return id === STUB_HELPER ? id : null;
    },
    load(id) {
      if (id === STUB_HELPER) return LEFT_OUT;
      const path = sdkPath(id);
      const replacement = path && replaced.get(path);
      if (replacement) return replaceModule(this.parse(readFileSync(id, 'utf8')) as unknown as EsProgram, this.parse(replacement) as unknown as EsProgram, replacement, path, (message) => this.error(message));
      if (!path || !unused.some((pattern) => pattern.test(path))) return null;
      if (keep.includes(path)) {
        kept.add(path);
        return null;
      }
      return stubModule(this.parse(readFileSync(id, 'utf8')) as unknown as EsProgram, path, (message) => this.error(message));
    },
    transform(code, id) {
      if (sdkPath(id) !== 'client.mjs') return null;
      const stubbed = (source: string) => {
        const path = source.replace(/^\.\//, '');
        return unused.some((pattern) => pattern.test(path)) && !keep.includes(path);
      };
      return unusedSections(this.parse(code) as unknown as EsProgram, code, stubbed, (message) => this.error(message));
    },
    buildEnd(error) {
      if (error) return;
      const missing = keep.filter((path) => !kept.has(path));
      if (missing.length) {
        this.error(`slimOpenAI: openai no longer has ${missing.join(', ')}. The SDK's layout changed: find where chat.completions.create lives now and update \`keep\` in build/slim-openai.ts.`);
      }
    },
    async writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const client = chunks.find((chunk) => chunk.moduleIds.some((id) => sdkPath(id) === 'client.mjs'));
      if (!client) return; // This build does not ship the model client.
      const { OpenAI } = await import(pathToFileURL(join(options.dir!, client.fileName)).href);
      const sdk = { OpenAI, APIError: OpenAI?.APIError, APIConnectionError: OpenAI?.APIConnectionError };
      const failure = await checkClient(sdk);
      if (failure) this.error(`slimOpenAI: the model client as shipped in ${client.fileName} fails: ${failure}. The SDK changed in a way the stubs in build/slim-openai.ts break; see which module it needs now.`);
    },
  };
}

/**
 * The client news up every API section in its constructor (`this.files = new API.Files(this)`) and
 * hangs each class and helper on itself (`OpenAI.Files = Files`, `OpenAI.toFile = Uploads.toFile`).
 * For what is stubbed out, both go: a visitor's client has `chat` and no `files`, and the stubs are
 * left unused. A section is known by the module client.mjs imports its class from; one it imports
 * otherwise stays.
 */
function unusedSections(program: EsProgram, code: string, stubbed: (source: string) => boolean, fail: (message: string) => never) {
  // Where each class comes from, by its local name and (for `API.X`, the sections' index) its own.
  const from = new Map<string, string>();
  const exportedFrom = new Map<string, string>();
  const namespaces = new Map<string, string>();
  for (const node of program.body) {
    if (node.type !== 'ImportDeclaration') continue;
    for (const specifier of node.specifiers as EsNode[]) {
      if (specifier.type === 'ImportNamespaceSpecifier') namespaces.set(specifier.local.name, node.source.value);
      if (specifier.type !== 'ImportSpecifier') continue;
      from.set(specifier.local.name, node.source.value);
      exportedFrom.set(specifier.imported.name, node.source.value);
    }
  }
  const isStub = (name: string, names = from) => names.has(name) && stubbed(names.get(name)!);
  const edited = new MagicString(code);
  let dropped = 0;
  const drop = (statement: EsNode) => {
    edited.remove(statement.start, statement.end);
    dropped += 1;
  };
  const assignment = (statement: EsNode) => (statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression' ? (statement.expression as EsNode) : undefined);
  for (const node of program.body) {
    const set = assignment(node);
    // OpenAI.Files = Files; OpenAI.toFile = Uploads.toFile;
    const right = set?.right.type === 'MemberExpression' ? set.right.object : set?.right;
    if (set?.left.type === 'MemberExpression' && right?.type === 'Identifier' && isStub(right.name, set.right === right ? from : namespaces)) drop(node);
    const constructor = node.type === 'ClassDeclaration' || node.type === 'ExportNamedDeclaration' ? (node.declaration ?? node).body?.body?.find((member: EsNode) => member.kind === 'constructor') : undefined;
    for (const statement of (constructor?.value.body.body ?? []) as EsNode[]) {
      // this.files = new API.Files(this);
      const value = assignment(statement)?.right;
      if (value?.type === 'NewExpression' && value.callee.type === 'MemberExpression' && isStub(value.callee.property.name, exportedFrom)) drop(statement);
    }
  }
  if (!dropped) fail('slimOpenAI: client.mjs no longer news up its API sections as `this.x = new API.X(this)`; see how it builds them now (unusedSections in build/slim-openai.ts).');
  return { code: edited.toString(), map: edited.generateMap({ hires: true }) };
}

// One helper every stub shares: a value that constructs (the client news up every API section)
// and throws, naming itself, when called.
const STUB_HELPER = '\0web-agent-openai-stub';
const LEFT_OUT = `export const left = (name) => function () { if (!new.target) throw new Error(\`openai: \${name} is left out of web-agent's build (build/slim-openai.ts)\`); };`;

/**
 * What two modules whose code runs on every call amount to with the options our provider gives
 * the client (src/llm/openai-provider.ts: no `logger`, no `logLevel`, and no OPENAI_LOG in a page):
 * - the log level stays the SDK's default, 'warn': errors and warnings go to the client's logger
 *   (the console), info and debug go nowhere, so the request details built for them are unused;
 * - the X-Stainless-* headers are the SDK's telemetry (OS, runtime, version) for OpenAI's servers;
 *   a request goes without them (and a proxy's CORS preflight has six headers fewer to allow).
 */
const REPLACED = {
  'internal/utils/log.mjs': `const off = () => {};
export const parseLogLevel = () => undefined;
export const loggerFor = (client) => ({ error: (...args) => client.logger?.error(...args), warn: (...args) => client.logger?.warn(...args), info: off, debug: off });
export const formatRequestDetails = (details) => details;`,
  'internal/detect-platform.mjs': `export const isRunningInBrowser = () => typeof window !== 'undefined' && typeof window.document !== 'undefined' && typeof navigator !== 'undefined';
export const getPlatformHeaders = () => ({});`,
};

/** `replacement`, after checking it exports every name `original` does (a new export fails the build). */
function replaceModule(original: EsProgram, replacement: EsProgram, code: string, path: string, fail: (message: string) => never): string {
  const exported = (program: EsProgram) => {
    const names = new Set<string>();
    for (const node of program.body) {
      if (node.type !== 'ExportNamedDeclaration') continue;
      for (const declarator of node.declaration?.declarations ?? []) names.add(declarator.id.name);
      if (node.declaration?.id) names.add(node.declaration.id.name);
      for (const specifier of node.specifiers ?? []) names.add(specifier.exported.name ?? specifier.exported.value);
    }
    return names;
  };
  const have = exported(replacement);
  const missing = [...exported(original)].filter((name) => !have.has(name));
  if (missing.length || original.body.some((node) => node.type === 'ExportAllDeclaration' || node.type === 'ExportDefaultDeclaration')) {
    fail(`slimOpenAI: ${path} now exports ${missing.join(', ') || 'more'}, which its replacement in build/slim-openai.ts lacks; see what the new export does on our call.`);
  }
  return code;
}

/** `…/node_modules/openai/resources/x.mjs` → `resources/x.mjs`; anything else → undefined. */
function sdkPath(id: string): string | undefined {
  return /\/node_modules\/openai\/(.+\.mjs)$/.exec(id)?.[1];
}

// Just enough of ESTree for what an .mjs module exports.
interface EsNode {
  type: string;
  [key: string]: any;
}
interface EsProgram {
  body: EsNode[];
}

/**
 * A module with the same exports as `program`, none of its code, re-exports kept. Each value it
 * declares becomes a stub that constructs (the client news up every API section) but throws,
 * naming itself, when called: code of ours that starts needing it fails the check after the build
 * with that name. An export form this does not know fails the build instead of going missing.
 */
function stubModule(program: EsProgram, path: string, fail: (message: string) => never): string {
  const imported = new Map<string, { source: string; name: string }>();
  const lines: string[] = [];
  const names = new Set<string>();
  const name = (node: EsNode) => (node.type === 'Literal' ? String(node.value) : (node.name as string));
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') {
      for (const specifier of node.specifiers as EsNode[]) {
        const from = specifier.type === 'ImportSpecifier' ? name(specifier.imported) : specifier.type === 'ImportDefaultSpecifier' ? 'default' : '*';
        imported.set(specifier.local.name, { source: node.source.value, name: from });
      }
    } else if (node.type === 'ExportAllDeclaration') {
      lines.push(node.exported ? `export * as ${name(node.exported)} from ${JSON.stringify(node.source.value)};` : `export * from ${JSON.stringify(node.source.value)};`);
    } else if (node.type === 'ExportDefaultDeclaration') {
      lines.push('export default class {}');
    } else if (node.type === 'ExportNamedDeclaration' && node.source) {
      const specifiers = (node.specifiers as EsNode[]).map((specifier) => `${name(specifier.local)} as ${name(specifier.exported)}`);
      lines.push(`export { ${specifiers.join(', ')} } from ${JSON.stringify(node.source.value)};`);
    } else if (node.type === 'ExportNamedDeclaration' && node.declaration) {
      const declaration = node.declaration as EsNode;
      if (declaration.type === 'ClassDeclaration' || declaration.type === 'FunctionDeclaration') names.add(declaration.id.name);
      else if (declaration.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations as EsNode[]) {
          if (declarator.id.type !== 'Identifier') fail(`slimOpenAI: ${path} exports a destructured binding, which the stub cannot name; extend stubModule in build/slim-openai.ts.`);
          names.add(declarator.id.name);
        }
      } else fail(`slimOpenAI: ${path} exports a ${declaration.type}, unknown to stubModule in build/slim-openai.ts.`);
    } else if (node.type === 'ExportNamedDeclaration') {
      for (const specifier of node.specifiers as EsNode[]) {
        const local = name(specifier.local);
        const exported = name(specifier.exported);
        const origin = imported.get(local);
        if (!origin) names.add(local === exported ? local : `${local} as ${exported}`);
        else if (origin.name === '*') lines.push(`export * as ${exported} from ${JSON.stringify(origin.source)};`);
        else lines.push(`export { ${origin.name} as ${exported} } from ${JSON.stringify(origin.source)};`);
      }
    }
  }
  if (names.size) lines.push(`import { left } from ${JSON.stringify(STUB_HELPER)};`);
  // `a as b` entries name a local declared here; declare it under its own name and export it renamed.
  for (const entry of names) {
    const [local, exported] = entry.split(' as ');
    const stub = `const ${local} = left(${JSON.stringify(local)});`;
    lines.push(exported ? `${stub}\nexport { ${local} as ${exported} };` : `export ${stub}`);
  }
  return lines.join('\n');
}

type SDK = Record<string, any>;

/** Runs the shipped client the way src/llm/openai-provider.ts does; a description of what went wrong, or undefined. */
async function checkClient(sdk: SDK): Promise<string | undefined> {
  const args = JSON.stringify({ memory: 'checked', todos_remaining: [], actions: [{ narrate: 'Built client works.' }] });
  const server = await listen((request, response) => {
    if (request.method !== 'POST') return void response.writeHead(404).end();
    if (request.url === '/http-error/chat/completions') {
      return void response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '7' }).end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }));
    }
    if (request.url === '/stream-error/chat/completions') {
      startStream(response);
      sendChunk(response, { error: { message: 'broke mid-stream', type: 'server_error' } });
      return void sendDone(response);
    }
    void streamToolCall(response, { args, includeUsage: true, chunkChars: 9 });
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const create = (baseURL: string) => {
    const client = new sdk.OpenAI({ baseURL, apiKey: 'build-check', dangerouslyAllowBrowser: true, maxRetries: 0, timeout: 10_000, defaultHeaders: { 'x-check': '1' } });
    const body = { model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [{ type: 'function', function: { name: 'agent_turn', parameters: {} } }], stream: true, stream_options: { include_usage: true } };
    return client.chat.completions.create(body, { signal: AbortSignal.timeout(10_000) });
  };
  const rejection = async (baseURL: string, read = false) => {
    try {
      const stream = await create(baseURL);
      if (read) for await (const _chunk of stream);
    } catch (error) {
      return error as Error & { status?: number; headers?: Headers };
    }
    return undefined;
  };
  try {
    if (typeof sdk.OpenAI !== 'function' || typeof sdk.APIError !== 'function' || typeof sdk.APIConnectionError !== 'function') {
      return 'its chunk no longer exports OpenAI, with APIError and APIConnectionError as statics';
    }
    let text = '';
    let usage = false;
    for await (const chunk of await create(`${base}/v1`)) {
      text += chunk.choices[0]?.delta?.tool_calls?.[0]?.function?.arguments ?? '';
      usage ||= typeof chunk.usage?.total_tokens === 'number';
    }
    if (text !== args) return `a streamed tool call came out as ${JSON.stringify(text)}`;
    if (!usage) return 'the usage chunk of a streamed reply never arrived';
    const httpError = await rejection(`${base}/http-error`);
    if (!httpError || !(httpError instanceof sdk.APIError) || httpError.status !== 503 || httpError.headers?.get('retry-after') !== '7') {
      return `an HTTP 503 came out as ${String(httpError)} instead of an APIError with its status and headers`;
    }
    const streamError = await rejection(`${base}/stream-error`, true);
    if (!streamError || !(streamError instanceof sdk.APIError) || !streamError.message.includes('broke mid-stream')) return `an error inside the stream came out as ${String(streamError)}`;
    await close(server);
    const refused = await rejection(`${base}/v1`);
    if (!(refused instanceof sdk.APIConnectionError)) return `a refused connection came out as ${String(refused)} instead of an APIConnectionError`;
    return undefined;
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } finally {
    if (server.listening) await close(server);
  }
}

function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve, reject) => server.listen(0, '127.0.0.1', () => resolve(server)).once('error', reject));
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
