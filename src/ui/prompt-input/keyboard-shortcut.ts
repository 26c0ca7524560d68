import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { guarded } from '../quietly.js';

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

export const DEFAULT_PROMPT_SHORTCUT = 'Mod+Shift+K';

/**
 * The keys that open the prompt from anywhere in the page: one listener per element, whoever
 * draws the prompt (the built-in panel or the host's).
 */
export class ShortcutController implements ReactiveController {
  #onPress: () => void;
  #shortcut: KeyboardShortcut | undefined;

  constructor(host: ReactiveControllerHost, onPress: () => void, spec?: string | null) {
    this.#onPress = onPress;
    this.set(spec);
    host.addController(this);
  }

  /** `undefined` is the default, `null` or "none" none. */
  set(spec: string | null | undefined): void {
    const shortcut = spec === undefined ? DEFAULT_PROMPT_SHORTCUT : spec;
    this.#shortcut = shortcut === null || shortcut.trim().toLowerCase() === 'none' ? undefined : parseKeyboardShortcut(shortcut);
  }

  hostConnected(): void {
    document.addEventListener('keydown', this.#onKeyDown);
  }

  hostDisconnected(): void {
    document.removeEventListener('keydown', this.#onKeyDown);
  }

  readonly #onKeyDown = guarded((event: KeyboardEvent): void => {
    // A page that handles the same keys itself (and says so) keeps them.
    if (event.defaultPrevented || event.repeat || !this.#shortcut) return;
    if (!matchesKeyboardShortcut(event, this.#shortcut)) return;
    event.preventDefault();
    this.#onPress();
  });
}
