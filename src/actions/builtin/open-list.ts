import { childrenInRenderOrder } from '../../dom/accessible-name.js';
import { isItemList } from '../../dom/widget-state.js';
import type { ActionContext } from '../define-action.js';
import { failed, type ActionResult } from '../action-result.js';
import { isElement } from './element-kinds.js';
import { optionText, type OptionEntry } from './option-match.js';
import { plainItems, shownPlainLists } from './plain-list.js';
import { clickAt } from './pointer-input.js';
import { checkReachable, isShown } from './reach-target.js';
import { findEditable, keyboardEvent } from './text-entry.js';
import { waitFor } from './wait-for.js';
import { attributeOf, closestOf } from '../../dom/platform.js';

export const POPUP = '[role=listbox], [role=menu], [role=tree], [role=grid]';
const OPTION = '[role=option], [role=menuitem], [role=menuitemradio], [role=menuitemcheckbox], [role=treeitem]';

/** Clicks a custom dropdown's control (then tries ArrowDown) and finds the list of options it opened. */
export async function openList(opener: Element, label: string, before: Set<Element>, context: ActionContext, face?: Element): Promise<Element | ActionResult> {
  const showing = popupOf(opener, before);
  if (showing && attributeOf(opener, 'aria-expanded') !== 'false') return showing;
  let reached = checkReachable(opener, label, 'pointer');
  // A combobox input nobody sees (moved off-screen once a value is chosen): a visitor clicks the box showing the value.
  if (!('point' in reached) && face) reached = checkReachable(face, label, 'pointer');
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
export function popupOf(opener: Element, before: Set<Element>, appeared?: Element[]): Element | undefined {
  const root = opener.getRootNode() as Document | ShadowRoot;
  const input = findEditable(opener);
  const refs = [opener, ...(input && input !== opener ? [input] : [])].flatMap((element) =>
    ['aria-controls', 'aria-owns', 'aria-activedescendant'].flatMap((name) => (attributeOf(element, name) ?? '').split(/\s+/).filter(Boolean)),
  );
  for (const id of refs) {
    const referenced = root.getElementById?.(id) ?? document.getElementById(id);
    const list = referenced?.matches(POPUP) ? referenced : closestOf(referenced, POPUP) ?? referenced?.querySelector(POPUP);
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

function hasOptions(list: Element): boolean {
  return isShown(list) && optionsIn(list).length > 0;
}

export function optionsIn(list: Element): OptionEntry[] {
  let elements = renderedMatches(list, OPTION);
  // Lists without ARIA roles on their items still show items a user can click.
  if (!elements.length) elements = [...list.querySelectorAll('li')];
  if (!elements.length && isItemList(list)) elements = plainItems(list);
  return elements.filter(isShown).map((element) => ({
    element,
    text: optionText(element),
    value: attributeOf(element, 'data-value') ?? attributeOf(element, 'value') ?? undefined,
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
