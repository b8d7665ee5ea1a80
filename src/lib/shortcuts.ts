import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface Shortcut {
  /** Mantine `useHotkeys` notation. */
  hotkey: string;
  /** Keys as shown in the help overlay; `mod` is ⌘ on Apple keyboards and Ctrl elsewhere. */
  keys: readonly string[];
  description: MessageDescriptor;
}

/**
 * Every keyboard shortcut of the console, in one table: the components that act on them read their
 * `hotkey` from here and the help overlay (?) lists them, so the two cannot disagree. Single-key
 * shortcuts are ignored while typing in a field; Save works inside the form's fields.
 */
export const SHORTCUTS = {
  search: { hotkey: 'mod+K', keys: ['mod', 'K'], description: msg`Search pages` },
  help: { hotkey: 'shift+?', keys: ['?'], description: msg`Show keyboard shortcuts` },
  closeTab: { hotkey: 'alt+W', keys: ['Alt', 'W'], description: msg`Close the current tab` },
  nextTab: { hotkey: 'alt+shift+ArrowRight', keys: ['Alt', 'Shift', '→'], description: msg`Next tab` },
  previousTab: { hotkey: 'alt+shift+ArrowLeft', keys: ['Alt', 'Shift', '←'], description: msg`Previous tab` },
  newRecord: { hotkey: 'N', keys: ['N'], description: msg`New record (on a list)` },
  save: { hotkey: 'mod+S', keys: ['mod', 'S'], description: msg`Save the open form` },
} as const satisfies Record<string, Shortcut>;

const isApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** A key as printed on the user's keyboard. */
export function keyLabel(key: string): string {
  if (key === 'mod') return isApple() ? '⌘' : 'Ctrl';
  if (key === 'Alt' && isApple()) return '⌥';
  return key;
}

/** Whether a keyboard event is the Save shortcut (checked by the form itself, so it works in inputs). */
export function isSaveKey(e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): boolean {
  return e.key.toLowerCase() === 's' && (e.ctrlKey || e.metaKey) && !e.altKey;
}
