import { checkpointKey } from './limits';
import type { NewFile, UploadCommand, UploadItem, UploadSnapshot } from './protocol';

/**
 * What every window keeps, so one that does not hold the upload worker can carry the queue on when
 * the holding window closes (tabs.ts): the files of the queue (a File is a reference, not its bytes)
 * and the last snapshot the holder sent. Its new worker gets the unfinished files again; the
 * checkpoints in IndexedDB, matched by key and fingerprint, make it send only the missing parts.
 * Pure: no window, worker or channel here.
 */
interface Kept {
  file: NewFile;
  /** The holder's queue listed it once: gone from a later snapshot means deleted. */
  seen: boolean;
}

export class FileLedger {
  private readonly kept = new Map<string, Kept>();
  private last: UploadSnapshot | null = null;

  /** A command some window sent to the holder (this one or another, as the channel relayed it). */
  record(c: UploadCommand): void {
    switch (c.type) {
      case 'add':
        for (const f of c.files) {
          const key = checkpointKey(f.file);
          // Empty files are refused by the queue; a duplicate keeps the first one, as the queue does.
          if (f.file.size > 0 && !this.kept.has(key)) this.kept.set(key, { file: f, seen: false });
        }
        return;
      case 'update-info': {
        const item = this.last?.items.find((i) => i.id === c.id);
        const kept = item && this.kept.get(item.key);
        if (!kept || c.cover === undefined) return;
        const { cover: _, ...rest } = kept.file;
        kept.file = c.cover ? { ...rest, cover: c.cover } : rest;
        return;
      }
      case 'clean':
        this.kept.clear();
        return;
      default:
        return;
    }
  }

  /** A snapshot of the holder's queue: files uploaded or deleted there are let go. */
  observe(s: UploadSnapshot): void {
    this.last = s;
    const items = new Map(s.items.map((i) => [i.key, i]));
    for (const [key, k] of this.kept) {
      const item = items.get(key);
      if (item) {
        k.seen = true;
        if (item.state === 'Success') this.kept.delete(key);
      } else if (k.seen) this.kept.delete(key);
    }
  }

  /** Files kept (tests and the takeover). */
  get size(): number {
    return this.kept.size;
  }

  /** The files kept, for a window that joins after they were added (recorded there as an add). */
  files(): NewFile[] {
    return [...this.kept.values()].map((k) => k.file);
  }

  /**
   * The commands that give a new worker the queue the closed holder left: every file not uploaded
   * nor canceled, with the title and details edited there (stopped and failed ones stopped, for
   * Resume), and a start when it was uploading. Files added just before the holder closed and never
   * listed go too.
   */
  takeover(): UploadCommand[] {
    const items = new Map<string, UploadItem>((this.last?.items ?? []).map((i) => [i.key, i]));
    const files: NewFile[] = [];
    for (const [key, k] of this.kept) {
      const item = items.get(key);
      if (item?.state === 'Canceled' || item?.state === 'Success') continue;
      if (!item) files.push(k.file);
      else {
        const stopped = item.state === 'Stoped' || item.state === 'Failure';
        // A copy: the snapshot is also the page's store, whose objects may be proxies a worker
        // cannot receive.
        files.push({ ...k.file, videoInfo: { ...item.videoInfo }, ...(stopped ? { stopped } : {}) });
      }
    }
    if (files.length === 0) return [];
    const commands: UploadCommand[] = [{ type: 'add', files }];
    if (this.last && uploadRunning(this.last)) commands.push({ type: 'start', ids: [] });
    return commands;
  }
}

/** Whether an upload is under way: a file uploading (or waiting to go on), or more to go next. */
export function uploadRunning(s: UploadSnapshot): boolean {
  if (s.items.some((i) => i.state === 'Uploading')) return true;
  return (s.uploader === 'Start' || s.uploader === 'Expire') && s.items.some((i) => i.state === 'Ready');
}

/**
 * Whether closing this window should ask first: it runs the upload worker, an upload is under way,
 * and no other Lectern window waits to take the worker over (which would resume it at once).
 */
export function askBeforeClosing(holding: boolean, s: UploadSnapshot | null, othersWaiting: boolean): boolean {
  return holding && !othersWaiting && s !== null && uploadRunning(s);
}
