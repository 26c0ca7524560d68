import { WebAgentElement } from './ui/web-agent-element.js';

// The one module with a side effect. Guarded: a page that loads the script twice (or two builds
// of it) keeps the first definition instead of throwing.
if (!customElements.get('web-agent')) customElements.define('web-agent', WebAgentElement);

export { WebAgentElement };
