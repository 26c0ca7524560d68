/** Two taps closer than this in time and distance are one double-tap (the platforms' own bounds). */
const DOUBLE_TAP_MS = 350;
const SLOP_PX = 24;

/**
 * Listens on `piece` for a double-tap (or double-click) on the bar it draws and calls `reject`:
 * the touch gesture for "no", as Escape is the keyboard's. A tap is a press and its release on the
 * bar (a release alone, from a drag begun elsewhere, is none); taps on its controls do not count,
 * they answer for themselves. The bar sets `touch-action: manipulation`, so the browser does not
 * take the second tap for a zoom.
 */
export function listenForDoubleTap(piece: HTMLElement, reject: () => void): void {
  let last: { at: number; x: number; y: number } | undefined;
  let pressed = false;
  piece.addEventListener('pointerdown', (event) => (pressed = event.isPrimary));
  piece.addEventListener('pointerup', (event) => {
    const origin = event.composedPath()[0];
    const tapped = pressed && event.isPrimary && !(origin instanceof Element && origin.closest('button, input, a'));
    pressed = false;
    if (!tapped) {
      last = undefined;
      return;
    }
    const tap = { at: event.timeStamp, x: event.clientX, y: event.clientY };
    if (last && tap.at - last.at < DOUBLE_TAP_MS && Math.hypot(tap.x - last.x, tap.y - last.y) < SLOP_PX) {
      last = undefined;
      reject();
    } else {
      last = tap;
    }
  });
}
