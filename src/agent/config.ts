import * as z from 'zod/mini';
import type { LLMProvider } from '../llm/types.js';
import type { SystemPromptContext } from '../prompt/override.js';

const positiveInt = (max: number) => z.int().check(z.gte(1), z.lte(max));
const fn = <T>() => z.custom<T>((value) => typeof value === 'function', { message: 'expected a function' });

const sitemapEntry = z.object({ path: z.string(), description: z.string(), aliases: z.optional(z.array(z.string())) });
interface SitemapNodeInput {
  path: string;
  description: string;
  aliases?: string[];
  children?: SitemapNodeInput[];
}
const sitemapNode: z.ZodMiniType<SitemapNodeInput> = z.object({
  path: z.string(),
  description: z.string(),
  aliases: z.optional(z.array(z.string())),
  get children() {
    return z.optional(z.array(sitemapNode));
  },
});

const provider = z.custom<LLMProvider>((value) => typeof (value as LLMProvider | null)?.streamTurn === 'function', {
  message: 'expected an LLMProvider (an object with streamTurn)',
});
/** A model on the same or another endpoint, for a JSON config that cannot hold a provider object. */
const modelSpec = z.strictObject({
  endpoint: z.optional(z.string().check(z.minLength(1))),
  model: z.optional(z.string().check(z.minLength(1))),
  thinking: z.optional(z.enum(['off', 'low', 'medium', 'high'])),
});
const providerOrSpec = z.union([provider, modelSpec]);

const brand = z.strictObject({
  name: z.optional(z.string()),
  tagline: z.optional(z.string()),
  description: z.optional(z.string()),
  audience: z.optional(z.string()),
  voice: z.optional(z.string()),
  facts: z.optional(z.array(z.string())),
  terms: z.optional(z.record(z.string(), z.string())),
  avoid: z.optional(z.array(z.string())),
});
const persona = z.strictObject({
  name: z.optional(z.string()),
  identity: z.optional(z.string()),
  voice: z.optional(z.string()),
  speakAs: z.optional(z.enum(['we', 'I'])),
  rules: z.optional(z.array(z.string())),
});

/** What the visitor sees when a task ends. */
const onLoopEnd = z.union([
  z.strictObject({ kind: z.literal('silent') }),
  z.strictObject({ kind: z.literal('text'), text: z.string(), autoHide: z.optional(z.int().check(z.gte(0))) }),
  z.strictObject({ kind: z.literal('feedback'), text: z.string(), yes: z.optional(z.string()), no: z.optional(z.string()) }),
  z.strictObject({
    kind: z.literal('ask_user'),
    question: z.string(),
    options: z.array(z.strictObject({ value: z.string(), label: z.string() })).check(z.minLength(1)),
  }),
]);

export interface PlanInput {
  task: string;
  url: string;
  title: string;
  /** The page snapshot the planner may read (already redacted). */
  dump: string;
  selection?: unknown;
}
export interface TaskPlan {
  task_summary: string;
  steps: string[];
}
export type PlannerFunction = (input: PlanInput) => Promise<TaskPlan> | TaskPlan;
/** Returns an image as a data: URL (or a URL the model can fetch); null skips this turn. */
export type ScreenshotCapture = () => Promise<string | null> | string | null;

const actionName = z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}$/i, 'letters, digits and underscores, starting with a letter'));
const flag = z.optional(z.boolean());

/** A host action declared as data (JSON child): the element asks the host to run it. */
const declaredAction = z.object({
  name: actionName,
  description: z.string(),
  parameters: z.optional(
    z.custom<Record<string, unknown> | z.ZodMiniType<any>>((value) => typeof value === 'object' && value !== null, {
      message: 'expected a JSON Schema object',
    }),
  ),
  requireConfirmation: z.optional(z.boolean()),
  confirmationMessage: z.optional(z.union([z.string(), fn<(params: any) => string>()])),
  targetParameter: z.optional(z.string()),
  instructions: z.optional(z.string()),
  handler: z.optional(fn<(...args: any[]) => unknown>()),
  /** Also published to the browser's agent as a WebMCP tool, where the browser offers WebMCP. */
  webmcp: z.optional(z.union([z.boolean(), z.strictObject({ readOnlyHint: flag })])),
});

