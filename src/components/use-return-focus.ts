import { useEffect, useState } from 'react';

/**
 * Puts the keyboard focus back on what opened a dialog once it closes (WCAG 2.4.3 focus order).
 * Mantine's modals remember the focused element when their `opened` prop changes, so they miss
 * it when they mount already open (every dialog here loads on first use, and some mount per
 * record) and when closing unmounts them. This remembers it at mount and gives it back when
 * `opened` turns false or the dialog unmounts, once the closing transition has dropped the focus,
 * unless the user has put it somewhere else meanwhile.
 */
export function useReturnFocus(opened: boolean): void {
  // At the first render the opener (a button, a row's link) still has the focus: the dialog's
  // focus trap takes it in an effect, later.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  useEffect(() => {
    if (!opened) giveBack(opener);
  }, [opened, opener]);
  useEffect(() => () => giveBack(opener), [opener]);
}

const inDialog = (el: Element) => el.closest('[role="dialog"]') !== null;

/**
 * Where to find the opener again if the list re-renders it as a new element meanwhile (a message
 * marked read, a row refetched): its test id within its row.
 */
function addressOf(el: HTMLElement): string | null {
  const testId = el.getAttribute('data-testid');
  if (!testId) return null;
  const row = el.closest('[data-id]')?.getAttribute('data-id');
  return row ? `[data-id="${row}"] [data-testid="${testId}"]` : `[data-testid="${testId}"]`;
}

/**
 * Watches for up to three seconds (a closing transition on a busy machine): focus dropped to the
 * page (the dialog gone) goes back to `opener`.
 */
function giveBack(opener: Element | null): void {
  if (!(opener instanceof HTMLElement) || opener === document.body) return;
  const address = addressOf(opener);
  let ticks = 0;
  const timer = window.setInterval(() => {
    const target = opener.isConnected ? opener : address ? document.querySelector<HTMLElement>(address) : null;
    const active = document.activeElement;
    const lost = active === null || active === document.body || !active.isConnected;
    if (lost && target) target.focus({ preventScroll: true });
    // Done once the opener has it, or the user has put it elsewhere; a focus() that did not take
    // (the opener momentarily disabled or re-rendered) is tried again on the next tick.
    const elsewhere = !lost && active !== null && active !== target && !inDialog(active);
    if ((target && document.activeElement === target) || elsewhere || ++ticks > 60) window.clearInterval(timer);
  }, 50);
}
