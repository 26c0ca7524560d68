import * as z from 'zod/mini';
import { shownText } from '../../dom/shown-text.js';
import { defineAction, type PageView } from '../define-action.js';
import { failed, succeeded } from '../action-result.js';
import { now, sleepUnlessAborted, tagOf } from '../../dom/platform.js';

/** The longest wait one action may take: the visitor is watching, and the model can wait again. */
export const MAX_WAIT_SECONDS = 10;
const DEFAULT_SECONDS = 1;
const DEFAULT_TIMEOUT_SECONDS = 5;
const POLL_MS = 100;

export const waitAction = defineAction({
  name: 'wait',
  description: `Wait until a text appears (until_text) or goes away (until_gone), such as a confirmation or "Loading…"; a fixed time (seconds) only when there is none. If it never does, the rest of the actions are not run.`,
  parameters: z.object({
    seconds: z.optional(z.number().check(z.minimum(0), z.describe(`At most ${MAX_WAIT_SECONDS}; with a text, the longest to wait (default ${DEFAULT_TIMEOUT_SECONDS}).`))),
    until_text: z.optional(z.string().check(z.minLength(1), z.describe('Case-insensitive.'))),
    until_gone: z.optional(z.string().check(z.minLength(1))),
  }),
  async handler({ seconds, until_text: appears, until_gone: disappears }, { signal, pageView }) {
    const asked = seconds ?? (appears || disappears ? DEFAULT_TIMEOUT_SECONDS : DEFAULT_SECONDS);
    const limit = Math.min(asked, MAX_WAIT_SECONDS);
    const capped = asked > MAX_WAIT_SECONDS ? ' (the most one wait takes)' : '';
    const started = now();
    const elapsed = () => `${Math.round((now() - started) / 100) / 10} s`;
    const condition = () =>
      (!appears || pageShows(appears, pageView)) && (!disappears || !pageShows(disappears, pageView));
    const what = [appears && `"${appears}" to appear`, disappears && `"${disappears}" to go away`].filter(Boolean).join(' and ');
    if (!what) {
      await sleepUnlessAborted(limit * 1000, signal);
      if (signal.aborted) return failed('failed', 'Stopped while waiting.');
      return succeeded(`Waited ${limit} s${capped}.`);
    }
    if (condition()) return succeeded(`No need to wait: ${describeMet(appears, disappears)} already.`);
    const deadline = started + limit * 1000;
    while (now() < deadline) {
      await sleepUnlessAborted(Math.min(POLL_MS, deadline - now()), signal);
      if (signal.aborted) return failed('failed', 'Stopped while waiting.');
      if (condition()) return succeeded(`After ${elapsed()}, ${describeMet(appears, disappears)}.`);
    }
    return failed('failed', `Waited ${limit} s${capped} for ${what}, but it did not happen. The page may be busy, or word it differently.`);
  },
});

function describeMet(appears: string | undefined, disappears: string | undefined): string {
  return [appears && `"${appears}" is on the page`, disappears && `"${disappears}" is gone`].filter(Boolean).join(' and ');
}

/**
 * Whether the page shows `text`, ignoring case and runs of white space. Only text the page dump
 * would show counts (open shadow roots and same-origin frames included): whether a wait succeeds
 * reaches the model, so text it is never shown, hidden or under `data-agent-redact`, must not
 * decide it; nor may what the host's `domFilter` leaves out (`view`). Our own widget, whose bar may
 * be narrating the very words being waited for, is left out. `root` narrows it to one element's text.
 */
export function pageShows(text: string, view: PageView = {}, root: Document | Element = globalThis.document): boolean {
  const wanted = normalise(text);
  if (!wanted) return true;
  const filter = (element: Element) => isOwnWidget(element) || view.filter?.(element) === true;
  return normalise(shownText(root, { filter, exclude: view.exclude })).includes(wanted);
}

function isOwnWidget(element: Element): boolean {
  return tagOf(element) === 'web-agent';
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
