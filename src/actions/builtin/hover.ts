import type { ActionContext } from '../define-action.js';
import { succeeded, type ActionResult } from '../action-result.js';
import { watchPage, withEffects } from './page-effects.js';
import { movePointerTo } from './pointer-input.js';
import { reachForPointer } from './reach-target.js';
import { hoverOnlyLinks } from './hover-links.js';

export async function hover({ selector }: { selector: string }, context: ActionContext): Promise<ActionResult> {
  const reach = reachForPointer(selector, context);
  if (!('reached' in reach)) return reach;
  const { target, label, reached } = reach;
  const watch = watchPage(target, { view: context.pageView });
  movePointerTo(reached.hit, reached.point);
  // Hover menus and tooltips often wait a moment before they show.
  const effects = await watch.finish(context.signal, 400);
  const links = effects.quiet && !effects.notes.length ? hoverOnlyLinks(target) : [];
  const nothing = effects.quiet && !effects.notes.length
    ? [links.length ? `nothing appeared; its links show on CSS :hover only, which script cannot set; navigate to one: ${links.join(', ')}` : 'nothing appeared (if it opens on CSS :hover only, try click)']
    : [];
  return succeeded(withEffects(`Hovered over ${label}`, effects, nothing), { endsBatch: effects.endsBatch });
}