const objectSchema = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && ((value as { type?: unknown }).type ?? 'object') === 'object',
  { message: 'expected a JSON Schema for an object, like { "type": "object", "properties": {…} }' },
);
/** An entry of the host's own tool list: see `toolDefinitions`. */
const toolDefinition = z.strictObject({
  name: actionName,
  description: z.string().check(z.minLength(1)),
  parameters: z.optional(objectSchema),
});
/** A recording as the host ships it; its steps are checked when it is replayed (the check loads with replay). */
const declaredRecording = z.looseObject({
  name: z.string().check(z.minLength(1), z.maxLength(120)),
  version: z.number(),
  steps: z.array(z.unknown()),
});

/**
 * Everything a host can configure, from attributes, the JSON child or the `config` property.
 * Strict: a misspelt option is an error that names it, not a silent no-op.
 */
export const configSchema = z.strictObject({
  endpoint: z.optional(z.string().check(z.minLength(1))),
  model: z.optional(z.string().check(z.minLength(1))),
  /** Development only: a key in the page is readable by every visitor; refused unless the flag below is set. */
  apiKey: z.optional(z.string()),
  dangerouslyAllowApiKey: z.optional(z.boolean()),
  agentName: z.optional(z.string().check(z.minLength(1), z.maxLength(60))),
  siteName: z.optional(z.string().check(z.maxLength(120))),
  locale: z.optional(z.string().check(z.regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'a BCP 47 tag such as "en" or "zh-TW"'))),
  maxSteps: z.optional(positiveInt(500)),
  maxErrors: z.optional(positiveInt(50)),
  llmTimeoutMs: z.optional(z.int().check(z.gte(1000))),
  thinking: z.optional(z.enum(['off', 'low', 'medium', 'high'])),
  persona: z.optional(z.union([z.string(), persona])),
  appendSystemPrompt: z.optional(z.string()),
  sitemap: z.optional(z.union([z.array(sitemapEntry), sitemapNode])),
  actionOverrides: z.optional(
    z.record(z.string(), z.strictObject({ description: z.optional(z.string()), appendDescription: z.optional(z.string()) })),
  ),
  customActions: z.optional(z.array(declaredAction)),
  /**
   * Advanced: the tool list the model is told about, replacing the one made from the registered
   * actions. Only these actions can then be called by the model; hosts' direct calls and replays
   * can still run any registered action.
   */
  toolDefinitions: z.optional(z.array(toolDefinition).check(z.minLength(1))),
  /** Keep what each run does, so `exportRecording()` can return it (the recorder then loads with the core). */
  record: flag,
  /** Recordings a visitor can start by name (typing it in the prompt) or the host with replay(name). */
  recordings: z.optional(z.array(declaredRecording)),
  /** Where the browser offers WebMCP: publish the assistant (and actions marked `webmcp`) and offer page tools to the model; false turns both off. */
  webmcp: z.optional(z.union([z.boolean(), z.strictObject({ name: z.optional(z.string()), description: z.optional(z.string()) })])),
  disableBuiltinActions: z.optional(z.array(z.string())),
  destructivePatterns: z.optional(z.array(z.union([z.string(), z.instanceof(RegExp)]))),
  /** Other origins actions may go to or send data to; the page's own origin is always allowed. */
  allowedOrigins: z.optional(z.array(z.string().check(z.regex(/^https?:\/\/[^/?#\s]+\/?$/i, 'an origin such as "https://pay.example.com"')))),
  /** When the visitor is asked first: before consequential effects (default), also before every submission, or before every action. */
  confirmPolicy: z.optional(z.enum(['consequential', 'every-submission', 'every-action'])),
  /** A click that would open a page of the site in a new tab opens it in this tab (default) and the task goes on there. */
  newTabLinks: z.optional(z.enum(['this-tab', 'new-tab'])),
  sessionStorageKey: z.optional(z.string().check(z.minLength(1))),
  sessionContinuityMs: z.optional(z.int().check(z.gte(0))),
  domMaxLength: z.optional(z.int().check(z.gte(500))),
  domFilter: z.optional(fn<(element: Element) => boolean>()),
  strings: z.optional(z.record(z.string(), z.string())),
  /** Opens the prompt from anywhere in the page, e.g. "Mod+Shift+K" (Mod: Ctrl or ⌘); "none" or null turns it off. */
  shortcut: z.optional(
    z.union([
      z.null(),
      z.string().check(
        z.regex(
          /^(none|((mod|ctrl|control|meta|cmd|command|alt|option|shift)\s*\+\s*)+[^+\s]+|f([1-9]|1[0-2]))$/i,
          'a key combination with a modifier such as "Mod+Shift+K" or "Alt+J", an F-key, or "none"',
        ),
      ),
    ]),
  ),
  /** A string replaces the default prompt; a function gets (context, defaultPrompt) and returns the prompt. */
  systemPrompt: z.optional(z.union([z.string(), fn<(context: SystemPromptContext, defaultPrompt: string) => string>()])),
  /** A ready provider, or a router of providers / model specs by role. */
  llm: z.optional(z.union([provider, z.strictObject({ default: z.optional(providerOrSpec), withSelection: z.optional(providerOrSpec), planner: z.optional(providerOrSpec) })])),
  brand: z.optional(brand),
  planner: z.optional(z.union([z.boolean(), fn<PlannerFunction>()])),
  announcePlan: z.optional(z.boolean()),
  crossTabSync: z.optional(z.boolean()),
  sessionScope: z.optional(z.enum(['time', 'palette'])),
  maxTurnsInPrompt: z.optional(positiveInt(1000)),
  maxPromptTokens: z.optional(z.int().check(z.gte(1000))),
  /** Tokens one run may use (prompt + completion, as the server reports them); the run stops there. */
  tokenBudget: z.optional(z.int().check(z.gte(1000))),
  defaultPauseNote: z.optional(z.string()),
  screenshot: z.optional(z.union([z.boolean(), z.strictObject({ capture: fn<ScreenshotCapture>(), detail: z.optional(z.enum(['low', 'high', 'auto'])) })])),
  onLoopEnd: z.optional(onLoopEnd),
  /** Exposes window.__webAgentDebug (last request, turn log) and logs each turn to the console. */
  debug: z.optional(z.boolean()),
  /** Elements never shown to the model; the element passes its own UI. */
  exclude: z.optional(fn<() => Element[]>()),
});

export type WebAgentOptions = z.infer<typeof configSchema>;
export type DeclaredAction = z.infer<typeof declaredAction>;
export type DeclaredRecording = z.infer<typeof declaredRecording>;

export type ConfigCheck = { ok: true; config: WebAgentOptions } | { ok: false; message: string };

/** Validates host input; the message names each bad field and what it should be. */
export function checkConfig(input: unknown): ConfigCheck {
  const result = z.safeParse(configSchema, input);
  if (result.success) {
    if (result.data.apiKey && !result.data.dangerouslyAllowApiKey) {
      return {
        ok: false,
        message:
          'Invalid web-agent config — "apiKey" is refused: a key in the page is readable by every visitor. Keep it on your server behind `endpoint` (a proxy that adds it), or, for a local experiment only, also set `dangerously-allow-api-key`.',
      };
    }
    if (result.data.screenshot === true) {
      return {
        ok: false,
        message:
          'Invalid web-agent config — "screenshot" needs a capture function, e.g. el.config = { screenshot: { capture: async () => dataUrl } }: browsers give a page no screenshot API of its own.',
      };
    }
    const repeated = firstRepeat('toolDefinitions', result.data.toolDefinitions) ?? firstRepeat('recordings', result.data.recordings);
    if (repeated) return { ok: false, message: `Invalid web-agent config — "${repeated}" repeats an earlier name; each name may appear once.` };
    return { ok: true, config: result.data };
  }
  const problems = result.error.issues.map(describeIssue);
  return { ok: false, message: `Invalid web-agent config — ${problems.join('; ')}` };
}

/** The path of the first entry whose name (case aside) an earlier one already has. */
function firstRepeat(list: string, entries: Array<{ name: string }> | undefined): string | undefined {
  const names = entries?.map((entry) => entry.name.trim().toLowerCase()) ?? [];
  const index = names.findIndex((name, at) => names.indexOf(name) !== at);
  return index < 0 ? undefined : `${list}.${index}.name`;
}

/**
 * zod/mini ships without its English messages (they would double its size in the page), so the
 * few issue kinds a config can raise are spelled out here.
 */
function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.join('.');
  const at = path ? `"${path}"` : 'config';
  switch (issue.code) {
    case 'unrecognized_keys':
      return `${at} has unknown option${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
    case 'invalid_type':
      return `${at} should be ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}`;
    case 'too_small':
      return `${at} should be at least ${issue.minimum}${issue.origin === 'string' ? ' characters long' : ''}`;
    case 'too_big':
      return `${at} should be at most ${issue.maximum}${issue.origin === 'string' ? ' characters long' : ''}`;
    case 'invalid_value':
      return `${at} should be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_union':
      return `${at} does not have any of the accepted forms`;
    default:
      return `${at}: ${issue.message && issue.message !== 'Invalid input' ? issue.message : 'invalid value'}`;
  }
}
