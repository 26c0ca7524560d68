import type { TargetScope } from '../../dom/target-description.js';
import type { AgentSession } from '../agent-session.js';
import type { DeclaredRecording } from '../config.js';
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
  #scope: () => TargetScope;
  #recorder?: Recorder;
  #paths?: typeof import('./recording-paths.js');
  #loading?: Promise<unknown>;

  constructor(scope: () => TargetScope) {
    this.#scope = scope;
  }

  load(): Promise<unknown> {
    this.#loading ??= import('./recording-paths.js').then(
      (paths) => {
        this.#paths = paths;
        this.#recorder = new paths.Recorder(this.#scope);
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

/** The declared recording a request names (its name or its task, whatever the case, spacing and closing punctuation). */
export function declaredRecording(recordings: readonly DeclaredRecording[] | undefined, request: string): Recording | undefined {
  const wanted = comparable(request);
  const found = recordings?.find((recording) => comparable(recording.name) === wanted || (typeof recording.task === 'string' && comparable(recording.task) === wanted));
  return found as Recording | undefined;
}

/** For a message about a name that matched nothing. */
export function declaredNames(recordings: readonly DeclaredRecording[] | undefined): string {
  const names = recordings?.map((recording) => `"${recording.name}"`) ?? [];
  return names.length ? ` (declared: ${names.join(', ')})` : ' (none is declared in the configuration)';
}

function comparable(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(/[\s.!?。！？]+$/u, '').trim();
}
