import { describeElement } from '../../dom/describe-element.js';
import { isItemList } from '../../dom/widget-state.js';
import type { ActionContext } from '../define-action.js';
import { failed, succeeded, type ActionResult } from '../action-result.js';
import { settle, watchPage, withEffects, type PageEffects } from './page-effects.js';
import { clickAt } from './pointer-input.js';
import { checkReachable, isDisabled, isShown } from './reach-target.js';
import { findEditable, textOf, typeText } from './text-entry.js';
import { matchOption, type OptionEntry } from './option-match.js';
import { isElement } from './element-kinds.js';
import { openerOf, shownPlainLists } from './plain-list.js';
import { openList, optionsIn, popupOf, POPUP } from './open-list.js';
import { shownAsChosen, shownValue } from './shown-value.js';
import { waitFor } from './wait-for.js';
import { attributeOf, closestOf, hasAttributeOf, rectOf } from '../../dom/platform.js';

/** A custom dropdown: the control that opens it and the list, when one is already showing. */
interface Widget {
  opener?: Element | undefined;
  list?: Element;
  label: string;
  /** Built without ARIA (plain-list.ts): found by structure, and nothing marks the chosen item. */
  plain?: boolean;
  /** The box the model named, around an opener it shows for (the dump's face of an unseen input). */
  face?: Element | undefined;
}

/**
 * select_option for ARIA widgets (combobox + listbox or menu, a bare listbox): open the list as a
 * user would, find the option by its text, type to filter when the list does not show it, click
 * it, and check that the control now shows it.
 */
export async function selectInWidget(target: Element, wanted: string[], context: ActionContext): Promise<ActionResult> {
  const widget = identify(target);
  if (!widget) return failed('not-editable', `${describeElement(target)} is not a dropdown or list; click what opens the list first.`);
  const messages: string[] = [];
  const chosen: Element[] = [];
  let endsBatch = false;
  for (const text of wanted) {
    const result = await chooseOne(widget, text, chosen, context);
    if (!result.ok) return result;
    messages.push(result.message);
    endsBatch ||= result.endsBatch === true;
    // A page that moved on or rebuilt itself has no more choices of this kind to make.
    if (endsBatch) break;
  }
  const list = widget.list;
  if (list && attributeOf(list, 'aria-multiselectable') === 'true' && !endsBatch) {
    // A multi-select ends up with exactly the options named: the others are clicked off.
    for (const option of optionsIn(list)) {
      if (!isSelected(option.element) || chosen.includes(option.element)) continue;
      const reached = checkReachable(option.element, `The option "${option.text}"`, 'pointer');
      if (!('point' in reached)) return reached;
      clickAt(reached.hit, reached.point);
      messages.push(`"${option.text}" was unselected.`);
    }
    await settle(context.signal);
  }
  return succeeded(messages.join(' '), { endsBatch });
}

function isSelected(option: Element): boolean {
  return attributeOf(option, 'aria-selected') === 'true' || attributeOf(option, 'aria-checked') === 'true';
}

function identify(target: Element): Widget | undefined {
  const role = attributeOf(target, 'role') ?? '';
  if (/^(option|menuitem|menuitemradio|menuitemcheckbox|treeitem)$/.test(role)) {
    const list = closestOf(target, POPUP) ?? undefined;
    return list ? { list, label: describeElement(list) } : undefined;
  }
  if (target.matches(POPUP)) return { list: target, label: describeElement(target) };
  const opener = role === 'combobox' || hasAttributeOf(target, 'aria-haspopup') ? target : closestOf(target, '[role=combobox]') ?? target.querySelector('[role=combobox]');
  if (opener) return { opener, label: describeElement(opener), face: opener !== target && target.contains(opener) ? target : undefined };
  // Without ARIA: a plain list (or one of its items) that is showing, or the control that opens one.
  const list = isItemList(target) ? target : target.parentElement && isItemList(target.parentElement) ? target.parentElement : undefined;
  if (list && isShown(list)) return { list, opener: openerOf(list), label: describeElement(list), plain: true };
  return { opener: target, label: describeElement(target), plain: true };
}

