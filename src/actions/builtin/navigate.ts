import * as z from 'zod/mini';
import { defineAction } from '../define-action.js';
import { failed } from '../action-result.js';
import { destinationAllowed } from '../effect-guard.js';
import { newUrl } from '../../dom/platform.js';

export const navigateAction = defineAction({
  name: 'navigate',
  description: 'Go to another page of this site by path ("/orders") or same-site URL; the sitemap gives the paths.',
  parameters: z.object({ url: z.string().check(z.minLength(1)) }),
  async handler({ url }, context) {
    let target: URL;
    try {
      target = newUrl(url, location.href);
    } catch {
      return failed('invalid-arguments', `"${url}" is not a valid path or URL.`);
    }
    // The gate refused other sites before this ran; this holds for a caller that skipped it.
    if (!destinationAllowed(target)) {
      return failed('not-allowed', `Only pages of this site (${location.origin}) can be opened; ${target.origin} is another site.`);
    }
    return context.navigate(target);
  },
});
