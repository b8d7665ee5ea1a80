import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { type ChangeEvent, type CountsEvent, LIVE_EVENTS, type PresenceEvent } from '../contract/events';
import { createLiveConnection, type LiveMessage, resumePoint, TAB_ID } from '../lib/events';
import { clearAppBadge, showAppBadge } from '../pwa/badge';
import { startBackgroundSession } from '../pwa/periodic';
import { liveStore, presenceKey, resetLiveStore } from '../stores/live';
import { sessionStore } from '../stores/session';

/**
 * The live stream while signed in and online (mounted by the console layout): badges' counts,
 * presence, and lists that refresh when their resource changes anywhere. Offline it stops; back
 * online it resumes from the last event id, so the server replays what was missed.
 */
export function LiveRoot() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const conn = createLiveConnection({
      getToken: () => sessionStore.token || undefined,
      clientId: TAB_ID,
      onMessage: (m, resumed) => handleLiveMessage(m, queryClient, resumed),
      onStatus: (open) => {
        liveStore.connected = open;
      },
      // From where the screen's data was read: what changed since arrives as events.
      resumeFrom: () => resumePoint.get(),
    });
    let token = sessionStore.token;
    let started = false;
    const sync = () => {
      if (!started) return;
      if (sessionStore.token !== token) {
        token = sessionStore.token;
        conn.stop();
        conn.forget();
        resumePoint.clear();
        resetLiveStore();
        clearAppBadge();
      }
      // Until the password is changed every other call is refused (40310); roles: info loaded.
      const wanted =
        Boolean(sessionStore.token) &&
        sessionStore.roles.length > 0 &&
        !sessionStore.mustChangePassword &&
        navigator.onLine;
      if (wanted) conn.start();
      else conn.stop();
    };
    const unsubscribe = subscribe(sessionStore, sync);
    // The icon's badge, the refresh while closed and the notices' words (pwa/).
    const stopBackground = startBackgroundSession();
    window.addEventListener('online', sync);
    window.addEventListener('offline', sync);
    // The first start waits until the page has loaded and settled, so the stream (a request that
    // never ends) does not compete with the first screen's code and data; it resumes from where
    // that data was read, so nothing is fetched again when it opens.
    const stopWaiting = whenSettled(queryClient, () => {
      started = true;
      sync();
    });
    return () => {
      stopWaiting();
      unsubscribe();
      stopBackground();
      window.removeEventListener('online', sync);
      window.removeEventListener('offline', sync);
      conn.stop();
      liveStore.connected = false;
    };
  }, [queryClient]);
  return null;
}

/** Nothing fetched for this long after the load event (and then the browser idle): the page has settled. */
const SETTLED_MS = 1000;

function whenSettled(queryClient: QueryClient, fn: () => void): () => void {
  let quietSince = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const check = () => {
    const now = Date.now();
    if (document.readyState !== 'complete' || queryClient.isFetching() + queryClient.isMutating() > 0) {
      quietSince = now;
    }
    if (now - quietSince < SETTLED_MS) {
      timer = setTimeout(check, 250);
      return;
    }
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(fn, { timeout: 2000 });
    else fn();
  };
  timer = setTimeout(check, 250);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/** What each event does; exported for the unit test. */
export function handleLiveMessage(
  m: LiveMessage,
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  resumed = true,
): void {
  let data: unknown;
  try {
    data = JSON.parse(m.data);
  } catch {
    return;
  }
  switch (m.event) {
    case LIVE_EVENTS.change: {
      const change = data as ChangeEvent;
      // The event names the noun, and every query of a resource starts with its noun
      // (components/resource/resource-api.ts, the pickers, About us).
      void queryClient.invalidateQueries({ queryKey: [change.resource] });
      // Home's record counts and charts.
      void queryClient.invalidateQueries({ queryKey: ['system'] });
      break;
    }
    case LIVE_EVENTS.counts:
      liveStore.counts = data as CountsEvent;
      // The installed app's icon says the same as the menu.
      showAppBadge(liveStore.counts);
      break;
    case LIVE_EVENTS.presence: {
      const p = data as PresenceEvent;
      const key = presenceKey(p.resource, p.id);
      if (p.editors.length > 0) liveStore.presence[key] = p.editors;
      else delete liveStore.presence[key];
      break;
    }
    case LIVE_EVENTS.ready:
      // The server sends who edits what right after; what we had may have ended meanwhile.
      liveStore.presence = {};
      // A first connection that could not resume from where the screen's data was read (no
      // position known, or positions of different instances): a change made in between was never
      // sent, so what is shown is fetched once more. A resumed one got those changes as events.
      if (!resumed) void queryClient.invalidateQueries();
      break;
    case LIVE_EVENTS.reset:
      // Missed events could not be replayed: everything on screen may be stale.
      void queryClient.invalidateQueries();
      break;
  }
}
