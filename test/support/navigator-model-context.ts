// A test double of WebMCP's earlier shape, written to its IDL as the issue states it (Chrome's
// origin trial): `navigator.modelContext.registerTool({ name, description, inputSchema, execute,
// annotations: { readOnlyHint } })` and `unregisterTool(name)`, with no way for the page to list
// tools. The current draft is covered by the @mcp-b/webmcp-polyfill package instead; no package
// implements this earlier shape any more. `call` plays the browser's agent calling a tool.

interface Tool {
  name: string;
  description: string;
  inputSchema?: object;
  execute(input: Record<string, unknown>, client: { requestUserInteraction(callback: () => unknown): Promise<unknown> }): unknown;
  annotations?: { readOnlyHint?: boolean };
}

export class NavigatorModelContext {
  readonly tools = new Map<string, Tool>();

  registerTool(tool: Tool): void {
    if (!tool || typeof tool.name !== 'string' || !/^[A-Za-z0-9_.-]{1,128}$/.test(tool.name)) throw new DOMException('Invalid tool name', 'InvalidStateError');
    if (typeof tool.description !== 'string' || !tool.description) throw new DOMException('A tool needs a description', 'InvalidStateError');
    if (typeof tool.execute !== 'function') throw new TypeError('execute must be a function');
    if (this.tools.has(tool.name)) throw new DOMException(`A tool named "${tool.name}" is already registered`, 'InvalidStateError');
    this.tools.set(tool.name, tool);
  }

  unregisterTool(name: string): void {
    this.tools.delete(name);
  }

  /** The browser's side: what its agent gets back from calling a tool. */
  async call(name: string, input: Record<string, unknown>): Promise<unknown> {
    const tool = this.tools.get(name);
    if (!tool) throw new DOMException(`No tool "${name}"`, 'NotFoundError');
    return tool.execute(input, { requestUserInteraction: async (callback) => callback() });
  }
}

/** Puts a fresh double on `navigator.modelContext`; the returned function takes it away again. */
export function installNavigatorModelContext(): { context: NavigatorModelContext; remove(): void } {
  const context = new NavigatorModelContext();
  Object.defineProperty(navigator, 'modelContext', { value: context, configurable: true });
  return { context, remove: () => void delete (navigator as { modelContext?: unknown }).modelContext };
}
