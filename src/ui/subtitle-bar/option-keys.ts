const NEXT = new Set(['ArrowDown', 'ArrowRight']);
const PREVIOUS = new Set(['ArrowUp', 'ArrowLeft']);

/**
 * The option button an arrow, Home or End key moves to from `from`, or undefined when the key is not
 * one of those or `from` is not an option. Left and Right follow the reading direction.
 */
export function optionAfterKey(root: ParentNode, from: Element, event: KeyboardEvent): HTMLElement | undefined {
  if (!from.matches('[data-option]') || event.ctrlKey || event.metaKey || event.altKey) return undefined;
  const options = [...root.querySelectorAll<HTMLElement>('[data-option]')];
  const index = options.indexOf(from as HTMLElement);
  if (index < 0) return undefined;
  const rtl = getComputedStyle(from).direction === 'rtl';
  let key = event.key;
  if (rtl && (key === 'ArrowLeft' || key === 'ArrowRight')) key = key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
  if (key === 'Home') return options[0];
  if (key === 'End') return options.at(-1);
  if (NEXT.has(key)) return options[(index + 1) % options.length];
  if (PREVIOUS.has(key)) return options[(index - 1 + options.length) % options.length];
  return undefined;
}
