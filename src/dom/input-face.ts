import { readColor } from './css-color.js';
import { closestOf, rectOf, styleOf } from './platform.js';
import { FOCUSABLE_SELECTOR } from './widget-state.js';

/** Whether a click on `face` lands where `input` is: the input's centre lies inside the face's box. */
export function holdsCentre(face: Element, input: Element): boolean {
  const outer = rectOf(face);
  const box = rectOf(input);
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  return x >= outer.left && x <= outer.right && y >= outer.top && y <= outer.bottom;
}

/**
 * The controls in `root` that count: not a chip's remove button hidden from assistive tech (Mantine's
 * pills, out of the tab order too), which a box showing a field's value may hold.
 */
export function tabStopsIn(root: Element | ShadowRoot): Element[] {
  return [...root.querySelectorAll(FOCUSABLE_SELECTOR)].filter((control) => !closestOf(control, '[aria-hidden=true]'));
}

/** Whether the box paints a background of its own (a colour that shows, or an image). */
export function paintsBox(el: Element, view: Window): boolean {
  const style = styleOf(el, view);
  return style.backgroundImage !== 'none' || (readColor(style.backgroundColor)?.a ?? 0) > 0;
}
