/**
 * The element that really has focus: `document.activeElement` stops at the outermost shadow host,
 * so follow open shadow roots down to the focused node.
 */
export function deepActiveElement(root: Document | ShadowRoot = document): HTMLElement | undefined {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : undefined;
}

/** True for nodes where Space and Enter type text rather than activate something. */
export function isEditableTarget(node: EventTarget | undefined): boolean {
  if (!(node instanceof HTMLElement)) return false;
  if (node.isContentEditable) return true;
  if (node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement) return true;
  if (!(node instanceof HTMLInputElement)) return false;
  // Buttons dressed as inputs activate on Space/Enter like buttons do; everything else takes text.
  return !['button', 'submit', 'reset', 'checkbox', 'radio', 'image', 'range', 'color', 'file'].includes(
    node.type,
  );
}
