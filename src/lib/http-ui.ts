import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { openConfirmModal } from '../components/confirm-modal';
import { sessionStore } from '../stores/session';
import { codeMessage } from './code-messages';
import type { HttpUi } from './http';
import { isSessionEnd, noteSessionEnd, renewSession } from './session-end';
import { removeToken } from './token';

export { codeMessage };

let logoutDialogOpen = false;

/** The http client's messages, shown with Mantine (docs/product.md §8). */
export const mantineHttpUi: HttpUi = {
  error(message, durationMs) {
    notifications.show({ color: 'red', message, autoClose: durationMs, withBorder: true });
  },
  confirmLogout() {
    // Several requests can fail with 50008 at once; one dialog is enough.
    if (logoutDialogOpen) return;
    logoutDialogOpen = true;
    openConfirmModal({
      title: i18n._(msg`Confirm logout`),
      children: i18n._(msg`You have been logged out, you can cancel to stay on this page, or log in again`),
      labels: { confirm: i18n._(msg`Log in again`), cancel: i18n._(msg`Cancel`) },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        removeToken();
        location.reload();
      },
      onClose: () => {
        logoutDialogOpen = false;
      },
    });
  },
  passwordChangeRequired() {
    // The console layout follows the flag to the change page (shell/layout/use-forced-password-change.ts).
    sessionStore.mustChangePassword = true;
  },
  // Offline is a state the console explains (the offline banner), not an error: not red.
  notice(message, durationMs) {
    notifications.show({ color: 'gray', message, autoClose: durationMs, withBorder: true });
  },
  offlineMessage: () => i18n._(msg`You are offline. This needs the server; try again when you are back online.`),
  // Rather than the browser's own English ("Failed to fetch").
  unreachableMessage: () => i18n._(msg`The server cannot be reached`),
  codeMessage,
  // The session's end: a notice before it, and a sign-in over the screen after it (features/session/).
  sessionEnd: noteSessionEnd,
  renewSession: (code) => (isSessionEnd(code) ? renewSession('ended') : null),
};
