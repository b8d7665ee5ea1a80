import { i18n } from '@lingui/core';
import { subscribe } from 'valtio';
import { onSessionReset } from '../lib/auth';
import { sessionStore } from '../stores/session';
import { REFRESH_SYNC_TAG } from '../sw/protocol/background';
import { clearAppBadge } from './badge';
import { syncNoticeSettings } from './notifications';

/**
 * Periodic Background Sync, where the browser grants it (an installed app in Chromium): the
 * service worker refreshes the member's recent lists, the badge and videos' states while no console
 * is open (sw/periodic.ts). Registered once signed in, unregistered at sign-out. The browser
 * decides the real interval (at least this, more for a little-used app).
 */
export const REFRESH_MIN_INTERVAL_MS = 60 * 60 * 1000;

interface PeriodicSyncManager {
  register(tag: string, options?: { minInterval: number }): Promise<void>;
  unregister(tag: string): Promise<void>;
  getTags(): Promise<string[]>;
}
type WithPeriodicSync = ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager };

async function registration(): Promise<WithPeriodicSync | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  return (await navigator.serviceWorker.getRegistration()) as WithPeriodicSync | undefined;
}

async function granted(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    return status.state === 'granted';
  } catch {
    return false;
  }
}

/** After sign-in, once the worker is active: asks for the refresh if the browser allows it. */
export async function startPeriodicRefresh(): Promise<boolean> {
  const reg = await registration();
  if (!reg?.periodicSync || !reg.active || !(await granted())) return false;
  try {
    await reg.periodicSync.register(REFRESH_SYNC_TAG, { minInterval: REFRESH_MIN_INTERVAL_MS });
    return true;
  } catch {
    return false;
  }
}

/** Sign-out: the worker refreshes nothing more (and, should this not reach it, stops by itself). */
export async function stopPeriodicRefresh(): Promise<void> {
  const reg = await registration();
  await reg?.periodicSync?.unregister(REFRESH_SYNC_TAG).catch(() => undefined);
}

/**
 * The console's part in the work done while it is closed, for as long as it is signed in (mounted
 * with the live stream): the refresh registered and the notices' words written once the session is
 * checked, and again in a new language; at sign-out the refresh stops and the icon is cleared.
 */
export function startBackgroundSession(): () => void {
  let started = '';
  const sync = () => {
    const ready = Boolean(sessionStore.token) && sessionStore.roles.length > 0 && !sessionStore.mustChangePassword;
    if (!ready || started === sessionStore.token) return;
    started = sessionStore.token;
    void syncNoticeSettings(i18n);
    // Once a worker is active (on a first visit it installs when the browser is idle).
    void navigator.serviceWorker?.ready.then(() => startPeriodicRefresh());
  };
  const unsubscribe = subscribe(sessionStore, sync);
  const onLocale = () => void syncNoticeSettings(i18n);
  i18n.on('change', onLocale);
  const stopReset = onSessionReset(() => {
    started = '';
    clearAppBadge();
    void stopPeriodicRefresh();
  });
  sync();
  return () => {
    unsubscribe();
    i18n.removeListener('change', onLocale);
    stopReset();
  };
}
