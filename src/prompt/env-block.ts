import { fenceSafeLine } from './untrusted.js';

export interface EnvBlockInput {
  url: string;
  title: string;
  dump: string;
}

/**
 * The last user message of every request: it changes each turn, so it stays out of the cached
 * system block and out of history. The dump is fenced; the snapshot has already neutralised any
 * fence marker inside page text, so the page cannot end the fence early. The title is page text
 * too (a forum sets it to a thread's subject), so it opens the fenced block rather than sitting
 * next to the URL, where it would read as ours.
 */
export function buildEnvBlock({ url, title, dump }: EnvBlockInput): string {
  return `# Current page\n- URL: ${url}\n\n<page-dom>\n- Title: ${fenceSafeLine(title)}\n${dump}\n</page-dom>`;
}

/**
 * The user's request as it goes into history. A selection is not part of it any more: the caller
 * pushes `buildSelectionBlock(selection)` as a separate user message right after this one.
 */
export function buildTaskMessage(task: string): string {
  return task;
}
