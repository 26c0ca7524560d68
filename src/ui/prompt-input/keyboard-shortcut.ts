/** A parsed shortcut such as `Mod+Shift+K`. */
export interface KeyboardShortcut {
  key: string;
  /** `Mod`: Ctrl or ⌘, whichever the visitor's keyboard has, so one spec fits every platform. */
  mod: boolean;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

/**
 * Parses `Mod+Shift+K`-style specs (case-insensitive; modifiers `Mod`, `Ctrl`/`Control`,
 * `Meta`/`Cmd`, `Alt`/`Option`, `Shift`; the last part is the key).
 */
export function parseKeyboardShortcut(spec: string): KeyboardShortcut {
  const parts = spec.split('+').map((part) => part.trim().toLowerCase());
  const key = parts.pop() ?? '';
  const has = (...names: string[]) => parts.some((part) => names.includes(part));
  return {
    key,
    mod: has('mod'),
    ctrl: has('ctrl', 'control'),
    meta: has('meta', 'cmd', 'command'),
    alt: has('alt', 'option'),
    shift: has('shift'),
  };
}

export function matchesKeyboardShortcut(event: KeyboardEvent, shortcut: KeyboardShortcut): boolean {
  const modifiers = shortcut.mod
    ? event.ctrlKey || event.metaKey
    : event.ctrlKey === shortcut.ctrl && event.metaKey === shortcut.meta;
  if (!modifiers || event.altKey !== shortcut.alt || event.shiftKey !== shortcut.shift) return false;
  // `code` covers layouts where the K key types another letter (and Alt+K on macOS, which types "˚").
  const code = event.code.toLowerCase();
  return (
    event.key.toLowerCase() === shortcut.key ||
    code === `key${shortcut.key}` ||
    code === `digit${shortcut.key}`
  );
}
