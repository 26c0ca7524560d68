import { settle } from './page-effects.js';
import { deepActiveElement, doubleClickAt } from './pointer-input.js';
import { checkReachable } from './reach-target.js';
import { isHtmlElement } from './element-kinds.js';
import { findEditable, isTextField, type Editable } from './text-entry.js';
import { attributeOf, closestOf, tagOf } from '../../dom/platform.js';

/**
 * The editor of an editable grid's cell. A data grid's cell (role=gridcell, or a cell of a
 * role=grid table) holds only its value until it is edited: a person double-clicks it and types into
 * the field the grid opens there (the ARIA grid pattern's edit mode). Returns that field, focused or
 * inside the cell, or undefined when the cell is read-only or opens none.
 */
export async function openCellEditor(target: Element, label: string, signal: AbortSignal): Promise<Editable | undefined> {
  const role = attributeOf(target, 'role');
  const cell = role === 'gridcell' || (!role && /^t[dh]$/.test(tagOf(target)) && closestOf(target, '[role=grid],[role=treegrid]'));
  if (!cell || closestOf(target, '[aria-readonly=true]')) return undefined;
  const reached = checkReachable(target, label, 'pointer');
  if (!('point' in reached)) return undefined;
  doubleClickAt(reached.hit, reached.point);
  await settle(signal, 0);
  const active = deepActiveElement();
  const typed = active && (isTextField(active) || (isHtmlElement(active) && active.isContentEditable));
  return typed ? findEditable(active) : target.isConnected ? findEditable(target) : undefined;
}
