
import type { AgentSession } from '../agent-session.js';
import type { WebAgentOptions } from '../config.js';
import type { ItemOutcome } from '../turn-executor.js';
import type { Recorder } from './recorder.js';
import type { Recording } from './recording.js';

/**
 * The core's side of recordings. Only hosts that make recordings turn `record` on (most visitors'
 * runs are never exported), so the recorder is a chunk of its own, fetched as the core starts and
 * awaited before a run's first action. A recorded run is a typed task or a replay; a host's direct
 * actions are not runs and are not recorded.
 */
export class RunRecording {
  #config: WebAgentOptions;
  #recorder?: Recorder;
  #paths?: typeof import('./recording-paths.js');
  #loading?: Promise<unknown>;

  constructor(config: WebAgentOptions) {
    this.#config = config;
  }

  load(): Promise<unknown> {
    this.#loading ??= import('./recording-paths.js').then(
      (paths) => {
        this.#paths = paths;
        this.#recorder = new paths.Recorder(() => paths.pageScope(this.#config));
      },
      (error: unknown) => console.warn('[web-agent] Runs will not be recorded: the recorder did not load.', error),
    );
    return this.#loading;
  }

  /** The recorder, for a run that is recorded. */
  recorderFor(session: AgentSession | undefined): Recorder | undefined {
    return session?.recording ? this.#recorder : undefined;
  }

  observe(session: AgentSession, outcome: ItemOutcome): void {
    if (session.recording) this.#recorder?.outcome(session.recording, outcome);
  }

  /** The last finished run as a recording (see recording-export.ts); undefined until the recorder has loaded. */
  export(session: AgentSession | null, options: { name?: string; task?: string }): Recording | undefined {
    return this.#paths?.exportRecording(session, options);
  }
}
