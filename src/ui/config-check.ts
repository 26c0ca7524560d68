// What the element needs once its configuration is read, and no earlier: the schema (with
// zod/mini) and the resumable-session probe. The element imports this module dynamically, so the
// bundler puts all of it in one chunk, the one the agent core also imports, instead of splitting
// the session helpers off into a chunk of their own or back into the page's initial load.
export { checkConfig } from '../agent/config.js';
export { hasResumableSession } from '../agent/agent-session.js';
// For the rare error the element raises itself (a direct action on an element that is not configured).
export { WebAgentError } from '../agent/agent-error.js';
export { watchSecretFields } from '../agent/watch-secret-fields.js';
