/**
 * The constructors the agent makes its events and its stops with, this window's (whose listeners
 * and fetch take them) as they were when the agent loaded: a page that replaces `CustomEvent` or
 * `AbortController` later cannot keep a run from starting, or its `done` and `error` from the host.
 */
export const { CustomEvent: OwnEvent, AbortController: Stopper } = window;
