// Everything recordings need beyond the core, in one chunk: only hosts that record or replay
// fetch it, and as one chunk it reaches the core's shared code (accessible names) without the
// bundler splitting that code out of the core for everyone.
export { Recorder } from './recorder.js';
export { runReplay, handOverMessage, replayedNote } from './replay.js';
export { checkRecording } from './check-recording.js';
export { exportRecording } from './recording-export.js';
