import { accessibleName } from '../dom/accessible-name.js';
import { squish } from '../dom/clean-page-text.js';
import { composedParent } from '../dom/redaction.js';
import { attributeOf, own, tagOf } from '../dom/platform.js';

// A dialog says what it asks first ("Delete 3 files? This cannot be undone."); further down a long
// dialog holds a form's fields, which are not the question.
const QUESTION_CAP = 300;

const textOf = (node: Node | null | undefined): string => (node && own<string | null>(node, 'Node.textContent')) ?? '';

/**
 * The question a control answers where the page asks it around the control rather than on it:
 * "Delete your account? [Yes] [No]". A visitor reads "Yes" as what the dialog asks, and so must the
 * gate: the control's description (`aria-describedby`, `aria-description`) and the dialog it sits
 * in (a `<dialog>`, `role=dialog` or `alertdialog`, across shadow roots and frames): the dialog's
 * name, its description and its first words. Read with the browser's own getters (platform.ts).
 */
export function questionOf(element: Element): string {
  const parts = [description(element)];
  for (let node = composedParent(element); node; node = composedParent(node)) {
    const role = attributeOf(node, 'role');
    if (tagOf(node) !== 'dialog' && role !== 'dialog' && role !== 'alertdialog') continue;
    parts.push(accessibleName(node), description(node), squish(textOf(node)).slice(0, QUESTION_CAP));
    break;
  }
  return squish(parts.join(' '));
}

/** The question, as the visitor is told it after what the control is: ` — "Delete your account?"`. */
export const askedAbout = (question: string): string => (question ? ` — "${question.slice(0, 80)}"` : '');

/** What `aria-describedby` points at, and `aria-description`: read to a screen reader's user with the name. */
function description(el: Element): string {
  const ids = attributeOf(el, 'aria-describedby');
  const root = own<Document | ShadowRoot>(el, 'Node.getRootNode');
  const parts = [attributeOf(el, 'aria-description') ?? ''];
  if (ids && typeof root.getElementById === 'function') for (const id of ids.split(/\s+/)) if (id) parts.push(textOf(root.getElementById(id)));
  return parts.join(' ');
}
