// Reads a chat-completions reply as it passes through the proxy to the page, without changing a
// byte of it: the server's `usage`, the model it named, the agent_turn arguments (the model's
// envelope) and any error. Streams (SSE) and whole JSON replies alike.

/** @returns {{ push(chunk: Buffer | string): void, finish(): ReplySummary }} */
export function createReplyReader() {
  const decoder = new TextDecoder();
  let buffer = '';
  let whole = '';
  let streamed = false;
  /** @type {ReplySummary} */
  const summary = { model: undefined, usage: undefined, envelope: '', text: '', error: undefined };

  const onEvent = (data) => {
    if (data === '[DONE]') return;
    let chunk;
    try {
      chunk = JSON.parse(data);
    } catch {
      summary.error ??= `The stream carried a line that is not JSON: ${data.slice(0, 120)}`;
      return;
    }
    read(chunk, summary);
  };

  return {
    push(chunk) {
      const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      // A JSON reply opens with "{"; a stream with a field or a comment line ("data:", ": keep-alive").
      if (!streamed && !whole.trim() && text.trim()) streamed = !text.trimStart().startsWith('{');
      if (!streamed) {
        whole += text;
        return;
      }
      buffer += text;
      let end;
      while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
        const data = event
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (data) onEvent(data);
      }
    },
    finish() {
      if (!streamed && whole.trim()) {
        try {
          const body = JSON.parse(whole);
          read(body, summary);
          const message = body.choices?.[0]?.message;
          summary.envelope ||= message?.tool_calls?.[0]?.function?.arguments ?? '';
          summary.text ||= typeof message?.content === 'string' ? message.content : '';
        } catch {
          summary.error ??= `The reply was neither a stream nor JSON: ${whole.slice(0, 120)}`;
        }
      }
      return summary;
    },
  };
}

/**
 * @typedef {object} ReplySummary
 * @property {string | undefined} model
 * @property {{ promptTokens: number, completionTokens: number } | undefined} usage   as the server reported it
 * @property {string} envelope   the first tool call's arguments, as sent
 * @property {string} text       plain content (servers that answer in text instead of a tool call)
 * @property {string | undefined} error
 */

function read(chunk, summary) {
  if (typeof chunk.model === 'string') summary.model ??= chunk.model;
  if (chunk.error) summary.error ??= chunk.error.message ?? JSON.stringify(chunk.error);
  const usage = chunk.usage;
  if (usage && typeof usage.prompt_tokens === 'number') {
    summary.usage = { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens ?? 0 };
  }
  const delta = chunk.choices?.[0]?.delta;
  if (!delta) return;
  if (typeof delta.content === 'string') summary.text += delta.content;
  const call = delta.tool_calls?.find((candidate) => (candidate.index ?? 0) === 0);
  if (typeof call?.function?.arguments === 'string') summary.envelope += call.function.arguments;
}
