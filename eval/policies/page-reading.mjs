// How the policies read a page dump as a person reads a screen: controls by their labels, buttons
// and links by their names, a radio group by its legend, what a field holds and what the page says
// is wrong with it. Targets are always ids taken from the dump of the current turn.
import { contentWords, stem } from '../../demo/server/offline-intents.mjs';
import { allText, clean, inChrome, isButton, isField, isHeading, isLink, nameOf, statusMessages } from '../../demo/server/page-dump.mjs';

export { allText, clean, nameOf, statusMessages };

/** Stemmed content words, for comparing what the visitor said with what the page shows. */
export function wordsOf(text) {
  return contentWords(String(text ?? '').toLowerCase()).map(stem);
}

/** How many of `wanted` appear in `text`; numbers must appear as they are. */
export function overlap(wanted, text) {
  const have = new Set(wordsOf(text));
  return wanted.filter((word) => have.has(word)).length;
}

/**
 * The control a label names: a text field, a select, a checkbox, or a radio group by its legend.
 * @returns {Control | undefined}
 * @typedef {{ kind: 'text' | 'select' | 'checkbox' | 'radio' | 'combobox', node: object, label: string,
 *   options: { label: string, node?: object }[], value: string | boolean | undefined }} Control
 */
export function findControl(page, label) {
  const wanted = wordsOf(label);
  if (!wanted.length) return undefined;
  let best;
  const consider = (control, text) => {
    const score = overlap(wanted, text) / wanted.length;
    if (score > 0.5 && score > (best?.score ?? 0)) best = { control, score };
  };
  for (const group of radioGroups(page)) consider(group, group.label);
  for (const node of page.nodes) {
    if (!node.id || !isField(node) || isRadio(node) || disabled(node)) continue;
    const control = controlOf(node);
    // A combobox's name is often its value ("France"), and a widget that hides the native control
    // leaves its label on that: a person reads the words just before the box as its label.
    const caption = control.kind === 'combobox' || !node.label ? captionBefore(page, node) : '';
    consider(control, `${nameOf(node)} ${node.attrs.name ?? ''} ${caption}`);
  }
  return best?.control;
}

/**
 * The text a person reads right before a control as its label: a short plain line, a <label> or a
 * heading. A sentence there is content (a review, a notice), not a label.
 */
function captionBefore(page, node) {
  for (let index = page.nodes.indexOf(node) - 1; index >= 0; index--) {
    const before = page.nodes[index];
    if (before.id && !['label', ...HEADINGS].includes(before.tag)) return '';
    const text = clean(before.text);
    if (text) return text.split(' ').length <= MAX_CAPTION_WORDS ? text : '';
  }
  return '';
}

const MAX_CAPTION_WORDS = 4;

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/** Every control in the dump, radio groups as one. */
function allControls(page) {
  const grouped = radioGroups(page);
  const radios = new Set(grouped.flatMap((group) => group.options.map((option) => option.node)));
  const singles = page.nodes.filter((node) => node.id && isField(node) && !radios.has(node) && !disabled(node)).map(controlOf);
  return [...singles, ...grouped];
}

function controlOf(node) {
  const label = nameOf(node);
  if (node.tag === 'select') {
    const options = (node.options ?? '').split(' | ').map((text) => ({ label: text.trim() })).filter((option) => option.label);
    return { kind: 'select', node, label, options, value: node.attrs.selected };
  }
  if (isCheckbox(node)) return { kind: 'checkbox', node, label, options: [], value: isOn(node) };
  // A typed combobox (an <input>) may show its choice beside the input rather than in it.
  if (node.attrs.role === 'combobox') return { kind: 'combobox', node, label, options: [], value: node.tag === 'input' ? fieldValue(node) : clean(allText(node)) };
  return { kind: 'text', node, label, options: [], value: fieldValue(node) };
}

/** Radios sharing a name (or a radiogroup), labelled by their fieldset's legend or the group's name. */
function radioGroups(page) {
  const groups = new Map();
  for (const node of page.nodes) {
    if (!node.id || !isRadio(node) || disabled(node)) continue;
    const container = node.parent;
    const key = node.attrs.name ? `name:${node.attrs.name}` : container;
    if (!groups.has(key)) groups.set(key, { kind: 'radio', node: container ?? node, label: groupLabel(container), options: [], value: undefined });
    const group = groups.get(key);
    const label = nameOf(node);
    group.options.push({ label, node });
    if (isOn(node)) group.value = label;
  }
  return [...groups.values()];
}

function groupLabel(container) {
  if (!container) return '';
  const legend = container.children.find((child) => !child.tag && clean(child.text));
  return clean(container.label ?? container.attrs['aria-label'] ?? legend?.text ?? nameOf(container));
}

