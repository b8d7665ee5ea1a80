/// <reference lib="webworker" />
import { refusal } from './badge';
import { type WorkerSession, workerRequest } from './protocol/background';
import {
  fillText,
  type NoticeKind,
  noticeText,
  readNoticeSettings,
  readWatched,
  unwatchVideo,
  videoTag,
  type WatchedVideo,
} from './protocol/notices';

declare const self: ServiceWorkerGlobalScope;

const BASE = import.meta.env.BASE_URL;

/** Where a click on a video's notification goes: its page, or the Videos list while its id is unknown. */
export const videoPageUrl = (id: number | undefined): string =>
  new URL(id ? `${BASE}web/video/${id}` : `${BASE}web/video`, self.location.origin).href;

/**
 * A click opens the video's page: in a console window already open (navigated there and brought
 * forward), else in a new one.
 */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  if (typeof url !== 'string' || new URL(url).origin !== self.location.origin) return;
  const opening = openOrFocus(url);
  // A click only a test can make (an event built in the worker) may not extend its life.
  if (event.isTrusted) event.waitUntil(opening);
  else void opening;
});

async function openOrFocus(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: false });
  const open = windows.find((c) => c.url.startsWith(new URL(BASE, self.location.origin).href));
  if (!open) {
    await self.clients.openWindow(url).catch(() => undefined);
    return;
  }
  // navigate() before focus(): focusing needs the click's user activation, navigating does not.
  const moved = open.url === url ? open : await open.navigate(url).catch(() => null);
  await (moved ?? open).focus().catch(() => undefined);
}

/** Shows or replaces the one notification of a video, in the session's language. */
export async function showVideoNotice(
  session: WorkerSession,
  kind: NoticeKind,
  video: Pick<WatchedVideo, 'videoId' | 'title' | 'id'>,
): Promise<void> {
  const settings = await readNoticeSettings();
  const permission = (self as unknown as { Notification?: { permission: string } }).Notification?.permission;
  if (!settings?.enabled || permission !== 'granted') return;
  await self.registration.showNotification(fillText(noticeText(settings, session.locale, kind), video.title), {
    body: noticeText(settings, session.locale, 'open'),
    tag: videoTag(video.videoId),
    renotify: true,
    icon: `${BASE}pwa-192x192.png`,
    data: { url: videoPageUrl(video.id), videoId: video.videoId },
  } as NotificationOptions);
}

interface VideoRow {
  id: number;
  videoId: string;
  status: string;
}

/**
 * While the console is closed: the videos uploaded from this device whose processing no one saw
 * end are asked for, and each that turned ready or failed is notified once and no longer watched.
 */
export async function checkWatchedVideos(session: WorkerSession, apiBase: string): Promise<number> {
  const watched = await readWatched(session.userKey);
  let told = 0;
  for (const video of watched) {
    const res = await fetch(
      workerRequest(`${apiBase}/video/page`, {
        userKey: session.userKey,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Language: session.locale },
        body: JSON.stringify({ pageNum: 1, pageSize: 10, keyword: video.videoId }),
      }),
    );
    await refusal(res);
    if (!res.ok) continue;
    const env = (await res.json().catch(() => null)) as { code?: number; data?: { items?: VideoRow[] } } | null;
    if (env?.code !== 20000) continue;
    const row = env.data?.items?.find((v) => v.videoId === video.videoId);
    if (!row) continue;
    const kind = row.status === 'Normal' ? 'videoReady' : row.status === 'TranscodeFail' ? 'videoFailed' : null;
    if (!kind) continue;
    await showVideoNotice(session, kind, { ...video, id: row.id });
    await unwatchVideo(session.userKey, video.videoId);
    told += 1;
  }
  return told;
}
