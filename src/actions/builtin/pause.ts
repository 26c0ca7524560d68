import type { ActionContext } from '../define-action.js';
import { failed, succeeded, type ActionResult } from '../action-result.js';
import { shortUrl } from './page-effects.js';
import { now } from '../../dom/platform.js';

export async function pause({ note }: { note?: string }, context: ActionContext): Promise<ActionResult> {
  const started = now();
  const url = location.href;
  const continued = await context.pause(note);
  if (!continued) return failed('rejected-by-user', 'The task was stopped during the pause.');
  const seconds = Math.round((now() - started) / 1000);
  // The visitor may have used the page meanwhile; a new page invalidates the rest of the batch.
  if (location.href !== url) {
    return succeeded(`The visitor continued after ${seconds} s, on another page (${shortUrl(location.href)}).`, { endsBatch: true });
  }
  return succeeded(`The visitor continued after ${seconds} s; they may have changed the page meanwhile.`);
}
