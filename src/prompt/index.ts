export { buildSystemPrompt } from './system-prompt.js';
export type { SystemPromptInput } from './system-prompt.js';
export { buildEnvBlock, buildTaskMessage } from './env-block.js';
export type { SelectionInput } from './env-block.js';
export { renderSitemap } from './sitemap.js';
export type { SitemapConfig, SitemapEntry, SitemapNode } from './sitemap.js';
export { AGENT_TURN_TOOL, agentTurnSchema, agentTurnTool } from './agent-turn.js';
export type { AgentTurn, TurnItem } from './agent-turn.js';
