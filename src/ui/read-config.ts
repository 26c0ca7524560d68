// Type-only imports: the schema and zod arrive with `checkInput`, never with the page itself.
import type { ConfigCheck, WebAgentOptions } from '../agent/config.js';

/** Attributes a host can set in HTML, and the option each one feeds. */
export const configAttributes = {
  endpoint: 'endpoint',
  model: 'model',
  'api-key': 'apiKey',
  'dangerously-allow-api-key': 'dangerouslyAllowApiKey',
  'agent-name': 'agentName',
  'site-name': 'siteName',
  locale: 'locale',
  shortcut: 'shortcut',
  'max-steps': 'maxSteps',
  'max-errors': 'maxErrors',
  'llm-timeout-ms': 'llmTimeoutMs',
  thinking: 'thinking',
  'token-budget': 'tokenBudget',
  'max-turns-in-prompt': 'maxTurnsInPrompt',
  'max-prompt-tokens': 'maxPromptTokens',
  'dom-max-length': 'domMaxLength',
  'session-storage-key': 'sessionStorageKey',
  'session-continuity-ms': 'sessionContinuityMs',
  'session-scope': 'sessionScope',
  'cross-tab-sync': 'crossTabSync',
  planner: 'planner',
  'announce-plan': 'announcePlan',
  'default-pause-note': 'defaultPauseNote',
  debug: 'debug',
  'allowed-origins': 'allowedOrigins',
  'confirm-policy': 'confirmPolicy',
  'new-tab-links': 'newTabLinks',
  record: 'record',
} as const satisfies Record<string, keyof WebAgentOptions>;

const numericOptions = new Set<string>([
  'maxSteps',
  'maxErrors',
  'llmTimeoutMs',
  'tokenBudget',
  'maxTurnsInPrompt',
  'maxPromptTokens',
  'domMaxLength',
  'sessionContinuityMs',
]);
/** Present means true, as for HTML's own boolean attributes; only the word "false" turns one off. */
const booleanOptions = new Set<string>(['dangerouslyAllowApiKey', 'crossTabSync', 'planner', 'announcePlan', 'debug', 'record']);

function attributeValue(option: string, value: string): unknown {
  // A list of origins, separated by spaces or commas as in CSP's source lists.
  if (option === 'allowedOrigins') return value.split(/[\s,]+/).filter(Boolean);
  if (booleanOptions.has(option)) return value.trim().toLowerCase() !== 'false';
  // A number that does not parse is passed on as text, so the check names the attribute's option.
  if (numericOptions.has(option) && /^\s*\d+\s*$/.test(value)) return Number(value);
  return value;
}

/** The host's configuration as written, not yet checked; or why it could not even be read. */
export type ConfigInput = { ok: true; input: Record<string, unknown> } | { ok: false; message: string };

/**
 * Merges the three configuration sources: the JSON child (data), then attributes (simple values
 * in HTML), then the `config` property (which may hold functions), each overriding the one before.
 * Synchronous and schema-free: the element reads it at once, and checks it with {@link checkInput}.
 */
export function mergeConfig(element: HTMLElement, property: Record<string, unknown> | undefined): ConfigInput {
  let fromJson: Record<string, unknown> = {};
  const script = element.querySelector(':scope > script[type="application/json"]');
  if (script?.textContent?.trim()) {
    try {
      const parsed: unknown = JSON.parse(script.textContent);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        return { ok: false, message: 'Invalid web-agent config — the <script type="application/json"> child must hold a JSON object.' };
      }
      fromJson = parsed as Record<string, unknown>;
    } catch (error) {
      return { ok: false, message: `Invalid web-agent config — the <script type="application/json"> child is not valid JSON: ${(error as Error).message}` };
    }
  }
  const fromAttributes: Record<string, unknown> = {};
  for (const [attribute, option] of Object.entries(configAttributes)) {
    const value = element.getAttribute(attribute);
    if (value === null) continue;
    fromAttributes[option] = attributeValue(option, value);
  }
  return { ok: true, input: { ...fromJson, ...fromAttributes, ...property } };
}

/**
 * Validates merged input against the schema. The schema and zod/mini were most of what the page
 * loaded up front, so they are fetched here, in a chunk the agent core shares, while the element
 * already renders. Never rejects: a chunk that fails to load is a config failure too.
 */
export async function checkInput(merged: ConfigInput): Promise<ConfigCheck> {
  if (!merged.ok) return merged;
  try {
    const { checkConfig } = await import('./config-check.js');
    return checkConfig(merged.input);
  } catch (error) {
    return { ok: false, message: `web-agent could not load its configuration check: ${(error as Error).message}` };
  }
}
