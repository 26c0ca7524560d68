/**
 * The WebMCP interface as pages and browsers offer it (webmachinelearning/webmcp). Two shapes are
 * in use: the current draft, on `document.modelContext` (registration ends with an AbortSignal;
 * `getTools()`, `executeTool()` and `toolchange` let an in-page agent see the page's tools), and
 * the earlier one on `navigator.modelContext` (Chrome's origin trial; `unregisterTool(name)`, no
 * way to list tools). Everything optional here is feature-detected.
 */
export interface ModelContextTool {
  name: string;
  title?: string;
  description: string;
  inputSchema?: object;
  execute(input: Record<string, unknown>, client?: unknown): unknown;
  annotations?: { readOnlyHint?: boolean };
}

/** A tool as `getTools()` lists it. */
export interface RegisteredTool {
  name: string;
  title?: string;
  description: string;
  /** An object in the draft; some implementations hand it over as JSON text. */
  inputSchema?: unknown;
  annotations?: { readOnlyHint?: boolean };
}

export interface ModelContext {
  registerTool(tool: ModelContextTool, options?: { signal?: AbortSignal }): Promise<void> | void;
  unregisterTool?(name: string): Promise<void> | void;
  getTools?(): Promise<RegisteredTool[]>;
  executeTool?(tool: RegisteredTool, input?: unknown, options?: { signal?: AbortSignal }): Promise<string | null>;
  addEventListener?(type: 'toolchange', listener: () => void): void;
  removeEventListener?(type: 'toolchange', listener: () => void): void;
}

/**
 * A tool the page registered, as the agent core receives it: the page's words as written (the core
 * cleans and fences them) and a way to call it.
 */
export interface PageTool {
  name: string;
  title?: string;
  description: string;
  inputSchema?: unknown;
  readOnly: boolean;
  call(input: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
}

/** The page's model context; the draft's place first (reading the old one can log a deprecation). */
export function findModelContext(): ModelContext | undefined {
  return (document as { modelContext?: ModelContext }).modelContext ?? (navigator as { modelContext?: ModelContext }).modelContext;
}
