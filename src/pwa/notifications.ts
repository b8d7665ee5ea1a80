import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { currentUserKey } from '../lib/offline/session-cache';
import { settingsStore } from '../stores/settings';
import {
  fillText,
  type NoticeKind,
  type NoticeTexts,
  unwatchVideo,
  videoTag,
  watchVideo,
  writeNoticeSettings,
} from '../sw/protocol/notices';

/**
 * Notifications of the member's uploads and videos (off by default; the settings switch turns
 * them on and asks the browser's permission on that click, never on load). The page shows them
 * while the console is hidden; the service worker while it is closed (sw/notifications.ts), in the
 * texts the page wrote in the member's language. One notification per video, replaced in place.
 */

export type NoticePermission = NotificationPermission | 'unsupported';

export function notificationPermission(): NoticePermission {
  if (typeof Notification === 'undefined' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** The switch's click: the browser's question (answered once for the site), then the switch. */
export async function enableNotifications(i18n: I18n): Promise<NoticePermission> {
  let permission = notificationPermission();
  if (permission === 'default') permission = await Notification.requestPermission();
  settingsStore.notifications = permission === 'granted';
  await syncNoticeSettings(i18n);
  return permission;
}

export async function disableNotifications(i18n: I18n): Promise<void> {
  settingsStore.notifications = false;
  await syncNoticeSettings(i18n);
}

/** What the notices say, `{title}` standing for the video's title. */
export function noticeTexts(i18n: I18n): NoticeTexts {
  const title = '{title}';
  return {
    uploadDone: i18n._(msg`Upload finished: ${title}`),
    uploadFailed: i18n._(msg`Upload failed: ${title}`),
    videoReady: i18n._(msg`Ready to play: ${title}`),
    videoFailed: i18n._(msg`Processing failed: ${title}`),
    open: i18n._(msg`Open the video`),
  };
}

/** Tells the worker whether to notify and in what words (at sign-in, on the switch, on a language change). */
export async function syncNoticeSettings(i18n: I18n): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await writeNoticeSettings(
    settingsStore.notifications && notificationPermission() === 'granted',
    i18n.locale || 'en',
    noticeTexts(i18n),
  ).catch(() => undefined);
}

export interface VideoNotice {
  videoId: string;
  title: string;
  /** The video record's id, for its page. */
  id?: number;
}

const BASE = import.meta.env.BASE_URL;
const pageOf = (id: number | undefined) =>
  new URL(id ? `${BASE}web/video/${id}` : `${BASE}web/video`, location.origin).href;

/**
 * An upload or a video moved on. Shown only while the console is hidden (visible, the panel and
 * its toasts say it); the video stays watched by the worker until its processing ends.
 */
export async function notifyVideo(i18n: I18n, kind: NoticeKind, video: VideoNotice): Promise<void> {
  const userKey = await currentUserKey().catch(() => '');
  if (userKey && typeof indexedDB !== 'undefined') {
    const watch =
      kind === 'uploadDone' ? watchVideo(userKey, { ...video, at: Date.now() }) : unwatchVideo(userKey, video.videoId);
    await watch.catch(() => undefined);
  }
  if (!settingsStore.notifications || notificationPermission() !== 'granted') return;
  if (document.visibilityState !== 'hidden') return;
  const reg = await navigator.serviceWorker.getRegistration();
  const texts = noticeTexts(i18n);
  await reg
    ?.showNotification(fillText(texts[kind], video.title), {
      body: texts.open,
      tag: videoTag(video.videoId),
      renotify: true,
      icon: `${BASE}pwa-192x192.png`,
      data: { url: pageOf(video.id), videoId: video.videoId },
    } as NotificationOptions)
    // Permission withdrawn meanwhile, or a browser that refuses some option: nothing to show.
    .catch((err: unknown) => console.warn('[notifications] not shown:', err));
}

/** The console saw a video's processing end while visible: the worker need not tell of it. */
export async function videoSeen(videoId: string): Promise<void> {
  const userKey = await currentUserKey().catch(() => '');
  if (userKey && typeof indexedDB !== 'undefined') await unwatchVideo(userKey, videoId).catch(() => undefined);
}
