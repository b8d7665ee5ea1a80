import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { openConfirmModal } from '../components/confirm-modal';
import { Code } from '../contract/envelope';
import { sessionStore } from '../stores/session';
import type { HttpUi } from './http';
import { removeToken } from './token';

let logoutDialogOpen = false;

/** Codes whose message is always the same, in the user's language (the server answers in English). */
const CODE_MESSAGES: Partial<Record<number, MessageDescriptor>> = {
  [Code.BadCredentials]: msg`Account and password are incorrect.`,
  [Code.IllegalToken]: msg`Not signed in, or the session was ended`,
  [Code.TokenExpired]: msg`Your session has expired: sign in again.`,
  [Code.StorageFull]: msg`The server's storage is full: nothing was saved. Ask an administrator to free some space.`,
};

/** A translated message for a code of fixed meaning (see HttpUi.codeMessage). */
export function codeMessage(code: number, data: unknown): string | undefined {
  if (code === Code.TooManyRequests) {
    const seconds = Number((data as { retryAfter?: unknown } | null)?.retryAfter);
    if (!(seconds > 0)) return i18n._(msg`Too many failed attempts. Try again later.`);
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return i18n._(
      msg`Too many failed attempts. Try again in about ${plural(minutes, { one: '# minute', other: '# minutes' })}.`,
    );
  }
  const known = CODE_MESSAGES[code];
  return known ? i18n._(known) : undefined;
}

/** The http client's messages, shown with Mantine (SPEC.md §8). */
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
  offlineMessage: () => i18n._(msg`You are offline. This needs the server; try again when you are back online.`),
  codeMessage,
};
