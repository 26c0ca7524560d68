// What a model sees of the page in a recorded request, and the ids in it.

/** The env block (last user message) of a recorded request: the page as the model saw it. */
export function pageSeen(request: { body: { messages?: Array<{ role: string; content?: unknown }> } }): string {
  const messages = request.body.messages ?? [];
  return String(messages[messages.length - 1]?.content ?? '');
}

/** Whether a dump line shows `label`: looked for in its text, not in its id ("2" is in "[a2]" too). */
export const lineShows = (line: string, label: string): boolean => line.replace(/\[[a-z0-9]+\]/g, '').includes(label);

/** The id the dump gives an element: `[abc]` on the line whose text contains `label`. */
export function idInDump(dump: string, label: string): string {
  const line = dump.split('\n').find((candidate) => lineShows(candidate, label) && /\[[a-z0-9]+\]/.test(candidate));
  if (!line) throw new Error(`No indexed line with "${label}" in:\n${dump}`);
  return line.match(/\[[a-z0-9]+\]/)![0];
}
