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
 * Watches for up to three seconds (a closing transition on a busy machine): focus dropped to the
 * page (the dialog gone) goes back to `opener`.
 */
function giveBack(opener: Element | null): void {
  if (!(opener instanceof HTMLElement) || opener === document.body) return;
  let ticks = 0;
  const timer = window.setInterval(() => {
    const active = document.activeElement;
    const lost = active === null || active === document.body || !active.isConnected;
    if (lost && opener.isConnected) opener.focus({ preventScroll: true });
    if (lost || (active !== null && !inDialog(active)) || ++ticks > 60) window.clearInterval(timer);
  }, 50);
}
