import type { TargetScope } from '../../dom/index.js';
import type { AgentSession } from '../agent-session.js';
import type { DeclaredRecording } from '../config.js';
import type { ItemOutcome } from '../turn-executor.js';
import type { Recorder } from './recorder.js';
import { RECORDING_FORMAT, RECORDING_VERSION, type Recording } from './recording.js';

/**
 * The core's side of recordings: it loads the recorder (a chunk of its own, fetched with the core
 * and awaited before a run's first action) and feeds it each run's items. A host's direct actions
 * are not runs and are not recorded.
 */
export class RunRecording {
  #scope: () => TargetScope;
  #recorder?: Recorder;
  #loading?: Promise<unknown>;

  constructor(scope: () => TargetScope) {
    this.#scope = scope;
  }

  load(): Promise<unknown> {
    this.#loading ??= import('./recorder.js').then(
      ({ Recorder }) => (this.#recorder = new Recorder(this.#scope)),
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
}

/**
 * The session's last finished run as a recording; undefined while it runs or when it did nothing.
 * The visitor's own words (the request) are left out unless the host passes them as `task`: a
 * recording is made to be shipped to other visitors.
 */
export function exportRecording(session: AgentSession | null, { name, task }: { name?: string; task?: string } = {}): Recording | undefined {
  const record = session?.recording;
  if (!session || session.state === 'running' || !record?.steps.length) return undefined;
  return {
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    ...(name ? { name } : {}),
    ...(task ? { task } : {}),
    page: record.page,
    recordedAt: new Date(session.updatedAt).toISOString(),
    steps: structuredClone(record.steps),
  };
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
