import { describeElement } from '../../dom/describe-element.js';
import { isSecretField } from '../../dom/secret-field.js';
import type { ActionContext } from '../define-action.js';
import { failed, succeeded, type ActionResult } from '../action-result.js';
import { watchPage, withEffects } from './page-effects.js';
import { deepActiveElement } from './pointer-input.js';
import { checkReachable, refuseSecret } from './reach-target.js';
import { matchOption, optionText, type OptionEntry } from './option-match.js';
import { selectInWidget } from './listbox-widget.js';
import { isElement, isOptGroup, isOption, isSelect } from './element-kinds.js';
import { closestOf } from '../../dom/platform.js';

export async function selectOption({ selector, option }: { selector: string; option: string | string[] }, context: ActionContext): Promise<ActionResult> {
  const target = context.resolveTarget(selector);
  if (!isElement(target)) return target;
  const wanted = (Array.isArray(option) ? option : [option]).map((text) => text.trim()).filter(Boolean);
  if (!wanted.length) return failed('invalid-arguments', 'Name the option to choose.');
  const select = isSelect(target) ? target : isOption(target) ? closestOf(target, 'select') : null;
  if (select) return selectNative(select, wanted, context);
  return selectInWidget(target, wanted, context);
}

async function selectNative(select: HTMLSelectElement, wanted: string[], context: ActionContext): Promise<ActionResult> {
  const label = describeElement(select);
  if (isSecretField(select)) {
    return refuseSecret(label);
  }
  if (wanted.length > 1 && !select.multiple) return failed('not-allowed', `${label} takes one option; name just one.`);
  const entries: OptionEntry[] = [...select.options].map((element) => ({ element, text: optionText(element), value: element.value }));
  const chosen: HTMLOptionElement[] = [];
  for (const text of wanted) {
    const match = matchOption(entries, text, label);
    if ('problem' in match) return failed('not-found', match.problem);
    const option = match.option.element as HTMLOptionElement;
    if (option.disabled || (isOptGroup(option.parentElement) && option.parentElement.disabled)) {
      return failed('disabled', `The option "${optionText(option)}" of ${label} is disabled.`);
    }
    chosen.push(option);
  }
  const current = () => [...select.selectedOptions];
  if (sameOptions(current(), chosen)) return succeeded(`${label} already shows ${quoteOptions(chosen)}; nothing to do.`);

  const reached = checkReachable(select, label, 'pointer');
  if (!('point' in reached)) return reached;
  const watch = watchPage(select, { view: context.pageView });
  // No synthetic press on a native select: WebKit answers a scripted mousedown by opening the
  // native popup, which then stays open and takes the keyboard. Focus it, set the choice the way
  // the popup does, and fire the events the popup fires.
  if (deepActiveElement() !== select) select.focus({ preventScroll: true });
  for (const option of select.options) option.selected = chosen.includes(option);
  select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  const effects = await watch.finish(context.signal);
  if (!select.isConnected) return succeeded(withEffects(`Chose ${quoteOptions(chosen)} in ${label}, which then left the page`, effects), { endsBatch: effects.endsBatch });
  const now = current();
  if (!sameOptions(now, chosen)) {
    return failed('rejected', withEffects(`${label} did not keep ${quoteOptions(chosen)}; it shows ${quoteOptions(now)}`, effects));
  }
  return succeeded(withEffects(`${label} now shows ${quoteOptions(now)}`, effects), { endsBatch: effects.endsBatch });
}

function sameOptions(a: Element[], b: Element[]): boolean {
  return a.length === b.length && a.every((option) => b.includes(option));
}

function quoteOptions(options: Element[]): string {
  return options.length ? options.map((option) => `"${optionText(option)}"`).join(', ') : 'nothing';
}
