import type { KeyInit } from './text-entry.js';
import { keyForCharacter } from './text-entry.js';

export interface Modifiers {
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** A key press the model asked for: the key as KeyboardEvent reports it, plus held modifiers. */
export interface KeySpec extends KeyInit {
  modifiers: Modifiers;
  /** As written back in results: "Shift+Tab", "Enter", "a". */
  name: string;
  /** The character it types in a text field, if any. */
  character?: string;
}

const NAMED: Record<string, KeyInit> = {};
function named(aliases: string[], key: string, keyCode: number, code = key): void {
  for (const alias of aliases) NAMED[alias] = { key, code, keyCode };
}
named(['enter', 'return'], 'Enter', 13);
named(['escape', 'esc'], 'Escape', 27);
named(['tab'], 'Tab', 9);
named(['space', 'spacebar'], ' ', 32, 'Space');
named(['backspace'], 'Backspace', 8);
named(['delete', 'del'], 'Delete', 46);
named(['arrowup', 'up'], 'ArrowUp', 38);
named(['arrowdown', 'down'], 'ArrowDown', 40);
named(['arrowleft', 'left'], 'ArrowLeft', 37);
named(['arrowright', 'right'], 'ArrowRight', 39);
named(['home'], 'Home', 36);
named(['end'], 'End', 35);
named(['pageup'], 'PageUp', 33);
named(['pagedown'], 'PageDown', 34);
named(['insert'], 'Insert', 45);
for (let index = 1; index <= 12; index += 1) named([`f${index}`], `F${index}`, 111 + index);

const MODIFIERS: Record<string, keyof Modifiers> = {
  ctrl: 'ctrlKey', control: 'ctrlKey', shift: 'shiftKey', alt: 'altKey', option: 'altKey', meta: 'metaKey', cmd: 'metaKey', command: 'metaKey',
};

/** Parses "Enter", "Shift+Tab", "Control+a", "ArrowDown", "?" — or says what is wrong. */
export function parseKey(text: string): KeySpec | string {
  const trimmed = text.trim();
  // "+" alone or as the last part ("Shift++") is the plus key itself.
  const parts = trimmed === '+' ? ['+'] : trimmed.endsWith('++') ? [...trimmed.slice(0, -2).split('+'), '+'] : trimmed.split('+');
  const modifiers: Modifiers = { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };
  const keyPart = parts.pop()?.trim() ?? '';
  for (const part of parts) {
    const modifier = MODIFIERS[part.trim().toLowerCase()];
    if (!modifier) return `"${part}" is not a modifier; use Control, Shift, Alt or Meta, e.g. "Shift+Tab".`;
    modifiers[modifier] = true;
  }
  const names = Object.entries(modifiers).filter(([, on]) => on).map(([name]) => ({ ctrlKey: 'Control', shiftKey: 'Shift', altKey: 'Alt', metaKey: 'Meta' })[name]);
  const namedKey = NAMED[keyPart.toLowerCase().replace(/[\s_-]/g, '')];
  if (namedKey) {
    const character = namedKey.key === ' ' ? ' ' : undefined;
    return { ...namedKey, modifiers, name: [...names, namedKey.key === ' ' ? 'Space' : namedKey.key].join('+'), character };
  }
  if ([...keyPart].length === 1) {
    const typed = modifiers.shiftKey && /^[a-z]$/.test(keyPart) ? keyPart.toUpperCase() : keyPart;
    const init = keyForCharacter(typed);
    return { ...init, modifiers, name: [...names, keyPart].join('+'), character: typed };
  }
  return `Unknown key "${keyPart}": use a key name (Enter, Escape, Tab, ArrowDown, F1…) or one character.`;
}

/** Whether the press types its character: no Control, Alt or Meta held. */
export function typesCharacter(spec: KeySpec): boolean {
  return spec.character !== undefined && !spec.modifiers.ctrlKey && !spec.modifiers.altKey && !spec.modifiers.metaKey;
}
