import type { AgentSession } from '../agent-session.js';
import { RECORDING_FORMAT, RECORDING_VERSION, type Recording } from './recording.js';

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
