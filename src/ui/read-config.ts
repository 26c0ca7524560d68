import { checkConfig, type ConfigCheck, type WebAgentOptions } from '../agent/config.js';

/** Attributes a host can set in HTML, and the option each one feeds. */
export const configAttributes = {
  endpoint: 'endpoint',
  model: 'model',
  'api-key': 'apiKey',
  'agent-name': 'agentName',
  'site-name': 'siteName',
  locale: 'locale',
  'max-steps': 'maxSteps',
} as const satisfies Record<string, keyof WebAgentOptions>;

const numericOptions = new Set<string>(['maxSteps']);

/**
 * Merges the three configuration sources: the JSON child (data), then attributes (simple values
 * in HTML), then the `config` property (which may hold functions), each overriding the one before.
 */
export function readConfig(element: HTMLElement, property: Record<string, unknown> | undefined): ConfigCheck {
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
    fromAttributes[option] = numericOptions.has(option) && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  }
  return checkConfig({ ...fromJson, ...fromAttributes, ...property });
}
