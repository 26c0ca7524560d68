// What the element needs once a task is on its way, and no earlier: the agent core, the presenter
// that turns its events into UI state, and the pieces that show it (bar, confirmation, overlay).
// One dynamic import, so they come in one chunk (one request, one gzip context) and the page's
// initial load carries only the launcher, the prompt and the context they read.
import { defineConfirmationBar } from './confirmation/confirmation-bar.js';
import { defineOverlayLayer } from './overlay-layer/overlay-layer.js';
import { defineSubtitleBar } from './subtitle-bar/subtitle-bar.js';

export { AgentPresenter } from './agent-presenter.js';
export { WebAgent } from '../agent/web-agent.js';

export function defineTaskPieces(): void {
  defineOverlayLayer();
  defineSubtitleBar();
  defineConfirmationBar();
}
