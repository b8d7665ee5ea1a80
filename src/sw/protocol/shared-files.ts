/**
 * Files handed to Lectern from outside the console — the system share sheet (Web Share Target,
 * received by the service worker) and files opened with the installed app (File Handling, received
 * by the page's launch queue) — kept in IndexedDB until the screen that takes them opens: videos
 * into the upload queue, images into the image library's upload. Both sides import this file, so
 * a share and a launch are sorted, kept and taken the same way. Pure apart from idb-keyval (both
 * the worker and the page have IndexedDB and File).
 */
import { clear, createStore, type UseStore } from 'idb-keyval';

/** The share target's action, under the base path; the worker answers its POST. */
export const SHARE_ACTION = 'share-target';
/** The multipart fields the manifest names (share_target.params). */
export const SHARE_FIELDS = { title: 'title', text: 'text', url: 'url', files: 'files' } as const;

/** The screens that take shared files (paths under the base, no leading slash). */
export const SHARED_SCREENS = { video: 'web/video-upload', image: 'users/image' } as const;
export type SharedKind = keyof typeof SHARED_SCREENS;

/** Why a shared file cannot be taken; it is still reported, never silently dropped. */
export type RefusedReason = 'type' | 'size';

export type Sorted = { kind: SharedKind } | { kind: 'refused'; reason: RefusedReason };

/**
 * The image library's limits (contract/values.ts IMAGE_MIMES and IMAGE_MAX_BYTES, which the worker
 * may not import; tests/unit/pwa/shared-files.test.ts holds them equal).
 */
export const SHARED_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const SHARED_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Which screen takes a file, by its type and size (the server checks the bytes again). */
export function sortFile(file: Pick<File, 'type' | 'size' | 'name'>): Sorted {
  const type = (file.type || typeByExtension(file.name)).toLowerCase();
  if (type.startsWith('video/')) return { kind: 'video' };
  if (SHARED_IMAGE_TYPES.includes(type)) {
    return file.size > SHARED_IMAGE_MAX_BYTES ? { kind: 'refused', reason: 'size' } : { kind: 'image' };
  }
  return { kind: 'refused', reason: 'type' };
}

const BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** A file opened from disk may come without a type: its extension (as the manifest's file_handlers list them). */
export function typeByExtension(name: string): string {
  return BY_EXTENSION[/\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''] ?? '';
}

/** One received file as kept. A refused one keeps its name and why, not its bytes. */
export interface SharedEntry {
  id: string;
  kind: SharedKind | 'refused';
  name: string;
  type: string;
  size: number;
  /** The shared title (a share of one video): the video's title in the queue. */
  title?: string;
  reason?: RefusedReason;
  file?: File;
  via: 'share' | 'launch';
  receivedAt: number;
}

let counter = 0;

/** The entries for one share or launch: sorted, the title kept for a single video. */
export function entriesOf(
  files: readonly File[],
  via: SharedEntry['via'],
  title?: string,
  now = Date.now(),
): SharedEntry[] {
  const videos = files.filter((f) => sortFile(f).kind === 'video').length;
  return files.map((file) => {
    const sorted = sortFile(file);
    const base = {
      id: `${now}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      name: file.name,
      type: file.type || typeByExtension(file.name),
      size: file.size,
      via,
      receivedAt: now,
    };
    if (sorted.kind === 'refused') return { ...base, kind: 'refused', reason: sorted.reason };
    const named = sorted.kind === 'video' && videos === 1 && title?.trim() ? { title: title.trim() } : {};
    return { ...base, kind: sorted.kind, file, ...named };
  });
}

/**
 * The screen to open after a share or launch: the upload queue when there is a video, else the
 * image library when there is an image (or a refused file that looks like one), else the queue.
 */
export function screenFor(entries: readonly Pick<SharedEntry, 'kind' | 'type'>[]): SharedKind {
  if (entries.some((e) => e.kind === 'video')) return 'video';
  if (entries.some((e) => e.kind === 'image' || e.type.startsWith('image/'))) return 'image';
  return 'video';
}

let store: UseStore | undefined;
const sharedStore = () => {
  store ??= createStore('lectern-shared', 'files');
  return store;
};

/** Keeps the entries (one transaction: all or none). */
export function keepShared(entries: readonly SharedEntry[]): Promise<void> {
  return sharedStore()('readwrite', (s) => {
    for (const e of entries) s.put(e, e.id);
    return done(s.transaction);
  });
}

/**
 * Takes (reads and deletes, in one transaction, so two tabs never both take a file) the waiting
 * entries of `kind` and every refused one, oldest first; the other kind stays for its screen.
 */
export function takeShared(
  kind: SharedKind,
): Promise<{ taken: SharedEntry[]; refused: SharedEntry[]; others: number }> {
  return sharedStore()('readwrite', (s) => {
    const all = s.getAll() as IDBRequest<SharedEntry[]>;
    return new Promise((resolve, reject) => {
      all.onerror = () => reject(all.error);
      all.onsuccess = () => {
        const entries = [...all.result].sort((a, b) => a.receivedAt - b.receivedAt || a.id.localeCompare(b.id));
        const taken = entries.filter((e) => e.kind === kind);
        const refused = entries.filter((e) => e.kind === 'refused');
        for (const e of [...taken, ...refused]) s.delete(e.id);
        const others = entries.length - taken.length - refused.length;
        done(s.transaction).then(() => resolve({ taken, refused, others }), reject);
      };
    });
  });
}

/** Sign-out: what was shared while signed in was the member's; it does not wait for the next one. */
export const dropShared = (): Promise<void> => clear(sharedStore());

/** How many entries wait, of any kind. */
export function countShared(): Promise<number> {
  return sharedStore()('readonly', (s) => {
    const req = s.count();
    return new Promise<number>((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  });
}

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error);
  });
