import { ContextProvider } from '@lit/context';
import type { webAgentContext } from './web-agent-context.js';
import { guarded } from '../quietly.js';
import { isConnected } from '../own.js';

/**
 * The provider of {@link webAgentContext}. A subscriber whose element left the page (plain JS
 * that never unsubscribed) is dropped at the next change instead of being called forever.
 */
export class SnapshotProvider extends ContextProvider<typeof webAgentContext> {
  override updateObservers = (): void => {
    for (const [callback, { disposer, consumerHost }] of this.subscriptions) {
      // One consumer that throws does not keep the value from the others, nor throw into the page.
      if (isConnected(consumerHost)) guarded(() => callback(this.value, disposer))();
      else disposer();
    }
  };
}
