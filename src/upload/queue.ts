import { emptyValueMessage } from './credentials';
import {
  type InterruptedUpload,
  type QueueCommand,
  UPLOAD_ERROR_CODES,
  type UploadError,
  type UploadErrorCode,
  type UploaderState,
  type UploadItem,
  type UploadSnapshot,
  type VideoInfo,
} from './protocol';
import { addSample, trim, windowSpeed } from './speed';

/**
 * The upload queue as a pure reducer (docs/product.md §4). The worker feeds it commands and the outcomes of
 * its effects, and performs the effects it returns; nothing here touches a file, the network or a
 * timer. Exactly these transitions exist:
 * - Ready is picked next in list order, one item at a time, only while the uploader is Start and online.
 * - Uploading → Success | Failure; after either the next item starts after {@link NEXT_DELAY_MS}.
 * - cancel → Canceled; resume turns Canceled back to Ready.
 * - stop → Stoped; start again turns Failure and Stoped back to Ready.
 * - An expired credential puts the uploader in Expire: the item pauses until a new token, then resumes.
 * - Offline pauses the uploading item (still Uploading, waiting for network), never Failure.
 * - An unreachable server does the same (waiting for the server, "reconnecting") until a part is
 *   stored again.
 */
export const NEXT_DELAY_MS = 100;

export interface QueuedFile {
  id: string;
  key: string;
  fileName: string;
  fileSize: number;
  lastModified: number;
  videoInfo?: Partial<VideoInfo>;
  hasCover?: boolean;
  /** Queued as Stoped (taken over from a closed window where it was stopped or failed). */
  stopped?: boolean;
}

export type QueueAction =
  | { type: 'add'; files: QueuedFile[] }
  | { type: 'update-info'; id: string; videoInfo: VideoInfo; hasCover: boolean }
  | QueueCommand
  /** The {@link NEXT_DELAY_MS} timer fired. */
  | { type: 'next' }
  | { type: 'progress'; id: string; loaded: number; at: number }
  /** Once a second while uploading: speeds follow the clock between reports. */
  | { type: 'tick'; at: number }
  | { type: 'video-created'; id: string; videoId: string }
  /** A checkpoint of an interrupted upload matches this item (same key and file hash). */
  | { type: 'matched'; id: string; videoId: string | null; loaded: number }
  | { type: 'succeeded'; id: string }
  | { type: 'failed'; id: string; error: UploadError }
  | { type: 'expired'; id: string }
  /** The server did not answer; the worker tries the item again later. */
  | { type: 'reconnecting'; id: string }
  | { type: 'credential-renewed' }
  | { type: 'credential-failed'; message: string }
  | { type: 'interrupted'; list: InterruptedUpload[] }
  | { type: 'forget-interrupted'; key: string }
  | { type: 'user-id-invalid' };

export type QueueEffect =
  /** Begin, or continue from its checkpoint, the item's upload run. */
  | { type: 'upload'; id: string }
  /** End the item's current run (pause, stop, cancel); its checkpoint is kept. */
  | { type: 'halt'; id: string }
  /** End the item's run and forget its checkpoint (deleted or cleaned). */
  | { type: 'discard'; id: string; key: string }
  | { type: 'schedule-next'; delayMs: number }
  | { type: 'renew-credential' }
  | { type: 'forget'; key: string }
  | { type: 'error'; code: UploadErrorCode; message: string; id?: string };

export interface QueueResult {
  state: UploadSnapshot;
  effects: QueueEffect[];
}

export const initialQueue = (online = true): UploadSnapshot => ({
  uploader: 'Init',
  online,
  items: [],
  interrupted: [],
  reportProgress: true,
});

export const MESSAGES = {
  EmptyFile: 'The file size is 0 and cannot be uploaded',
  FileDuplication: 'The file is already in the list',
  UploadAlearyStarted: 'The upload has already started',
  GetUploadAuthFailed: 'Could not get the upload authorization',
  OSSAbort: 'upload stopped because of OSS abort',
} as const;

const running = (u: UploaderState) => u === 'Start' || u === 'Expire';
const defaultTitle = (fileName: string) => fileName.replace(/\.[^./]+$/, '') || fileName;

