import type { ActionResult } from '../actions/index.js';
import { redactUrl } from '../dom/url-redaction.js';
import type { AgentEmitter } from './agent-emitter.js';
import type { AgentSession } from './agent-session.js';
import { newUrl } from '../dom/platform.js';

/**
 * Where `navigate` (or a link the page follows) leads: to the host's router when it takes the
 * `navigate` event, to a fragment of this document, or to a full-page load after the turn.
 */
export async function navigatePage(emitter: AgentEmitter, to: URL, session: AgentSession | undefined): Promise<ActionResult> {
  const url = newUrl(to.href);
  // "/.//other-host/x" is this site's, but handed on as "//other-host/x" a host's router or
  // location.assign() would leave for other-host: on this site the path never starts with "//".
  const sameSite = url.origin === location.origin;
  if (sameSite) url.pathname = url.pathname.replace(/\/{2,}/g, '/');
  const path = sameSite ? url.pathname + url.search + url.hash : url.href;
  const handledByHost = !emitter.emit('navigate', { url: url.href, path }, { cancelable: true });
  // The link may be the page's, not the model's: what the model reads of it is masked.
  if (handledByHost) return { ok: true, message: `Opened ${redactUrl(path)}.`, endsBatch: true };
  const here = newUrl(location.href);
  if (url.href.split('#')[0] === here.href.split('#')[0]) {
    // Same document: only the fragment changes, so no reload happens and the loop carries on.
    location.hash = url.hash;
    // The fragment may carry a token (`#access_token=…`): the model reads it masked.
    const masked = redactUrl(url.href);
    const at = masked.indexOf('#');
    const hash = at < 0 ? '' : masked.slice(at);
    return { ok: true, message: `Scrolled to ${hash || 'the top'} on this page.`, endsBatch: true };
  }
  if (session) session.lastUrl = redactUrl(url.href);
  return { ok: true, message: `Opened ${redactUrl(path)}.`, endsBatch: true, navigateTo: url.href };
}
