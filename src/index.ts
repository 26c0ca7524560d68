export { WebAgentElement } from './ui/web-agent-element.js';
export type { WebAgentEventMap, CustomActionDetail, ReadyDetail } from './ui/events.js';
export { WebAgent } from './agent/web-agent.js';
export type { RunOptions, WebAgentConfig } from './agent/web-agent.js';
export { WebAgentError } from './agent/agent-error.js';
export type { AgentSession, AgentStatus } from './agent/agent-session.js';
export type {
  AgentEventMap,
  AgentEventName,
  AgentEventHandler,
  AskUserDetail,
  BeforeActionDetail,
  ConfirmActionDetail,
  DoneDetail,
  ErrorDetail,
  NavigateDetail,
  StepDetail,
  SubtitleDetail,
} from './agent/agent-events.js';
export { checkConfig } from './agent/config.js';
export type { WebAgentOptions } from './agent/config.js';
export { defineAction, ActionRegistry, defaultDestructivePatterns, failed, succeeded } from './actions/index.js';
export type { ActionContext, ActionDefinition, ActionResult, AskUserRequest } from './actions/index.js';
export { OpenAIProvider } from './llm/openai-provider.js';
export { LLMError } from './llm/llm-error.js';
export type { LLMMessage, LLMProvider, StreamPart, TokenUsage, TurnRequest } from './llm/types.js';
export { snapshotPage, resolveElement } from './dom/index.js';
export type { PageSnapshot, SnapshotOptions } from './dom/index.js';
