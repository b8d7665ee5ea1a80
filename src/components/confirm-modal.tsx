import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { modals } from '@mantine/modals';
import { Suspense, useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { lazy } from '../lib/lazy';

type ConfirmPayload = Parameters<typeof modals.openConfirmModal>[0];

/*
 * Confirmation dialogs on demand: Mantine's `modals` only sends an event to its provider, and the
 * provider (with the modal and scroll lock code) is not needed until the first dialog, so it
 * loads then. Dialogs asked for before it is there open as soon as it is.
 */
const state = proxy({ wanted: false });
let listening = false;
const waiting: ConfirmPayload[] = [];

/** Opens a confirmation dialog (Mantine's `modals.openConfirmModal`), loading its provider first if need be. */
export function openConfirmModal(given: ConfirmPayload): void {
  // The corner ✕ is an icon: screen readers need its name (read when the dialog opens, so in the
  // language of that moment).
  const payload = { ...given, closeButtonProps: { 'aria-label': i18n._(msg`Close`), ...given.closeButtonProps } };
  if (listening) {
    modals.openConfirmModal(payload);
    return;
  }
  waiting.push(payload);
  state.wanted = true;
}

const Host = lazy(() => import('./modals-host'));

/** Where the dialogs are drawn: mounted once in the console layout. */
export function ConfirmModals() {
  const { wanted } = useSnapshot(state);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Host />
      <Flush />
    </Suspense>
  );
}

/** After the provider's own effects (a later sibling's run later): it listens now. */
function Flush() {
  useEffect(() => {
    listening = true;
    for (const payload of waiting.splice(0)) modals.openConfirmModal(payload);
  }, []);
  return null;
}