function isRadio(node) {
  return (node.tag === 'input' && node.attrs.type === 'radio') || node.attrs.role === 'radio';
}

function isCheckbox(node) {
  return (node.tag === 'input' && node.attrs.type === 'checkbox') || ['checkbox', 'switch'].includes(node.attrs.role);
}

function isOn(node) {
  if ('aria-checked' in node.attrs) return node.attrs['aria-checked'] === 'true';
  return 'checked' in node.attrs && node.attrs.checked !== 'false';
}

function disabled(node) {
  return 'disabled' in node.attrs || node.attrs['aria-disabled'] === 'true';
}

function fieldValue(node) {
  if ('value' in node.attrs) return node.attrs.value;
  if (node.tag === 'textarea' || 'contenteditable' in node.attrs) return clean(node.text);
  return '';
}

/** Things a person clicks: buttons, links, tabs, menu items, options; not disabled. */
export function clickables(page) {
  return page.nodes.filter((node) => node.id && !disabled(node) && (isButton(node) || isLink(node) || ['tab', 'menuitem', 'option', 'switch'].includes(node.attrs.role)));
}

/**
 * The clickable whose name says `words`; with `near`, the one closest after the text it belongs
 * to ("Add to cart" under "Blue mug", "Remove" in the Red mug row).
 */
export function findClickable(page, words, { near } = {}) {
  const wanted = wordsOf(words);
  // Every word asked for, and mostly those: "Delete order" is not the card "Orders · filter, open, delete".
  const fits = (node) => overlap(wanted, nameOf(node)) === wanted.length && wanted.length / Math.max(1, wordsOf(nameOf(node)).length) >= 0.5;
  const candidates = clickables(page).filter(fits);
  if (!near) return candidates.find((node) => !inChrome(node)) ?? candidates[0];
  const nearWords = wordsOf(near);
  const mentions = (node) => overlap(nearWords, node.row ? node.text : node.text + ' ' + (isLink(node) || isHeading(node) ? allText(node) : '')) === nearWords.length;
  let best;
  for (const candidate of candidates) {
    if (mentions(candidate)) return candidate;
    const at = page.nodes.indexOf(candidate);
    for (let index = at - 1, distance = 1; index >= 0; index--, distance++) {
      const node = page.nodes[index];
      if (candidates.includes(node)) break;
      if (mentions(node)) {
        if (distance < (best?.distance ?? Infinity)) best = { node: candidate, distance };
        break;
      }
    }
  }
  return best?.node;
}

/**
 * Fields the page marks as wrong (invalid / aria-invalid) with the message it shows for each: the
 * plain text lines that follow the field inside its own group.
 * @returns {{ control: Control, message: string }[]}
 */
export function invalidControls(page) {
  const found = [];
  for (const control of allControls(page)) {
    const nodes = control.kind === 'radio' ? control.options.map((option) => option.node) : [control.node];
    if (!nodes.some((node) => 'invalid' in node.attrs || node.attrs['aria-invalid'] === 'true')) continue;
    found.push({ control, message: messageAfter(page, control.kind === 'radio' ? control.node : control.node) });
  }
  return found;
}

/** Text lines right after a node, up to the next element with an id (the next field or button). */
export function messageAfter(page, node) {
  const lines = [];
  const start = page.nodes.indexOf(node);
  for (let index = start + 1; index < page.nodes.length; index++) {
    const next = page.nodes[index];
    if (next.id && !isDescendant(next, node)) break;
    if (!next.tag && clean(next.text)) lines.push(clean(next.text));
  }
  return lines.join(' ');
}

function isDescendant(node, ancestor) {
  for (let at = node.parent; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

/** The button that sends the form a control belongs to: its submit button, or the one named `words`. */
export function submitButtonFor(page, control, words) {
  if (words) return findClickable(page, words);
  const form = ancestor(control.node, (node) => node.tag === 'form' || node.attrs.role === 'form');
  const inForm = (node) => form && isDescendant(node, form);
  const buttons = clickables(page).filter(isButton);
  return buttons.find((node) => inForm(node) && (node.attrs.type === 'submit' || (node.tag === 'button' && !node.attrs.type))) ?? buttons.find(inForm);
}

function ancestor(node, test) {
  for (let at = node; at; at = at.parent) if (test(at)) return at;
  return undefined;
}

/** Content nodes (not header, nav or footer) whose own text or heading holds all the words. */
export function findText(page, words) {
  const wanted = wordsOf(words);
  const matches = page.nodes.filter((node) => node.id && !inChrome(node) && overlap(wanted, isHeading(node) ? allText(node) : node.text) === wanted.length);
  return matches.find(isHeading) ?? matches[0];
}
