/**
 * `element.matches(selector)`, false where the engine does not know the selector: newer
 * pseudo-classes throw there (`:modal` before Safari 15.6 and Firefox 103, `:popover-open`
 * before 2024's engines).
 */
export function matchesSafely(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}