async function chooseOne(widget: Widget, text: string, chosen: Element[], context: ActionContext): Promise<ActionResult> {
  const { opener, label } = widget;
  const watch = watchPage(opener ?? widget.list, { view: context.pageView });
  // Lists already showing before we touched anything belong to something else, unless referenced:
  // an ARIA combobox's list may mount a moment after the click, and a plain list that was already
  // on the page (an accordion, a pager) must not be taken for it meanwhile.
  const before = new Set([...document.querySelectorAll(POPUP)].filter(isShown));
  if (opener && !widget.list) {
    // A multi-value control hides the values already chosen (its chips) from its list.
    if (shownAsChosen(opener, text)) return succeeded(`"${text}" is already chosen in ${label}.`);
    for (const shown of shownPlainLists(opener)) before.add(shown);
  }
  const input = opener ? findEditable(opener) : undefined;
  const opened = widget.list ?? (await openList(opener!, label, before, context, widget.face));
  // An async combobox lists nothing until something is typed: typing is how it opens.
  if (!isElement(opened) && !input) return opened;
  const list = isElement(opened) ? opened : undefined;
  let match = list ? matchOption(optionsIn(list), text, label) : undefined;
  let undoTyping = () => {};
  if ((!match || 'problem' in match) && input) {
    // A searchable combobox may render only the matches of what was typed.
    input.focus({ preventScroll: true });
    const previous = textOf(input);
    typeText(input, text);
    // A failed search leaves the field as it was, not holding words the visitor never typed.
    undoTyping = () => {
      if (textOf(input) === text) typeText(input, previous);
    };
    const matching = (found: Element | undefined) => (found && !('problem' in matchOption(optionsIn(found), text, label)) ? found : undefined);
    const filtered = await waitFor(() => matching(popupOf(opener!, before)) ?? matching(list?.isConnected ? list : undefined), 1500, context.signal);
    const shown = filtered ?? popupOf(opener!, before) ?? list;
    if (!shown) {
      undoTyping();
      return failed('failed', `${label} showed no list of options when clicked, nor when "${text}" was typed in it; look at the page and open it another way.`);
    }
    match = matchOption(optionsIn(shown), text, label);
  }
  if (!match) return opened as ActionResult;
  if ('problem' in match) {
    undoTyping();
    return failed('not-found', match.problem);
  }
  const option = match.option.element;
  chosen.push(option);
  const name = `"${match.option.text}"`;
  if (isDisabled(option)) return failed('disabled', `The option ${name} of ${label} is disabled.`);
  // Clicking a chosen option of a multi-select would take it off again.
  if (isSelected(option) && closestOf(option, '[aria-multiselectable=true]')) return succeeded(`${name} is already selected in ${label}.`);
  // A popup is often drawn off-screen first and moved next to its control a moment later (antd's
  // trigger puts it at -1000vw until aligned; WebKit aligns a frame or more after Chromium).
  const holder = option.parentElement ?? option;
  if (!inViewport(holder)) await waitFor(() => inViewport(holder) || undefined, 1000, context.signal);
  option.scrollIntoView({ block: 'nearest', behavior: 'instant' as ScrollBehavior });
  const reach = () => checkReachable(option, `The option ${name}`, 'pointer');
  let reached = reach();
  if (!('point' in reached)) {
    // A popup still opening (fading or zooming in, or aligned late under load) is reachable a moment later.
    const reachable = () => {
      const again = reach();
      return 'point' in again ? again : undefined;
    };
    reached = (await waitFor(reachable, 1000, context.signal)) ?? reach();
  }
  if (!('point' in reached)) return reached;
  clickAt(reached.hit, reached.point);
  const effects = await watch.finish(context.signal);
  return verify(widget, match.option, effects);
}

function inViewport(element: Element): boolean {
  const box = rectOf(element);
  return box.right > 0 && box.bottom > 0 && box.left < innerWidth && box.top < innerHeight;
}

function verify(widget: Widget, option: OptionEntry, effects: PageEffects): ActionResult {
  const name = `"${option.text}"`;
  const done = (message: string) => succeeded(withEffects(message, effects), { endsBatch: effects.endsBatch });
  const role = attributeOf(option.element, 'role');
  // A menu item runs a command; there is no selection to check, only its effects.
  if (role === 'menuitem') return done(`Chose ${name} in ${widget.label}`);
  const shows = widget.opener ? shownValue(widget.opener, widget.list) : '';
  const normalised = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  const selected = option.element.isConnected && isSelected(option.element);
  if (shows && normalised(shows).includes(normalised(option.text))) return done(`${widget.label} now shows "${shows}"`);
  if (selected) return done(`${name} is now selected in ${widget.label}`);
  // Nothing marks the choice in a list without ARIA: that the page reacted is all there is to check.
  if (widget.plain && !widget.opener && !effects.quiet) return done(`Clicked ${name} in ${widget.label}`);
  const still = shows ? `it shows "${shows}"` : 'it shows no choice';
  return failed('rejected', withEffects(`Clicked ${name} in ${widget.label}, but ${still}`, effects));
}

