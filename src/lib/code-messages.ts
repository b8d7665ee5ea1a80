import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Code } from '../contract/envelope';

// Apart from lib/http-ui.ts (Mantine's toasts and dialogs), so the sign-in page can use it.

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
