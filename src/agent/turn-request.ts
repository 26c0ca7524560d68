import type { ActionRegistry } from '../actions/index.js';
import { snapshotPageSliced } from '../dom/snapshot-page.js';
import type { ContentPart, LLMMessage, LLMProvider } from '../llm/types.js';
import { buildEnvBlock } from '../prompt/env-block.js';
import { buildSystemPrompt, type HostSections } from '../prompt/system-prompt.js';
import { capHistory } from '../prompt/history.js';
import { resolveSystemPrompt } from '../prompt/override.js';
import type { SelectionInput } from '../prompt/selection.js';
import type { AgentSession } from './agent-session.js';
import { WebAgentError } from './agent-error.js';
import type { WebAgentOptions } from './config.js';
import { defaults } from './defaults.js';
import type { MakePlanInput } from './plan-task.js';
import type { PreparedRequest } from './run-loop.js';

/**
 * What the model is sent each turn (and the planner before the first): the system block (byte-stable for a session), the conversation
 * capped to the configured budget, and last the current page, with a screenshot when the host
 * supplies one. A host piece that fails (systemPrompt, the capture) is reported and left out.
 */
export class TurnRequests {
  #config: WebAgentOptions;
  #actions: ActionRegistry;
  #report: (error: WebAgentError) => void;
  #hostSectionsCode?: Promise<typeof import('../prompt/host-sections.js')>;

  constructor(config: WebAgentOptions, actions: ActionRegistry, report: (error: WebAgentError) => void) {
    this.#config = config;
    this.#actions = actions;
    this.#report = report;
  }

  get locale(): string {
    return this.#config.locale ?? navigator.language;
  }

  /**
   * The page as the model reads it, taken in slices so the visitor's input is never held up; `peek`
   * leaves the new-element marks for the next real look.
   */
  snapshot(peek = false) {
    return snapshotPageSliced({
      maxLength: this.#config.domMaxLength ?? defaults.domMaxLength,
      filter: this.#config.domFilter,
      exclude: this.#config.exclude?.(),
      peek,
    });
  }

  /**
   * The host's persona, brand and site map as prompt text, or nothing when it set none: the code
   * that renders them loads with the first one set (a failed download is tried again next time).
   */
  async hostSections(): Promise<HostSections | undefined> {
    const { persona, brand, sitemap, agentName = defaults.agentName, siteName } = this.#config;
    if (persona === undefined && !brand && !sitemap) return undefined;
    this.#hostSectionsCode ??= import('../prompt/host-sections.js').catch((error: unknown) => {
      this.#hostSectionsCode = undefined;
      throw error;
    });
    return (await this.#hostSectionsCode).hostSections({ agentName, siteName, persona, brand, sitemap });
  }

  async systemPrompt(session: AgentSession, envelopeRules?: string): Promise<string> {
    const config = this.#config;
    const tools = this.#actions.toolReference(config.actionOverrides);
    const context = { agentName: config.agentName ?? defaults.agentName, siteName: config.siteName, date: session.date, locale: this.locale, toolNames: tools.map((tool) => tool.name) };
    const base = buildSystemPrompt({
      ...context,
      host: await this.hostSections(),
      tools,
      appendSystemPrompt: config.appendSystemPrompt,
      envelopeRules,
    });
    const resolved = resolveSystemPrompt(config.systemPrompt, context, base);
    if (resolved.problem) this.#report(new WebAgentError('config', `systemPrompt: ${resolved.problem}; the default prompt is used.`));
    return resolved.text;
  }

  /** `envelopeRules`: the `# How to answer` rules of the envelope in use, when not the plain one. */
  async prepare(session: AgentSession, envelopeRules?: string): Promise<PreparedRequest> {
    const system = await this.systemPrompt(session, envelopeRules);
    const snapshot = await this.snapshot();
    const env = buildEnvBlock({ url: snapshot.url, title: snapshot.title, dump: snapshot.text });
    // The dump's allowance rather than its length this turn: cut points then stay put while the
    // page changes, which keeps the request prefix (and the provider's cache) stable.
    const capped = capHistory(session.history, {
      maxTurns: this.#config.maxTurnsInPrompt,
      maxTokens: this.#config.maxPromptTokens,
      fixedChars: system.length + (this.#config.domMaxLength ?? defaults.domMaxLength) + 200,
    });
    const screenshot = await this.#screenshot();
    const envContent: string | ContentPart[] = screenshot ? [{ type: 'text', text: env }, screenshot] : env;
    const messages: LLMMessage[] = [{ role: 'system', content: system }, ...capped.messages, { role: 'user', content: envContent }];
    const promptChars = () => system.length + env.length + capped.messages.reduce((sum, message) => sum + JSON.stringify(message).length, 0);
    return { messages, promptChars };
  }

  /** What the planner reads: the task and the page, with the prompt's host parts. */
  async planRequest(
    session: AgentSession,
    { task, selection, selectionBlock, provider, signal }: { task: string; selection?: SelectionInput; selectionBlock?: string | ContentPart[]; provider: LLMProvider; signal: AbortSignal },
  ): Promise<MakePlanInput> {
    const config = this.#config;
    // The turn model never sees the planner's page, so its first page still marks nothing as new.
    const snapshot = await this.snapshot(true);
    return {
      planner: config.planner!,
      provider,
      input: { task, url: snapshot.url, title: snapshot.title, dump: snapshot.text, selection },
      prompt: {
        agentName: config.agentName ?? defaults.agentName,
        siteName: config.siteName,
        date: session.date,
        locale: this.locale,
        selectionBlock,
        sitemapText: (await this.hostSections())?.sitemap,
      },
      signal,
      idleMs: config.llmTimeoutMs ?? defaults.llmTimeoutMs,
    };
  }

  async #screenshot(): Promise<ContentPart | undefined> {
    const option = this.#config.screenshot;
    if (!option || option === true) return undefined;
    try {
      const url = await option.capture();
      return url ? { type: 'image_url', image_url: { url, detail: option.detail ?? 'low' } } : undefined;
    } catch (error) {
      this.#report(new WebAgentError('config', `The screenshot capture function failed; this turn goes without one: ${(error as Error)?.message ?? error}`, { cause: error }));
      return undefined;
    }
  }
}
