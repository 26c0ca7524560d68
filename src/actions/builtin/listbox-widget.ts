import { describeElement } from '../../dom/index.js';
import type { ActionContext } from '../define-action.js';
import { failed, succeeded, type ActionResult } from '../action-result.js';
import { settle, watchPage, withEffects, type PageEffects } from './page-effects.js';
import { clickAt } from './pointer-input.js';
import { checkReachable, isDisabled, isShown } from './reach-target.js';
import { findEditable, keyboardEvent, textOf, typeText } from './text-entry.js';
import { matchOption, optionText, type OptionEntry } from './option-match.js';
import { isElement, isInput } from './element-kinds.js';
import { childrenInRenderOrder, isItemList } from '../../dom/index.js';
import { openerOf, plainItems, shownPlainLists } from './plain-list.js';

const POPUP = '[role=listbox], [role=menu], [role=tree], [role=grid]';
const OPTION = '[role=option], [role=menuitem], [role=menuitemradio], [role=menuitemcheckbox], [role=treeitem]';
const FIELDS = 'input, select, textarea, [role=combobox]';

/** A custom dropdown: the control that opens it and the list, when one is already showing. */
interface Widget {
  opener?: Element | undefined;
  list?: Element;
  label: string;
  /** Built without ARIA (plain-list.ts): found by structure, and nothing marks the chosen item. */
  plain?: boolean;
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
  if (list?.getAttribute('aria-multiselectable') === 'true' && !endsBatch) {
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
  return option.getAttribute('aria-selected') === 'true' || option.getAttribute('aria-checked') === 'true';
}

function identify(target: Element): Widget | undefined {
  const role = target.getAttribute('role') ?? '';
  if (/^(option|menuitem|menuitemradio|menuitemcheckbox|treeitem)$/.test(role)) {
    const list = target.closest(POPUP) ?? undefined;
    return list ? { list, label: describeElement(list) } : undefined;
  }
  if (target.matches(POPUP)) return { list: target, label: describeElement(target) };
  const opener = role === 'combobox' || target.hasAttribute('aria-haspopup') ? target : target.closest('[role=combobox]') ?? target.querySelector('[role=combobox]');
  if (opener) return { opener, label: describeElement(opener) };
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
  const opened = widget.list ?? (await openList(opener!, label, before, context));
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
  if (isSelected(option) && option.closest('[aria-multiselectable=true]')) return succeeded(`${name} is already selected in ${label}.`);
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

async function openList(opener: Element, label: string, before: Set<Element>, context: ActionContext): Promise<Element | ActionResult> {
  const showing = popupOf(opener, before);
  if (showing && opener.getAttribute('aria-expanded') !== 'false') return showing;
  const reached = checkReachable(opener, label, 'pointer');
  if (!('point' in reached)) return reached;
  // What the page adds or shows from now on: where a list without roles may appear, far from the control.
  const appeared: Element[] = [];
  const changes = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') appeared.push(record.target as Element);
      else for (const node of record.addedNodes) if (isElement(node)) appeared.push(node);
    }
  });
  changes.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'style', 'hidden'] });
  const find = () => popupOf(opener, before, appeared);
  clickAt(reached.hit, reached.point);
  let list = await waitFor(find, 1000, context.signal);
  if (!list) {
    // The ARIA combobox pattern opens with ArrowDown; some widgets only listen to the keyboard.
    const focusable = (findEditable(opener) ?? opener) as HTMLElement;
    focusable.focus?.({ preventScroll: true });
    focusable.dispatchEvent(keyboardEvent('keydown', { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 }));
    focusable.dispatchEvent(keyboardEvent('keyup', { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 }));
    list = await waitFor(find, 700, context.signal);
  }
  changes.disconnect();
  return list ?? failed('failed', `${label} showed no list of options when clicked; look at the page and open it another way.`);
}

/** The visible list that belongs to `opener` and has options: by ARIA references, else the one that appeared. */
function popupOf(opener: Element, before: Set<Element>, appeared?: Element[]): Element | undefined {
  const root = opener.getRootNode() as Document | ShadowRoot;
  const input = findEditable(opener);
  const refs = [opener, ...(input && input !== opener ? [input] : [])].flatMap((element) =>
    ['aria-controls', 'aria-owns', 'aria-activedescendant'].flatMap((name) => (element.getAttribute(name) ?? '').split(/\s+/).filter(Boolean)),
  );
  for (const id of refs) {
    const referenced = root.getElementById?.(id) ?? document.getElementById(id);
    const list = referenced?.matches(POPUP) ? referenced : referenced?.closest(POPUP) ?? referenced?.querySelector(POPUP);
    if (list && hasOptions(list)) return list;
  }
  const added = [...document.querySelectorAll(POPUP)].filter((list) => !before.has(list) && hasOptions(list));
  if (added.length) return added.at(-1);
  // A list without roles that the click brought up, next to the control or at the end of <body>.
  const plain = [...shownPlainLists(opener, appeared)].filter((list) => !before.has(list) && hasOptions(list));
  if (plain.length) return plain.at(-1);
  // A list rendered right next to its control, in it or beside it.
  let scope: Element | null = opener;
  for (let level = 0; scope && level < 2; level += 1, scope = scope.parentElement) {
    const near = [...scope.querySelectorAll(POPUP)].find(hasOptions);
    if (near) return near;
  }
  return undefined;
}

