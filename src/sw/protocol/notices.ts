/**
 * What the page and the service worker share for the app badge, video notifications and the
 * periodic refresh, kept in the worker's store (background.ts `workerStore`). Pure apart from
 * idb-keyval. The worker has no Lingui: the page writes the notification texts in the member's
 * language, and the worker shows them in the language of the session it acts for.
 */
import { del, get, keys, set, update } from 'idb-keyval';
import { workerStore } from './background';

/** `{title}` stands for the video's title in each text. */
export interface NoticeTexts {
  uploadDone: string;
  uploadFailed: string;
  videoReady: string;
  videoFailed: string;
  /** The line under the title: "Open the video". */
  open: string;
}

export type NoticeKind = 'uploadDone' | 'uploadFailed' | 'videoReady' | 'videoFailed';

/** Used when the page never wrote a language's texts (the worker is not translated itself). */
export const FALLBACK_TEXTS: NoticeTexts = {
  uploadDone: 'Upload finished: {title}',
  uploadFailed: 'Upload failed: {title}',
  videoReady: 'Ready to play: {title}',
  videoFailed: 'Processing failed: {title}',
  open: 'Open the video',
};

/** The member's choice on this device and the texts per language. Off by default. */
export interface NoticeSettings {
  enabled: boolean;
  texts: Record<string, NoticeTexts>;
}

/** A video uploaded from this device whose processing nobody has seen end yet. */
export interface WatchedVideo {
  /** The video service's id (the upload's `videoId`). */
  videoId: string;
  title: string;
  /** The video record's id once known (its page is `/web/video/<id>`). */
  id?: number;
  at: number;
}

/** What the worker last put on the icon, and for whom (the e2e reads it; the badge itself cannot be read). */
export interface BadgeRecord {
  userKey: string;
  count: number;
  at: number;
}

/** One notification per video, replaced in place as it moves on (uploaded, then ready or failed). */
export const videoTag = (videoId: string): string => `lectern-video-${videoId}`;

export const fillText = (template: string, title: string): string => template.split('{title}').join(title);

/** The text of a notice in `locale`, else English. */
export function noticeText(settings: NoticeSettings | undefined, locale: string, kind: NoticeKind | 'open'): string {
  const texts = settings?.texts[locale] ?? FALLBACK_TEXTS;
  return texts[kind] ?? FALLBACK_TEXTS[kind];
}

const NOTICES_KEY = 'notices';
const BADGE_KEY = 'badge';
const watchKey = (userKey: string) => `watch:${userKey}`;
/** Videos watched at most: older ones are dropped first. */
const MAX_WATCHED = 20;

export const readNoticeSettings = (): Promise<NoticeSettings | undefined> =>
  get<NoticeSettings>(NOTICES_KEY, workerStore());

export const writeNoticeSettings = (enabled: boolean, locale: string, texts: NoticeTexts): Promise<void> =>
  update<NoticeSettings>(NOTICES_KEY, (old) => ({ enabled, texts: { ...old?.texts, [locale]: texts } }), workerStore());

export const readWatched = async (userKey: string): Promise<WatchedVideo[]> =>
  (await get<WatchedVideo[]>(watchKey(userKey), workerStore())) ?? [];

export const watchVideo = (userKey: string, video: WatchedVideo): Promise<void> =>
  update<WatchedVideo[]>(
    watchKey(userKey),
    (old = []) => [video, ...old.filter((v) => v.videoId !== video.videoId)].slice(0, MAX_WATCHED),
    workerStore(),
  );

export const unwatchVideo = (userKey: string, videoId: string): Promise<void> =>
  update<WatchedVideo[]>(watchKey(userKey), (old = []) => old.filter((v) => v.videoId !== videoId), workerStore());

export const readBadgeRecord = (): Promise<BadgeRecord | undefined> => get<BadgeRecord>(BADGE_KEY, workerStore());
export const writeBadgeRecord = (r: BadgeRecord): Promise<void> => set(BADGE_KEY, r, workerStore());
export const clearBadgeRecord = (): Promise<void> => del(BADGE_KEY, workerStore());

/** Keys of the store kept per session (`watch:<key>`, `recent:<key>`), for dropping other sessions'. */
export async function perSessionKeys(): Promise<{ key: string; userKey: string }[]> {
  const all = await keys<string>(workerStore());
  return all.flatMap((key) => {
    const m = /^(?:watch|recent):(.+)$/.exec(String(key));
    return m?.[1] ? [{ key: String(key), userKey: m[1] }] : [];
  });
}

export const dropStoreKey = (key: string): Promise<void> => del(key, workerStore());

/** What the icon counts: work a member acts on (overdue loans are the desk's, shown in its menu). */
const WAITING_KEYS = ['pendingApplications', 'unreadMessages'] as const;

/**
 * The number on the icon: pending applications plus unread messages, from the live stream's
 * `counts` (the server leaves out what the member's roles may not see). The page (while open) and
 * the worker (while closed) count it the same way.
 */
export const waitingCount = (counts: Readonly<Record<string, unknown>> | null | undefined): number =>
  WAITING_KEYS.reduce((n, key) => {
    const v = counts?.[key];
    return n + (typeof v === 'number' && v > 0 ? v : 0);
  }, 0);
