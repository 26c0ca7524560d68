import type { ModelContext, ModelContextTool, PageTool, RegisteredTool } from './model-context.js';

/**
 * Keeps the list of tools the page registers through WebMCP while the element is on the page, and
 * reports it whenever it changes. Nothing here reads their words: that happens in the agent core
 * (page-tools.ts), which cleans and fences them as page content.
 */
export class PageToolWatch {
  #context: ModelContext;
  #ours: (name: string) => boolean;
  #report: (tools: PageTool[]) => void;
  #tools = new Map<string, PageTool>();
  #stop: () => void = () => {};

  constructor(context: ModelContext, ours: (name: string) => boolean, report: (tools: PageTool[]) => void) {
    this.#context = context;
    this.#ours = ours;
    this.#report = report;
  }

  start(): void {
    const context = this.#context;
    if (typeof context.getTools === 'function') {
      // The draft lets an in-page agent list the page's tools and hear when they change.
      const refresh = () => void this.#refresh();
      context.addEventListener?.('toolchange', refresh);
      this.#stop = () => context.removeEventListener?.('toolchange', refresh);
      refresh();
    } else {
      this.#stop = this.#intercept();
    }
  }

  stop(): void {
    this.#stop();
    this.#tools.clear();
    this.#report([]);
  }

  async #refresh(): Promise<void> {
    const context = this.#context;
    let listed: RegisteredTool[];
    try {
      listed = await context.getTools!();
    } catch (error) {
      console.warn('[web-agent] Could not list the page’s WebMCP tools.', error);
      return;
    }
    this.#tools.clear();
    for (const tool of listed) {
      if (this.#ours(tool.name)) continue;
      this.#tools.set(tool.name, { ...describe(tool), call: (input, signal) => executeListed(context, tool, input, signal) });
    }
    this.#report([...this.#tools.values()]);
  }

  /**
   * The earlier shape cannot list tools: registrations are seen as they happen, by wrapping the
   * page's `registerTool` / `unregisterTool` until the element leaves. Returns the undo.
   */
  #intercept(): () => void {
    const context = this.#context as ModelContext & Record<string, unknown>;
    const own = { register: Object.getOwnPropertyDescriptor(context, 'registerTool'), unregister: Object.getOwnPropertyDescriptor(context, 'unregisterTool') };
    const register = context.registerTool;
    const unregister = context.unregisterTool;
    const remove = (name: string) => {
      if (this.#tools.delete(name)) this.#report([...this.#tools.values()]);
    };
    context.registerTool = (tool: ModelContextTool, options?: { signal?: AbortSignal }) => {
      const registered = register.call(context, tool, options);
      if (!this.#ours(tool?.name)) {
        void Promise.resolve(registered).then(
          () => {
            const call = (input: Record<string, unknown>, signal: AbortSignal) =>
              Promise.resolve(tool.execute(input, { signal, requestUserInteraction: (callback: () => unknown) => callback() }));
            this.#tools.set(tool.name, { ...describe(tool), call });
            this.#report([...this.#tools.values()]);
            options?.signal?.addEventListener('abort', () => remove(tool.name), { once: true });
          },
          () => undefined,
        );
      }
      return registered;
    };
    context.unregisterTool = (name: string) => {
      remove(name);
      return unregister?.call(context, name);
    };
    return () => {
      restore(context, 'registerTool', own.register);
      restore(context, 'unregisterTool', own.unregister);
    };
  }
}

function describe(tool: RegisteredTool): Omit<PageTool, 'call'> {
  return { name: String(tool.name), title: tool.title, description: String(tool.description ?? ''), inputSchema: tool.inputSchema, readOnly: tool.annotations?.readOnlyHint === true };
}

/**
 * Runs a listed tool. The draft passes the arguments as an object; Chromium and the polyfills
 * that follow it take JSON text. Text first; a TypeError (the object the IDL expects) retries
 * with the object, before anything ran.
 */
async function executeListed(context: ModelContext, tool: RegisteredTool, input: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
  try {
    return await context.executeTool!(tool, JSON.stringify(input), { signal });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return context.executeTool!(tool, input, { signal });
  }
}

function restore(target: Record<string, unknown>, key: string, descriptor: PropertyDescriptor | undefined): void {
  if (descriptor) Object.defineProperty(target, key, descriptor);
  else delete target[key];
}
