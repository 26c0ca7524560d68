// The element starts watching for password fields turned into text fields as soon as it connects,
// long before a task loads the agent core: a "show password" click before the first task must still
// leave that field a secret. Re-exported through the agent layer, which the element may import.
export { watchSecretFields } from '../dom/watch-secret-fields.js';
