// Everything recordings need beyond the core, in one chunk: only hosts that record or replay
// fetch it, and as one chunk it reaches the core's shared code (accessible names) without the
// bundler splitting that code out of the core for everyone.
export { Recorder } from './recorder.js';
export { replaySession } from './replay-session.js';
export { pageScope } from './page-scope.js';
export { checkRecording } from './check-recording.js';
export { declaredRecording } from './declared-recording.js';
export { exportRecording } from './recording-export.js';
