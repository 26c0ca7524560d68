/**
 * The browser's timers, frames, media queries and events the UI runs on, as this window had them
 * when the tag loaded: a page that replaces one later cannot throw from the bar's own timers into
 * the page, leave a narration half typed (the run waits for it: a hang), or keep `done` and
 * `error` from reaching the host.
 */
export const { setTimeout: setTimer, clearTimeout: clearTimer, requestAnimationFrame: onFrame, cancelAnimationFrame: dropFrame, matchMedia: media, CustomEvent: OwnEvent } = window;
