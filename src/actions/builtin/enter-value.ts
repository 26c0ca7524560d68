import { describeElement } from '../../dom/describe-element.js';
import { isEditorBlock } from '../../dom/classify-element.js';
import { isRedacted } from '../../dom/redaction.js';
import { isSecretField } from '../../dom/secret-field.js';
import { failed, succeeded, type ActionResult } from '../action-result.js';
import type { ActionContext, PageView } from '../define-action.js';
import { errorText, settle, watchPage, withEffects } from './page-effects.js';
import { clickAt, deepActiveElement } from './pointer-input.js';
import { checkReachable, refuseSecret } from './reach-target.js';
import { findEditable, fireChange, FORMAT_HINTS, isTextField, textOf, typeText, type Editable } from './text-entry.js';
import { isHtmlElement, isInput, isSelect, isTextArea } from './element-kinds.js';
import { openCellEditor } from './cell-editor.js';
import { attributeOf } from '../../dom/platform.js';

// Types where maxlength limits what a user can type (the rest ignore the attribute).
const LENGTH_LIMITED = new Set(['text', 'search', 'email', 'url', 'tel', 'password']);

/**
 * Puts `value` into the text field `target` names, the way a person would: click into it, replace
 * what is there, commit. Shared by fill_input and clear_input (value '').
 */
export async function enterValue(target: Element, value: string, context: ActionContext): Promise<ActionResult> {
  const targetLabel = describeElement(target);
  // One block of a rich-text editor (a heading, a paragraph) is edited alone, keeping the rest.
  const field =
    isHtmlElement(target) && target.isContentEditable && isEditorBlock(target) ? target : findEditable(target) ?? (await openCellEditor(target, targetLabel, context.signal));
  if (!field) return notEditable(target, targetLabel);
  const label = field === target ? targetLabel : describeElement(field);
  if (isTextField(field) && field.readOnly) return failed('not-editable', `${label} is read-only.`);
  if (value !== '' && isSecretField(field)) {
    return refuseSecret(label);
  }
  const reached = checkReachable(field, label, 'pointer');
  if (!('point' in reached)) return reached;

  const watch = watchPage(field, { view: context.pageView });
  const before = textOf(field);
  if (deepActiveElement() !== field) {
    clickAt(reached.hit, reached.point);
    // A person types after the page has reacted to the click: a Vue watcher on focus (Vuetify's
    // autocomplete resets its search text then) would otherwise undo what was typed.
    await settle(context.signal, 0);
  }
  if (!field.isConnected) return failed('stale', `${label} was replaced when clicked; read the page again and use the new id.`);
  if (deepActiveElement() !== field) field.focus({ preventScroll: true });

  let wanted = value;
  const limit = isInput(field) && LENGTH_LIMITED.has(field.type) ? field.maxLength : isTextArea(field) ? field.maxLength : -1;
  if (limit >= 0 && wanted.length > limit) wanted = wanted.slice(0, limit);
  const accepted = typeText(field, wanted);
  if (textOf(field) !== before) fireChange(field);
  const effects = await watch.finish(context.signal);

  if (!field.isConnected) return succeeded(withEffects(`Typed into ${label}, which then left the page`, effects), { endsBatch: effects.endsBatch });
  const now = textOf(field);
  const secret = isRedacted(field);
  const shown = (text: string) => (secret ? (text ? '•••' : 'nothing') : `"${clip(text)}"`);
  if (now === wanted && wanted !== value) {
    return failed('rejected', `${label} takes at most ${limit} characters, so it holds only ${shown(now)}.`);
  }
  if (now === wanted) {
    const notes = fieldNotes(field, context.pageView);
    const message = value === '' ? `Cleared ${label}` : secret ? `Filled ${label} (value hidden)` : `${label} now holds ${shown(now)}`;
    return succeeded(withEffects(message, effects, notes), { endsBatch: effects.endsBatch });
  }
  if (!accepted || now === before || now === '') {
    const hint = isInput(field) && FORMAT_HINTS[field.type] ? ` (it takes ${FORMAT_HINTS[field.type]})` : '';
    return failed('rejected', withEffects(`${label} did not accept ${shown(wanted)}${hint}; it holds ${shown(now)}`, effects));
  }
  return succeeded(withEffects(`${label} now holds ${shown(now)} (the page reformatted ${shown(wanted)})`, effects, fieldNotes(field, context.pageView)), {
    endsBatch: effects.endsBatch,
  });
}

/** What the field itself says after the edit: a validation message the page or browser shows. */
function fieldNotes(field: Editable, view: PageView = {}): string[] {
  const invalid = attributeOf(field, 'aria-invalid') === 'true' || (isTextField(field) && !field.validity.valid);
  if (!invalid) return [];
  const text = errorText(field, view);
  return [text ? `it reports "${text}"` : 'it is marked invalid'];
}

function notEditable(target: Element, label: string): ActionResult {
  const type = isInput(target) ? target.type : '';
  const role = attributeOf(target, 'role') ?? '';
  if (type === 'checkbox' || type === 'radio' || /^(checkbox|radio|switch)$/.test(role)) {
    return failed('not-editable', `${label} is not a text field; use check or uncheck.`);
  }
  if (isSelect(target) || /^(combobox|listbox)$/.test(role)) {
    return failed('not-editable', `${label} is a list; use select_option.`);
  }
  if (type === 'file') return failed('not-editable', `${label} picks a file; ask the user to choose it themselves.`);
  return failed('not-editable', `${label} is not a text field.`);
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