function patch(s: UploadSnapshot, id: string, f: (i: UploadItem) => UploadItem): UploadSnapshot {
  return { ...s, items: s.items.map((i) => (i.id === id ? f(i) : i)) };
}

/** Picks the first Ready item when nothing is uploading; with nothing left the uploader is End. */
function advance(s: UploadSnapshot, effects: QueueEffect[]): UploadSnapshot {
  if (s.uploader !== 'Start' || !s.online) return s;
  if (s.items.some((i) => i.state === 'Uploading')) return s;
  const next = s.items.find((i) => i.state === 'Ready');
  if (!next) return { ...s, uploader: 'End' };
  effects.push({ type: 'upload', id: next.id });
  return patch(s, next.id, (i) => ({ ...i, state: 'Uploading', waiting: null, error: null, speed: 0, samples: [] }));
}

export function reduce(s: UploadSnapshot, a: QueueAction): QueueResult {
  const effects: QueueEffect[] = [];
  const out = (state: UploadSnapshot): QueueResult => ({ state, effects });
  const refuse = (code: UploadErrorCode, message: string, id?: string) => {
    effects.push({ type: 'error', code, message, ...(id ? { id } : {}) });
  };
  const item = 'id' in a ? s.items.find((i) => i.id === a.id) : undefined;

  switch (a.type) {
    case 'add': {
      const items = [...s.items];
      // Files added while others are still to upload join their batch; otherwise a new one starts.
      const live = items.filter(isLive);
      const batch = live.length ? Math.max(...live.map((i) => i.batch)) : Math.max(0, ...items.map((i) => i.batch)) + 1;
      for (const f of a.files) {
        if (f.fileSize === 0) refuse('EmptyFile', MESSAGES.EmptyFile);
        else if (items.some((i) => i.key === f.key)) refuse('FileDuplication', MESSAGES.FileDuplication);
        else
          items.push({
            id: f.id,
            key: f.key,
            fileName: f.fileName,
            fileSize: f.fileSize,
            lastModified: f.lastModified,
            state: f.stopped ? 'Stoped' : 'Ready',
            videoInfo: { ...f.videoInfo, Title: f.videoInfo?.Title?.trim() || defaultTitle(f.fileName) },
            hasCover: Boolean(f.hasCover),
            videoId: null,
            loaded: 0,
            speed: 0,
            samples: [],
            waiting: null,
            resumed: false,
            batch,
            error: null,
          });
      }
      return out({ ...s, items });
    }
    case 'update-info': {
      if (!item || item.videoId || item.state === 'Uploading' || item.state === 'Success') return out(s);
      if (!a.videoInfo.Title.trim()) {
        refuse('InvalidParameter.EmptyValue', emptyValueMessage('Title'), a.id);
        return out(s);
      }
      return out(patch(s, a.id, (i) => ({ ...i, videoInfo: a.videoInfo, hasCover: a.hasCover })));
    }
    case 'start': {
      let next = s;
      if (!a.ids) {
        if (running(s.uploader)) {
          refuse('UploadAlearyStarted', MESSAGES.UploadAlearyStarted);
          return out(s);
        }
        next = { ...s, items: s.items.map((i) => (i.state === 'Failure' || i.state === 'Stoped' ? toReady(i) : i)) };
      } else {
        for (const id of a.ids) {
          const it = next.items.find((i) => i.id === id);
          if (it?.state === 'Uploading') refuse('UploadAlearyStarted', MESSAGES.UploadAlearyStarted, id);
          else if (it?.state === 'Failure' || it?.state === 'Stoped') next = patch(next, id, toReady);
        }
      }
      if (!running(next.uploader)) next = { ...next, uploader: 'Start' };
      return out(advance(next, effects));
    }
    case 'stop': {
      if (!a.ids) {
        if (!running(s.uploader)) return out(s);
        const items = s.items.map((i) => {
          if (i.state !== 'Uploading') return i;
          effects.push({ type: 'halt', id: i.id });
          return { ...i, state: 'Stoped' as const, waiting: null, speed: 0 };
        });
        return out({ ...s, uploader: 'Stop', items });
      }
      let next = s;
      for (const id of a.ids) {
        const it = next.items.find((i) => i.id === id);
        if (it?.state === 'Uploading') {
          effects.push({ type: 'halt', id }, { type: 'schedule-next', delayMs: NEXT_DELAY_MS });
          next = patch(next, id, (i) => ({ ...i, state: 'Stoped', waiting: null, speed: 0 }));
        } else if (it?.state === 'Ready') next = patch(next, id, (i) => ({ ...i, state: 'Stoped' }));
      }
      return out(next);
    }
    case 'cancel': {
      if (!item || item.state === 'Success' || item.state === 'Canceled') return out(s);
      if (item.state === 'Uploading')
        effects.push({ type: 'halt', id: a.id }, { type: 'schedule-next', delayMs: NEXT_DELAY_MS });
      return out(patch(s, a.id, (i) => ({ ...i, state: 'Canceled', waiting: null, speed: 0 })));
    }
    case 'resume': {
      if (item?.state !== 'Canceled') return out(s);
      return out(advance(patch(s, a.id, toReady), effects));
    }
    case 'delete': {
      if (!item) return out(s);
      effects.push({ type: 'discard', id: a.id, key: item.key });
      if (item.state === 'Uploading') effects.push({ type: 'schedule-next', delayMs: NEXT_DELAY_MS });
      return out({ ...s, items: s.items.filter((i) => i.id !== a.id) });
    }
    case 'clean': {
      for (const i of s.items) if (i.state !== 'Success') effects.push({ type: 'discard', id: i.id, key: i.key });
      return out({ ...s, items: [], uploader: 'Init' });
    }
    case 'set-online': {
      if (s.online === a.online) return out(s);
      const items = s.items.map((i) => {
        if (i.state !== 'Uploading') return i;
        if (!a.online) {
          effects.push({ type: 'halt', id: i.id });
          return { ...i, waiting: 'network' as const, speed: 0 };
        }
        if (i.waiting !== 'network') return i;
        effects.push({ type: 'upload', id: i.id });
        return { ...i, waiting: null, samples: [] };
      });
      return out(advance({ ...s, online: a.online, items }, effects));
    }
    case 'next': {
      if (s.uploader !== 'Start' && s.uploader !== 'Failure') return out(s);
      return out(advance({ ...s, uploader: 'Start' }, effects));
    }
    case 'progress': {
      if (item?.state !== 'Uploading') return out(s);
      return out(patch(s, a.id, (i) => sample(i, a.loaded, a.at)));
    }
    case 'tick': {
      const items = s.items.map((i) => tick(i, a.at));
      return out(items.every((i, n) => i === s.items[n]) ? s : { ...s, items });
    }
    case 'video-created':
      return out(item ? patch(s, a.id, (i) => ({ ...i, videoId: a.videoId })) : s);
    case 'matched': {
      if (!item) return out(s);
      // The resumed bytes were not sent now: measuring starts from them.
      const next = patch(s, a.id, (i) => ({ ...i, videoId: a.videoId, loaded: a.loaded, resumed: true, samples: [] }));
      return out({ ...next, interrupted: next.interrupted.filter((r) => r.key !== item.key) });
    }
    case 'succeeded': {
      if (item?.state !== 'Uploading') return out(s);
      effects.push({ type: 'schedule-next', delayMs: NEXT_DELAY_MS });
      return out(patch(s, a.id, (i) => ({ ...i, state: 'Success', loaded: i.fileSize, speed: 0, waiting: null })));
    }
    case 'failed': {
      if (item?.state !== 'Uploading') return out(s);
      effects.push({ type: 'schedule-next', delayMs: NEXT_DELAY_MS });
      if (isUploadCode(a.error.code)) refuse(a.error.code, a.error.message, a.id);
      const next = patch(s, a.id, (i) => ({ ...i, state: 'Failure', error: a.error, speed: 0, waiting: null }));
      return out(s.uploader === 'Start' || s.uploader === 'Expire' ? { ...next, uploader: 'Failure' } : next);
    }
    case 'reconnecting': {
      if (item?.state !== 'Uploading' || item.waiting === 'server') return out(s);
      return out(patch(s, a.id, (i) => ({ ...i, waiting: 'server', speed: 0, samples: [] })));
    }
    case 'expired': {
      if (item?.state !== 'Uploading') return out(s);
      if (s.uploader !== 'Expire') effects.push({ type: 'renew-credential' });
      return out({ ...patch(s, a.id, (i) => ({ ...i, waiting: 'credential', speed: 0 })), uploader: 'Expire' });
    }
    case 'credential-renewed': {
      if (s.uploader !== 'Expire') return out(s);
      const items = s.items.map((i) => {
        if (i.state !== 'Uploading' || i.waiting !== 'credential') return i;
        effects.push({ type: 'upload', id: i.id });
        return { ...i, waiting: null, samples: [] };
      });
      return out(advance({ ...s, uploader: 'Start', items }, effects));
    }
    case 'credential-failed': {
      if (s.uploader !== 'Expire') return out(s);
      const error = { code: 'GetUploadAuthFailed', message: a.message || MESSAGES.GetUploadAuthFailed };
      const items = s.items.map((i) => {
        if (i.state !== 'Uploading' || i.waiting !== 'credential') return i;
        refuse('GetUploadAuthFailed', error.message, i.id);
        return { ...i, state: 'Failure' as const, waiting: null, speed: 0, error };
      });
      effects.push({ type: 'schedule-next', delayMs: NEXT_DELAY_MS });
      return out({ ...s, uploader: 'Failure', items });
    }
    case 'interrupted':
      return out({ ...s, interrupted: a.list.filter((r) => !s.items.some((i) => i.key === r.key)) });
    case 'forget-interrupted':
      effects.push({ type: 'forget', key: a.key });
      return out({ ...s, interrupted: s.interrupted.filter((r) => r.key !== a.key) });
    case 'user-id-invalid':
      return out(s.reportProgress ? { ...s, reportProgress: false } : s);
  }
}

