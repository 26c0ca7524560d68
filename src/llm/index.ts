// The model layer's light half: types, errors and the router. `openai-provider.ts` is left out on
// purpose: it pulls in the `openai` package, which must stay out of the bundle a page loads up
// front; import it by path (or lazily) where a provider is built.
export type {
  CallOptions,
  ContentPart,
  LLMMessage,
  LLMProvider,
  LLMToolCall,
  StreamPart,
  TokenUsage,
  ToolMode,
  ToolSpec,
  TurnRequest,
} from './types.js';
export { LLMError, LLMErrorKind } from './llm-error.js';
export type { LLMErrorOptions } from './llm-error.js';
export { isLLMProvider, isLLMRouter, pickProvider } from './router.js';
export type { LLMRole, LLMRouter, LLMSource } from './router.js';
