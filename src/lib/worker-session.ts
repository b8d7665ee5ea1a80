import { i18n } from '@lingui/core';
import { clearWorkerSession, writeWorkerSession } from '../sw/protocol/background';
import { userKeyOf } from '../sw/protocol/cache-keys';

/**
 * Written by the sign-in page when the member ticks "keep me signed in on this device"; read here
 * so the worker knows whether its background work may outlive the window (docs/offline.md).
 */
export const REMEMBER_KEY = 'lectern:remember';

export function remembered(): boolean {
  try {
    return localStorage.getItem(REMEMBER_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Tells the service worker which member it may act for (the session's key, never its token).
 * Written after each successful session check, so a member who signed in since replaces it.
 */
export async function tellWorkerSession(token: string, staffId: number, roles: string[]): Promise<void> {
  if (!token || typeof indexedDB === 'undefined') return;
  const userKey = await userKeyOf(token);
  await writeWorkerSession({
    userKey,
    staffId,
    roles,
    locale: i18n.locale || 'en',
    remember: remembered(),
    updatedAt: Date.now(),
  });
}

/** Sign-out, or a session refused: the worker stops acting for anyone. */
export async function forgetWorkerSession(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await clearWorkerSession();
}