function toReady(i: UploadItem): UploadItem {
  return { ...i, state: 'Ready', error: null, waiting: null, speed: 0 };
}

/** A progress report: the bytes acknowledged so far, and the speed over the window up to now. */
function sample(i: UploadItem, loaded: number, at: number): UploadItem {
  const samples = addSample(i.samples, at, loaded);
  return { ...i, loaded, samples, speed: windowSpeed(samples, at), waiting: null };
}

/** The clock moved on without a report: a stall lowers the speed, then clears it. */
function tick(i: UploadItem, at: number): UploadItem {
  if (i.state !== 'Uploading' || i.waiting) return i;
  const speed = windowSpeed(i.samples, at);
  return speed === i.speed ? i : { ...i, speed, samples: trim(i.samples, at) };
}

const isUploadCode = (c: string): c is UploadErrorCode => (UPLOAD_ERROR_CODES as readonly string[]).includes(c);

/** Seconds left at the current speed, or null when unknown. */
export function timeLeft(i: Pick<UploadItem, 'fileSize' | 'loaded' | 'speed'>): number | null {
  if (i.speed <= 0) return null;
  return Math.max(0, (i.fileSize - i.loaded) / i.speed);
}

const isLive = (i: UploadItem) => i.state === 'Uploading' || i.state === 'Ready';

/**
 * Overall progress of the batches still uploading (0..1), and how many files are active. Files of
 * those batches that finished count as done, so the figure never goes back when one completes.
 */
export function overall(items: readonly UploadItem[]): {
  active: number;
  loaded: number;
  total: number;
  ratio: number;
} {
  const live = items.filter(isLive);
  const batches = new Set(live.map((i) => i.batch));
  const counted = items.filter((i) => isLive(i) || (i.state === 'Success' && batches.has(i.batch)));
  const total = counted.reduce((n, i) => n + i.fileSize, 0);
  const loaded = counted.reduce((n, i) => n + (i.state === 'Success' ? i.fileSize : i.loaded), 0);
  return { active: live.length, loaded, total, ratio: total > 0 ? loaded / total : 0 };
}
