// Runs the selected tasks, each `repeat` times, `concurrency` attempts at once. Everything runs in
// one lab: the site (with its model endpoint) and one browser. With a policy every request is
// answered by it; without, by the configured endpoint.
import { launchBrowser } from '../e2e/support/demo-site.mjs';
import { ensureBuilt } from './build.mjs';
import { startEvalSite } from './eval-site.mjs';
import { createModelEndpoint } from './model-endpoint.mjs';
import { runAttempt } from './run-attempt.mjs';

/** The built element and demo, the site serving them, and a browser; `close()` when done. */
export async function openLab({ upstream, log = () => {} } = {}) {
  await ensureBuilt({ log });
  const endpoint = createModelEndpoint({ upstream });
  const site = await startEvalSite({ endpoint });
  const browser = await launchBrowser().catch(async (error) => {
    await site.close();
    throw error;
  });
  return {
    endpoint,
    site,
    browser,
    async close() {
      await browser.close();
      await site.close();
    },
  };
}

/**
 * @param {{ tasks: object[], repeat?: number, concurrency?: number, policy?: { name: string, answer: Function },
 *   upstream?: object, lab?: object, onStart?: (total: number) => void, onResult?: (result: object) => void,
 *   log?: (line: string) => void }} options  without `lab`, one is opened and closed for this run
 * @returns {Promise<object[]>} one result per attempt, in task order
 */
export async function runSuite({ tasks, repeat = 1, concurrency = 1, policy, upstream, lab, onStart = () => {}, onResult = () => {}, log = () => {} }) {
  if (!policy && !upstream) throw new Error('runSuite needs a policy or an upstream endpoint.');
  const own = lab ? undefined : await openLab({ upstream, log });
  const { browser, site, endpoint } = lab ?? own;
  const queue = tasks.flatMap((task) => Array.from({ length: repeat }, (_, index) => ({ task, repeat: index + 1 })));
  const results = new Array(queue.length);
  onStart(queue.length);
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const index = next++;
      const { task, repeat: attempt } = queue[index];
      results[index] = await runAttempt({ browser, site, endpoint, task, repeat: attempt, policy });
      onResult(results[index]);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, worker));
  } finally {
    await own?.close();
  }
  return results;
}
