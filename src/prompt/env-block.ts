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

export interface SelectionInput {
  text?: string;
  elements?: string[];
}

export function buildTaskMessage(task: string, selection?: SelectionInput): string {
  if (!selection || (!selection.text && !selection.elements?.length)) return task;
  const lines = ['# User selection at invocation'];
  if (selection.text) lines.push(`Selected text: ${selection.text}`);
  if (selection.elements?.length) lines.push(`Selected elements: ${selection.elements.join(', ')}`);
  return `${task}\n\n${lines.join('\n')}`;
}
