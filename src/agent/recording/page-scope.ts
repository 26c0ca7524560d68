import type { TargetScope } from '../../dom/target-description.js';
import type { WebAgentOptions } from '../config.js';

/** What finding a recorded element may look at: the page as the snapshot reads it. */
export function pageScope(config: Pick<WebAgentOptions, 'domFilter' | 'exclude'>): TargetScope {
  const exclude = config.exclude?.() ?? [];
  return {
    skip: (el) => {
      if (exclude.includes(el)) return true;
      try {
        return config.domFilter?.(el) === true;
      } catch {
        // A host filter that throws keeps the element, as in the snapshot.
        return false;
      }
    },
  };
}
