import { toJson } from '../dom/platform.js';
import { OpenAIProvider } from '../llm/openai-provider.js';
import { isLLMProvider, type LLMRouter } from '../llm/router.js';
import type { LLMProvider } from '../llm/types.js';
import { WebAgentError } from './agent-error.js';
import type { WebAgentOptions } from './config.js';

type ModelSpec = { endpoint?: string; model?: string; thinking?: 'off' | 'low' | 'medium' | 'high' };

/** Providers by role: a ready provider or router from the config, or ones built from endpoint/model specs. */
export function makeProviders(config: WebAgentOptions, defaultModel: string): LLMRouter {
  const llm = config.llm;
  if (llm && isLLMProvider(llm)) return { default: llm };
  const router = (llm ?? {}) as Partial<Record<'default' | 'withSelection' | 'planner', LLMProvider | ModelSpec>>;
  const build = (spec: LLMProvider | ModelSpec | undefined): LLMProvider => {
    if (spec && isLLMProvider(spec)) return spec;
    const endpoint = spec?.endpoint ?? config.endpoint;
    if (!endpoint) {
      throw new WebAgentError('config', 'No model endpoint: set the `endpoint` attribute (e.g. endpoint="/api/llm/v1", a proxy that holds the API key) or pass `llm`.');
    }
    return new OpenAIProvider({ baseURL: endpoint, model: spec?.model ?? config.model ?? defaultModel, apiKey: config.apiKey, thinking: spec?.thinking ?? config.thinking, encode: toJson });
  };
  if (config.apiKey) {
    console.warn('[web-agent] An API key is set in the page: every visitor can read it. Use an `endpoint` proxy that adds the key on the server.');
  }
  return {
    default: build(router.default),
    withSelection: router.withSelection && build(router.withSelection),
    planner: router.planner && build(router.planner),
  };
}
