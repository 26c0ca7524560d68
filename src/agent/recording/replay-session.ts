import { WebAgentError } from '../agent-error.js';
import type { AgentSession } from '../agent-session.js';
import type { WebAgentOptions } from '../config.js';
import { pageScope } from './page-scope.js';
import { handOverMessage, replayedNote, runReplay, type ReplayInput } from './replay.js';

export interface ReplaySessionInput extends Omit<ReplayInput, 'state' | 'scope'> {
  config: WebAgentOptions;
  /** Ends the run (`done` event, the closing line). */
  finish(state: AgentSession['state'], summary?: string): Promise<void>;
  /** Runs the model loop on the session: the rest of the task, after a step that could not run. */
  handOver(): Promise<void>;
}

/**
 * A replay from where the session says it is to its end: the next page carries on after a
 * full-page navigation; a stuck step fails the run, or hands the rest to the model.
 */
export async function replaySession(input: ReplaySessionInput): Promise<void> {
  const { session, agent } = input;
  const state = session.replay!;
  const end = await runReplay({ ...input, state, scope: () => pageScope(input.config) });
  if (end.kind === 'navigate') {
    location.assign(end.url);
    return;
  }
  // The next page is loading and resumes the replay: nothing more happens here.
  if (end.kind === 'left') return;
  session.replay = undefined;
  if (end.kind === 'done') {
    session.history.push({ role: 'user', content: replayedNote(state.recording) });
    return input.finish('done');
  }
  if (end.kind === 'stopped') {
    if (end.declined) session.history.push({ role: 'user', content: `(I declined ${end.declined}; stop here.)` });
    return input.finish('stopped', 'stopped by user');
  }
  if (state.fallback === 'model') {
    console.warn(`[web-agent] The replay handed over to the model: ${end.message}`);
    session.history.push({ role: 'user', content: handOverMessage(state.recording, end.step, end.message) });
    input.save();
    return input.handOver();
  }
  agent.reportError(new WebAgentError('replay', end.message));
  return input.finish('failed', end.message);
}
