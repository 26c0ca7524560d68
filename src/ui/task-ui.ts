// What the element needs once a task is on its way, and no earlier: the agent core (built and wired
// to the element by connectAgent), the presenter that turns its events into UI state, and the overlay that points at the page. One dynamic
// import, so they come in one chunk (one request, one gzip context). The bar stays in the initial
// load: its templates compress best with the rest of the UI's, and it shows a configuration error
// before any task. The confirmation (a modal dialog and its checks) comes with the task: only the
// core asks for it.
import { defineConfirmationBar } from './confirmation/confirmation-bar.js';
import { defineOverlayLayer } from './overlay-layer/overlay-layer.js';

/** The pieces only a task draws. */
export function defineTaskPieces(): void {
  defineOverlayLayer();
  defineConfirmationBar();
}

export { AgentPresenter } from './agent-presenter.js';
export { connectAgent } from './connect-agent.js';
