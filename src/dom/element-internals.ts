// Custom elements can carry their role, states and labels in ElementInternals (`internals.role =
// 'radio'`, `internals.ariaChecked = 'true'`, a <label for> that names the element itself) instead of
// attributes: Material Web does, and any form-associated element may. Assistive tech reads those;
// so must the dump and the actions. The internals are private to the element, but components keep
// them on the instance (a symbol or a field) to use them, which is where they are found.

const found = new WeakMap<Element, ElementInternals | null>();

/** The ElementInternals a custom element keeps on itself, if any (looked up once per element). */
export function internalsOf(el: Element): ElementInternals | undefined {
  if (!el.localName.includes('-') || typeof ElementInternals === 'undefined') return undefined;
  let internals = found.get(el);
  if (internals === undefined) {
    internals = null;
    const record = el as unknown as Record<PropertyKey, unknown>;
    for (const key of [...Object.getOwnPropertySymbols(el), ...Object.getOwnPropertyNames(el)]) {
      let value: unknown;
      try {
        value = record[key];
      } catch {
        continue;
      }
      if (value instanceof ElementInternals) {
        internals = value;
        break;
      }
    }
    found.set(el, internals);
  }
  return internals ?? undefined;
}

/**
 * An ARIA attribute (`role`, `aria-checked`, …) as assistive tech sees it: the element's own
 * attribute, else the default its internals give.
 */
export function ariaAttribute(el: Element, name: string): string | null {
  const own = el.getAttribute(name);
  if (own !== null) return own;
  const internals = internalsOf(el);
  if (!internals) return null;
  const property = name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()) as keyof ARIAMixin;
  const value = (internals as unknown as Partial<Record<string, unknown>>)[property];
  return typeof value === 'string' ? value : null;
}

/** The `<label>`s of a form-associated custom element (what `labels` gives a native field). */
export function internalLabels(el: Element): HTMLLabelElement[] | undefined {
  if (!(el.constructor as { formAssociated?: boolean }).formAssociated) return undefined;
  const labels = internalsOf(el)?.labels;
  if (labels) return [...labels] as HTMLLabelElement[];
  // Internals kept private (a `#field`): the labels whose control it is, as `label.control` finds them.
  const root = el.getRootNode() as Document | ShadowRoot;
  return [...root.querySelectorAll('label')].filter((label) => label.control === el);
}
