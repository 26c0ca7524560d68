import { watchClickListeners } from './dom/click-listeners.js';
import { notePasswordTyped } from './dom/early-passwords.js';
import { WebAgentElement } from './ui/web-agent-element.js';

// As early as the tag's script runs: listeners the page adds from now on tell the snapshot what
// only script makes clickable (src/dom/click-listeners.ts says what this cannot see).
watchClickListeners();
// Password fields typed into before the element's watch starts (src/dom/early-passwords.ts).
document.addEventListener('input', notePasswordTyped, true);

// The one module with a side effect. Guarded: a page that loads the script twice (or two builds
// of it) keeps the first definition instead of throwing.
if (!customElements.get('web-agent')) customElements.define('web-agent', WebAgentElement);

export { WebAgentElement };
