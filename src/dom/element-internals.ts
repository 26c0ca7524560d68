import { attributeOf, tagOf } from './platform.js';
// Custom elements can carry their role, states and labels in ElementInternals (`internals.role =
// 'radio'`, `internals.ariaChecked = 'true'`, a <label for> that names the element itself) instead of
// attributes: Material Web does, and any form-associated element may. Assistive tech reads those;
// so must the dump and the actions. The internals are private to the element, but components keep
// them on the instance (a symbol or a field) to use them, which is where they are found.

const found = new WeakMap<Element, ElementInternals | undefined>();

/** The ElementInternals a custom element keeps on itself, if any (looked up once per element). */
export function internalsOf(el: Element): ElementInternals | undefined {
  if (!tagOf(el).includes('-')) return undefined;
  if (!found.has(el)) {
    const record = el as unknown as Record<PropertyKey, unknown>;
    let internals: unknown;
    try {
      internals = [...Object.getOwnPropertySymbols(el), ...Object.getOwnPropertyNames(el)].map((key) => record[key]).find((value) => value instanceof ElementInternals);
    } catch {
      // An own getter that throws: a page's, not internals.
    }
    found.set(el, internals as ElementInternals | undefined);
  }
  return found.get(el);
}

/**
 * An ARIA attribute (`role`, `aria-checked`, …) as assistive tech sees it: the element's own
 * attribute, else the default its internals give.
 */
export function ariaAttribute(el: Element, name: string): string | null {
  // The property's name is worked out only for an element with internals (custom elements).
  return attributeOf(el, name) ?? ((internalsOf(el) as unknown as Record<string, string | null> | undefined)?.[name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())] ?? null);
}

/**
 * The `<label>`s of a form-associated custom element (what `labels` gives a native field), found
 * as `label.control` finds them where its internals are private (a `#field`).
 */
export function internalLabels(el: Element): HTMLLabelElement[] | undefined {
  if (!(el.constructor as { formAssociated?: boolean }).formAssociated) return undefined;
  const labels = internalsOf(el)?.labels ?? (el.getRootNode() as ParentNode).querySelectorAll('label');
  return [...(labels as NodeListOf<HTMLLabelElement>)].filter((label) => label.control === el);
}
