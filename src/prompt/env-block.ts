export interface EnvBlockInput {
  url: string;
  title: string;
  dump: string;
}

/**
 * The last user message of every request: it changes each turn, so it stays out of the cached
 * system block and out of history. The dump is fenced; the snapshot has already neutralised any
 * fence marker inside page text, so the page cannot end the fence early.
 */
export function buildEnvBlock({ url, title, dump }: EnvBlockInput): string {
  return `# Current page\n- URL: ${url}\n- Title: ${title.replace(/[<>\n\r]/g, ' ')}\n\n<page-dom>\n${dump}\n</page-dom>`;
}

/**
 * The user's request as it goes into history. A selection is not part of it any more: the caller
 * pushes `buildSelectionBlock(selection)` as a separate user message right after this one.
 */
export function buildTaskMessage(task: string): string {
  return task;
}
