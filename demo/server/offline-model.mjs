// The demo's offline "model": a rule-based stand-in that speaks the OpenAI chat-completions wire
// protocol, so the page runs the real `openai` client, streaming and all, with no API key.
// It streams its agent_turn at a human pace so the narration visibly types while it "thinks".
import {
  completion,
  corsHeaders,
  newCallId,
  newCompletionId,
  readJsonBody,
  sleep,
  startStream,
  streamToolCall,
} from '../../test/support/openai-sse.mjs';
import { readConversation } from './conversation.mjs';
import { decideTurn } from './offline-planner.mjs';

export { decideTurn };

/** Pace of the stream: about 250 characters a second, like a fast hosted model. */
const PACE = { chunkChars: 8, delayMs: 30, thinkMs: 350 };

/** Answers one `POST …/chat/completions`; `pace` can be zeroed by tests. */
export async function answerChatCompletion(req, res, { pace = PACE } = {}) {
  const body = await readJsonBody(req);
  if (!Array.isArray(body?.messages)) {
    return sendError(res, req, 400, 'Expected a chat.completions request with a `messages` array.');
  }
  const turn = decideTurn(body);
  const args = JSON.stringify(turn);
  const model = typeof body.model === 'string' ? `${body.model} (offline demo)` : 'offline-demo';
  const name = readConversation(body).toolName;

  const gone = new AbortController();
  res.on('close', () => gone.abort());
  if (body.stream !== true) {
    res.writeHead(200, { ...corsHeaders(req), 'content-type': 'application/json' });
    res.end(JSON.stringify(completion({ id: newCompletionId(), model, toolCall: { callId: newCallId(), name, args } })));
    return;
  }
  startStream(res, corsHeaders(req));
  await sleep(pace.thinkMs, gone.signal);
  await streamToolCall(res, {
    name,
    args,
    model,
    chunkChars: pace.chunkChars,
    delayMs: pace.delayMs,
    includeUsage: body.stream_options?.include_usage === true,
    signal: gone.signal,
  });
}

function sendError(res, req, status, message) {
  res.writeHead(status, { ...corsHeaders(req), 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code: null } }));
}
