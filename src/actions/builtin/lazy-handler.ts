import { failed, type ActionResult } from '../action-result.js';
import type { ActionContext } from '../define-action.js';

type Code = Record<string, unknown>;
type Handler = (params: any, context: ActionContext) => Promise<ActionResult>;

const loading = new Map<() => Promise<Code>, Promise<Code>>();

/** One fetch per chunk; a failed one is forgotten, so the next use asks again. */
function load(chunk: () => Promise<Code>): Promise<Code> {
  let code = loading.get(chunk);
  if (!code) {
    loading.set(chunk, (code = chunk()));
    code.catch(() => loading.delete(chunk));
  }
  return code;
}

const CHUNKS: Record<'pressKey' | 'selectOption', () => Promise<Code>> = {
  pressKey: () => import('./press-key.js'),
  selectOption: () => import('./select-option.js'),
};

/**
 * A handler whose code loads with its first use (the chunk named `chunk` exports it as `name`).
 * A chunk that cannot load fails the action with a reason the model and the visitor can read:
 * nothing was done on the page. A later use asks for the chunk again (whether the browser fetches it
 * again or keeps the failure is the browser's choice).
 */
export function lazyHandler(chunk: keyof typeof CHUNKS, name: string): Handler {
  return async (params, context) => {
    let code: Code;
    try {
      code = await load(CHUNKS[chunk]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return failed('failed', `Nothing was done: this action's code could not be loaded from the site (${reason}).`);
    }
    return (code[name] as Handler)(params, context);
  };
}

const NAMED: [RegExp, keyof typeof CHUNKS][] = [
  [/"press_key"/, 'pressKey'],
  [/"select_option"/, 'selectOption'],
];

/**
 * Starts fetching an action's own chunk as soon as the reply's text names it, while the rest of
 * its arguments still streams. Never fails: a failed fetch shows when the action runs.
 */
export function prefetchActionCode(replyText: string): void {
  for (const [name, chunk] of NAMED) if (name.test(replyText)) void load(CHUNKS[chunk]).catch(() => {});
}
