import { useId, useLayoutEffect, useSyncExternalStore } from 'react';
import type * as Parts from './floating-parts';

/**
 * Menus, tooltips and pickers float over the page (Mantine's Popover on Floating UI: ~30 KiB
 * gzip). A screen can be read without them, so they load at the first interaction (a pointer
 * moving, a touch, a key) or when one of them is used, not with the screen: what a glance at a
 * list downloads on a phone stays within its budget. Until then each draws its target only (the
 * same element), and the one clicked or focused is opened or focused again once they are here.
 */
export type FloatingParts = typeof Parts;

let parts: FloatingParts | undefined;
let loading: Promise<FloatingParts> | undefined;
/** The key (`data-floating`) of the element focused when the parts arrived. */
let focusedKey: string | undefined;
const listeners = new Set<() => void>();

/** Every placeholder is drawn anew as the real thing: the focused one gets its focus back. */
function arrive(loaded: FloatingParts): void {
  if (parts) return;
  // From now on no placeholder is drawn anew: presses need no watching.
  untrackPresses();
  focusedKey = document.activeElement?.closest<HTMLElement>('[data-floating]')?.dataset.floating;
  parts = loaded;
  for (const listener of listeners) listener();
}

/**
 * A press under way (a pointer or a key down, and the click its release brings). Drawing the
 * placeholders anew then would replace the pressed button with a new element: the release lands on
 * the new one and the browser sends no click at all, so the first tap on a row's Edit or Delete,
 * made just as the parts came, did nothing. The parts wait for the click (or a moment after a
 * release with none, or at most 3 s if a release never comes).
 */
const press = { down: false, waiting: undefined as FloatingParts | undefined, cap: 0, grace: 0 };
let untrackPresses = () => {};
const AFTER_RELEASE_MS = 100;
const AT_MOST_MS = 3000;

function arriveAfterPress(): void {
  clearTimeout(press.cap);
  clearTimeout(press.grace);
  const loaded = press.waiting;
  press.waiting = undefined;
  if (loaded) arrive(loaded);
}

function trackPresses(target: Window): void {
  const opts = { capture: true, passive: true } as const;
  const down = () => {
    press.down = true;
  };
  const releasedFor = (ms: number) => () => {
    press.down = false;
    clearTimeout(press.grace);
    if (press.waiting) press.grace = window.setTimeout(arriveAfterPress, ms);
  };
  const up = releasedFor(AFTER_RELEASE_MS);
  // The click's own handlers run first (this is its capture phase); the swap comes after them.
  const click = releasedFor(0);
  const listeners = [
    ...(['pointerdown', 'keydown'] as const).map((type) => [type, down] as const),
    ...(['pointerup', 'pointercancel', 'keyup'] as const).map((type) => [type, up] as const),
    ['click', click] as const,
  ];
  for (const [type, listener] of listeners) target.addEventListener(type, listener, opts);
  // The window losing focus ends a press whose release it will never see (bubbling only: an
  // element's blur, which a press itself causes, must not end it).
  target.addEventListener('blur', up);
  untrackPresses = () => {
    for (const [type, listener] of listeners) target.removeEventListener(type, listener, opts);
    target.removeEventListener('blur', up);
  };
}

/** Loads the parts once (again after a failure: the next use asks anew). */
export function loadFloating(): Promise<FloatingParts> {
  loading ??= import('./floating-parts').then(
    (loaded) => {
      if (press.down) {
        press.waiting = loaded;
        press.cap = window.setTimeout(arriveAfterPress, AT_MOST_MS);
      } else arrive(loaded);
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts loading quietly (a failure is retried by the next use). */
export const prefetchFloating = () => void loadFloating().catch(() => undefined);

const FIRST_INTERACTION = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

/** Loads the parts at the first sign of a user (before any menu is reached for, in practice). */
export function loadFloatingOnFirstInteraction(target: Window = window): void {
  if (parts) return;
  trackPresses(target);
  const start = () => {
    for (const type of FIRST_INTERACTION) target.removeEventListener(type, start, true);
    prefetchFloating();
  };
  for (const type of FIRST_INTERACTION) target.addEventListener(type, start, { capture: true, passive: true });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The parts, or undefined until they have loaded. */
export function useFloatingParts(): FloatingParts | undefined {
  return useSyncExternalStore(
    subscribe,
    () => parts,
    () => parts,
  );
}

/** The element of `key` is drawn anew (its placeholder becomes the real thing): give it the focus back. */
export function keepFocusOf(key: string): void {
  if (document.activeElement?.closest<HTMLElement>('[data-floating]')?.dataset.floating === key) focusedKey = key;
}

/**
 * A key for the element a placeholder draws (`data-floating`), the same before and after the
 * parts arrive, and focus given back to that element when it was focused as they arrived.
 */
export function useFloatingKey(loaded: boolean): string {
  const key = useId();
  useLayoutEffect(() => {
    if (!loaded || focusedKey !== key) return;
    focusedKey = undefined;
    document.querySelector<HTMLElement>(`[data-floating="${CSS.escape(key)}"]`)?.focus();
  }, [loaded, key]);
  return key;
}
