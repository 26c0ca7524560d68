// What the element needs once a task is on its way, and no earlier: the agent core, the presenter
// that turns its events into UI state, and the overlay that points at the page. One dynamic
// import, so they come in one chunk (one request, one gzip context). The bar and the confirmation
// stay in the initial load: their templates compress best with the rest of the UI's, and the bar
// shows a configuration error before any task.
import { defineOverlayLayer } from './overlay-layer/overlay-layer.js';

export { AgentPresenter } from './agent-presenter.js';
export { WebAgent } from '../agent/web-agent.js';
export { defineOverlayLayer };
