import type { DeclaredRecording } from '../config.js';
import type { Recording } from './recording.js';

/** The declared recording a request names (its name or its task, whatever the case, spacing and closing punctuation). */
export function declaredRecording(recordings: readonly DeclaredRecording[] | undefined, request: string): Recording | undefined {
  const wanted = comparable(request);
  const found = recordings?.find((recording) => comparable(recording.name) === wanted || (typeof recording.task === 'string' && comparable(recording.task) === wanted));
  return found as Recording | undefined;
}

function comparable(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(/[\s.!?。！？]+$/u, '').trim();
}