function inViewport(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.right > 0 && box.bottom > 0 && box.left < innerWidth && box.top < innerHeight;
}

function hasOptions(list: Element): boolean {
  return isShown(list) && optionsIn(list).length > 0;
}

function optionsIn(list: Element): OptionEntry[] {
  let elements = renderedMatches(list, OPTION);
  // Lists without ARIA roles on their items still show items a user can click.
  if (!elements.length) elements = [...list.querySelectorAll('li')];
  if (!elements.length && isItemList(list)) elements = plainItems(list);
  return elements.filter(isShown).map((element) => ({
    element,
    text: optionText(element),
    value: element.getAttribute('data-value') ?? element.getAttribute('value') ?? undefined,
  }));
}

/**
 * Descendants matching `selector` as the list renders them: a web component's listbox in its shadow
 * root shows options slotted from the light DOM, which are not its descendants in the DOM tree.
 */
function renderedMatches(root: Element, selector: string): Element[] {
  const found: Element[] = [];
  const visit = (element: Element) => {
    if (element.matches(selector)) found.push(element);
    for (const child of childrenInRenderOrder(element)) if (isElement(child)) visit(child);
  };
  for (const child of childrenInRenderOrder(root)) if (isElement(child)) visit(child);
  return found;
}

function verify(widget: Widget, option: OptionEntry, effects: PageEffects): ActionResult {
  const name = `"${option.text}"`;
  const done = (message: string) => succeeded(withEffects(message, effects), { endsBatch: effects.endsBatch });
  const role = option.element.getAttribute('role');
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

/**
 * What a combobox displays as its value: its own text or input value, else the text of the
 * smallest wrapper around it that holds no other field (where libraries render the chosen value).
 */
function shownValue(opener: Element, list?: Element): string {
  let scope: Element | null = opener;
  for (let level = 0; scope && level < 3; level += 1) {
    const text = visibleText(scope, list);
    if (text) return text.length > 80 ? `${text.slice(0, 79)}…` : text;
    const parent: Element | null = scope.parentElement;
    if (!parent || parent.querySelectorAll(FIELDS).length > scope.querySelectorAll(FIELDS).length + (scope.matches(FIELDS) ? 1 : 0)) break;
    scope = parent;
  }
  return '';
}

/** Whether the control shows `text` on its own, as a chosen value or a chip (not a word among others). */
function shownAsChosen(opener: Element, text: string): boolean {
  const wanted = text.replace(/\s+/g, ' ').toLowerCase();
  const scope = valueScope(opener);
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && (parent.textContent ?? '').replace(/\s+/g, ' ').trim().toLowerCase() === wanted && !parent.closest(POPUP) && isShown(parent)) return true;
  }
  return false;
}

/** The widest wrapper around a combobox (three levels at most) that holds no other field: where it shows its value. */
function valueScope(opener: Element): Element {
  let scope = opener;
  for (let level = 0; level < 3; level += 1) {
    const parent = scope.parentElement;
    if (!parent || parent.querySelectorAll(FIELDS).length > scope.querySelectorAll(FIELDS).length + (scope.matches(FIELDS) ? 1 : 0)) break;
    scope = parent;
  }
  return scope;
}

function visibleText(scope: Element, list?: Element): string {
  const parts: string[] = [];
  if (isInput(scope)) return scope.value.trim();
  for (const field of scope.querySelectorAll('input')) if (field.value && field.type !== 'hidden') parts.push(field.value);
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    // The list's own items are choices, not what the control shows (even once the list is hidden).
    if (!parent || parent.closest(POPUP) || list?.contains(parent) || !isShown(parent)) continue;
    parts.push(node.textContent ?? '');
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

function waitFor<T>(check: () => T | undefined, timeoutMs: number, signal: AbortSignal): Promise<T | undefined> {
  const start = performance.now();
  return new Promise((resolve) => {
    const poll = () => {
      const found = check();
      if (found || signal.aborted || performance.now() - start > timeoutMs) return resolve(found);
      setTimeout(poll, 30);
    };
    poll();
  });
}
