import * as z from 'zod/mini';
import type { LLMProvider } from '../llm/types.js';

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

/** A host action declared as data (JSON child): the element asks the host to run it. */
const declaredAction = z.object({
  name: z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}$/i, 'letters, digits and underscores, starting with a letter')),
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
});

/**
 * Everything a host can configure, from attributes, the JSON child or the `config` property.
 * Strict: a misspelt option is an error that names it, not a silent no-op.
 */
export const configSchema = z.strictObject({
  endpoint: z.optional(z.string().check(z.minLength(1))),
  model: z.optional(z.string().check(z.minLength(1))),
  apiKey: z.optional(z.string()),
  agentName: z.optional(z.string().check(z.minLength(1), z.maxLength(60))),
  siteName: z.optional(z.string().check(z.maxLength(120))),
  locale: z.optional(z.string().check(z.regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'a BCP 47 tag such as "en" or "zh-TW"'))),
  maxSteps: z.optional(positiveInt(500)),
  maxErrors: z.optional(positiveInt(50)),
  llmTimeoutMs: z.optional(z.int().check(z.gte(1000))),
  thinking: z.optional(z.enum(['off', 'low', 'medium', 'high'])),
  persona: z.optional(z.string()),
  appendSystemPrompt: z.optional(z.string()),
  sitemap: z.optional(z.union([z.array(sitemapEntry), sitemapNode])),
  actionOverrides: z.optional(
    z.record(z.string(), z.strictObject({ description: z.optional(z.string()), appendDescription: z.optional(z.string()) })),
  ),
  customActions: z.optional(z.array(declaredAction)),
  disableBuiltinActions: z.optional(z.array(z.string())),
  destructivePatterns: z.optional(z.array(z.union([z.string(), z.instanceof(RegExp)]))),
  sessionStorageKey: z.optional(z.string().check(z.minLength(1))),
  sessionContinuityMs: z.optional(z.int().check(z.gte(0))),
  domMaxLength: z.optional(z.int().check(z.gte(500))),
  domFilter: z.optional(fn<(element: Element) => boolean>()),
  strings: z.optional(z.record(z.string(), z.string())),
  systemPrompt: z.optional(z.union([z.string(), fn<(defaultPrompt: string) => string>()])),
  llm: z.optional(
    z.custom<LLMProvider>((value) => typeof (value as LLMProvider | null)?.streamTurn === 'function', {
      message: 'expected an LLMProvider (an object with streamTurn)',
    }),
  ),
  /** Elements never shown to the model; the element passes its own UI. */
  exclude: z.optional(fn<() => Element[]>()),
});

export type WebAgentOptions = z.infer<typeof configSchema>;
export type DeclaredAction = z.infer<typeof declaredAction>;

export type ConfigCheck = { ok: true; config: WebAgentOptions } | { ok: false; message: string };

/** Validates host input; the message names each bad field and what it should be. */
export function checkConfig(input: unknown): ConfigCheck {
  const result = z.safeParse(configSchema, input);
  if (result.success) return { ok: true, config: result.data };
  const problems = result.error.issues.map(describeIssue);
  return { ok: false, message: `Invalid web-agent config — ${problems.join('; ')}` };
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
