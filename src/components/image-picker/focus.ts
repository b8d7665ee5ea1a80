/**
 * Puts the focus on `target` once the picker dialog has closed. The dialog's focus trap lets go
 * during its closing transition, and the form's own dialog would give the focus back to its
 * opener if it dropped to the page; this watches for up to two seconds and takes it first.
 */
export function focusAfterClose(target: HTMLElement | null): void {
  if (!target) return;
  let ticks = 0;
  const timer = window.setInterval(() => {
    const active = document.activeElement;
    const inPicker = !!active?.closest('[data-image-picker]');
    if (active !== target && (active === null || active === document.body || !active.isConnected || inPicker)) {
      target.focus({ preventScroll: true });
    }
    if (
      (document.activeElement === target && !document.querySelector('[data-image-picker] [role="dialog"]')) ||
      ++ticks > 40
    ) {
      window.clearInterval(timer);
    }
  }, 50);
}
