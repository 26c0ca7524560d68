export { WebAgentElement } from './ui/web-agent-element.js';
export type { WebAgentEventMap, CustomActionDetail, ReadyDetail } from './ui/events.js';
export { webAgentContext } from './ui/context/web-agent-context.js';
export type { OverlayItem, PendingQuestion, SubtitleDisplay, WebAgentContext } from './ui/context/web-agent-context.js';
export { WebAgent } from './agent/web-agent.js';
export type { WebAgentConfig } from './agent/web-agent.js';
export type { RunOptions } from './agent/run-options.js';
export { WebAgentError } from './agent/agent-error.js';
export type { AgentSession, AgentStatus, SessionPlan, SessionUsage, TranscriptEntry } from './agent/agent-session.js';
export type { TurnLogEntry, TurnTimings, WebAgentDebug } from './agent/debug-log.js';
export type {
  AgentFeedbackDetail,
  LoopEnding,
  StatusDetail,
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
export type { PlanInput, PlannerFunction, ScreenshotCapture, TaskPlan, WebAgentOptions } from './agent/config.js';
export type { BrandPrompt, PersonaConfig, SelectionInput, SitemapConfig, SystemPromptContext, SystemPromptOverride } from './prompt/index.js';
export { defineAction, ActionRegistry, defaultDestructivePatterns, failed, succeeded } from './actions/index.js';
export type { ActionContext, ActionDefinition, ActionResult, AskUserRequest } from './actions/index.js';
export { OpenAIProvider } from './llm/openai-provider.js';
export { LLMError, isLLMProvider, isLLMRouter, pickProvider } from './llm/index.js';
export type { ContentPart, LLMMessage, LLMProvider, LLMRole, LLMRouter, LLMSource, StreamPart, TokenUsage, ToolMode, TurnRequest } from './llm/index.js';
export { snapshotPage, resolveElement } from './dom/index.js';
export type { PageSnapshot, SnapshotOptions } from './dom/index.js';
