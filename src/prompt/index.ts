export { buildSystemPrompt, systemPromptContext } from './system-prompt.js';
export type { HostSections, SystemPromptInput, ToolReference } from './system-prompt.js';
export { hostSections, withHostSections } from './host-sections.js';
export type { HostPromptConfig } from './host-sections.js';
export { renderBrand, renderPersona, personaName } from './persona.js';
export type { BrandPrompt, PersonaConfig } from './persona.js';
export { resolveSystemPrompt } from './override.js';
export type { ResolvedSystemPrompt, SystemPromptContext, SystemPromptOverride } from './override.js';
export { toJsonSchema } from './to-json-schema.js';
export type { JsonSchema } from './to-json-schema.js';
export { buildEnvBlock, buildTaskMessage } from './env-block.js';
export type { EnvBlockInput } from './env-block.js';
export { buildSelectionBlock } from './selection.js';
export { fenceSafeLine } from './untrusted.js';
export type { SelectionBlockOptions, SelectionInput } from './selection.js';
export { renderSitemap } from './sitemap.js';
export type { SitemapConfig, SitemapEntry, SitemapNode } from './sitemap.js';
export { AGENT_TURN_TOOL, agentTurnSchema, agentTurnTool, plainEnvelope } from './agent-turn.js';
export type { AgentTurn, TurnEnvelope, TurnItem } from './agent-turn.js';
export { agentTurnPlannedSchema, applyTodoAdjust, planFinished, plannedEnvelope, renderPlan, todoAdjustSchema } from './planned-turn.js';
export type { AgentTurnPlanned, TodoAdjust } from './planned-turn.js';
export type { PlanState, PlanStep, PlanStepStatus } from './plan.js';
export { MAX_PLAN_STEPS, PLAN_TOOL, buildPlannerMessages, planFromReply, planSchema, planTool } from './plan-request.js';
export type { PlanReply, PlannerInput } from './plan-request.js';
export {
  CHARS_PER_TOKEN,
  CUT_TO,
  IMAGE_CHARS,
  capHistory,
  estimateHistoryTokens,
  estimateTokens,
  historyNote,
  messageChars,
} from './history.js';
export type { CapHistoryOptions, CappedHistory, HistoryNote } from './history.js';
export type { ContentPart, PromptMessage, PromptToolCall } from './messages.js';
