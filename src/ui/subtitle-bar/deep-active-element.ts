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

/** Roles whose widgets act on Space or Enter themselves (ARIA authoring practices). */
const ACTIVATING_ROLES = new Set([
  'button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox',
  'menuitemradio', 'option', 'combobox', 'listbox', 'slider', 'spinbutton', 'textbox', 'searchbox', 'treeitem', 'gridcell',
]);

/**
 * True for nodes that do something of their own on Space or Enter: text fields, but also buttons,
 * links and other controls. A key pressed there belongs to the page, not to "press Space to continue".
 */
export function takesActivationKeys(node: EventTarget | undefined): boolean {
  if (!(node instanceof HTMLElement)) return false;
  if (isEditableTarget(node) || node instanceof HTMLInputElement) return true;
  if (node.matches('a[href], area[href], button, summary, audio[controls], video[controls], iframe, embed, object')) return true;
  const role = node.getAttribute('role');
  return role !== null && ACTIVATING_ROLES.has(role.trim().toLowerCase());
}
